// The work of 'uri-grammar batch' on a block of lines, shared by the main thread and the workers:
// each line checked against the rule, one result line out, and the counts for the summary.
import { validate, type EditionId, type RuleName } from "../index.js";
import { escapeJson, hasUnprintable, hex, UNPRINTABLE } from "../printable.js";
import { batchDifferences } from "../differential.js";

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
  /** The result lines, each ending with "\n". */
  text: string;
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

/**
 * Checks every line of the block; `firstLine` is the number of the block's first line (from 1).
 * `badBytes` holds, by index in the block, the lines whose bytes were not UTF-8.
 */
export function checkBlock(block: string, firstLine: number, settings: BatchSettings,
  badBytes?: ReadonlyMap<number, BadBytes>): BlockResult {
  const { edition, rule, format, skipEmpty, numbered } = settings;
  const lines = splitBlock(block);
  const byRule: Record<string, number> = {};
  let text = "";
  let valid = 0;
  let invalid = 0;
  let skipped = 0;
  let number = firstLine - 1;
  for (let i = 0; i < lines.length; i++) {
    let input = lines[i];
    let shift = 0;
    if (numbered) {
      const tab = input.indexOf("\t");
      const id = tab > 0 ? input.slice(0, tab) : "";
      if (!/^\d{1,15}$/.test(id)) {
        throw new NumberedInputError(`line ${i + firstLine} of the input does not start with a number and a tab ` +
          `(--numbered reads NUMBER<TAB>TEXT): ${json(input.slice(0, 40))}`);
      }
      number = Number(id);
      shift = tab + 1;
      input = input.slice(shift);
      // The file's byte order mark, behind the number the numbering step put before it.
      if (number === 1 && input.charCodeAt(0) === 0xfeff) { input = input.slice(1); shift++; }
    } else {
      number++;
    }
    if (skipEmpty && input === "") { skipped++; continue; }
    const result = validate(input, { rule, edition } as never);
    const diff = settings.differential ? batchDifferences(input, edition, format) : undefined;
    const more = diff === undefined ? "" : format === "jsonl" ? `,"differences":${escapeJson(diff)}` : `\t${tsv(diff)}`;
    if (result.valid) {
      valid++;
      text += format === "jsonl"
        ? `{"line":${number},"input":${json(input)},"valid":true${more}}\n`
        : `${number}\t${tsv(input)}\ttrue\t\t\t${more}\n`;
      continue;
    }
    invalid++;
    const e = result.error;
    let offset = e.offset;
    let failedIn: string = e.rule;
    let message = e.message;
    const bad = badBytes?.get(i);
    if (bad !== undefined && bad.offset - shift === offset) {
      // The grammar stopped at the bytes that are not UTF-8: say what they are, not U+FFFD.
      offset = bad.offset - shift;
      failedIn = NOT_UTF8;
      const hex = bad.bytes.map((b) => b.toString(16).toUpperCase().padStart(2, "0"));
      message = `offset ${offset}: ${bad.bytes.length === 1 ? "byte" : "bytes"} ${hex.map((h) => "0x" + h).join(" ")} ` +
        `${bad.bytes.length === 1 ? "is" : "are"} not UTF-8 text. URIs are ASCII: data outside US-ASCII is written as ` +
        `the escapes of its octets (${hex.map((h) => "%" + h).join("")}) (section 2.1)`;
    }
    byRule[failedIn] = (byRule[failedIn] ?? 0) + 1;
    text += format === "jsonl"
      ? `{"line":${number},"input":${json(input)},"valid":false,"offset":${offset},` +
        `"rule":${json(failedIn)},"message":${json(message)}${more}}\n`
      : `${number}\t${tsv(input)}\tfalse\t${offset}\t${failedIn}\t${tsv(message)}${more}\n`;
  }
  return { text, lines: lines.length, valid, invalid, skipped, byRule, lastLine: number };
}

/** A JSON string, with what a terminal would act on escaped (printable.ts). */
function json(text: string): string {
  return escapeJson(JSON.stringify(text));
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
  return { text, lines: 1, valid: 0, invalid: 1, skipped: 0, byRule: { [TOO_LONG]: 1 }, lastLine: number };
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
  if (!hasUnprintable(field) && !field.includes("\\")) return field;
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
