// RFC 3987 section 3: the mapping of IRIs to URIs (3.1) and the conversion of URIs to IRIs (3.2).
// Which characters are converted is the grammar's answer (characters.ts: `ucschar`, `iprivate`,
// `unreserved`, `reserved`, asked of the compiled grammar); the components are found by their
// US-ASCII delimiters, which RFC 3987 keeps as RFC 3986 has them (2.1: "Characters outside the
// US-ASCII repertoire are not reserved and therefore MUST NOT be used for syntactical purposes").
// Both run in one pass, in time linear in the text.
import { requireString } from "../../args.js";
import { IriMappingError } from "../../errors.js";
import { TextBuilder, hexValue } from "../../escapes.js";
import { readSyntaxOptions, type Syntax } from "../../ladder.js";
import { booleanOption, oneOfOption } from "../../options.js";
import {
  GRAMMAR, bidiFormatting, codePointName, iriCharactersOf, isSurrogate, lookalike, type IriCharacters,
} from "./characters.js";
import { platformToAscii } from "./idna.js";

export type { IriCharacters };

/** The options of iriToUri(). */
export interface IriToUriOptions {
  /** The compiled RFC 3987 grammar (a Syntax: `accepts(role, input)`), asked the roles `ucschar`, `iprivate`, `unreserved`, `reserved`. Required. */
  syntax: Syntax;
  /**
   * The ireg-name host: "percent-encode" (default) maps it as every other component (step 2);
   * "idna" converts each label with non-ASCII characters with ToASCII first (section 3.1, RFC 3490),
   * as the platform's URL does it (see iriToUri).
   */
  host?: "percent-encode" | "idna";
  /**
   * The printable US-ASCII characters not allowed in URIs ("<", ">", '"', space, "{", "}", "|",
   * "\", "^", "`"): "fail" (default) throws, as 3.1 asks of a system that does not convert them;
   * "percent-encode" converts them in step 2, as 3.1 allows ("Systems accepting IRIs MAY also deal
   * with the printable characters in US-ASCII that are not allowed in URIs").
   */
  ascii?: "fail" | "percent-encode";
}

/** The options of uriToIri(). */
export interface UriToIriOptions {
  /** The compiled RFC 3987 grammar (a Syntax). Required. */
  syntax: Syntax;
  /**
   * Decode the characters section 6.1 b says to avoid (look-alikes of spaces and delimiters,
   * invisible characters: see `lookalike` in characters.ts) as well; default false, they stay
   * percent-encoded. Step 4 leaves the choice open ("Because there are some choices when step 4 is
   * applied (see section 6.1), results may vary").
   */
  decodeLookalikes?: boolean;
}

const HOSTS = ["percent-encode", "idna"] as const;
const ASCII = ["fail", "percent-encode"] as const;

/**
 * Maps an IRI (or an IRI reference, or a component of one) to a URI, by section 3.1 step 2: every
 * `ucschar` and `iprivate` character becomes the percent-encoded octets of its UTF-8 encoding, in
 * upper-case hex ("é" is "%C3%A9", U+10300 is "%F0%90%8C%80"). Every other character stays as it is:
 * US-ASCII, and existing percent-encodings, which are not encoded again; "#", "%", "[" and "]"
 * "MUST NOT be converted". A URI maps to itself, and mapping twice changes nothing. Step 1 (NFC
 * for an IRI that was not in a Unicode encoding) is the caller's: the text is taken as it is
 * (variant c).
 *
 * `host: "idna"`: the ireg-name is converted first, label by label (labels are separated by "."
 * and the other dots of RFC 3490 3.1: U+3002, U+FF0E, U+FF61; the result uses "."), with ToASCII as
 * the platform's URL host parser performs it: the WHATWG URL Standard's domain to ASCII, which is
 * UTS #46 processing (nontransitional: "ß" stays "ß", so "xn--zca"), with the platform's Unicode
 * version (AllowUnassigned is the platform's). A label that is all US-ASCII is kept as written,
 * as ToASCII keeps it. UseSTD3ASCIIRules is checked on every label of such a host, as 3.1 asks:
 * each must be 1 to 63 letters, digits and hyphens, not beginning or ending with a hyphen (an
 * empty last label, a trailing dot, is kept). A label the platform refuses (it contains a
 * character UTS #46 disallows, such as U+200D outside its context, or U+2488 "⒈", which maps to
 * "1."), one it maps to more than one label or to what is not a valid label, and a label with a
 * percent-encoding (which STD3 rules refuse) fail with IriMappingError "idna": 3.1 says "the
 * ToASCII operation may fail, but this would mean that the IRI cannot be resolved". IP-literal and
 * IPv4 hosts are never converted. Only for schemes whose ireg-name is a domain name (3.1).
 *
 * The text is not checked against the grammar (the edition's parse does that; a component alone
 * can be mapped too), but a character the mapping cannot handle is an IriMappingError with its
 * offset: a code point neither US-ASCII nor `ucschar` nor `iprivate` ("not-iri-character"), a lone
 * surrogate, a US-ASCII control, a printable US-ASCII character not allowed in URIs (unless `ascii:
 * "percent-encode"`), a "%" that does not begin a percent-encoding. Throws TypeError for a
 * non-string `iri` or bad options.
 */
