// Appendix E (Recommendations for Delimiting URI in Context): finding the URI references in plain
// text. One left-to-right pass; every character is looked at a bounded number of times, so the time
// is linear in the length of the text (plus the parse of each candidate, itself linear).
import { describe, requireString } from "./args.js";
import type { Edition } from "./edition.js";
import type { UriSyntaxError } from "./errors.js";
import { validateIn } from "./parse.js";

/** How the URI was set off from the text around it (Appendix E). */
export type ExtractDelimiter =
  /** Between "<" and ">"; whitespace and line breaks inside are ignored. */
  | "angle"
  /** Between double quotes; whitespace around line breaks inside is ignored. */
  | "quote"
  /** By whitespace (or the start or end of the text), with trailing punctuation left out. */
  | "whitespace";

interface ExtractedBase {
  /** The URI reference: delimiters, the "URL:" prefix and embedded whitespace removed. */
  readonly uri: string;
  /** The span [start, end) of the URI's own characters in the text (embedded whitespace included). */
  readonly start: number;
  readonly end: number;
  /** The span with the delimiters and the "URL:" prefix. */
  readonly outerStart: number;
  readonly outerEnd: number;
  readonly delimiter: ExtractDelimiter;
  /** True when the "URL:" prefix stood before it (Appendix E: formerly recommended). */
  readonly prefixed: boolean;
  /**
   * Present when the URI was broken across lines right after a hyphen: `uri` keeps the hyphen (as
   * the text shows it), and this holds the reading without it, since "the hyphen may or may not
   * actually be part of the URI" (Appendix E).
   */
  readonly alternatives?: readonly string[];
}

/** A candidate that is a URI-reference of the edition's grammar. */
export interface ValidExtractedUri extends ExtractedBase {
  readonly valid: true;
  readonly error?: undefined;
}

/** A candidate that is not: `error` says why; its offsets are in `uri`, not in the text. */
export interface InvalidExtractedUri extends ExtractedBase {
  readonly valid: false;
  readonly error: UriSyntaxError;
}

/** One candidate found in the text; `valid` narrows it. */
export type ExtractedUri = ValidExtractedUri | InvalidExtractedUri;

export interface ExtractOptions {
  /**
   * Also take relative references between "<...>" or double quotes ("<../a/b>"). Default false:
   * only text that starts with a scheme and ":" is taken, since "<jim@example.com>" and "quoted
   * words" are far more common in text than delimited relative references. Whitespace-delimited
   * text is never taken without a scheme.
   */
  relative?: boolean;
  /** Take only URIs of these schemes (compared case-insensitively). Default: any scheme. */
  schemes?: readonly string[];
}

/**
 * The URI references in a text, in order, with their positions: delimited by "<...>", by double
 * quotes, or by whitespace, following Appendix E. Invalid candidates are reported with
 * `valid: false` and the syntax error, not dropped.
 */
export function extractIn(edition: Edition, text: unknown, options: unknown): ExtractedUri[] {
  requireString(text, "extract: text");
  const opts = readOptions(edition, options);
  const found: ExtractedUri[] = [];
  const n = text.length;
  let i = 0;
  /** Where a stand-alone "URL:" token began, if the previous token was one. */
  let prefixAt = -1;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === LT || c === DQ) {
      const close = findClose(text, i, c === LT ? GT : DQ, c === LT);
      if (close >= 0) {
        const item = delimited(text, i, close, c === LT ? "angle" : "quote", opts, prefixAt);
        if (item) {
          found.push(item);
          prefixAt = -1;
          i = close + 1;
          continue;
        }
      }
      i++;
      continue;
    }
    if (isSpace(c)) { i++; continue; }
    if (c === GT) { i++; prefixAt = -1; continue; }
    // A whitespace-delimited token.
    let j = i;
    while (j < n && !isTokenEnd(text.charCodeAt(j))) j++;
    if (/^URL:$/i.test(text.slice(i, Math.min(j, i + 5))) && j - i === 4) {
      prefixAt = i;
      i = j;
      continue;
    }
    const token = bare(text, i, j, opts, prefixAt);
    prefixAt = -1;
    if (token) {
      found.push(token.item);
      i = token.next;
    } else {
      i = j;
    }
  }
  return found;
}

const LT = 0x3c, GT = 0x3e, DQ = 0x22, HYPHEN = 0x2d;

interface ReadOptions {
  edition: Edition;
  relative: boolean;
  schemes?: ReadonlySet<string>;
}

