// The work of 'uri-grammar batch' on a block of lines, shared by the main thread and the workers:
// each line checked against the rule, one result line out, and the counts for the summary.
//
// checkBytes() reads the block as the bytes it came in: a line of ASCII bytes is run through the
// rule's automaton as bytes (Automaton.acceptsBytes), and a valid one is written as bytes into the
// block's output buffer, its input copied where the format writes it as it is. Every other line (an
// invalid one, one with bytes past ASCII, one the format must escape, a --numbered line whose
// number is not plain) is decoded and goes through writeLine(): its record made by the code of
// checkBlock()'s, from the error's details read without making the error, or taken from a memo
// of the records of recent lines. checkBlock() is the reading of a decoded block, line by line,
// each line through validate() and its UriSyntaxError: the definition of the output that
// test/batch-core.test.ts holds checkBytes() to, byte for byte.
import type { EditionId, RuleName } from "../index.js";
import { EDITIONS } from "../registry.js";
import { validateIn } from "../parse.js";
import type { Edition, RuleInfo } from "../edition.js";
import { diagnosis } from "../diagnose.js";
import { describeError } from "../errors.js";
import { escapeJson, hasUnprintable, hex, UNPRINTABLE } from "../printable.js";
import { ByteOut } from "./byte-out.js";

export type BatchFormat = "jsonl" | "tsv";

export const TSV_HEADER = "line\tinput\tvalid\toffset\trule\tmessage\n";

/** What a run checks and how it writes, the same for every block. */
export interface BatchSettings {
  /** The edition whose grammar checks each line. */
  readonly edition: EditionId;
  readonly rule: RuleName;
  readonly format: BatchFormat;
  /** Empty lines are left out (counted, not checked, no result line). */
  readonly skipEmpty: boolean;
  /** Each line is NUMBER<TAB>TEXT: the number is the line's, the text is checked. */
  readonly numbered: boolean;
  /** Each record also gets the differences of the URL Standard's reading (src/differential.ts). */
  readonly differential?: boolean;
}

/** A line whose bytes are not UTF-8: where (in the decoded line) and which bytes. */
export interface BadBytes {
  /** UTF-16 offset in the decoded line (where U+FFFD stands for the bytes). */
  readonly offset: number;
  /** The ill-formed bytes, e.g. [0xff]. */
  readonly bytes: readonly number[];
}

/** What one block of lines gave. */
export interface BlockResult {
  /** The result lines, each ending with "\n", as UTF-8. */
  out: Uint8Array;
  lines: number;
  valid: number;
  invalid: number;
  skipped: number;
  /** Failing rule -> count. */
  byRule: Record<string, number>;
  /** The number of the last line of the block (the line numbers of --numbered input). */
  lastLine: number;
}

/** The "rule" counted in the summary for a line that is not UTF-8 text. */
export const NOT_UTF8 = "(not UTF-8)";

/**
 * Splits a block of whole lines (each ending with "\n", as the reader cuts them) into the lines,
 * without their "\n" or a "\r" before it.
 */
export function splitBlock(block: string): string[] {
  const lines = block.split("\n");
  lines.pop(); // after the last "\n"
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.length && line.charCodeAt(line.length - 1) === 13) lines[i] = line.slice(0, -1);
  }
  return lines;
}

/** The counts of a block, as its lines are checked. */
interface Tally {
  valid: number;
  invalid: number;
  skipped: number;
  byRule: Record<string, number>;
  /** The number of the last line (its line number in the input, or the number --numbered gave it). */
  number: number;
}

const newTally = (firstLine: number): Tally => ({ valid: 0, invalid: 0, skipped: 0, byRule: {}, number: firstLine - 1 });

/** A line's text (for --numbered input, after NUMBER<TAB>), where it begins in the line, and the record's number. */
interface LineInput {
  readonly input: string;
  readonly shift: number;
  readonly number: number;
}

