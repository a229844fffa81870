// Errors are data: where the input stopped matching, what could have come there, and in which
// rule of the grammar.
import { visible, visibleChar } from "./printable.js";

/** A rule name of any edition. */
type RuleName = string;

/** The details of a syntax error, as diagnose() finds them. */
export interface UriSyntaxErrorDetails {
  /** The whole input. */
  readonly input: string;
  /**
   * Index (UTF-16 code units) of the first character that could not be matched, or input.length:
   * the length of the input's longest prefix that some match of the rule begins with.
   */
  readonly offset: number;
  /** What could have come at the offset, in words: `"]"`, `hex digit`, `end of input`. */
  readonly expected: readonly string[];
  /** The same for programs, exactly: every character that could come next, and whether the input could end there. */
  readonly next: UriSyntaxErrorNext;
  /** The innermost rule that was being matched at the offset. */
  readonly rule: RuleName;
  /** The chain of rules from the start rule to `rule`. */
  readonly path: readonly RuleName[];
  /** The section of the draft that defines `rule`. */
  readonly section: string;
  /** The rule the input was checked against. */
  readonly startRule: RuleName;
  /** The edition whose grammar the input was checked against. */
  readonly edition: string;
  /** A sentence for a learner about this kind of mistake, if one applies. */
  readonly hint?: string | undefined;
}

/**
 * What could come at the offset (UriSyntaxError.next): exactly the characters c for which the
 * input up to the offset followed by c is the beginning of some match of the rule, and whether the
 * input up to the offset is itself a match.
 */
export interface UriSyntaxErrorNext {
  /** Every ASCII character that could come next, as one string in code order: "#/?" ... */
  readonly characters: string;
  /**
   * The code points past ASCII that could come next, as ranges [first, last] in order: empty in
   * the URI editions, whose characters are ASCII; RFC 3987's ucschar and iprivate where they may
   * come.
   */
  readonly ranges: readonly (readonly [number, number])[];
  /** True when the input could have ended at the offset. */
  readonly end: boolean;
}

/** What an error needs to work out its details when they are first asked for. */
export interface LazyUriSyntaxError {
  readonly input: string;
  readonly startRule: RuleName;
  readonly edition: string;
  readonly compute: () => UriSyntaxErrorDetails;
}

/**
 * The input is not in the language of the rule it was checked against.
 * `format()` draws the input with a caret under the offset.
 *
 * Working out where and why (a second reading of the input, which also works out which rules read
 * each character that could come next) takes longer than finding that the input is invalid, so it
 * is done when a detail (offset, message, rule, ...) is first read, once; code that only needs to
 * know that parsing failed does not pay for it. It takes time linear in the input and memory
 * independent of its length.
 *
 * The error is about the input, and says where in the input; by default it does not record the
 * JavaScript call stack (its `stack` is the name and message only), because V8 takes longer to
 * record one than the whole parse takes. Set `UriSyntaxError.captureStack = true` to record it.
 */
export class UriSyntaxError extends SyntaxError implements UriSyntaxErrorDetails {
  /**
   * Whether a UriSyntaxError records the call stack where it is made, as other errors do
   * (`Error.stackTraceLimit` frames). Off by default: recording a stack costs V8 microseconds,
   * several times a whole parse, so a stream of invalid references would spend most of its time
   * there.
   */
  static captureStack = false;

  readonly input: string;
  readonly startRule: RuleName;
  /** The edition whose grammar the input was checked against ("rfc3986"). */
  readonly edition: string;
  #details: UriSyntaxErrorDetails | undefined;
  #compute: (() => UriSyntaxErrorDetails) | undefined;

  constructor(details: UriSyntaxErrorDetails | LazyUriSyntaxError) {
    if (UriSyntaxError.captureStack) {
      super();
    } else {
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 0;
      try {
        super();
      } finally {
        Error.stackTraceLimit = limit;
      }
    }
    this.name = "UriSyntaxError";
    this.input = details.input;
    this.startRule = details.startRule;
    this.edition = details.edition;
    if ("compute" in details) this.#compute = details.compute;
    else this.#details = details;
  }

