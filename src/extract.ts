// Appendix E (Recommendations for Delimiting URI in Context): finding the URI references in plain
// text. One left-to-right pass; every character is looked at a bounded number of times, so the time
// is linear in the length of the text (plus the parse of each candidate, itself linear).
import { inTable, schemeCharsOf, type SchemeChars } from "./char-tables.js";
import { booleanOption, optionsOf, stringsOption } from "./options.js";
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
  const found: ExtractedUri[] = [];
  const scanner = new ExtractScanner(edition, options, { onUri: (item) => found.push(item) });
  scanner.push(text);
  scanner.end();
  return found;
}

/** A candidate longer than the scanner's limit: where it starts and ends, and its first characters. */
export interface TooLongCandidate {
  /** The span [start, end) of the candidate in the text (from its scheme to the next whitespace). */
  readonly start: number;
  readonly end: number;
  /** Its first characters (at most HEAD_LENGTH, and no further than the limit reaches). */
  readonly head: string;
}

/** How many characters of a candidate over the limit are kept, to show which one it was. */
export const HEAD_LENGTH = 60;

/**
 * How far past the limit a step may look: the character that ends a candidate, and up to 16
 * characters of trailing punctuation that are trimmed off it (Appendix E).
 */
export const LIMIT_LOOKAHEAD = 17;

export interface ExtractSink {
  onUri(item: ExtractedUri): void;
  onTooLong?(candidate: TooLongCandidate): void;
}

const LT = 0x3c, GT = 0x3e, DQ = 0x22, HYPHEN = 0x2d;

/**
 * The scan of extract(), over a text given in pieces (a stream): push() each piece, then end().
 * Each step of the scan (a delimiter, a token) is the same as on the whole text; a step that would
 * look past the end of what has come is taken again once there is twice as much (so each character
 * is looked at a bounded number of times: linear time), and a step that needs more than `limit`
 * characters is not taken (giveUp): a "<" or '"' without its closing partner within the limit is
 * not a delimiter, and a candidate longer than the limit is reported to onTooLong and skipped to
 * the next whitespace, never held whole. The result does not depend on how the text is cut, and
 * where no step needs more than the limit it is extract()'s on the whole text; the window holds
 * at most about the limit and one piece.
 */
export class ExtractScanner {
  private readonly opts: ReadOptions;
  /** The window: the text from offset `base` that has come and is not yet scanned past. */
  private text = "";
  private base = 0;
  /** The pieces that came while a step waited for more. */
  private pending: string[] = [];
  private pendingLength = 0;
  /** The window from `i` must hold this many characters before the waiting step is tried again. */
  private need = 0;
  private final = false;
  /** Set when a step looked past the end of a window that is not the end of the text. */
  private short = false;
  /** Set when a step looked at `stop` or further: it needs more than the limit. */
  private over = false;
  /** The first window index a step may not look at: `limit` characters from where it starts. */
  private stop = Infinity;
  /** Where the scan is, in the window. */
  private i = 0;
  /** Where a stand-alone "URL:" token began (in the text), if the previous token was one. */
  private prefixAt = -1;
  /** Only whitespace since that "URL:" token. */
  private prefixClean = false;
  /** The scan is inside a token, past a part of it that holds no scheme (see giveUp()). */
  private midToken = false;
  /** Skipping a candidate over the limit: its start and head (start -1: nothing to report). */
  private skipping: { start: number; head: string } | undefined;

  constructor(edition: Edition, options: unknown, private readonly sink: ExtractSink, private readonly limit = Infinity) {
    this.opts = readOptions(edition, options);
  }

  /** The next piece of the text. */
  push(piece: string): void {
    if (this.final) throw new Error("extract: push() after end()");
    if (piece === "") return;
    this.pending.push(piece);
    this.pendingLength += piece.length;
    if (this.text.length - this.i + this.pendingLength < this.need) return;
    this.refill();
    this.run();
  }

