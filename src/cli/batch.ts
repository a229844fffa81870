// uri-grammar batch: one input per line, streamed, one result line per input, a summary on stderr.
import { createReadStream, existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { RuleName } from "../index.js";
import { choice, CommandError, expectPositionals, ruleOption, UsageError } from "./args.js";
import { checkBlock, TSV_HEADER, type BatchFormat, type BlockResult } from "./batch-core.js";
import type { Command, Context } from "./context.js";
import { srcDir } from "./paths.js";
import { Progress } from "./progress.js";

const FORMATS = ["jsonl", "tsv"] as const;
/** Bytes read at a time; each read becomes one block of whole lines. */
const CHUNK = 256 * 1024;

export const batch: Command = {
  name: "batch",
  summary: "check a file of inputs, one per line",
  usage: `Usage: uri-grammar batch [--rule NAME] [--format jsonl|tsv] [--workers N]
                         [FILE|-]

Checks every line of FILE (or of stdin, for "-" or no FILE) against a rule
and prints one result line per input line, in order, as it goes: the input is
streamed, so memory stays constant on a file of any size. A line ends at
"\\n"; a "\\r" before it is dropped; an empty line is checked like any other
(the empty string is a valid URI-reference). Input is read as UTF-8.

  jsonl  one JSON object a line, the last three keys for invalid lines only:
         {"line":1,"input":"http://a/","valid":true}
         {"line":2,"input":"a b","valid":false,"offset":1,
          "rule":"URI-reference","message":"offset 1: space is not allowed ..."}
  tsv    the columns line, input, valid, offset, rule, message under a header
         row; \\, tab, line feed and carriage return in a field are written
         as \\\\, \\t, \\n and \\r

A summary goes to stderr: the number of lines, valid and invalid, and the
invalid ones counted by the rule in which they failed. When stderr is a
terminal and the input a file, a progress bar is shown there as well.

Arguments:
  FILE             the file to read; "-" or nothing reads stdin

Options:
  --rule NAME      the rule every line must match (default URI-reference)
  --format FORMAT  jsonl (default) or tsv
  --workers N      worker threads that check lines while the main thread
                   reads and writes; default 0 (all on the main thread, the
                   fastest on two CPUs); may help on an idle machine with more
  -h, --help       show this help

Exit status: 0 all lines valid, 1 some line invalid, 2 usage error or a file
that cannot be read.`,
  options: { rule: { type: "string" }, format: { type: "string" }, workers: { type: "string" } },
  async run(values, positionals, ctx) {
    expectPositionals(positionals, 0, 1, "at most one FILE");
    const rule = ruleOption(values.rule) ?? "URI-reference";
    const format = choice(values.format, "--format", FORMATS, "jsonl");
    const workers = workerCount(values.workers);
    const file = positionals[0] ?? "-";
    let input: NodeJS.ReadableStream & { bytesRead?: number };
    let size = 0;
    if (file === "-") {
      input = ctx.stdin;
    } else {
      try {
        const stat = statSync(file);
        if (stat.isDirectory()) throw Object.assign(new Error("is a directory"), { code: "EISDIR" });
        size = stat.size;
      } catch (e) {
        throw new CommandError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
      input = createReadStream(file, { highWaterMark: CHUNK });
    }
    const progress = file !== "-" && ctx.stderr.isTTY ? new Progress(ctx.stderr, size) : undefined;
    const summary = await run(input, { rule, format, workers, ctx, progress });
    progress?.clear();
    ctx.warn(summaryText(summary, ctx));
    return summary.invalid ? 1 : 0;
  },
};

interface Summary {
  lines: number;
  valid: number;
  invalid: number;
  byRule: Record<string, number>;
}

interface RunOptions {
  rule: RuleName;
  format: BatchFormat;
  workers: number;
  ctx: Context;
  progress?: Progress;
}

function workerCount(value: unknown): number {
  // Measured with scripts/bench-batch.mjs on two shared CPUs: the main thread alone checked
  // 137,000 lines/s, one worker 105,000, two workers 76,000 (passing blocks to a worker costs more
  // than it gains when no core is idle), so workers are used only when asked for.
  if (value === undefined) return 0;
  const n = Number(value);
  if (!/^\d+$/.test(String(value)) || n > 64) throw new UsageError(`--workers must be a whole number from 0 to 64, got ${JSON.stringify(value)}`);
  return n;
}

/** Reads the input block by block, checks each, and writes the results in order. */
async function run(input: NodeJS.ReadableStream & { bytesRead?: number }, options: RunOptions): Promise<Summary> {
  const { ctx, format, rule, progress } = options;
  const summary: Summary = { lines: 0, valid: 0, invalid: 0, byRule: {} };
  let stdoutClosed = false;
  ctx.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") stdoutClosed = true;
    else throw e;
  });
  const write = async (text: string) => {
    if (stdoutClosed || text === "") return;
    if (!ctx.stdout.write(text)) await drained(ctx.stdout);
  };
  const take = async (result: BlockResult) => {
    summary.lines += result.lines;
    summary.valid += result.valid;
    summary.invalid += result.invalid;
    for (const [r, n] of Object.entries(result.byRule)) summary.byRule[r] = (summary.byRule[r] ?? 0) + n;
    await write(result.text);
    progress?.update(input.bytesRead ?? 0, summary.lines);
  };
  if (format === "tsv") await write(TSV_HEADER);

  const workerFile = join(srcDir(), "batch-worker.js");
  const useWorkers = options.workers > 0 && existsSync(workerFile);
  let pool: Pool | undefined;
  const inFlight: Promise<BlockResult>[] = [];
  let nextLine = 1;
  const submit = async (block: string) => {
    const firstLine = nextLine;
    nextLine += countLines(block);
    // The first block is checked here: an input of one block is done before a worker could start.
    if (firstLine > 1 && useWorkers && !pool) pool = new Pool(workerFile, options.workers, rule, format);
    if (!pool) return take(checkBlock(block, firstLine, rule, format));
    inFlight.push(pool.run(block, firstLine));
    // Keep every worker busy, and no more than that in memory.
    while (inFlight.length >= pool.size * 2) await take(await inFlight.shift()!);
  };

  try {
    input.setEncoding("utf8");
    let carry = "";
    for await (const chunk of input) {
      if (stdoutClosed) break;
      const text = carry + (chunk as string);
      const cut = text.lastIndexOf("\n") + 1;
      carry = text.slice(cut);
      if (cut > 0) await submit(text.slice(0, cut));
    }
    if (carry !== "" && !stdoutClosed) await submit(carry + "\n");
    while (inFlight.length) await take(await inFlight.shift()!);
  } finally {
    await pool?.close();
  }
  return summary;
}

/** Resolves when the stream can take more, or will take nothing more (closed, failed). */
function drained(stream: NodeJS.WriteStream): Promise<void> {
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

function countLines(block: string): number {
  let n = 0;
  for (let i = block.indexOf("\n"); i !== -1; i = block.indexOf("\n", i + 1)) n++;
  return n;
}

function summaryText(s: Summary, ctx: Context): string {
  const paint = ctx.err.paint;
  const lines = [`${s.lines} ${s.lines === 1 ? "line" : "lines"}: ${paint("green", `${s.valid} valid`)}, ` +
    (s.invalid ? paint("red", `${s.invalid} invalid`) : "0 invalid")];
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

  constructor(file: string, size: number, rule: RuleName, format: BatchFormat) {
    this.size = size;
    this.workers = Array.from({ length: size }, () => {
      const worker = new Worker(file, { workerData: { rule, format } });
      worker.on("message", (m: BlockResult & { id: number }) => {
        const p = this.pending.get(m.id)!;
        this.pending.delete(m.id);
        p.resolve(m);
      });
      worker.on("error", (e) => this.fail(e));
      return worker;
    });
  }

  run(block: string, firstLine: number): Promise<BlockResult> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.workers[id % this.size].postMessage({ id, block, firstLine });
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