export function iriToUri(iri: string, options: IriToUriOptions): string {
  const fn = "iriToUri";
  requireString(iri, `${fn}: iri`);
  const { syntax, o } = readSyntaxOptions(options, fn, GRAMMAR, "{ syntax, host?, ascii? }");
  const host = oneOfOption(o, "host", HOSTS, "percent-encode", fn);
  const ascii = oneOfOption(o, "ascii", ASCII, "fail", fn);
  const chars = iriCharactersOf(syntax, `${fn}: options.syntax`);
  const encodeAscii = ascii === "percent-encode";
  if (host === "idna") {
    const span = hostSpan(iri);
    if (span !== undefined && hasNonAscii(iri, span[0], span[1])) {
      const [from, to] = span;
      return encodeRange(iri, 0, from, chars, encodeAscii) + idnaHost(iri, from, to, chars) + encodeRange(iri, to, iri.length, chars, encodeAscii);
    }
  }
  return encodeRange(iri, 0, iri.length, chars, encodeAscii);
}

/**
 * Step 2 on iri[from, to): the text with its ucschar and iprivate characters percent-encoded. The
 * output is built as character codes (escapes.ts's TextBuilder), not by concatenating strings,
 * whose garbage would make the time per character grow with the length.
 */
function encodeRange(iri: string, from: number, to: number, chars: IriCharacters, encodeAscii: boolean): string {
  let out: TextBuilder | undefined;
  for (let i = from; i < to; i++) {
    const c = iri.charCodeAt(i);
    if (c < 0x80) {
      if (chars.unreserved(c) || chars.reserved(c)) { out?.push(c); continue; }
      if (c === 0x25) {
        if (i + 2 < to && hexValue(iri.charCodeAt(i + 1)) >= 0 && hexValue(iri.charCodeAt(i + 2)) >= 0) {
          if (out !== undefined) { out.push(c); out.push(iri.charCodeAt(i + 1)); out.push(iri.charCodeAt(i + 2)); }
          i += 2;
          continue;
        }
        throw new IriMappingError("bad-escape", iri, i, "3.1",
          `"%" does not begin a percent-encoding ("%" and two hex digits); as data it is written %25, which 3.1 does not do for it`);
      }
      if (c < 0x20 || c === 0x7f) {
        throw new IriMappingError("control", iri, i, "3.1",
          `the control character ${codePointName(c)} is not allowed in an IRI or a URI, and 3.1 does not convert it`);
      }
      if (!encodeAscii) {
        throw new IriMappingError("ascii-not-allowed", iri, i, "3.1",
          `${c === 0x20 ? "a space" : JSON.stringify(String.fromCharCode(c))} is not allowed in a URI; ` +
          `the conversion fails unless it is asked to percent-encode such characters (ascii: "percent-encode")`);
      }
      out ??= started(iri, from, i);
      pushEscape(out, c);
      continue;
    }
    const cp = iri.codePointAt(i)!;
    if (isSurrogate(cp)) {
      throw new IriMappingError("lone-surrogate", iri, i, "3.1",
        `a lone surrogate ${codePointName(cp)} is half of a UTF-16 pair, not a character, and has no UTF-8 encoding`);
    }
    if (!chars.ucschar(cp) && !chars.iprivate(cp)) {
      throw new IriMappingError("not-iri-character", iri, i, "3.1",
        `${codePointName(cp)} is neither a ucschar nor an iprivate character (section 2.2), so it is not allowed in an IRI ` +
        `and step 2 does not convert it`);
    }
    out ??= started(iri, from, i);
    pushUtf8Escapes(out, cp);
    if (cp > 0xffff) i++;
  }
  return out === undefined ? iri.slice(from, to) : out.finish();
}