  /** The end of the text: what is left is scanned. */
  end(): void {
    if (this.final) return;
    this.refill();
    this.final = true;
    this.run();
    if (this.skipping) this.endSkip(this.base + this.text.length);
  }

  /** The most characters the window has held, for tests of the bound. */
  maxHeld = 0;

  private refill(): void {
    if (this.pendingLength === 0 && this.i === 0) return;
    this.base += this.i;
    this.text = this.text.slice(this.i) + this.pending.join("");
    this.i = 0;
    this.pending = [];
    this.pendingLength = 0;
    this.maxHeld = Math.max(this.maxHeld, this.text.length);
  }

  /**
   * True when the step may look at window index k: false at the end of the text, and also (the
   * step is then short) past the end of a window that is not the end of the text, or (the step is
   * then over) `limit` characters or more from where the step started.
   */
  has(k: number): boolean {
    if (k < this.text.length) {
      if (k < this.stop) return true;
      this.over = true;
      return false;
    }
    if (!this.final) this.short = true;
    return false;
  }

  private run(): void {
    while (this.i < this.text.length) {
      if (this.skipping) {
        if (!this.skip()) break;
        continue;
      }
      this.short = false;
      this.over = false;
      // A step may look past the limit at what ends a candidate: the character after it, and
      // trailing punctuation that is trimmed off (a URI of `limit` characters and ")." is found).
      this.stop = this.i + this.limit + LIMIT_LOOKAHEAD;
      if (this.step()) continue;
      if (this.over) {
        this.giveUp();
        continue;
      }
      // Wait for twice as much (at most the limit and one): each retry is paid for by new text.
      const span = this.text.length - this.i;
      this.need = Math.max(span + 1, Math.min(2 * span, this.limit + LIMIT_LOOKAHEAD));
      return;
    }
    this.need = 0;
    // Nothing in the window is needed any more.
    this.base += this.i;
    this.text = "";
    this.i = 0;
  }

  /**
   * One step of the scan at `i`: whitespace, a delimiter and what it delimits, or a token. Returns
   * false, and changes nothing, when the step looked past the end of the window.
   */
  private step(): boolean {
    const text = this.text;
    const i = this.i;
    const c = text.charCodeAt(i);
    if (!this.midToken) {
      if (c === LT || c === DQ) {
        const close = findClose(this, text, i, c === LT ? GT : DQ, c === LT);
        if (this.short || this.over) return false;
        if (close - i - 1 > this.limit) { this.over = true; return false; }
        if (close >= 0) {
          const item = this.delimited(i, close, c === LT ? "angle" : "quote");
          if (item) {
            this.sink.onUri(item);
            this.prefixAt = -1;
            this.i = close + 1;
            return true;
          }
        }
        this.prefixClean = false;
        this.i = i + 1;
        return true;
      }
      if (isSpace(c)) { this.i = i + 1; return true; }
      if (c === GT) { this.i = i + 1; this.prefixAt = -1; return true; }
    }
    // A whitespace-delimited token.
    let j = i;
    while (this.has(j) && !isTokenEnd(text.charCodeAt(j))) j++;
    if (this.short || this.over) return false;
    if (!this.midToken && j - i === 4 && /^URL:$/i.test(text.slice(i, i + 4))) {
      this.prefixAt = this.base + i;
      this.prefixClean = true;
      this.i = j;
      return true;
    }
    const token = this.bare(i, j);
    if (this.short || this.over) return false;
    // The limit is on the candidate as found, trailing punctuation trimmed.
    if (token && token.item.end - token.item.start > this.limit) { this.over = true; return false; }
    this.prefixAt = -1;
    this.midToken = false;
    if (token) {
      this.sink.onUri(token.item);
      this.i = token.next;
    } else {
      this.i = j;
    }
    return true;
  }

