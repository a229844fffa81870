// The characters RFC 3987 adds to RFC 3986, as the mappings, the comparison ladder and the audit
// ask them: whether a code point is a `ucschar` or an `iprivate` (section 2.2), and which US-ASCII
// characters are `unreserved` or `reserved` (RFC 3986 2.2 and 2.3, which RFC 3987 2.2 takes as they
// are). Every answer comes from the compiled grammar of the edition (a Syntax, src/ladder.ts): no
// range is written here. What the grammar cannot say (section 4.1's bidirectional formatting
// characters, section 6.1's look-alikes) is each named with its section.
import { describe } from "../../args.js";
import type { Syntax } from "../../ladder.js";

/** The grammar a Syntax must be, for messages. */
export const GRAMMAR = "RFC 3987";

/**
 * What RFC 3987's algorithms need to know of its grammar, one code point at a time. `iriCharactersOf`
 * makes one from a Syntax (the compiled grammar); a caller with the ranges at hand can give its own.
 */
export interface IriCharacters {
  /** ucschar (section 2.2): the UCS characters an IRI allows wherever RFC 3986 allows `unreserved`. */
  ucschar(cp: number): boolean;
  /** iprivate (section 2.2): the private-use characters, allowed only in `iquery`. */
  iprivate(cp: number): boolean;
  /** unreserved (RFC 3986 2.3), asked of US-ASCII code points only. */
  unreserved(cp: number): boolean;
  /** reserved = gen-delims / sub-delims (RFC 3986 2.2), asked of US-ASCII code points only. */
  reserved(cp: number): boolean;
}

/** How many non-ASCII answers a Syntax's IriCharacters remembers (text uses few distinct characters). */
const MEMO_LIMIT = 1 << 16;

const OF_SYNTAX = new WeakMap<Syntax, IriCharacters>();

/**
 * The characters of a grammar with rules of the roles `ucschar`, `iprivate`, `unreserved` and
 * `reserved` (edition.json "roles"; the compiled `rfc3987` edition: `syntaxOf(EDITIONS.rfc3987)`),
 * one object per Syntax; of `unreserved` only US-ASCII is asked.
 * The US-ASCII answers are asked once each; the others once per code point, remembered (those
 * of the BMP in a table of 64 KiB, up to 65,536 others). Throws TypeError when `syntax` is not a Syntax.
 */
export function iriCharactersOf(syntax: Syntax, what = "syntax"): IriCharacters {
  if (syntax === null || typeof syntax !== "object" || typeof (syntax as Syntax).accepts !== "function") {
    throw new TypeError(`${what} must be a Syntax ({ accepts(role, input) }), the compiled ${GRAMMAR} grammar; got ${describe(syntax)}`);
  }
  let chars = OF_SYNTAX.get(syntax);
  if (chars !== undefined) return chars;
  const ask = (role: string, cp: number): boolean => {
    const answer = syntax.accepts(role, String.fromCodePoint(cp));
    if (typeof answer !== "boolean") {
      throw new TypeError(`${what}.accepts(${JSON.stringify(role)}, ...) must return a boolean, got ${describe(answer)}`);
    }
    return answer;
  };
  const ascii = new Uint8Array(0x80);
  for (let cp = 0; cp < 0x80; cp++) ascii[cp] = (ask("unreserved", cp) ? 1 : 0) | (ask("reserved", cp) ? 2 : 0);
  // Bit 1: ucschar, bit 2: iprivate, bit 4: known. The BMP in a table, the other planes in a map.
  const bmp = new Uint8Array(0x10000);
  const memo = new Map<number, number>();
  const answer = (cp: number): number => (ask("ucschar", cp) ? 1 : 0) | (ask("iprivate", cp) ? 2 : 0) | 4;
  const wide = (cp: number): number => {
    if (cp < 0x10000) {
      let bits = bmp[cp];
      if (bits === 0) bmp[cp] = bits = answer(cp);
      return bits;
    }
    let bits = memo.get(cp);
    if (bits === undefined) {
      bits = answer(cp);
      if (memo.size < MEMO_LIMIT) memo.set(cp, bits);
    }
    return bits;
  };
  chars = {
    ucschar: (cp) => cp >= 0x80 && cp <= 0x10ffff && !isSurrogate(cp) && (wide(cp) & 1) !== 0,
    iprivate: (cp) => cp >= 0x80 && cp <= 0x10ffff && !isSurrogate(cp) && (wide(cp) & 2) !== 0,
    unreserved: (cp) => cp < 0x80 && (ascii[cp] & 1) !== 0,
    reserved: (cp) => cp < 0x80 && (ascii[cp] & 2) !== 0,
  };
  OF_SYNTAX.set(syntax, chars);
  return chars;
}

export function isSurrogate(cp: number): boolean {
  return cp >= 0xd800 && cp <= 0xdfff;
}

/**
 * Section 4.1: "IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE, RLE, LRO,
 * RLO, and PDF)": U+200E LEFT-TO-RIGHT MARK, U+200F RIGHT-TO-LEFT MARK, U+202A LEFT-TO-RIGHT
 * EMBEDDING, U+202B RIGHT-TO-LEFT EMBEDDING, U+202C POP DIRECTIONAL FORMATTING, U+202D LEFT-TO-RIGHT
 * OVERRIDE, U+202E RIGHT-TO-LEFT OVERRIDE. The grammar allows them (they are `ucschar`); the prose
 * forbids them. "4.1" for these seven. Unicode has added more of their kind since (U+061C ARABIC
 * LETTER MARK, U+2066-U+2069 the isolates, Unicode 6.3), the property Bidi_Control: "later" for
 * those, which RFC 3987 could not name. undefined for any other code point.
 */
export function bidiFormatting(cp: number): "4.1" | "later" | undefined {
  if (cp === 0x200e || cp === 0x200f || (cp >= 0x202a && cp <= 0x202e)) return "4.1";
  if (cp < 0x600 || cp > 0x2069) return undefined;
  return BIDI_CONTROL.test(String.fromCodePoint(cp)) ? "later" : undefined;
}

const BIDI_CONTROL = /^\p{Bidi_Control}$/u;
const INVISIBLE_OR_SPACE = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}]$/u;

/**
 * Section 6.1 b: characters with "strong visual look-alikes", which "also should be avoided": "many
 * look-alikes of 'space', 'delims', and 'unwise'". Read here as what the platform's Unicode data
 * says: a space (White_Space), an invisible character (Default_Ignorable_Code_Point: soft hyphen,
 * zero-width joiners, the bidirectional formatting characters), or a character whose compatibility
 * form (NFKC) has a US-ASCII character that is not `unreserved` (U+FF0F FULLWIDTH SOLIDUS is "/",
 * U+FF03 is "#", U+FE56 SMALL QUESTION MARK is "?"). Look-alikes without a compatibility mapping
 * (U+2215 DIVISION SLASH, U+0430 CYRILLIC SMALL LETTER A) are not found this way.
 */
export function lookalike(cp: number, chars: IriCharacters): boolean {
  if (cp < 0x80) return false;
  const ch = String.fromCodePoint(cp);
  if (INVISIBLE_OR_SPACE.test(ch)) return true;
  const compat = ch.normalize("NFKC");
  if (compat === ch) return false;
  for (let i = 0; i < compat.length; i++) {
    const c = compat.charCodeAt(i);
    if (c < 0x80 && !chars.unreserved(c)) return true;
  }
  return false;
}

/** "U+00E9". */
export function codePointName(cp: number): string {
  return "U+" + cp.toString(16).toUpperCase().padStart(4, "0");
}