function readOptions(edition: Edition, options: unknown): ReadOptions {
  if (options === undefined) return { edition, relative: false };
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`extract: options must be an object, got ${describe(options)}`);
  }
  const o = options as ExtractOptions;
  if (o.relative !== undefined && typeof o.relative !== "boolean") {
    throw new TypeError(`extract: options.relative must be a boolean, got ${describe(o.relative)}`);
  }
  if (o.schemes !== undefined && (!Array.isArray(o.schemes) || !o.schemes.every((s) => typeof s === "string"))) {
    throw new TypeError(`extract: options.schemes must be an array of scheme names (strings), got ${describe(o.schemes)}`);
  }
  return { edition, relative: o.relative ?? false, schemes: o.schemes && new Set(o.schemes.map((s) => s.toLowerCase())) };
}

/** Whitespace as text uses it: ASCII space and controls \t \n \v \f \r, and Unicode spaces. */
function isSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0x85 || c === 0xa0 || c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f ||
    c === 0x3000 || c === 0xfeff;
}

function isLineBreak(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x85 || c === 0x2028 || c === 0x2029;
}

/** A whitespace-delimited token also ends at the delimiters of section 2.4.3: "<", ">", '"'. */
function isTokenEnd(c: number): boolean {
  return isSpace(c) || c === LT || c === GT || c === DQ;
}

/**
 * The index of the closing delimiter for the opening one at `open`, or -1. A blank line, another
 * opening "<" (for angles) or the end of the text means there is none; inside quotes, whitespace
 * that is not around a line break means the quotes hold words, not a URI. The scan stops at the
 * first of these, so the regions scanned from different openings do not overlap.
 */
function findClose(text: string, open: number, close: number, angle: boolean): number {
  const n = text.length;
  let k = open + 1;
  while (k < n) {
    const c = text.charCodeAt(k);
    if (c === close) return k;
    if (angle && c === LT) return -1;
    if (isSpace(c)) {
      let breaks = 0;
      let e = k;
      while (e < n && isSpace(text.charCodeAt(e))) {
        const b = text.charCodeAt(e);
        if (isLineBreak(b)) {
          breaks++;
          if (b === 0x0d && text.charCodeAt(e + 1) === 0x0a) e++; // CR LF is one line break
        }
        e++;
      }
      if (breaks >= 2) return -1; // a blank line ends the paragraph
      if (!angle && breaks === 0) return -1;
      k = e;
      continue;
    }
    k++;
  }
  return -1;
}

const SCHEME_START = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** The candidate between `open` and `close` (exclusive of both), or undefined when it is none. */
function delimited(text: string, open: number, close: number, delimiter: "angle" | "quote", opts: ReadOptions,
  prefixAt: number): ExtractedUri | undefined {
  let s = open + 1;
  while (s < close && isSpace(text.charCodeAt(s))) s++;
  let prefixed = false;
  if (close - s >= 4 && /^URL:$/i.test(text.slice(s, s + 4))) {
    prefixed = true;
    s += 4;
    while (s < close && isSpace(text.charCodeAt(s))) s++;
  }
  let e = close;
  while (e > s && isSpace(text.charCodeAt(e - 1))) e--;
  if (e <= s) return undefined;
  const { uri, alternative } = removeWhitespace(text, s, e);
  const scheme = SCHEME_START.exec(uri);
  if (!scheme && !opts.relative) return undefined;
  if (scheme && !schemeAllowed(scheme[0], opts)) return undefined;
  if (!scheme && opts.schemes) return undefined;
  const outerStart = !prefixed && prefixAt >= 0 && onlySpaceBetween(text, prefixAt + 4, open) ? prefixAt : open;
  return item(opts, uri, s, e, outerStart, close + 1, delimiter, prefixed || outerStart !== open, alternative);
}

/**
 * The characters from s to e without whitespace. Where a line break comes right after a hyphen
 * (whitespace between them allowed), the reading without that hyphen is the alternative.
 */