  /**
   * The step at `i` needs more than the limit; what is decided here looks only at the limit's
   * characters from `i`, so it does not depend on how the text was cut. A "<" or '"' is then no
   * delimiter. In a token, the part before its first scheme is left behind (the scan goes on
   * inside the token, as it would on the whole text); a candidate from that scheme longer than
   * the limit is reported and skipped to the next whitespace; a run of scheme characters longer
   * than the limit is skipped.
   */
  private giveUp(): void {
    const text = this.text;
    const i = this.i;
    const c = text.charCodeAt(i);
    if (!this.midToken && (c === LT || c === DQ)) {
      this.prefixClean = false;
      this.i = i + 1;
      return;
    }
    const n = Math.min(text.length, this.stop);
    let j = i;
    while (j < n && !isTokenEnd(text.charCodeAt(j))) j++;
    const s0 = !this.midToken && j - i > 4 && /^URL:/i.test(text.slice(i, i + 4)) ? i + 4 : i;
    const m = schemeHead(this.opts.scheme, text, s0, j);
    if (m) {
      const s = s0 + m.index;
      // A scheme not asked for: the whole token is no candidate.
      if (!schemeAllowed(m[0], this.opts)) return this.startSkip(-1, "", j);
      if (j === n && m.index > 0) {
        // The candidate starts inside the token: leave the part before it behind.
        this.enterToken(s);
        return;
      }
      // The candidate (the token, or a line broken after a hyphen) is longer than the limit.
      this.startSkip(s, text.slice(s, Math.min(s + HEAD_LENGTH, j)), j);
      return;
    }
    // No scheme yet: one may start with the last run of scheme characters.
    let r = j;
    while (r > s0 && inTable(this.opts.scheme.part, text.charCodeAt(r - 1))) r--;
    if (r > s0) this.enterToken(r);
    else this.startSkip(-1, "", j);
  }

  private enterToken(at: number): void {
    this.i = at;
    this.midToken = true;
    this.prefixAt = -1;
  }

  /** Skips from window index `from` to the next whitespace or delimiter; reports the candidate at `start` (a text offset) unless -1. */
  private startSkip(start: number, head: string, from: number): void {
    this.skipping = { start: start < 0 ? -1 : this.base + start, head };
    this.midToken = false;
    this.prefixAt = -1;
    this.i = from;
  }

  /** Goes on skipping; true when the skip ended inside the window. */
  private skip(): boolean {
    const text = this.text;
    let k = this.i;
    while (k < text.length && !isTokenEnd(text.charCodeAt(k))) k++;
    this.i = k;
    if (k === text.length) return false;
    this.endSkip(this.base + k);
    return true;
  }

  private endSkip(end: number): void {
    const { start, head } = this.skipping!;
    this.skipping = undefined;
    if (start >= 0) this.sink.onTooLong?.({ start, end, head });
  }

  /** The candidate between `open` and `close` (exclusive of both), or undefined when it is none. */
  private delimited(open: number, close: number, delimiter: "angle" | "quote"): ExtractedUri | undefined {
    const { text, opts } = this;
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
    const scheme = schemeHead(opts.scheme, uri, 0, uri.length, true);
    if (!scheme && !opts.relative) return undefined;
    if (scheme && !schemeAllowed(scheme[0], opts)) return undefined;
    if (!scheme && opts.schemes) return undefined;
    const b = this.base;
    const afterPrefix = !prefixed && this.prefixAt >= 0 && this.prefixClean;
    const outerStart = afterPrefix ? this.prefixAt : b + open;
    return item(opts, uri, b + s, b + e, outerStart, b + close + 1, delimiter, prefixed || afterPrefix, alternative);
  }

