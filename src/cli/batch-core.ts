// The work of 'uri-grammar batch' on a block of lines, shared by the main thread and the workers:
// each line checked against the rule, one result line out, and the counts for the summary.
import { validate, type RuleName } from "../index.js";

export type BatchFormat = "jsonl" | "tsv";

export const TSV_HEADER = "line\tinput\tvalid\toffset\trule\tmessage\n";

/** What one block of lines gave. */
export interface BlockResult {
  /** The result lines, each ending with "\n". */
  text: string;
  lines: number;
  valid: number;
  invalid: number;
  /** Failing rule -> count. */
  byRule: Record<string, number>;
}

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

/** Checks every line of the block; `firstLine` is the number of the block's first line (from 1). */
export function checkBlock(block: string, firstLine: number, rule: RuleName, format: BatchFormat): BlockResult {
  const lines = splitBlock(block);
  const byRule: Record<string, number> = {};
  let text = "";
  let valid = 0;
  for (let i = 0; i < lines.length; i++) {
    const input = lines[i];
    const number = firstLine + i;
    const result = validate(input, { rule });
    if (result.valid) {
      valid++;
      text += format === "jsonl"
        ? `{"line":${number},"input":${JSON.stringify(input)},"valid":true}\n`
        : `${number}\t${tsv(input)}\ttrue\t\t\t\n`;
    } else {
      const e = result.error;
      byRule[e.rule] = (byRule[e.rule] ?? 0) + 1;
      text += format === "jsonl"
        ? `{"line":${number},"input":${JSON.stringify(input)},"valid":false,"offset":${e.offset},` +
          `"rule":${JSON.stringify(e.rule)},"message":${JSON.stringify(e.message)}}\n`
        : `${number}\t${tsv(input)}\tfalse\t${e.offset}\t${e.rule}\t${tsv(e.message)}\n`;
    }
  }
  return { text, lines: lines.length, valid, invalid: lines.length - valid, byRule };
}

/** A TSV field: backslash, tab, line feed and carriage return escaped as \\ \t \n \r. */
export function tsv(field: string): string {
  return /[\\\t\n\r]/.test(field)
    ? field.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"))
    : field;
}
