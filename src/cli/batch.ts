// uri-grammar batch: one input per line, streamed, one result line per input, a summary on stderr.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Worker } from "node:worker_threads";
// The registry and the grammar's checks, not the library's entry: a batch loads no model.
import type { RuleName } from "../index.js";
import { EDITIONS } from "../registry.js";
import { DIFFERENTIAL_DEFAULT_EDITION } from "../differential-core.js";
import type { WorkerJob, WorkerReply } from "../batch-worker.js";
import { choice, CommandError, editionOf, UsageError, expectPositionals, globalOptionHelp, ruleOption, wholeNumberOption } from "./args.js";
import { addCounts, byteChecker, checkInto, NumberedInputError, tooLongLine, TSV_HEADER, type BatchSettings, type BlockResult, type Counts } from "./batch-core.js";
import { type Command, type Context } from "./context.js";
import { Sink, SINK_SIZE } from "./byte-out.js";
import { HELD_DEFAULT, heldLimit, openInput, Reader, type Input } from "./input.js";
import { LineReader } from "./line-reader.js";
import { srcDir } from "./paths.js";
import { Progress } from "./progress.js";
import { EXIT, exitStatusHelp } from "./exit.js";

const FORMATS = ["jsonl", "tsv"] as const;
/** Bytes read at a time; each read becomes one block of whole lines (two when it ends a line begun before). */
const CHUNK = 1024 * 1024;
/** The default of --max-line-length, in bytes. */
export const MAX_LINE_LENGTH = HELD_DEFAULT;

export const batch: Command = {
  name: "batch",
  summary: "check a file of inputs, one per line",
  usage: `Usage: uri-grammar batch [--rule NAME] [--format jsonl|tsv] [--skip-empty]
                         [--numbered] [--max-line-length N] [--workers N]
                         [FILE|-]

Checks every line of FILE (or of stdin, for "-" or no FILE) against a rule
and prints one result line per input line, in order, as it goes: the input is
streamed, so memory stays bounded on a file of any size. A line ends at
"\\n"; a "\\r" before it is dropped; an empty line is checked like any other
(the empty string is a valid URI-reference) unless --skip-empty is given.
Input is read as UTF-8; a byte order mark at its start is dropped, and bytes
that are not UTF-8 are reported as the bytes they are (0xFF, escaped %FF).
A line longer than --max-line-length is not read into memory: its result
line says so, with its length (rule "(too long)", input null).

  jsonl  one JSON object a line, the last three keys for invalid lines only:
         {"line":1,"input":"http://a/","valid":true}
         {"line":2,"input":"a b","valid":false,"offset":1,
          "rule":"URI-reference","message":"offset 1: space is not allowed ..."}
  tsv    the columns line, input, valid, offset, rule, message under a header
         row; \\, tab, line feed and carriage return in a field are written
         as \\\\, \\t, \\n and \\r, other characters a terminal would act on
         (controls, bidirectional formatting) as \\xHH or \\uHHHH
Neither copies such characters from the input: JSON writes them as \\uHHHH.

A summary goes to stderr: the number of lines, valid and invalid, and the
invalid ones counted by the rule in which they failed; if the reader of the
output goes away (| head) or Ctrl-C stops the run, how far it got. When stderr
is a terminal and the input a file (or stdin redirected from one), a progress
bar is shown there.

Arguments:
  FILE             the file to read; "-" or nothing reads stdin

Options:
  --rule NAME      the rule every line must match (default URI-reference)
  --format FORMAT  jsonl (default) or tsv
  --skip-empty     leave out empty lines (they keep their line numbers)
  --numbered       each line is NUMBER<TAB>TEXT: TEXT is checked, NUMBER is
                   its line number in the output (for input split across
                   processes or machines; see docs/cli.md)
  --max-line-length N
                   the longest line checked, in bytes (default ${MAX_LINE_LENGTH},
                   1 MiB); a longer one is reported as too long, unchecked
  --differential   add to each record where the WHATWG URL Standard (browsers,
                   Node's fetch) reads the line otherwise than the edition
                   (--edition, default rfc3986 here): "differences", an
                   array of {component, rfc, whatwg, kind, severity, why}
                   (jsonl), or a last column "differences" of
                   component:severity:kind, comma-separated (tsv); see
                   'uri-grammar differential'
  --workers N      worker threads that check lines while the main thread
                   reads and writes; default 0 (all on the main thread, the
                   fastest on two CPUs). Each thread pays its own start and
                   first errors, about 0.5 s of CPU time: on 2 CPUs, 1,000,000
                   lines took 1.5x to 1.8x as long with 1 worker and 1.3x to
                   1.8x with 2 as with none (docs/performance.md). Workers
                   pay off only on idle cores and inputs of tens of millions
                   of lines
${globalOptionHelp(19)}

${exitStatusHelp({
    [EXIT.ok]: "all lines valid", [EXIT.invalid]: "some line invalid (or too long)",
    [EXIT.usage]: "usage error, or a file that cannot be read", [EXIT.io]: "a read or a write failed",
    [EXIT.interrupted]: "interrupted",
  })}`,
  options: {
    rule: { type: "string", value: "NAME" }, format: { type: "string", value: "FORMAT" },
    "skip-empty": { type: "boolean" }, numbered: { type: "boolean" }, workers: { type: "string", value: "N" },
    "max-line-length": { type: "string", value: "N" }, differential: { type: "boolean" },
  },
  async run(values, positionals, ctx) {
    expectPositionals(positionals, ["[FILE|-]"]);
    const differential = values.differential === true;
    if (differential && values.rule !== undefined) throw new UsageError("--differential compares URI references; it takes no --rule");
    // differential() compares RFC 3986 unless an edition is named (src/differential.ts).
    const edition = differential && (values.edition ?? process.env.URI_GRAMMAR_EDITION ?? "") === "" ? DIFFERENTIAL_DEFAULT_EDITION : editionOf(values);
    const settings: BatchSettings = {
      edition,
      rule: ruleOption(values.rule, "--rule", edition) ?? EDITIONS[edition].roles.reference as RuleName,
      format: choice(values.format, "--format", FORMATS, "jsonl"),
      skipEmpty: values["skip-empty"] === true,
      numbered: values.numbered === true,
      differential,
    };
    if (differential && EDITIONS[edition].normalization === undefined) throw new UsageError(`--differential: ${EDITIONS[edition].document} defines no normalization; choose another edition`);
    const workers = workerCount(values.workers);
    const maxLineLength = heldLimit(values["max-line-length"], "--max-line-length");
    const input = openInput(positionals[0] ?? "-", ctx, CHUNK);
    const progress = input.size !== undefined && ctx.stderr.isTTY ? new Progress(ctx.stderr, input.size) : undefined;
    const summary = await run(input, { settings, workers, maxLineLength, ctx, progress });
    progress?.clear();
    ctx.warn(summaryText(summary, ctx));
    if (summary.error) throw new CommandError(summary.error);
    if (summary.interrupted) return EXIT.interrupted;
    return summary.invalid ? EXIT.invalid : EXIT.ok;
  },
};