  /**
   * The candidate in the whitespace-delimited token [i, j): from the first scheme that starts the
   * token or follows a character that cannot be in a scheme ("(http://..."), with trailing
   * punctuation left out. A token that ends in "-" at a line break continues on the next line.
   */
  private bare(i: number, j: number): { item: ExtractedUri; next: number } | undefined {
    const { text, opts } = this;
    let s = i;
    let prefixed = false;
    if (!this.midToken && j - i > 4 && /^URL:$/i.test(text.slice(i, i + 4))) {
      prefixed = true;
      s = i + 4;
    }
    const m = schemeHead(opts.scheme, text, s, j);
    if (!m) return undefined;
    if (m.index !== 0) prefixed = false;
    s += m.index;
    if (!schemeAllowed(m[0], opts)) return undefined;
    // Continue across line breaks that come right after a hyphen (Appendix E).
    let e = j;
    while (text.charCodeAt(e - 1) === HYPHEN) {
      let k = e;
      let breaks = 0;
      while (this.has(k) && isSpace(text.charCodeAt(k))) {
        const b = text.charCodeAt(k);
        if (isLineBreak(b)) { breaks++; if (b === 0x0d && this.has(k + 1) && text.charCodeAt(k + 1) === 0x0a) k++; }
        k++;
      }
      if (breaks !== 1 || !this.has(k) || isTokenEnd(text.charCodeAt(k))) break;
      let next = k;
      while (this.has(next) && !isTokenEnd(text.charCodeAt(next))) next++;
      e = next;
    }
    if (this.short || this.over) return undefined;
    e = trimTrailing(text, s, e);
    const { uri, alternative } = removeWhitespace(text, s, e);
    const colon = uri.indexOf(":");
    if (colon < 0 || colon === uri.length - 1) return undefined;
    const b = this.base;
    const outerStart = prefixed ? i : (m.index === 0 && s === i && this.prefixAt >= 0 ? this.prefixAt - b : s);
    const found = item(opts, uri, b + s, b + e, b + outerStart, b + e, "whitespace", prefixed || outerStart !== s, alternative);
    return { item: found, next: Math.max(e, j) };
  }
}

interface ReadOptions {
  edition: Edition;
  /** The edition's scheme characters. */
  scheme: SchemeChars;
  relative: boolean;
  schemes?: ReadonlySet<string>;
}