/** A TextBuilder holding text[from, to). */
function started(text: string, from: number, to: number): TextBuilder {
  const out = new TextBuilder();
  for (let k = from; k < to; k++) out.push(text.charCodeAt(k));
  return out;
}

/** "%HH" of an octet into `out`, upper case (3.1 step 2.2: "the hexadecimal notation SHOULD use uppercase letters"). */
function pushEscape(out: TextBuilder, octet: number): void {
  out.push(0x25);
  out.push(HEX_CODES[octet >> 4]);
  out.push(HEX_CODES[octet & 15]);
}

/** Steps 2.1 and 2.2 into `out`: the code point's UTF-8 octets (RFC 3629), each as %HH. */
function pushUtf8Escapes(out: TextBuilder, cp: number): void {
  if (cp < 0x80) { pushEscape(out, cp); return; }
  if (cp < 0x800) { pushEscape(out, 0xc0 | (cp >> 6)); pushEscape(out, 0x80 | (cp & 63)); return; }
  if (cp < 0x10000) { pushEscape(out, 0xe0 | (cp >> 12)); pushEscape(out, 0x80 | ((cp >> 6) & 63)); pushEscape(out, 0x80 | (cp & 63)); return; }
  pushEscape(out, 0xf0 | (cp >> 18)); pushEscape(out, 0x80 | ((cp >> 12) & 63)); pushEscape(out, 0x80 | ((cp >> 6) & 63)); pushEscape(out, 0x80 | (cp & 63));
}

const HEX_CODES = Array.from("0123456789ABCDEF", (c) => c.charCodeAt(0));

function hasNonAscii(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) >= 0x80) return true;
  return false;
}

/**
 * Where the host of the text's authority lies, [from, to), or undefined when it has no authority
 * or its host is an IP-literal. The delimiters are RFC 3986's (Appendix B): a scheme ends at the
 * first ":" before any "/", "?" or "#"; an authority follows "//" and ends at the next "/", "?" or
 * "#"; the host follows the userinfo's "@" and ends at the port's ":".
 */
export function hostSpan(text: string): [number, number] | undefined {
  let pos = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3a) { if (i > 0) pos = i + 1; break; }
    if (c === 0x2f || c === 0x3f || c === 0x23) break;
  }
  if (!text.startsWith("//", pos)) return undefined;
  const start = pos + 2;
  let end = start;
  while (end < text.length) {
    const c = text.charCodeAt(end);
    if (c === 0x2f || c === 0x3f || c === 0x23) break;
    end++;
  }
  const at = text.lastIndexOf("@", end - 1);
  const from = at >= start ? at + 1 : start;
  if (text.charCodeAt(from) === 0x5b) return undefined; // "[": an IP-literal
  let to = from;
  while (to < end && text.charCodeAt(to) !== 0x3a) to++;
  return [from, to];
}

/** RFC 3490 3.1 (1): "U+002E (full stop), U+3002 (ideographic full stop), U+FF0E (fullwidth full stop), U+FF61 (halfwidth ideographic full stop)". */
function isDot(c: number): boolean {
  return c === 0x2e || c === 0x3002 || c === 0xff0e || c === 0xff61;
}

/** A label as UseSTD3ASCIIRules and ToASCII's length check allow it (RFC 3490 4.1 steps 3 and 8). */
const STD3_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** 3.1: the ireg-name iri[from, to), which has non-ASCII characters, converted with ToASCII label by label. */
function idnaHost(iri: string, from: number, to: number, chars: IriCharacters): string {
  const labels: string[] = [];
  let start = from;
  for (let i = from; i <= to; i++) {
    if (i < to && !isDot(iri.charCodeAt(i))) continue;
    const label = iri.slice(start, i);
    if (label === "" && i === to && labels.length > 0) {
      labels.push(""); // a trailing dot: the root
    } else {
      labels.push(idnaLabel(iri, start, label, chars));
    }
    start = i + 1;
  }
  return labels.join(".");
}