/** The counts of every block so far (lastLine: the last line whose result was handed to the output). */
interface Summary extends Counts {
  /** The reader of the output went away before the end of the input. */
  closedEarly: boolean;
  /** Ctrl-C (SIGINT) stopped the reading before the end of the input. */
  interrupted: boolean;
  /** Why the run stopped, if it could not go on (--numbered input without a number). */
  error?: string;
}

interface RunOptions {
  settings: BatchSettings;
  workers: number;
  maxLineLength: number;
  ctx: Context;
  progress?: Progress;
}

function workerCount(value: unknown): number {
  // Measured on 1,000,000 lines of the benchmark corpus (AMD EPYC, two CPUs shared with other work,
  // docs/performance.md, --format jsonl, best of three): the main thread alone took 1.07 s, one
  // worker 1.92 s, two workers 1.85 s.
  // Each thread pays its own start and its own first diagnoses, which a million lines do not repay
  // on two CPUs, so workers are used only when asked for.
  return wholeNumberOption(value, "--workers", 0, 64) ?? 0;
}

/** Reads the input block by block, checks each, and writes the results in order. */
async function run(input: Input, options: RunOptions): Promise<Summary> {
  const { ctx, settings, progress } = options;
  const summary: Summary = { lines: 0, valid: 0, invalid: 0, skipped: 0, byRule: {}, lastLine: 0, closedEarly: false, interrupted: false };
  const sink = new Sink(ctx.stdout);
  // Other faults of the output end the process (src/cli.ts).
  const onError = (e: NodeJS.ErrnoException) => { if (e.code === "EPIPE") sink.closed = true; };
  ctx.stdout.on("error", onError);
  let bytesRead = 0;
  /** The counts of a block whose records are written (or held in the sink) already. */
  const count = (result: BlockResult) => {
    addCounts(summary, result);
    progress?.update(bytesRead, summary.lines);
  };
  /** A block's records from elsewhere (a worker, a line too long): written after what the sink holds. */
  const take = async (result: BlockResult) => {
    if (sink.closed) return;
    count(result);
    await sink.write(result.out);
  };
  if (settings.format === "tsv") sink.out.text(settings.differential ? TSV_HEADER.replace("\n", "\tdifferences\n") : TSV_HEADER);

  const workerFile = join(srcDir(), "batch-worker.js");
  const useWorkers = options.workers > 0 && existsSync(workerFile);
  let pool: Pool | undefined;
  const inFlight: Promise<BlockResult>[] = [];
  let nextLine = 1;
  const checker = byteChecker(settings);
  const submit = async (bytes: Buffer) => {
    const firstLine = nextLine;
    // An input of one block is checked here, done before a worker could start; a file of more
    // blocks goes to the workers from its first (the first errors are the dearest to diagnose in a
    // thread: it builds what it needs for them then, docs/performance.md).
    if ((firstLine > 1 || (input.size ?? 0) > 2 * CHUNK) && useWorkers && !pool) pool = new Pool(workerFile, options.workers, settings);
    if (!pool) {
      // The records go straight into the sink's buffer, as many as it takes at a time (when the
      // output is much longer than the input: invalid lines); the records of the lines before one
      // without a number (--numbered) are written and counted, as far as the last full buffer.
      for (let from = 0; from < bytes.length && !sink.closed;) {
        const start = sink.out.pos;
        let result: BlockResult & { end: number };
        try {
          result = checkInto(from === 0 ? bytes : bytes.subarray(from), nextLine, checker, sink.out, SINK_SIZE);
        } catch (e) {
          sink.out.pos = start;
          throw e;
        }
        from += result.end;
        nextLine += result.lines;
        count(result);
        await sink.full();
      }
      return;
    }
    nextLine += countLines(bytes);
    inFlight.push(pool.run(bytes, firstLine));
    // Keep every worker busy, and no more than that in memory.
    while (inFlight.length >= pool.size * 2) await take(await inFlight.shift()!);
  };
  const submitLong = async (length: number, head: Buffer) => {
    const result = tooLongLine(nextLine++, length, head, settings, options.maxLineLength);
    if (!pool) return take(result);
    inFlight.push(Promise.resolve(result));
  };

  const reader = new Reader(input);
  const lines = new LineReader(options.maxLineLength);
  try {
    const handle = async (events: ReturnType<LineReader["push"]>) => {
      for (const event of events) {
        if (sink.closed) return;
        if (event.kind === "lines") await submit(event.bytes);
        else await submitLong(event.length, event.head);
      }
    };
    // The chunks of a file are read into one buffer (a block sent to a worker is copied first).
    for await (const chunk of reader.chunks(CHUNK)) {
      if (sink.closed) break;
      bytesRead += chunk.length;
      await handle(lines.push(chunk));
      // A pipe or a terminal may keep the next chunk waiting: what its lines gave goes out now.
      if (input.fd === undefined) await sink.flush();
    }
    summary.interrupted = reader.interrupted;
    if (!sink.closed && !reader.interrupted) await handle(lines.end());
    while (inFlight.length) await take(await inFlight.shift()!);
    await sink.flush();
  } catch (e) {
    if (!(e instanceof NumberedInputError || (e as Error)?.name === "NumberedInputError")) throw e;
    summary.error = (e as Error).message;
    // The records of the lines before the one without a number.
    await sink.flush();
  } finally {
    reader.close();
    ctx.stdout.off("error", onError);
    await pool?.close();
  }
  summary.closedEarly = sink.closed;
  return summary;
}