function readOptions(edition: Edition, options: unknown): ReadOptions {
  const fn = "extract";
  const o = optionsOf(options, fn);
  const schemes = stringsOption(o, "schemes", "scheme names", fn);
  return {
    edition, scheme: schemeCharsOf(edition), relative: booleanOption(o, "relative", false, fn), schemes: schemes && new Set(schemes.map((s) => s.toLowerCase())),
  };
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
 * The first scheme and its ":" in text[from, to) that starts there or follows a character that
 * cannot be in a scheme ("(http://..."), by the edition's scheme characters (src/char-tables.ts);
 * with `atStart`, only one that starts at `from`. As a match: [0] the scheme and ":", `index` its
 * offset from `from`. Each character is looked at at most twice.
 */
const OPENING = "(['";

function schemeHead(chars: SchemeChars, text: string, from: number, to: number, atStart = false): { 0: string; index: number } | undefined {
  for (let k = from; k < to; k++) {
    if (text.charCodeAt(k) !== 0x3a) continue;
    let r = k;
    while (r > from && inTable(chars.part, text.charCodeAt(r - 1))) r--;
    if (atStart && r > from) return undefined;
    // Punctuation that opens a phrase of the text, closed by what trimTrailing() leaves out, is
    // the text's even where the edition's scheme may hold it (the 1993 draft's xalpha: "(", "'").
    while (!atStart && r < k && OPENING.includes(text[r])) r++;
    // The run of scheme characters before the ":" must begin with a character that begins a
    // scheme, and be a scheme (an escape in it complete); where it is not, the part of it after
    // its last "%", if that is one ("a%zz-http:" holds "zz-http").
    if (r < k && inTable(chars.start, text.charCodeAt(r))) {
      if (chars.accepts(text.slice(r, k))) return { 0: text.slice(r, k + 1), index: r - from };
      if (!atStart) {
        let q = text.lastIndexOf("%", k - 1) + 1;
        while (q < k && !inTable(chars.start, text.charCodeAt(q))) q++;
        if (q > r && q < k && chars.accepts(text.slice(q, k))) return { 0: text.slice(q, k + 1), index: q - from };
      }
    }
    if (atStart) return undefined;
  }
  return undefined;
}

/**
 * The index of the closing delimiter for the opening one at `open`, or -1. A blank line, another
 * opening "<" (for angles) or the end of the text means there is none; inside quotes, whitespace
 * that is not around a line break means the quotes hold words, not a URI. The scan stops at the
 * first of these, so the regions scanned from different openings do not overlap.
 */
function findClose(w: { has(k: number): boolean }, text: string, open: number, close: number, angle: boolean): number {
  let k = open + 1;
  while (w.has(k)) {
    const c = text.charCodeAt(k);
    if (c === close) return k;
    if (angle && c === LT) return -1;
    if (isSpace(c)) {
      let breaks = 0;
      let e = k;
      while (w.has(e) && isSpace(text.charCodeAt(e))) {
        const b = text.charCodeAt(e);
        if (isLineBreak(b)) {
          breaks++;
          if (b === 0x0d && w.has(e + 1) && text.charCodeAt(e + 1) === 0x0a) e++; // CR LF is one line break
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

/**
 * The characters from s to e without whitespace. Where a line break comes right after a hyphen
 * (whitespace between them allowed), the reading without that hyphen is the alternative.
 */
function removeWhitespace(text: string, s: number, e: number): { uri: string; alternative?: string } {
  let k = s;
  while (k < e && !isSpace(text.charCodeAt(k))) k++;
  if (k === e) return { uri: text.slice(s, e) };
  // The characters are copied into arrays and made strings once, in long runs: no string or array
  // entry per line, so the cost per character stays flat however many line breaks there are.
  const uri = new Uint16Array(e - s);
  const alt = new Uint16Array(e - s);
  let n = 0;
  let a = 0;
  let hyphenBreak = false;
  k = s;
  while (k < e) {
    let m = k;
    while (m < e && !isSpace(text.charCodeAt(m))) { uri[n++] = alt[a++] = text.charCodeAt(m); m++; }
    k = m;
    let breaks = false;
    while (m < e && isSpace(text.charCodeAt(m))) { if (isLineBreak(text.charCodeAt(m))) breaks = true; m++; }
    if (breaks && m > k && k > s && text.charCodeAt(k - 1) === HYPHEN && a > 0) {
      hyphenBreak = true;
      a--;
    }
    k = m;
  }
  const result = fromCodes(uri, n);
  return hyphenBreak ? { uri: result, alternative: fromCodes(alt, a) } : { uri: result };
}

/** The string of the first n UTF-16 code units, made in runs of 4096 (an argument list each). */
function fromCodes(codes: Uint16Array, n: number): string {
  const RUN = 4096;
  const code = (from: number, to: number) => String.fromCharCode.apply(null, codes.subarray(from, to) as unknown as number[]);
  if (n <= RUN) return code(0, n);
  const parts: string[] = [];
  for (let k = 0; k < n; k += RUN) parts.push(code(k, Math.min(n, k + RUN)));
  return parts.join("");
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

function item(opts: ReadOptions, uri: string, start: number, end: number, outerStart: number, outerEnd: number,
  delimiter: ExtractDelimiter, prefixed: boolean, alternative: string | undefined): ExtractedUri {
  const verdict = validateIn(opts.edition, uri, opts.edition.requireRule(opts.edition.roles.reference));
  const found = {
    uri, start, end, outerStart, outerEnd, delimiter, prefixed,
    ...(alternative !== undefined ? { alternatives: [alternative] } : {}),
  };
  return verdict.valid ? { ...found, valid: true } : { ...found, valid: false, error: verdict.error };
}