  #get(): UriSyntaxErrorDetails {
    if (this.#details === undefined) {
      this.#details = this.#compute!();
      this.#compute = undefined;
    }
    return this.#details;
  }

  /** Index (UTF-16 code units) of the first character that could not be matched, or input.length. */
  get offset(): number { return this.#get().offset; }
  /** What could have come at the offset, in words: `"]"`, `hex digit`, `end of input`. */
  get expected(): readonly string[] { return this.#get().expected; }
  /** What could come at the offset, for programs: every character, and whether the input could end there. */
  get next(): UriSyntaxErrorNext { return this.#get().next; }
  /** The innermost rule that was being matched at the offset. */
  get rule(): RuleName { return this.#get().rule; }
  /** The chain of rules from the start rule to `rule`. */
  get path(): readonly RuleName[] { return this.#get().path; }
  /** The section of the draft that defines `rule`. */
  get section(): string { return this.#get().section; }
  /** A sentence for a learner about this kind of mistake, if one applies. */
  get hint(): string | undefined { return this.#get().hint; }
  /** The character at the offset, or undefined at the end of the input. */
  get found(): string | undefined { return foundAt(this.input, this.offset); }

  /**
   * The input (or, for a long input, the part around the offset) with a caret under the offset
   * and the message after it:
   *
   *     http://[fe80::1/x
   *                    ^ offset 15: expected ":", "]" or hex digit in IPv6reference (section 3.2.2)
   */
  format(): string {
    const { line, caret } = window(this.input, this.offset);
    // The message quotes the input (a hint names the character or the segment): shown visibly too.
    return `${line}\n${" ".repeat(caret)}^ ${visible(this.message)}`;
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name, message: this.message, offset: this.offset, found: this.found,
      expected: this.expected, next: this.next, rule: this.rule, path: this.path, section: this.section,
      startRule: this.startRule, edition: this.edition, hint: this.hint,
    };
  }
}

// The message is worked out on first reading too (Error's own message is a data property, so the
// accessor is put on the prototype; the constructor leaves the instance without one).
Object.defineProperty(UriSyntaxError.prototype, "message", {
  configurable: true,
  enumerable: false,
  get(this: UriSyntaxError): string {
    return describeError({
      input: this.input, offset: this.offset, expected: this.expected, next: this.next, rule: this.rule, path: this.path,
      section: this.section, startRule: this.startRule, edition: this.edition, hint: this.hint,
    });
  },
});

/**
 * What went wrong in resolution, for every edition (one union; a code means the same in each):
 * - "relative-base": the base has no scheme (the draft's 5.1; RFC 3986 5.1 and 5.2.1);
 * - "opaque-base": the base's path is an opaque part (the draft only; RFC 3986 has none);
 * - "invalid-base", "invalid-reference": the base or the reference is not valid syntax;
 * - "dot-segments": merge step 7 was told to fail (the draft only; RFC 3986 leaves no choice);
 * - "ambiguous-path": the target would be read back otherwise once recomposed: no authority and a
 *   path starting with "//" (read as an authority), or, in the 1997-98 drafts, whose query follows
 *   only a path, an authority with an empty path and a query ("http://a?y" is the path "//a").
 */
export type ResolveErrorCode =
  | "relative-base" | "opaque-base" | "invalid-base" | "invalid-reference" | "dot-segments" | "ambiguous-path";

/** Resolution could not be carried out (section 5): the base is unsuitable, or step 7 was told to fail. */
export class ResolveError extends Error {
  /** What went wrong (see ResolveErrorCode). */
  readonly code: ResolveErrorCode;
  /** The step of section 5.2 (or 5.1) where it went wrong, e.g. "5.2 merge step 7". */
  readonly step: string;
  /** The syntax error behind it, when the base or the reference was not valid. */
  readonly cause?: unknown;

  constructor(code: ResolveErrorCode, step: string, message: string, cause?: unknown) {
    super(message);
    this.name = "ResolveError";
    this.code = code;
    this.step = step;
    if (cause !== undefined) this.cause = cause;
  }
}

/**
 * The edition's document defines no such operation: the 1993 URL draft has no normalization and
 * no comparison of URLs. Thrown instead of an answer the document does not give; the message
 * names the operation, the document, the section that says so where one does, and an edition
 * that defines it.
 */
export class NotDefinedError extends Error {
  /** The function that was called: "normalize", "equivalent". */
  readonly operation: string;
  /** The id of the edition whose document defines no such operation. */
  readonly edition: string;

  constructor(operation: string, edition: string, message: string) {
    super(message);
    this.name = "NotDefinedError";
    this.operation = operation;
    this.edition = edition;
  }
}

/**
 * Why a mapping between IRIs and URIs (RFC 3987 section 3) could not be carried out:
 * - "not-iri-character": a code point that is neither US-ASCII, `ucschar` nor `iprivate` (a C1
 *   control, a noncharacter such as U+FFFE, a tag U+E0000-E0FFF): not an IRI, so 3.1 step 2
 *   converts nothing and the result would not be a URI;
 * - "lone-surrogate": half of a UTF-16 surrogate pair, which is no character and has no UTF-8 form;
 * - "ascii-not-allowed": a printable US-ASCII character not allowed in URIs ("<", ">", '"', space,
 *   "{", "}", "|", "\", "^", "`"), which 3.1 converts only when asked ("the conversion SHOULD fail");
 * - "control": a US-ASCII control character, which 3.1 never converts;
 * - "bad-escape": a "%" not followed by two hex digits;
 * - "not-ascii": a URI to convert (3.2 step 1: "a sequence of octets in US-ASCII") has a character
 *   past U+007F;
 * - "idna": the ToASCII conversion of an ireg-name label (3.1, RFC 3490) failed.
 */
export type IriMappingErrorCode =
  | "not-iri-character" | "lone-surrogate" | "ascii-not-allowed" | "control" | "bad-escape" | "not-ascii" | "idna";

/** An IRI could not be mapped to a URI (RFC 3987 3.1), or a URI to an IRI (3.2): where and why. */
export class IriMappingError extends Error {
  /** What went wrong (see IriMappingErrorCode). */
  readonly code: IriMappingErrorCode;
  /** The whole input. */
  readonly input: string;
  /** Index (UTF-16 code units) in the input of the character, escape or label at fault. */
  readonly offset: number;
  /** The section of RFC 3987 that rules on it ("3.1", "3.2"). */
  readonly section: string;

  constructor(code: IriMappingErrorCode, input: string, offset: number, section: string, message: string) {
    super(`offset ${offset}: ${message} (RFC 3987 ${sectionText(section)})`);
    this.name = "IriMappingError";
    this.code = code;
    this.input = input;
    this.offset = offset;
    this.section = section;
  }

  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message, code: this.code, offset: this.offset, section: this.section, input: this.input };
  }
}

/** The character (a whole code point) at the offset, or undefined at the end. */
function foundAt(input: string, offset: number): string | undefined {
  if (offset >= input.length) return undefined;
  const cp = input.codePointAt(offset)!;
  return String.fromCodePoint(cp);
}

/** Shows a character so that a learner sees what it is. */
export function showChar(ch: string): string {
  const cp = ch.codePointAt(0)!;
  if (cp === 0x20) return "space";
  if (cp < 0x20 || cp === 0x7f) return `control character U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
  if (cp >= 0xd800 && cp <= 0xdfff) return `lone surrogate U+${cp.toString(16).toUpperCase()}`;
  if (cp > 0x7e) return `"${ch}" (U+${cp.toString(16).toUpperCase().padStart(4, "0")})`;
  return JSON.stringify(ch);
}

/** The message of an error with these details (UriSyntaxError.message). */
export function describeError(d: UriSyntaxErrorDetails): string {
  const found = foundAt(d.input, d.offset);
  const where = `offset ${d.offset}: ` + (found === undefined ? "unexpected end of input; " : `${showChar(found)} is not allowed here; `);
  const expected = d.expected.length ? `expected ${orList(d.expected)}` : "no further character can be matched";
  return `${where}${expected} in ${d.rule} (${sectionText(d.section)})` + (d.hint ? `. ${d.hint}` : "");
}

/** "section 3.2.2", "RFC 2234 core rule", or a named section in quotes (the 1993 draft's "BNF syntax"). */
export function sectionText(section: string): string {
  if (section === "RFC 2234") return "RFC 2234 core rule";
  return /^\d/.test(section) ? `section ${section}` : `section "${section}"`;
}

/** "a", "a or b", "a, b or c". */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return items.slice(0, -1).join(", ") + " or " + items[items.length - 1];
}

const WINDOW = 60;

/** One line to show (what a terminal would act on made visible) and the caret's column in it. */
function window(input: string, offset: number): { line: string; caret: number } {
  let from = Math.max(0, offset - WINDOW);
  let to = Math.min(input.length, offset + WINDOW);
  // Do not cut a surrogate pair in two.
  if (from > 0 && isLowSurrogate(input.charCodeAt(from))) from--;
  if (to < input.length && isLowSurrogate(input.charCodeAt(to))) to++;
  let line = from > 0 ? "…" : "";
  let caret = line.length;
  for (let i = from; i < to;) {
    const cp = input.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const shown = visibleChar(cp);
    if (i < offset) caret += [...shown].length;
    line += shown;
    i += width;
  }
  if (to < input.length) line += "…";
  return { line, caret };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
