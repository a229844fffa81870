// The exit statuses of the command line: one table for every command. Each command's --help
// lists the rows it uses, in its own words, with the numbers from here.

export const EXIT = {
  /** Success: valid, resolved, equivalent, nothing of severity warning or worse, a URI found. */
  ok: 0,
  /** An input is not valid: not in the rule's language, or a reference that cannot be resolved. */
  invalid: 1,
  /** A mistake in the command line, or a file that cannot be read. */
  usage: 2,
  /** The inputs are valid and the answer is no: not equivalent, a finding, no URI found. */
  no: 3,
  /** A bug in uri-grammar (EX_SOFTWARE of sysexits.h). */
  internal: 70,
  /** An input could not be read to its end, or the output could not be written (EX_IOERR). */
  io: 74,
  /** Stopped by SIGINT (Ctrl-C): 128 + 2, as a shell reports a command the signal ended. */
  interrupted: 130,
} as const;

export type ExitStatus = (typeof EXIT)[keyof typeof EXIT];

/** The table, as the main --help and docs/cli.md show it. */
export const EXIT_TABLE: readonly (readonly [ExitStatus, string])[] = [
  [EXIT.ok, "success: valid, resolved, equivalent, no finding of warning or worse, a URI found"],
  [EXIT.invalid, "an input is not valid (the error is on stderr), or a reference cannot be resolved"],
  [EXIT.usage, "a usage error (the reason and a hint to --help on stderr), or a file that cannot be read"],
  [EXIT.no, "the inputs are valid but the answer is no: not equivalent, a finding of severity warning or worse, no URI found"],
  [EXIT.internal, "an internal error: a bug in uri-grammar"],
  [EXIT.io, "an input could not be read to its end, or the output could not be written (a full disk); the sentence on stderr says which"],
  [EXIT.interrupted, "interrupted (Ctrl-C, SIGINT); batch and extract say on stderr how far they got"],
];

/** Breaks text into lines of at most `width` characters, the later ones indented by `indent`. */
export function wrapText(text: string, width: number, indent: string, firstIndent = indent): string[] {
  const lines: string[] = [];
  let line = firstIndent;
  let empty = true;
  for (const word of text.split(" ")) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent + word;
    } else {
      line += (empty ? "" : " ") + word;
    }
    empty = false;
  }
  lines.push(line);
  return lines;
}

/** The table as lines: the status, then its meaning wrapped under itself. */
export function exitTableLines(rows: readonly (readonly [number, string])[]): string[] {
  return rows.flatMap(([status, text]) => wrapText(text, 79, "      ", `  ${String(status).padEnd(4)}`));
}

/** A command's own rows ({0: "valid", 1: "not valid", ...}), with the usage error always there. */
export function exitStatusHelp(rows: Partial<Record<ExitStatus, string>>): string {
  const own: [number, string][] = [];
  for (const [status] of EXIT_TABLE) {
    const text = status === EXIT.usage ? rows[status] ?? "usage error" : rows[status];
    if (text !== undefined) own.push([status, text]);
  }
  return `Exit status (the same table for every command; 'uri-grammar --help'):\n${exitTableLines(own).join("\n")}`;
}
