// Tables of ASCII characters read from an edition's grammar (its rules' DFAs), never listed by
// hand: which characters a rule takes where. One table per edition and rule, made when first asked.
import type { Edition } from "./edition.js";

/** The characters of a scheme: those that may begin one, and those that may follow its first. */
export interface SchemeChars {
  /** 1 where the ASCII character may begin a scheme (the scheme rule's first characters). */
  readonly start: Uint8Array;
  /**
   * 1 where the ASCII character may stand in a scheme after its first character, ":" excepted
   * (the delimiter that ends the scheme in every edition; the 1993 draft's ialpha may hold one).
   * "%" is one where the scheme takes an escape.
   */
  readonly part: Uint8Array;
  /**
   * Whether a run of those characters is a scheme: where the scheme takes an escape (the 1993
   * draft's xalpha), "%" must be followed by two hex digits, which the tables cannot say.
   */
  readonly accepts: (text: string) => boolean;
}

const SCHEMES = new WeakMap<Edition, SchemeChars>();

/**
 * The scheme characters of the edition's `scheme` role: `start` from the rule's one-character
 * matches, `part` from the two-character matches after a character of `start` (every edition's
 * scheme is a first character followed by a run of one set: ALPHA *( ALPHA / DIGIT / "+" / "-" /
 * "." ) in RFC 2396 and later, 1*( ... ) in draft -01, ialpha = alpha [ xalphas ] in 1993).
 */
export function schemeCharsOf(edition: Edition): SchemeChars {
  let chars = SCHEMES.get(edition);
  if (chars === undefined) {
    const rule = edition.requireRule(edition.roles.scheme);
    const start = edition.asciiTable(rule.name);
    const first = String.fromCharCode(start.indexOf(1));
    const part = new Uint8Array(128);
    for (let c = 0; c < 128; c++) part[c] = c !== 0x3a && edition.accepts(first + String.fromCharCode(c), rule) ? 1 : 0;
    if (edition.accepts(first + "%41", rule)) part[0x25] = 1;
    chars = { start, part, accepts: (text) => edition.accepts(text, rule) };
    SCHEMES.set(edition, chars);
  }
  return chars;
}

/** Whether the UTF-16 code unit is 1 in an ASCII table. */
export function inTable(table: Uint8Array, c: number): boolean {
  return c < 128 && table[c] === 1;
}