function removeWhitespace(text: string, s: number, e: number): { uri: string; alternative?: string } {
  // Pieces are collected and joined once, so the time stays linear however many breaks there are.
  const pieces: string[] = [];
  const altPieces: string[] = [];
  let hyphenBreak = false;
  let k = s;
  while (k < e) {
    let m = k;
    while (m < e && !isSpace(text.charCodeAt(m))) m++;
    if (m > k) {
      const piece = text.slice(k, m);
      pieces.push(piece);
      altPieces.push(piece);
    }
    k = m;
    let breaks = false;
    while (m < e && isSpace(text.charCodeAt(m))) { if (isLineBreak(text.charCodeAt(m))) breaks = true; m++; }
    if (breaks && m > k && k > s && text.charCodeAt(k - 1) === HYPHEN && altPieces.length) {
      hyphenBreak = true;
      altPieces[altPieces.length - 1] = altPieces[altPieces.length - 1].slice(0, -1);
    }
    k = m;
  }
  const uri = pieces.join("");
  return hyphenBreak ? { uri, alternative: altPieces.join("") } : { uri };
}

/**
 * The candidate in the whitespace-delimited token text[i..j): from the first scheme that starts
 * the token or follows a character that cannot be in a scheme ("(http://..."), with trailing
 * punctuation left out. A token that ends in "-" at a line break continues on the next line.
 */
function bare(text: string, i: number, j: number, opts: ReadOptions, prefixAt: number):
  { item: ExtractedUri; next: number } | undefined {
  let s = i;
  let prefixed = false;
  if (j - i > 4 && /^URL:$/i.test(text.slice(i, i + 4))) {
    prefixed = true;
    s = i + 4;
  }
  const head = /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*:/g;
  head.lastIndex = 0;
  const token = text.slice(s, j);
  const m = head.exec(token);
  if (!m) return undefined;
  if (m.index !== 0) prefixed = false;
  s += m.index;
  if (!schemeAllowed(m[0], opts)) return undefined;
  // Continue across line breaks that come right after a hyphen (Appendix E).
  let e = j;
  while (text.charCodeAt(e - 1) === HYPHEN) {
    let k = e;
    let breaks = 0;
    while (k < text.length && isSpace(text.charCodeAt(k))) {
      const b = text.charCodeAt(k);
      if (isLineBreak(b)) { breaks++; if (b === 0x0d && text.charCodeAt(k + 1) === 0x0a) k++; }
      k++;
    }
    if (breaks !== 1 || k >= text.length || isTokenEnd(text.charCodeAt(k))) break;
    let next = k;
    while (next < text.length && !isTokenEnd(text.charCodeAt(next))) next++;
    e = next;
  }
  e = trimTrailing(text, s, e);
  const { uri, alternative } = removeWhitespace(text, s, e);
  const colon = uri.indexOf(":");
  if (colon < 0 || colon === uri.length - 1) return undefined;
  const outerStart = prefixed ? i : (m.index === 0 && s === i && prefixAt >= 0 ? prefixAt : s);
  const item0 = item(opts, uri, s, e, outerStart, e, "whitespace", prefixed || outerStart !== s, alternative);
  return { item: item0, next: Math.max(e, j) };
}

/**
 * Leaves out the punctuation that ends a sentence or a parenthesis rather than the URI: ".", ",",
 * ";", ":", "!", "?" and a closing quote "'" at the end, and a ")" or "]" at the end that has no
 * opening partner in the candidate. Each character is looked at once.
 */
function trimTrailing(text: string, s: number, e: number): number {
  let parens = 0;
  let brackets = 0;
  for (let k = s; k < e; k++) {
    const c = text[k];
    if (c === "(") parens++;
    else if (c === ")") parens--;
    else if (c === "[") brackets++;
    else if (c === "]") brackets--;
  }
  while (e > s) {
    const c = text[e - 1];
    if (".,;:!?'".includes(c)) { e--; continue; }
    if (c === ")" && parens < 0) { parens++; e--; continue; }
    if (c === "]" && brackets < 0) { brackets++; e--; continue; }
    break;
  }
  return e;
}

function schemeAllowed(schemeColon: string, opts: ReadOptions): boolean {
  return !opts.schemes || opts.schemes.has(schemeColon.slice(0, -1).toLowerCase());
}

function onlySpaceBetween(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (!isSpace(text.charCodeAt(k))) return false;
  return true;
}

function item(opts: ReadOptions, uri: string, start: number, end: number, outerStart: number, outerEnd: number,
  delimiter: ExtractDelimiter, prefixed: boolean, alternative: string | undefined): ExtractedUri {
  const verdict = validateIn(opts.edition, uri, opts.edition.requireRule(opts.edition.roles.reference));
  const found = {
    uri, start, end, outerStart, outerEnd, delimiter, prefixed,
    ...(alternative !== undefined ? { alternatives: [alternative] } : {}),
  };
  return verdict.valid ? { ...found, valid: true } : { ...found, valid: false, error: verdict.error };
}
