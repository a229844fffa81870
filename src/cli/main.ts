// The command line: picks the command, parses its arguments, and turns every outcome into an exit
// status from one table (exit.ts). User errors never print a stack trace.
import { quote, shown } from "../printable.js";
import { NotDefinedError } from "../errors.js";
import { CommandError, errnoText, IoError, UsageError, parseCommandArgs } from "./args.js";
import { audit } from "./audit.js";
import { batch } from "./batch.js";
import { check } from "./check.js";
import { compare } from "./compare.js";
import { editions } from "./editions.js";
import { diff } from "./diff.js";
import { differential } from "./differential.js";
import type { Command, Context } from "./context.js";
import { EXIT, EXIT_TABLE, exitTableLines } from "./exit.js";
import { explain } from "./explain.js";
import { extract } from "./extract.js";
import { normalize } from "./normalize.js";
import { parse } from "./parse.js";
import { packageVersion } from "./paths.js";
import { resolve } from "./resolve.js";
import { rules } from "./rules.js";
import { serve } from "./serve.js";
import { tour } from "./tour.js";

export const COMMANDS: readonly Command[] = [check, parse, explain, resolve, normalize, compare, rules, editions, diff, tour, batch, audit, differential, extract, serve];

export function mainUsage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return `Usage: uri-grammar <command> [options] [arguments]

The URI generic syntax, executable, in every edition the tool holds
('uri-grammar editions'); --edition NAME on any command chooses one.

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join("\n")}

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
      const topic = rest[0] === undefined ? undefined : COMMANDS.find((c) => c.name === rest[0]);
      if (rest[0] !== undefined && !topic) throw new UsageError(`unknown command ${quote(rest[0])}`);
      ctx.print(topic ? topic.usage : mainUsage());
      return EXIT.ok;
    }
    command = COMMANDS.find((c) => c.name === first);
    if (!command) {
      const near = COMMANDS.find((c) => c.name.startsWith(first.toLowerCase().slice(0, 3)));
      throw new UsageError(first.startsWith("-") ? `unknown option ${shown(first)}`
        : `unknown command ${quote(first)}` + (near ? ` (did you mean ${near.name}?)` : ""));
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