/** The text of a line (decoded, without its line break) and its record's number; `at` is its line number in the input. */
function lineInput(line: string, at: number, settings: BatchSettings): LineInput {
  if (!settings.numbered) return { input: line, shift: 0, number: at };
  const tab = line.indexOf("\t");
  const id = tab > 0 ? line.slice(0, tab) : "";
  if (!/^\d{1,15}$/.test(id)) {
    throw new NumberedInputError(`line ${at} of the input does not start with a number and a tab ` +
      `(--numbered reads NUMBER<TAB>TEXT): ${json(line.slice(0, 40))}`);
  }
  const number = Number(id);
  let shift = tab + 1;
  let input = line.slice(shift);
  // The file's byte order mark, behind the number the numbering step put before it.
  if (number === 1 && input.charCodeAt(0) === 0xfeff) { input = input.slice(1); shift++; }
  return { input, shift, number };
}

/** Counts a line's record: valid, or invalid in the rule `failedIn`. */
function countRecord(tally: Tally, failedIn: string | undefined): void {
  if (failedIn === undefined) tally.valid++;
  else {
    tally.invalid++;
    tally.byRule[failedIn] = (tally.byRule[failedIn] ?? 0) + 1;
  }
}

/**
 * The result line of one line of the input (decoded, without its line break), "" for a skipped
 * one; `at` is its line number in the input, `bad` where its bytes are not UTF-8. The definition
 * of a record: the line checked by the library's validate() and its UriSyntaxError read.
 */
function resultLine(line: string, at: number, settings: BatchSettings, tally: Tally, bad: BadBytes | undefined): string {
  const { input, shift, number } = lineInput(line, at, settings);
  tally.number = number;
  if (settings.skipEmpty && input === "") { tally.skipped++; return ""; }
  const { text, failedIn } = recordBody(input, shift, settings, bad, errorOf);
  countRecord(tally, failedIn);
  return (settings.format === "jsonl" ? `{"line":${number}` : `${number}`) + text;
}

/**
 * resultLine() written into `out` as bytes, with the record after the line number taken from the
 * memo when the same text came before (see Memo), else made by the same code from the same
 * details, read without making the UriSyntaxError (diagnosis(), describeError()).
 */
function writeLine(out: ByteOut, line: string, at: number, settings: BatchSettings, tally: Tally, bad: BadBytes | undefined, memo: Memo): void {
  const { input, shift, number } = lineInput(line, at, settings);
  tally.number = number;
  if (settings.skipEmpty && input === "") { tally.skipped++; return; }
  // A record depends on the line's number and its text (and, for bytes that are not UTF-8, on where
  // they are in the line): the rest of it is the same for the same text.
  const cacheable = bad === undefined && input.length <= MEMO_LONGEST;
  const kept = cacheable ? memo.get(input) : undefined;
  out.text(settings.format === "jsonl" ? `{"line":${number}` : `${number}`);
  if (kept !== undefined) {
    memo.write(kept, out);
    countRecord(tally, kept.failedIn);
    return;
  }
  const fields = recordFields(input, shift, settings, bad, detailsOf);
  const start = out.pos;
  if (settings.format === "jsonl") writeJsonRecord(out, input, fields);
  else writeTsvRecord(out, input, fields);
  if (cacheable) memo.keep(input, out.buf, start, out.pos, fields.failedIn);
  countRecord(tally, fields.failedIn);
}

/** Where a Memo keeps a record after its line number (as UTF-8), and the rule in which the line failed (undefined: valid). */
interface Body {
  readonly start: number;
  readonly end: number;
  readonly failedIn: string | undefined;
}

/** Where and why a text is not a match of the rule: undefined when it is one. */
type Check = (edition: Edition, input: string, start: RuleInfo) => { offset: number; rule: string; message: string } | undefined;

/** validate(input, { rule, edition }) (without the checks of its arguments, made once by the command) and its error. */
const errorOf: Check = (edition, input, start) => {
  const result = validateIn(edition, input, start);
  return result.valid ? undefined : result.error;
};