function countLines(block: Buffer): number {
  let n = 0;
  for (let i = block.indexOf(10); i !== -1; i = block.indexOf(10, i + 1)) n++;
  return n;
}

function summaryText(s: Summary, ctx: Context): string {
  const paint = ctx.err.paint;
  const counts = `${paint("green", `${s.valid} valid`)}, ` + (s.invalid ? paint("red", `${s.invalid} invalid`) : "0 invalid") +
    (s.skipped ? `, ${s.skipped} empty ${s.skipped === 1 ? "line" : "lines"} skipped` : "");
  const stopped = s.closedEarly ? "the output was closed" : s.interrupted ? "interrupted (SIGINT)" : undefined;
  const lines = stopped
    ? [`${stopped} after line ${s.lastLine}; the rest of the input was not read`,
      `${s.lines} ${s.lines === 1 ? "line" : "lines"} checked: ${counts}`]
    : [`${s.lines} ${s.lines === 1 ? "line" : "lines"}: ${counts}`];
  const rules = Object.entries(s.byRule).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (rules.length) {
    lines.push("invalid by the rule in which they failed:");
    const width = String(rules[0][1]).length;
    for (const [r, n] of rules) lines.push(`  ${String(n).padStart(width)}  ${r}`);
  }
  return lines.join("\n");
}

/** Worker threads, each given blocks in turn. */
class Pool {
  readonly size: number;
  private readonly workers: Worker[];
  private readonly pending = new Map<number, { resolve: (r: BlockResult) => void; reject: (e: unknown) => void }>();
  private nextId = 0;

  constructor(file: string, size: number, settings: BatchSettings) {
    this.size = size;
    this.workers = Array.from({ length: size }, () => {
      // Loaded only here: a run without workers does not load the module.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { Worker } = require("node:worker_threads") as typeof import("node:worker_threads");
      const worker = new Worker(file, { workerData: settings });
      worker.on("message", (m: WorkerReply) => {
        const p = this.pending.get(m.id)!;
        this.pending.delete(m.id);
        if (m.error !== undefined) p.reject(new NumberedInputError(m.error));
        else p.resolve(m.result!);
      });
      worker.on("error", (e) => this.fail(e));
      return worker;
    });
  }

  run(block: Buffer, firstLine: number): Promise<BlockResult> {
    const id = this.nextId++;
    // A copy of its own, moved to the worker (the block may share the memory of the chunk read).
    const bytes = new Uint8Array(block);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const job: WorkerJob = { id, bytes, firstLine };
      this.workers[id % this.size].postMessage(job, [bytes.buffer]);
    });
  }

  private fail(e: unknown): void {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