function idnaLabel(iri: string, at: number, label: string, chars: IriCharacters): string {
  const fail = (why: string): never => {
    throw new IriMappingError("idna", iri, at, "3.1", `the ireg-name label ${JSON.stringify(label)} cannot be converted with ToASCII: ${why}`);
  };
  if (label === "") fail("it is empty (a label has 1 to 63 characters)");
  let ascii = true;
  for (let i = 0; i < label.length; i++) {
    const c = label.charCodeAt(i);
    if (c === 0x25) fail("it has a percent-encoding, which UseSTD3ASCIIRules does not allow");
    if (c < 0x80) {
      if (!(chars.unreserved(c) || c === 0x2d)) fail(`UseSTD3ASCIIRules allows only letters, digits and hyphens, not ${JSON.stringify(String.fromCharCode(c))}`);
      continue;
    }
    ascii = false;
    const cp = label.codePointAt(i)!;
    if (isSurrogate(cp) || !chars.ucschar(cp)) {
      throw new IriMappingError(isSurrogate(cp) ? "lone-surrogate" : "not-iri-character", iri, at + i, "3.1",
        `${codePointName(cp)} is not a ucschar, which an ireg-name allows (section 2.2)`);
    }
    if (cp > 0xffff) i++;
  }
  if (ascii) {
    if (!STD3_LABEL.test(label)) fail("UseSTD3ASCIIRules wants 1 to 63 letters, digits and hyphens, not beginning or ending with a hyphen");
    return label;
  }
  const converted = platformToAscii(label);
  if (converted === undefined) fail("the platform's IDNA processing (UTS #46) refuses it");
  if (!STD3_LABEL.test(converted!)) {
    fail(`the platform maps it to ${JSON.stringify(converted)}, which is not one label of 1 to 63 letters, digits and hyphens`);
  }
  return converted!;
}

// ----- 3.2 Converting URIs to IRIs -----

/**
 * Converts a URI (or URI reference) to an IRI by the steps of section 3.2, in one pass:
 * 1. the URI must be US-ASCII (else IriMappingError "not-ascii");
 * 2. percent-encodings are decoded, "except those corresponding to '%', characters in 'reserved',
 *    and characters in US-ASCII not allowed in URIs": so an `unreserved` one ("%7E", "%41") is
 *    decoded (3.2: "except ... for potential percent-encoded unreserved characters"), and "%25",
 *    "%2F", "%23", "%20" stay as written;
 * 3. an octet that is not part of a strictly legal UTF-8 sequence (RFC 3629: no overlong form such
 *    as "%C0%AF", no surrogate, nothing past U+10FFFF, no stray continuation octet) is
 *    percent-encoded again ("%FC" stays "%FC");
 * 4. so is a sequence whose character is "not appropriate according to sections 2.2, 4.1, and
 *    6.1": not a `ucschar`, except an `iprivate` in the query (2.2: U+FFFE, U+0085, U+E000 outside
 *    the query); a bidirectional formatting character (4.1: "%E2%80%AE" is U+202E, and stays); and,
 *    unless `decodeLookalikes`, a look-alike of a space or a delimiter or an invisible character
 *    (6.1 b: "%EF%BC%8F" is U+FF0F FULLWIDTH SOLIDUS, which looks like "/");
 * 5. the rest is read as UTF-8.
 * Octets encoded again in steps 3 and 4 are written in upper case ("%e2%80%ae" becomes
 * "%E2%80%AE", as in 3.2.1); the escapes step 2 does not decode keep their case. The result maps
 * back to the URI by iriToUri(), except for the case of the hex digits and the unreserved
 * characters decoded. Punycode labels are not converted (3.2.1: "which is not converted").
 * The URI is not checked against the grammar (the edition's parse does that); a "%" that does not
 * begin a percent-encoding is an IriMappingError "bad-escape". Throws TypeError for a non-string
 * `uri` or bad options.
 */
export function uriToIri(uri: string, options: UriToIriOptions): string {
  const fn = "uriToIri";
  requireString(uri, `${fn}: uri`);
  const { syntax, o } = readSyntaxOptions(options, fn, GRAMMAR, "{ syntax, decodeLookalikes? }");
  const decodeLookalikes = booleanOption(o, "decodeLookalikes", false, fn);
  const chars = iriCharactersOf(syntax, `${fn}: options.syntax`);
  requireUriAscii(uri);
  return decodeIriEscapes(uri, 0, uri.length, chars, queryOf(uri), decodeLookalikes, fn);
}

/** 3.2 step 1: "Represent the URI as a sequence of octets in US-ASCII"; IriMappingError "not-ascii" at the first character past it. */
export function requireUriAscii(uri: string): void {
  for (let i = 0; i < uri.length; i++) {
    if (uri.charCodeAt(i) >= 0x80) {
      const cp = uri.codePointAt(i)!;
      throw new IriMappingError("not-ascii", uri, i, "3.2",
        `a URI is US-ASCII (step 1), but ${codePointName(cp)} is not; an IRI needs no conversion, and iriToUri() maps it to a URI`);
    }
  }
}