/** What errorOf() reads of the error, from the same details, without making the error. */
const detailsOf: Check = (edition, input, start) => {
  if (edition.accepts(input, start)) return undefined;
  const details = diagnosis(edition, input, start);
  return { offset: details.offset, rule: details.rule, message: describeError(details) };
};

/** What a line's record says after its line number (failedIn undefined: valid; `more`: the --differential field, written). */
interface Fields {
  readonly offset: number;
  readonly failedIn: string | undefined;
  readonly message: string;
  readonly more: string;
}

/** What the record of a line's text says; `shift` is where the text begins in the line. */
function recordFields(input: string, shift: number, settings: BatchSettings, bad: BadBytes | undefined, check: Check): Fields {
  const { edition: id, rule, format } = settings;
  const edition = EDITIONS[id] as unknown as Edition;
  const e = check(edition, input, edition.requireRule(rule));
  const diff = settings.differential ? differences(input, id, format) : undefined;
  const more = diff === undefined ? "" : format === "jsonl" ? `,"differences":${escapeJson(diff)}` : `\t${tsv(diff)}`;
  if (e === undefined) return { offset: 0, failedIn: undefined, message: "", more };
  let offset = e.offset;
  let failedIn: string = e.rule;
  let message = e.message;
  if (bad !== undefined && bad.offset - shift === offset) {
    // The grammar stopped at the bytes that are not UTF-8: say what they are, not U+FFFD.
    offset = bad.offset - shift;
    failedIn = NOT_UTF8;
    const hex = bad.bytes.map((b) => b.toString(16).toUpperCase().padStart(2, "0"));
    message = `offset ${offset}: ${bad.bytes.length === 1 ? "byte" : "bytes"} ${hex.map((h) => "0x" + h).join(" ")} ` +
      `${bad.bytes.length === 1 ? "is" : "are"} not UTF-8 text. URIs are ASCII: data outside US-ASCII is written as ` +
      `the escapes of its octets (${hex.map((h) => "%" + h).join("")}) (section 2.1)`;
  }
  return { offset, failedIn, message, more };
}

/** The record of a line's text after its line number, from what it says. */
function recordText(input: string, { offset, failedIn, message, more }: Fields, format: BatchFormat): string {
  if (failedIn === undefined) return format === "jsonl" ? `,"input":${json(input)},"valid":true${more}}\n` : `\t${tsv(input)}\ttrue\t\t\t${more}\n`;
  return format === "jsonl"
    ? `,"input":${json(input)},"valid":false,"offset":${offset},"rule":${json(failedIn)},"message":${json(message)}${more}}\n`
    : `\t${tsv(input)}\tfalse\t${offset}\t${failedIn}\t${tsv(message)}${more}\n`;
}

/** The record of a line's text after its line number, and the rule in which it failed (undefined: valid). */
function recordBody(input: string, shift: number, settings: BatchSettings, bad: BadBytes | undefined, check: Check): { text: string; failedIn: string | undefined } {
  const fields = recordFields(input, shift, settings, bad, check);
  return { text: recordText(input, fields, settings.format), failedIn: fields.failedIn };
}

const JSON_INPUT = Buffer.from(',"input":', "latin1");
const JSON_VALID = Buffer.from(',"valid":true}\n', "latin1");
const JSON_INVALID = Buffer.from(',"valid":false,"offset":', "latin1");
const JSON_RULE = Buffer.from(',"rule":', "latin1");
const JSON_MESSAGE = Buffer.from(',"message":', "latin1");
const JSON_END = Buffer.from("}\n", "latin1");

/**
 * recordText() of a JSON Lines record written into `out` as bytes, without the strings of its
 * fields: each text as jsonInto() writes it.
 */
