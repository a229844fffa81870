// Escapes ("%" HEXDIG HEXDIG) rewritten in one pass, in time and memory linear in the text,
// for the normalizations of every model (the draft's 6.2.2.2, RFC 3986's 6.2.2.1 and 6.2.2.2, RFC
// 2396's 2.3). Which escapes are decoded is each model's own answer (a table of the ASCII
// characters its grammar calls unreserved, or the draft's safe characters).
//
// Why not String.prototype.replace with a function: it allocates a match, a capture and a result
// string per escape and keeps every piece alive until the end, so on a text of many escapes the
// garbage collector copies and marks them again and again, and the cost per character grows with
// the length (2-3 times from 10k to 1M characters of "%41"). Here the output is built as character
// codes in a reused buffer and turned into a string 8,192 codes at a time.

/** Characters are flushed to a string this many at a time. */
const CHUNK = 8192;

/**
 * The text with its escapes rewritten: an escape of a character whose entry in `decode` (indexed
 * by code, 0-127) is 1 becomes the character; every other escape is kept with upper-case hex
 * digits when `upper` is true, as written otherwise. With `lower`, the ASCII letters outside
 * escapes, and the decoded ones, are made lower case. A "%" that does not start an escape is left
 * as it is. Lone surrogates and other code units are copied as they are.
 */
export function rewriteEscapes(text: string, decode: Uint8Array, upper: boolean, lower = false): string {
  if (!lower && text.indexOf("%") < 0) return text;
  const n = text.length;
  const out = new TextBuilder();
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x25 && i + 2 < n) {
      const h = hexValue(text.charCodeAt(i + 1));
      const l = hexValue(text.charCodeAt(i + 2));
      if (h >= 0 && l >= 0) {
        const code = h * 16 + l;
        if (code < 0x80 && decode[code] === 1) {
          out.push(lower ? toLower(code) : code);
        } else {
          out.push(0x25);
          out.push(upper ? toUpper(text.charCodeAt(i + 1)) : text.charCodeAt(i + 1));
          out.push(upper ? toUpper(text.charCodeAt(i + 2)) : text.charCodeAt(i + 2));
        }
        i += 2;
        continue;
      }
    }
    out.push(lower ? toLower(c) : c);
  }
  return out.finish();
}

/** The value of a hex digit's code, or -1. */
export function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** The octet an escape at `at` stands for, or -1 when no escape starts there. */
export function escapeAt(text: string, at: number): number {
  if (at + 2 >= text.length || text.charCodeAt(at) !== 0x25) return -1;
  const h = hexValue(text.charCodeAt(at + 1));
  const l = hexValue(text.charCodeAt(at + 2));
  return h < 0 || l < 0 ? -1 : h * 16 + l;
}

function toLower(c: number): number {
  return c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
}

function toUpper(c: number): number {
  return c >= 0x61 && c <= 0x7a ? c - 0x20 : c;
}

/** A string built from character codes, without an object per character. */
export class TextBuilder {
  private readonly codes: number[] = [];
  private readonly chunks: string[] = [];

  push(code: number): void {
    this.codes.push(code);
    if (this.codes.length >= CHUNK) this.flush();
  }

  finish(): string {
    this.flush();
    return this.chunks.length === 1 ? this.chunks[0] : this.chunks.join("");
  }

  private flush(): void {
    if (this.codes.length === 0) return;
    this.chunks.push(String.fromCharCode.apply(null, this.codes));
    this.codes.length = 0;
  }
}