/** [from, to) of the query of a URI reference (RFC 3986 Appendix B): from its first "?" before any "#". */
export function queryOf(text: string): [number, number] | undefined {
  let hash = text.indexOf("#");
  if (hash < 0) hash = text.length;
  const q = text.indexOf("?");
  return q >= 0 && q < hash ? [q + 1, hash] : undefined;
}

/**
 * Steps 2 to 5 of 3.2 on text[from, to), with the query at `query` (where an iprivate is allowed):
 * decoded what an IRI allows there, the rest kept or encoded again. The text outside the escapes is
 * copied as it is (it may be an IRI already: the comparison ladder decodes IRIs this way).
 */
export function decodeIriEscapes(text: string, from: number, to: number, chars: IriCharacters,
  query: readonly [number, number] | undefined, decodeLookalikes: boolean, fn: string): string {
  let out: TextBuilder | undefined;
  let copied = from;
  const copy = (until: number) => {
    out ??= new TextBuilder();
    for (let k = copied; k < until; k++) out.push(text.charCodeAt(k));
  };
  for (let i = text.indexOf("%", from); i >= 0 && i < to; i = text.indexOf("%", i)) {
    const b = escapeOctet(text, i, to);
    if (b < 0) {
      throw new IriMappingError("bad-escape", text, i, "3.2", `"%" does not begin a percent-encoding ("%" and two hex digits) (${fn})`);
    }
    if (b < 0x80) {
      // Step 2: "%", reserved and the US-ASCII not allowed in URIs stay as written.
      if (chars.unreserved(b)) {
        copy(i);
        out!.push(b);
        copied = i + 3;
      }
      i += 3;
      continue;
    }
    const n = sequenceLength(text, i, to, b);
    copy(i);
    if (n === 0) {
      // Step 3: not part of a strictly legal UTF-8 sequence.
      pushEscape(out!, b);
      i += 3;
      copied = i;
      continue;
    }
    let cp = b & (n === 2 ? 0x1f : n === 3 ? 0x0f : 0x07);
    for (let k = 1; k < n; k++) cp = (cp << 6) | (escapeOctet(text, i + 3 * k, to) & 63);
    const inQuery = query !== undefined && i >= query[0] && i < query[1];
    const appropriate = (chars.ucschar(cp) || (inQuery && chars.iprivate(cp))) && bidiFormatting(cp) === undefined &&
      (decodeLookalikes || !lookalike(cp, chars));
    if (!appropriate) pushUtf8Escapes(out!, cp);
    else if (cp > 0xffff) { out!.push(0xd800 + ((cp - 0x10000) >> 10)); out!.push(0xdc00 + ((cp - 0x10000) & 0x3ff)); }
    else out!.push(cp);
    i += 3 * n;
    copied = i;
  }
  if (out === undefined) return text.slice(from, to);
  copy(to);
  return out.finish();
}

/** The octet of the escape at `at` (which must lie before `to`), or -1. */
export function escapeOctet(text: string, at: number, to: number): number {
  if (at + 2 >= to || text.charCodeAt(at) !== 0x25) return -1;
  const h = hexValue(text.charCodeAt(at + 1));
  const l = hexValue(text.charCodeAt(at + 2));
  return h < 0 || l < 0 ? -1 : h * 16 + l;
}

/**
 * The number of octets (2-4) of the strictly legal UTF-8 sequence (RFC 3629 section 4) whose
 * escapes begin at `at` with the lead octet `b`, or 0 when there is none.
 */
export function sequenceLength(text: string, at: number, to: number, b: number): number {
  let n: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (b >= 0xc2 && b <= 0xdf) n = 2;
  else if (b >= 0xe0 && b <= 0xef) { n = 3; if (b === 0xe0) lo = 0xa0; if (b === 0xed) hi = 0x9f; }
  else if (b >= 0xf0 && b <= 0xf4) { n = 4; if (b === 0xf0) lo = 0x90; if (b === 0xf4) hi = 0x8f; }
  else return 0;
  for (let k = 1; k < n; k++) {
    const c = escapeOctet(text, at + 3 * k, to);
    if (c < lo || c > hi) return 0;
    lo = 0x80;
    hi = 0xbf;
  }
  return n;
}