function writeJsonRecord(out: ByteOut, input: string, { offset, failedIn, message, more }: Fields): void {
  if (more !== "") { out.text(recordText(input, { offset, failedIn, message, more }, "jsonl")); return; }
  constant(out, JSON_INPUT);
  jsonInto(out, input);
  if (failedIn === undefined) { constant(out, JSON_VALID); return; }
  constant(out, JSON_INVALID);
  out.text(String(offset));
  constant(out, JSON_RULE);
  jsonInto(out, failedIn);
  constant(out, JSON_MESSAGE);
  jsonInto(out, message);
  constant(out, JSON_END);
}

const TSV_VALID = Buffer.from("\ttrue\t\t\t\n", "latin1");
const TSV_INVALID = Buffer.from("\tfalse\t", "latin1");
const TAB_BYTE = Buffer.from("\t", "latin1");
const LF_BYTE = Buffer.from("\n", "latin1");

/** recordText() of a TSV record written into `out` as bytes, each field as tsvInto() writes it. */
function writeTsvRecord(out: ByteOut, input: string, { offset, failedIn, message, more }: Fields): void {
  if (more !== "") { out.text(recordText(input, { offset, failedIn, message, more }, "tsv")); return; }
  constant(out, TAB_BYTE);
  tsvInto(out, input);
  if (failedIn === undefined) { constant(out, TSV_VALID); return; }
  constant(out, TSV_INVALID);
  out.text(String(offset));
  constant(out, TAB_BYTE);
  out.text(failedIn);
  constant(out, TAB_BYTE);
  tsvInto(out, message);
  constant(out, LF_BYTE);
}

/**
 * tsv(field), written into `out`: the field as UTF-8, kept when its bytes are printable ASCII
 * with no backslash (what tsv() leaves as it is), else written again as tsv() writes it.
 */
function tsvInto(out: ByteOut, field: string): void {
  const start = out.pos;
  out.text(field);
  const buf = out.buf;
  const end = out.pos;
  for (let i = start; i < end; i++) {
    const b = buf[i];
    if (b < 0x20 || b > 0x7e || b === BACKSLASH) {
      out.pos = start;
      out.text(tsv(field));
      return;
    }
  }
}

function constant(out: ByteOut, bytes: Buffer): void {
  const buf = out.room(bytes.length);
  let pos = out.pos;
  for (let k = 0; k < bytes.length; k++) buf[pos++] = bytes[k];
  out.pos = pos;
}

const QUOTE = 0x22, BACKSLASH = 0x5c;

/**
 * json(text), written into `out`: the text as UTF-8 between quotes; when its bytes are printable
 * ASCII, a backslash put before each '"' and '\\' (what JSON.stringify() does to printable ASCII;
 * the escapes of printable.ts leave it as it is), else written again by json().
 */
function jsonInto(out: ByteOut, text: string): void {
  const start = out.pos;
  out.room(1)[out.pos++] = QUOTE;
  out.text(text);
  let buf = out.buf;
  const end = out.pos;
  let escapes = 0;
  for (let i = start + 1; i < end; i++) {
    const b = buf[i];
    if (b < 0x20 || b > 0x7e) {
      out.pos = start;
      out.text(json(text));
      return;
    }
    if (b === QUOTE || b === BACKSLASH) escapes++;
  }
  if (escapes > 0) {
    // From the end back: each byte moved up by the escapes before it, a backslash before each to escape.
    buf = out.room(escapes + 1);
    let to = end + escapes - 1;
    for (let i = end - 1; i > start; i--) {
      const b = buf[i];
      buf[to--] = b;
      if (b === QUOTE || b === BACKSLASH) buf[to--] = BACKSLASH;
    }
    out.pos = end + escapes;
  }
  out.room(1)[out.pos++] = QUOTE;
}

/**
 * The URL Standard's differences from the edition's reading (src/differential.ts), loaded only for
 * --differential: it loads the whole library.
 */
function differences(input: string, edition: EditionId, format: BatchFormat): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { batchDifferences } = require("../differential.js") as typeof import("../differential.js");
  return batchDifferences(input, edition, format);
}

