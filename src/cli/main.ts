// The command line: picks the command, parses its arguments, and turns every outcome into an exit
// status from one table (exit.ts). User errors never print a stack trace.
import { quote, shown } from "../printable.js";
import { NotDefinedError } from "../errors.js";
import { CommandError, errnoText, IoError, UsageError, parseCommandArgs } from "./args.js";
import type { Command, Context } from "./context.js";
import { EXIT, EXIT_TABLE, exitTableLines } from "./exit.js";
import { packageVersion } from "./paths.js";

/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * The commands, in the order of the list of commands, each loaded when it is first asked for: a
 * run loads its own command's module and what that needs, not every command's (serve's HTTP
 * server and child processes, the library's models for a batch that needs none of them).
 */
const LOADERS: readonly (readonly [string, () => Command])[] = [
  ["check", () => (require("./check.js") as typeof import("./check.js")).check],
  ["parse", () => (require("./parse.js") as typeof import("./parse.js")).parse],
  ["explain", () => (require("./explain.js") as typeof import("./explain.js")).explain],
  ["resolve", () => (require("./resolve.js") as typeof import("./resolve.js")).resolve],
  ["normalize", () => (require("./normalize.js") as typeof import("./normalize.js")).normalize],
  ["compare", () => (require("./compare.js") as typeof import("./compare.js")).compare],
  ["rules", () => (require("./rules.js") as typeof import("./rules.js")).rules],
  ["editions", () => (require("./editions.js") as typeof import("./editions.js")).editions],
  ["diff", () => (require("./diff.js") as typeof import("./diff.js")).diff],
  ["tour", () => (require("./tour.js") as typeof import("./tour.js")).tour],
  ["batch", () => (require("./batch.js") as typeof import("./batch.js")).batch],
  ["audit", () => (require("./audit.js") as typeof import("./audit.js")).audit],
  ["differential", () => (require("./differential.js") as typeof import("./differential.js")).differential],
  ["extract", () => (require("./extract.js") as typeof import("./extract.js")).extract],
  ["serve", () => (require("./serve.js") as typeof import("./serve.js")).serve],
];
/* eslint-enable @typescript-eslint/no-require-imports */

/** The name of every command, in the order of the list of commands. */
export const COMMAND_NAMES: readonly string[] = LOADERS.map(([name]) => name);

/** The command of that name (its module loaded), or undefined. */
export function loadCommand(name: string): Command | undefined {
  const loader = LOADERS.find(([n]) => n === name);
  if (loader === undefined) return undefined;
  const command = loader[1]();
  if (command.name !== name) throw new Error(`internal error: the command ${JSON.stringify(name)} is named ${JSON.stringify(command.name)}`);
  return command;
}

/** Every command, loaded (for the list of commands in the help). */
export function commands(): readonly Command[] {
  return COMMAND_NAMES.map((name) => loadCommand(name)!);
}

export function mainUsage(): string {
  const all = commands();
  const width = Math.max(...all.map((c) => c.name.length));
  return `Usage: uri-grammar <command> [options] [arguments]

The URI generic syntax, executable, in every edition the tool holds
('uri-grammar editions'); --edition NAME on any command chooses one.

Commands:
${all.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join("\n")}

Options:
  -h, --help     show this help; 'uri-grammar <command> --help' for a command
  -v, --version  print the version

Every command also takes --edition NAME (default: the environment variable
URI_GRAMMAR_EDITION, else the default edition).

An input argument of "-" is read from stdin; an input that starts with "-"
goes after "--". Colours are used on a terminal unless NO_COLOR is set;
FORCE_COLOR=1 forces them. Results go to stdout, errors to stderr.

Exit status, the same for every command:
${exitTableLines(EXIT_TABLE).join("\n")}`;
}

/** The command being run, for a fault that comes after main() has returned (a write that failed). */
let running: Command | undefined;

/**
 * The output could not be written (a full disk, a device that fails): one sentence on stderr, and
 * the exit status to end with. A reader that went away (EPIPE) is not a fault; see batch.
 */
export function outputFault(e: unknown, ctx: Context): number {
  ctx.warn(`${running ? `uri-grammar ${running.name}` : "uri-grammar"}: cannot write the output: ${errnoText(e)}`);
  return EXIT.io;
}

/** A system error of a read or a write, thrown where the command did not expect one. */
function systemError(e: unknown): e is NodeJS.ErrnoException {
  const err = e as NodeJS.ErrnoException;
  return e instanceof Error && typeof err.code === "string" && (err.syscall === "write" || err.syscall === "read");
}

/** Runs the command line; resolves to the exit status. */
export async function main(argv: readonly string[], ctx: Context): Promise<number> {
  const [first, ...rest] = argv;
  let command: Command | undefined;
  try {
    if (first === undefined) {
      ctx.warn(mainUsage());
      return EXIT.usage;
    }
    if (first === "-h" || first === "--help") { ctx.print(mainUsage()); return EXIT.ok; }
    if (first === "-v" || first === "--version") { ctx.print(packageVersion()); return EXIT.ok; }
    if (first === "help") {
      const topic = rest[0] === undefined ? undefined : loadCommand(rest[0]);
      if (rest[0] !== undefined && !topic) throw new UsageError(`unknown command ${quote(rest[0])}`);
      ctx.print(topic ? topic.usage : mainUsage());
      return EXIT.ok;
    }
    command = loadCommand(first);
    if (!command) {
      const near = COMMAND_NAMES.find((name) => name.startsWith(first.toLowerCase().slice(0, 3)));
      throw new UsageError(first.startsWith("-") ? `unknown option ${shown(first)}`
        : `unknown command ${quote(first)}` + (near ? ` (did you mean ${near}?)` : ""));
    }
    running = command;
    const { values, positionals } = parseCommandArgs(rest, command.options);
    if (values.help) { ctx.print(command.usage); return EXIT.ok; }
    return await command.run(values, positionals, ctx);
  } catch (e) {
    const who = command ? `uri-grammar ${command.name}` : "uri-grammar";
    if (e instanceof UsageError) {
      ctx.warn(`${who}: ${e.message}`);
      ctx.warn(`Run '${who} --help' for usage.`);
      return EXIT.usage;
    }
    // An edition whose document defines no such operation (--edition url-1993 normalize): what
    // the command line asked for cannot be done, said in a sentence.
    if (e instanceof CommandError || e instanceof NotDefinedError) {
      ctx.warn(`${who}: ${e.message}`);
      return EXIT.usage;
    }
    if (e instanceof IoError) {
      ctx.warn(`${who}: ${e.message}`);
      return EXIT.io;
    }
    if (systemError(e)) {
      if (e.syscall === "write") return outputFault(e, ctx);
      ctx.warn(`${who}: cannot read the input: ${errnoText(e)}`);
      return EXIT.io;
    }
    ctx.warn(`${who}: internal error: ${e instanceof Error ? e.message : String(e)}`);
    if (process.env.URI_GRAMMAR_DEBUG && e instanceof Error) ctx.warn(e.stack ?? "");
    else ctx.warn("This is a bug in uri-grammar; set URI_GRAMMAR_DEBUG=1 for the stack trace.");
    return EXIT.internal;
  }
}
