// Output that a terminal or a program can trust: the characters of an input that a terminal does
// not print but may act on, and how each output shows them. One definition of the set; the caret
// diagram of an error and the text the commands print show them visibly, TSV and JSON escape them.

/**
 * The characters a terminal does not print as themselves but may act on: control characters (C0,
 * DEL and C1: ESC starts escape sequences, U+009B is a one-character CSI), the bidirectional
 * formatting characters (U+202E reverses the text after it, U+2066-U+2069 isolate), the line and
 * paragraph separators, and lone surrogates (not characters at all).
 */
export const UNPRINTABLE = /[\p{Cc}\p{Bidi_Control}\p{Zl}\p{Zp}]|\p{Cs}/gu;

const ANY_UNPRINTABLE = new RegExp(UNPRINTABLE.source, "u");

/** True when the text holds a character of UNPRINTABLE. */
export function hasUnprintable(text: string): boolean {
  return ANY_UNPRINTABLE.test(text);
}

/**
 * A character as a reader should see it: a C0 control as its control picture (ESC as U+241B "␛"),
 * DEL as "␡", a lone surrogate as U+FFFD, any other character of UNPRINTABLE as "<U+202E>" ("<"
 * and ">" never stand in a URI), every other character as itself.
 */
export function visibleChar(cp: number): string {
  if (cp < 0x20) return String.fromCodePoint(0x2400 + cp); // control pictures
  if (cp === 0x7f) return "\u2421";
  if (cp < 0x80 || !ANY_UNPRINTABLE.test(String.fromCodePoint(cp))) return String.fromCodePoint(cp);
  if (cp >= 0xd800 && cp <= 0xdfff) return "\ufffd";
  return `<U+${hex(cp, 4)}>`;
}

/** The text with every character of UNPRINTABLE shown as visibleChar() shows it. */
export function visible(text: string): string {
  return hasUnprintable(text) ? text.replace(UNPRINTABLE, (c) => visibleChar(c.codePointAt(0)!)) : text;
}

/**
 * JSON text (JSON.stringify's) with the characters of UNPRINTABLE that JSON.stringify leaves as
 * they are (DEL, C1, bidirectional formatting, separators) written as \uXXXX escapes: the same
 * JSON value, safe to show on a terminal.
 */
export function escapeJson(json: string): string {
  // C0 controls are escaped inside strings by JSON.stringify; outside them they are its layout.
  return hasUnprintable(json)
    ? json.replace(UNPRINTABLE, (c) => (c.charCodeAt(0) < 0x20 ? c : `\\u${hex(c.charCodeAt(0), 4).toLowerCase()}`))
    : json;
}

/** The code point in upper-case hexadecimal, at least `width` digits. */
export function hex(cp: number, width: number): string {
  return cp.toString(16).toUpperCase().padStart(width, "0");
}