/** The longest line text (in UTF-16 code units) whose record a Memo keeps. */
const MEMO_LONGEST = 256;
/** The most records a Memo keeps; past it, it starts again (memory stays bounded, whatever the input). */
const MEMO_SIZE = 4096;
/** The bytes of the records a Memo keeps, at most; past it, it starts again. */
const MEMO_BYTES = 1024 * 1024;

/**
 * The records of the lines that took the slow way (invalid, past ASCII, escaped by the format),
 * by their text: a file of logs repeats its invalid lines, and each costs a diagnosis (the
 * automaton of the rule's positions, the words of the message), some microseconds, against a
 * tenth of a microsecond for a valid line. At most MEMO_SIZE lines of at most MEMO_LONGEST
 * characters each, their records (after the line number) as bytes one after another in one
 * buffer of MEMO_BYTES: kept and written again without a string or a buffer of their own.
 */
export class Memo {
  #records = new Map<string, Body>();
  #bytes: Buffer | undefined;
  #pos = 0;

  get(text: string): Body | undefined {
    return this.#records.get(text);
  }

  /** Keeps bytes[start..end) as the record of `text`. */
  keep(text: string, bytes: Uint8Array, start: number, end: number, failedIn: string | undefined): void {
    const length = end - start;
    if (length > MEMO_BYTES) return;
    if (this.#records.size >= MEMO_SIZE || this.#pos + length > MEMO_BYTES) {
      this.#records = new Map();
      this.#pos = 0;
    }
    const kept = this.#bytes ??= Buffer.allocUnsafe(MEMO_BYTES);
    copyBytes(bytes, start, end, kept, this.#pos);
    this.#records.set(text, { start: this.#pos, end: this.#pos + length, failedIn });
    this.#pos += length;
  }

  /** Appends a record kept to `out`. */
  write(body: Body, out: ByteOut): void {
    const length = body.end - body.start;
    const buf = out.room(length);
    copyBytes(this.#bytes!, body.start, body.end, buf, out.pos);
    out.pos += length;
  }
}

/** Copies from[start..end) into `to` at `at`: a record is a few hundred bytes, which a loop copies sooner than Buffer.copy() gets going. */
function copyBytes(from: Uint8Array, start: number, end: number, to: Uint8Array, at: number): void {
  for (let i = start; i < end; i++) to[at++] = from[i];
}

/**
 * Checks every line of a decoded block; `firstLine` is the number of the block's first line (from
 * 1). `badBytes` holds, by index in the block, the lines whose bytes were not UTF-8. The reading
 * that checkBytes() gives byte for byte, a line at a time.
 */
export function checkBlock(block: string, firstLine: number, settings: BatchSettings,
  badBytes?: ReadonlyMap<number, BadBytes>): BlockResult {
  const lines = splitBlock(block);
  const tally = newTally(firstLine);
  let text = "";
  for (let i = 0; i < lines.length; i++) text += resultLine(lines[i], firstLine + i, settings, tally, badBytes?.get(i));
  return resultOf(Buffer.from(text, "utf8"), lines.length, tally);
}

/** The counts of a run so far: a block's added to them (its last line the run's last). */
export type Counts = Omit<BlockResult, "out">;

export function addCounts(counts: Counts, block: Counts): void {
  counts.lines += block.lines;
  counts.valid += block.valid;
  counts.invalid += block.invalid;
  counts.skipped += block.skipped;
  counts.lastLine = block.lastLine;
  for (const r in block.byRule) counts.byRule[r] = (counts.byRule[r] ?? 0) + block.byRule[r];
}

function resultOf(out: Uint8Array, lines: number, tally: Tally): BlockResult {
  const { valid, invalid, skipped, byRule, number } = tally;
  return { out, lines, valid, invalid, skipped, byRule, lastLine: number };
}

/** What checkBytes() needs of a rule and a format, worked out once per run. */
export interface ByteChecker {
  readonly settings: BatchSettings;
  readonly acceptsBytes: (bytes: Uint8Array, start: number, end: number, out: Uint8Array, at: number) => number;
  /**
   * 1 for each ASCII code unit that the format writes as it is in a valid line's input (JSON.stringify
   * and the escapes of printable.ts, or tsv()); null where no line the rule matches holds any other.
   */
  readonly plain: Uint8Array | null;
  /** The bytes before a valid line's number, between it and its input, and after its input. */
  readonly open: Buffer;
  readonly middle: Buffer;
  readonly close: Buffer;
  /** The records of the lines that took the slow way, by their text. */
  readonly memo: Memo;
}

const CHECKERS = new Map<string, ByteChecker>();

/** The byte checker of a run's settings (made once for each). */
export function byteChecker(settings: BatchSettings): ByteChecker {
  const key = JSON.stringify(settings);
  let checker = CHECKERS.get(key);
  if (checker !== undefined) return checker;
  const edition = EDITIONS[settings.edition] as unknown as Edition;
  const automaton = edition.automata.of(edition.requireRule(settings.rule).name);
  // What the format changes of each ASCII character, from the format's own functions.
  const plain = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    plain[c] = (settings.format === "jsonl" ? json(ch) === `"${ch}"` : tsv(ch) === ch) ? 1 : 0;
  }
  // A character the format changes matters only if some line the rule matches can hold it: a
  // transition on it from a state that is not dead into one that is not.
  const { classes, width, table } = automaton;
  let matters = false;
  for (let c = 0; c < 128 && !matters; c++) {
    if (plain[c] === 1) continue;
    for (let s = 1; s < table.length / width; s++) if (table[s * width + classes[c]] !== 0) { matters = true; break; }
  }
  const [open, middle, close] = settings.format === "jsonl" ? ['{"line":', ',"input":"', '","valid":true}\n'] : ["", "\t", "\ttrue\t\t\t\n"];
  checker = {
    settings, acceptsBytes: automaton.acceptsBytes, plain: matters ? plain : null, memo: new Memo(),
    open: Buffer.from(open, "latin1"), middle: Buffer.from(middle, "latin1"), close: Buffer.from(close, "latin1"),
  };
  CHECKERS.set(key, checker);
  return checker;
}

const LF = 10, CR = 13, TAB = 9, ZERO = 48;

/**
 * Checks every line of a block of whole lines (each ending with "\n", as the reader cuts them)
 * read as bytes; `firstLine` is the number of its first line. The same output and counts as
 * checkBlock() on the block decoded as UTF-8.
 */
export function checkBytes(bytes: Uint8Array, firstLine: number, checker: ByteChecker): BlockResult {
  const { out, lines, valid, invalid, skipped, byRule, lastLine } = checkInto(bytes, firstLine, checker, new ByteOut(bytes.length * 2 + 4096));
  return { out, lines, valid, invalid, skipped, byRule, lastLine };
}

/**
 * checkBytes() with the records appended to `out` (the result's `out` is where they are in it,
 * until its next write), up to the line whose record takes them past `limit` bytes: `end` is
 * where the lines not checked begin (bytes.length when all are). A valid line of ASCII is written without a
 * string: the bytes of the record before its input, its line number (kept as decimal digits from
 * line to line), its input copied by the automaton's loop as it reads it (one pass over the line),
 * and the bytes after it. Every other line takes the slow way: decoded, and written by
 * writeLine() (its record taken from the checker's memo when the same text came before).
 */
export function checkInto(bytes: Uint8Array, firstLine: number, checker: ByteChecker, out: ByteOut, limit = Infinity): BlockResult & { end: number } {
  const start = out.pos;
  const stop = start + limit;
  const { settings, acceptsBytes, plain, open, middle, close, memo } = checker;
  const { numbered, skipEmpty } = settings;
  // --differential: every record gets the URL Standard's reading too, which only writeLine() writes.
  const bytesOnly = settings.differential !== true;
  const tally = newTally(firstLine);
  const fixed = open.length + middle.length + close.length + 16;
  // The line number's decimal digits, right-aligned in `digits` from `first` on ("0" before them).
  const digits = new Uint8Array(16).fill(ZERO);
  let first = 16;
  for (let m = firstLine; first === 16 || m > 0; m = Math.floor(m / 10)) digits[--first] = ZERO + (m % 10);
  const n = bytes.length;
  let index = 0;
  let valid = 0;
  let a = 0;
  for (; a < n && out.pos < stop; index++, first = increment(digits, first)) {
    let nl = bytes.indexOf(LF, a);
    if (nl < 0) nl = n;
    const lineEnd = nl > a && bytes[nl - 1] === CR ? nl - 1 : nl;
    fast: {
      if (!bytesOnly) break fast;
      let p = a;
      let number = firstLine + index;
      // Where the digits of the record's number are: the line number's, or those of NUMBER<TAB>.
      let digitsOf: Uint8Array = digits;
      let from = first;
      let to = 16;
      if (numbered) {
        // NUMBER<TAB>: 1 to 15 digits; anything else (and the byte order mark after number 1) the slow way.
        number = 0;
        while (p < lineEnd && p - a < 16 && bytes[p] >= ZERO && bytes[p] <= ZERO + 9) number = number * 10 + bytes[p++] - ZERO;
        if (p === a || p - a > 15 || p >= lineEnd || bytes[p] !== TAB) break fast;
        if (number === 1 && bytes[p + 1] === 0xef) break fast;
        digitsOf = bytes;
        from = a;
        to = p;
        while (from < to - 1 && bytes[from] === ZERO) from++; // as the number is written: 007 is 7
        p++;
      }
      if (skipEmpty && p === lineEnd) {
        tally.skipped++;
        tally.number = number;
        a = nl + 1;
        continue;
      }
      // The record up to the input, then the input, copied by the automaton's loop as it reads it.
      const buf = out.room(fixed + lineEnd - p);
      let pos = out.pos;
      for (let k = 0; k < open.length; k++) buf[pos++] = open[k];
      for (let k = from; k < to; k++) buf[pos++] = digitsOf[k];
      for (let k = 0; k < middle.length; k++) buf[pos++] = middle[k];
      if (acceptsBytes(bytes, p, lineEnd, buf, pos) !== 1) break fast;
      if (plain !== null && !plainBytes(plain, bytes, p, lineEnd)) break fast;
      pos += lineEnd - p;
      for (let k = 0; k < close.length; k++) buf[pos++] = close[k];
      out.pos = pos;
      valid++;
      tally.number = number;
      a = nl + 1;
      continue;
    }
    writeLine(out, lineOf(bytes, a, nl), firstLine + index, settings, tally, badBytesOf(bytes, a, nl), memo);
    a = nl + 1;
  }
  tally.valid += valid;
  // The records of the block, in `out` until its next write.
  return { ...resultOf(out.buf.subarray(start, out.pos), index, tally), end: a };
}

/** The digits of the next number (right-aligned from `first` on, "0" before them); returns where they begin now. */
function increment(digits: Uint8Array, first: number): number {
  let k = digits.length - 1;
  while (digits[k] === ZERO + 9) digits[k--] = ZERO;
  digits[k]++;
  return k < first ? k : first;
}

/** Whether the format writes every byte of bytes[start..end) as it is. */
function plainBytes(plain: Uint8Array, bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (plain[bytes[i]] === 0) return false;
  return true;
}

/** The line in bytes[start..nl) decoded as UTF-8, without a "\r" before its line break. */
function lineOf(bytes: Uint8Array, start: number, nl: number): string {
  const line = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("utf8", start, nl);
  return line.length && line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line;
}

/** Where the line in bytes[start..nl) stops being UTF-8 (an offset in the decoded line), and the bytes. */
function badBytesOf(bytes: Uint8Array, start: number, nl: number): BadBytes | undefined {
  const at = firstInvalidUtf8(bytes, start, nl);
  if (at === undefined) return undefined;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  return { offset: buf.toString("utf8", start, at.start).length, bytes: [...buf.subarray(at.start, at.end)] };
}

/** A JSON string, with what a terminal would act on escaped (printable.ts). */
function json(text: string): string {
  const quoted = JSON.stringify(text);
  return printableAscii(text) ? quoted : escapeJson(quoted);
}

/** True when every character of the text is printable ASCII (" " to "~"): nothing of UNPRINTABLE (printable.ts) is in it. */
function printableAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

/** The "rule" counted in the summary for a line longer than --max-line-length. */
export const TOO_LONG = "(too long)";

/**
 * The result line of a line longer than the limit, which was not read into memory: `number` is its
 * line number (for --numbered input, taken from `head`, its first bytes), `length` its length in bytes.
 */
export function tooLongLine(number: number, length: number, head: Buffer, settings: BatchSettings, limit: number): BlockResult {
  if (settings.numbered) {
    const m = /^(\d{1,15})\t/.exec(head.toString("latin1"));
    if (!m) {
      throw new NumberedInputError(`line ${number} of the input does not start with a number and a tab ` +
        `(--numbered reads NUMBER<TAB>TEXT): ${json(head.toString("utf8", 0, 40))}`);
    }
    number = Number(m[1]);
  }
  const message = `line ${number} is ${length} bytes long, more than --max-line-length ${limit}: not checked`;
  const text = settings.format === "jsonl"
    ? `{"line":${number},"input":null,"length":${length},"valid":false,"offset":null,"rule":${json(TOO_LONG)},"message":${json(message)}}\n`
    : `${number}\t\tfalse\t\t${TOO_LONG}\t${tsv(message)}\n`;
  return { out: Buffer.from(text, "utf8"), lines: 1, valid: 0, invalid: 1, skipped: 0, byRule: { [TOO_LONG]: 1 }, lastLine: number };
}

/** --numbered input whose line has no number. */
export class NumberedInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NumberedInputError";
  }
}

