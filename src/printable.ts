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

/** How many characters of a value a message quotes before it cuts the rest (quote()). */
export const QUOTE_MAX_LENGTH = 200;

/**
 * A value quoted in a sentence of the command line or of an error: the text as visible() shows it,
 * in double quotes (JSON's, so `"` and `\` are escaped), cut after QUOTE_MAX_LENGTH characters with
 * the length said ("…" and "(12345678 characters)"): a message stays a line however long the value.
 * Nothing of UNPRINTABLE reaches the terminal through it.
 */
export function quote(text: string, max = QUOTE_MAX_LENGTH): string {
  const s = String(text);
  if (s.length <= max) return JSON.stringify(visible(s));
  return `${JSON.stringify(visible(head(s, max)) + "…")} (${s.length} characters)`;
}

/**
 * A name shown as it is, unquoted (a file, an option as given): visible(), cut as quote() cuts.
 */
export function shown(text: string, max = QUOTE_MAX_LENGTH): string {
  const s = String(text);
  return s.length <= max ? visible(s) : `${visible(head(s, max))}… (${s.length} characters)`;
}

/** The first `max` UTF-16 units of the text, or one fewer, so as not to end inside a surrogate pair. */
function head(s: string, max: number): string {
  const code = s.charCodeAt(max - 1);
  return s.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** The SGR sequences ("ESC [ 1 ; 31 m") the command line's own colours are made of. */
const SGR_OR_UNPRINTABLE = new RegExp(`\\u001b\\[[0-9;]*m|${UNPRINTABLE.source}`, "gu");

/**
 * Text for a terminal (what the command line writes to stdout or stderr): every character of
 * UNPRINTABLE shown as visibleChar() shows it, but for the line break and the tab (the layout of
 * lines and of TSV) and, when `colours` is true, the SGR sequences of the tool's own colours
 * (everything a command quotes of its input went through quote() or visible() before it was
 * painted, so every ESC left is the tool's). The last line of defence: a message that forgets to
 * quote its input still cannot move the cursor, set the title, or reverse the text.
 */
export function terminalText(text: string, colours: boolean): string {
  if (!hasUnprintable(text)) return text;
  return text.replace(SGR_OR_UNPRINTABLE, (c) => {
    if (c.length > 1 && c.charCodeAt(0) === 0x1b && c.charCodeAt(1) === 0x5b) return colours ? c : visible(c);
    return c === "\n" || c === "\t" ? c : visibleChar(c.codePointAt(0)!);
  });
}
