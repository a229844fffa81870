// What every command is given: the streams, their colours, and a way to read "-" from stdin.
import { expectPositionals, UsageError, type OptionSpec, type Values } from "./args.js";
import { terminalText } from "../printable.js";
import { readStdinText } from "./input.js";
import { colourEnabled, styler, type Styler } from "./style.js";

export interface Context {
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  readonly stdin: NodeJS.ReadStream;
  /** Colours for stdout and for stderr, each decided for its own stream. */
  readonly out: Styler;
  readonly err: Styler;
  /**
   * Writes to stdout / stderr (a line each; the newline is added), as terminalText() shows it:
   * no character a terminal would act on gets through but the tool's own colours.
   */
  print(text: string): void;
  warn(text: string): void;
}

/** One command of the tool. */
export interface Command {
  readonly name: string;
  /** One line for the list of commands. */
  readonly summary: string;
  /** The full --help text. */
  readonly usage: string;
  readonly options: OptionSpec;
  /** Runs the command; resolves to the exit status. */
  run(values: Values, positionals: string[], ctx: Context): number | Promise<number>;
}

export function processContext(): Context {
  return streamContext(process.stdout, process.stderr, process.stdin);
}

/** A context on these streams, colours decided for each (processContext's, for other streams in tests). */
export function streamContext(stdout: NodeJS.WriteStream, stderr: NodeJS.WriteStream, stdin: NodeJS.ReadStream): Context {
  const out = styler(colourEnabled(stdout));
  const err = styler(colourEnabled(stderr));
  return {
    stdout, stderr, stdin, out, err,
    print: (text) => { stdout.write(terminalText(text, out.enabled) + "\n"); },
    warn: (text) => { stderr.write(terminalText(text, err.enabled) + "\n"); },
  };
}

/** Reads all of stdin as UTF-8 (input.ts: a read that fails is exit 74, one too long a usage error). */
export async function readStdin(stdin: NodeJS.ReadStream): Promise<string> {
  return readStdinText(stdin);
}

/**
 * The command's inputs, with "-" replaced by what stdin holds (one trailing line break removed,
 * so `echo URI | uri-grammar check -` checks the URI). At most one argument may be "-".
 */
export async function withStdin(positionals: readonly string[], ctx: Context): Promise<string[]> {
  const dashes = positionals.filter((p) => p === "-").length;
  if (dashes === 0) return [...positionals];
  if (dashes > 1) throw new UsageError(`only one argument can be "-" (stdin)`);
  const text = (await readStdin(ctx.stdin)).replace(/\r?\n$/, "");
  return positionals.map((p) => (p === "-" ? text : p));
}

/**
 * The command's inputs and what it reads from its options, in the order every command reports its
 * usage errors: the positionals against their names first (expectPositionals), then the options
 * (`options()`, which throws a usage error for a wrong one), then "-" replaced by stdin (withStdin).
 */
export async function inputsOf<T = undefined>(positionals: readonly string[], names: readonly string[], ctx: Context,
  options: () => T = () => undefined as T): Promise<[string[], T]> {
  expectPositionals(positionals, names);
  const read = options();
  return [await withStdin(positionals, ctx), read];
}

/** Resolves when the stream can take more, or will take nothing more (closed, failed). */
export function drained(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      stream.off("error", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
    stream.on("error", done);
  });
}