const TSV_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
const TSV_SPECIAL = new RegExp(`\\\\|${UNPRINTABLE.source}`, "gu");

/**
 * A TSV field: backslash, tab, line feed and carriage return escaped as \\ \t \n \r, every other
 * character a terminal would act on (printable.ts: controls, bidirectional formatting, separators)
 * as \xHH, or \uHHHH above U+00FF.
 */
export function tsv(field: string): string {
  if ((printableAscii(field) || !hasUnprintable(field)) && !field.includes("\\")) return field;
  return field.replace(TSV_SPECIAL, (c) => {
    const code = c.charCodeAt(0);
    return TSV_ESCAPES[c] ?? (code <= 0xff ? "\\x" + hex(code, 2) : "\\u" + hex(code, 4));
  });
}

/** The first ill-formed sequence in UTF-8 bytes (its maximal subpart), or undefined. */
export function firstInvalidUtf8(b: Uint8Array, from = 0, to = b.length): { start: number; end: number } | undefined {
  let i = from;
  while (i < to) {
    const c = b[i];
    if (c < 0x80) { i++; continue; }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c === 0xe0) { need = 2; lo = 0xa0; }
    else if ((c >= 0xe1 && c <= 0xec) || c === 0xee || c === 0xef) need = 2;
    else if (c === 0xed) { need = 2; hi = 0x9f; }
    else if (c === 0xf0) { need = 3; lo = 0x90; }
    else if (c >= 0xf1 && c <= 0xf3) need = 3;
    else if (c === 0xf4) { need = 3; hi = 0x8f; }
    else return { start: i, end: i + 1 };
    let j = i + 1;
    for (let k = 0; k < need; k++, j++) {
      if (j >= to || b[j] < (k === 0 ? lo : 0x80) || b[j] > (k === 0 ? hi : 0xbf)) return { start: i, end: j };
    }
    i = j;
  }
  return undefined;
}
