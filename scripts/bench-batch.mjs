#!/usr/bin/env node
// How many lines a second 'uri-grammar batch' checks, on 1,000,000 lines of the benchmark corpus
// (scripts/bench-corpus.mjs: realistic references, 5% invalid), with the checking on the main
// thread and on worker threads. Runs the real command on a temporary file, output to /dev/null.
//
//   node scripts/bench-batch.mjs [--lines N] [--runs R] [--workers 0,1,2] [--format jsonl|tsv] [--valid-only]
//
// Run `npm run build` first. The machine's other load matters: compare numbers from one run.
// BENCH_CLI=path/to/cli.js measures another build of the command.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateCorpus } from "./bench-corpus.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = process.env.BENCH_CLI ?? join(root, "dist", "cjs", "src", "cli.js");
const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const lines = Number(arg("--lines", 1_000_000));
const runs = Number(arg("--runs", 3));
const workerCounts = arg("--workers", "0,1,2").split(",").map(Number);
const format = arg("--format", "jsonl");
const validOnly = process.argv.includes("--valid-only");

if (!existsSync(cli)) {
  console.error(`bench-batch: ${cli} is missing; run npm run build first`);
  process.exit(2);
}

const { refs, kinds } = generateCorpus({ count: lines, seed: 2003 });
const chosen = validOnly ? refs.filter((_, i) => kinds[i] !== "invalid") : refs;
const dir = mkdtempSync(join(tmpdir(), "uri-grammar-bench-"));
const file = join(dir, "lines.txt");
writeFileSync(file, chosen.join("\n") + "\n");
console.log(`bench-batch: ${chosen.length} lines (${validOnly ? "valid only" : "5% invalid"}), format ${format}, ` +
  `${availableParallelism()} CPUs, node ${process.version}, best of ${runs} runs`);

/** Runs the command once; resolves to the seconds it took and its summary line. */
function once(workers) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [cli, "batch", "--workers", String(workers), "--format", format, file],
      { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => { stderr += d; });
    child.on("error", reject);
    child.on("close", (code) => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      if (code !== 0 && code !== 1) reject(new Error(`exit ${code}: ${stderr}`));
      else resolve({ seconds, summary: stderr.split("\n")[0] });
    });
  });
}

try {
  for (const workers of workerCounts) {
    let best = Infinity;
    let summary = "";
    for (let r = 0; r < runs; r++) {
      const result = await once(workers);
      best = Math.min(best, result.seconds);
      summary = result.summary;
    }
    const label = workers === 0 ? "main thread" : `${workers} worker${workers > 1 ? "s" : ""}`;
    console.log(`  ${label.padEnd(12)} ${best.toFixed(2).padStart(6)} s  ${Math.round(chosen.length / best).toLocaleString("en-US").padStart(9)} lines/s  (${summary})`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
