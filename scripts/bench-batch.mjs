#!/usr/bin/env node
// npm run bench:batch: how many lines a second 'uri-grammar batch' checks, on 1,000,000 lines of the
// benchmark corpus (scripts/bench-corpus.mjs: realistic references, 5% invalid), for every output
// format and every worker count, and, for comparison, validate() in a loop over the same lines in
// one process (the library's speed; no output). Runs the real command on a temporary file, output
// to /dev/null, whole runs: the time includes starting Node and loading the library.
//
//   node scripts/bench-batch.mjs [--lines N] [--runs R] [--workers 0,1,2] [--formats jsonl,tsv] [--valid-only]
//                                [--parallel] [--baseline path/to/cli.js] [--json FILE]
//
// Each configuration runs R times, in turn with the others (round-robin), so that a slow spell of
// a shared machine falls on all of them; the table gives the best (fastest) and median of the
// runs, in lines per second of wall-clock time, and the CPU time (user + system, the command's and
// its threads'), and lines per second of it (on a busy machine the steadier figure; it counts the
// work of every thread, so it does not show what threads or processes gain in wall-clock time). --parallel adds the GNU parallel recipe of docs/cli.md (awk numbers the lines into a
// file, then --pipepart gives one part of it to each of one process per core) beside one process.
//
// --baseline runs every command of the table with another build too (a copy of an earlier dist/,
// say), in the same rounds, so that the two are compared side by side on the same machine at the
// same time (the ratio column).
//
// Run `npm run build` first (npm run bench:batch does). BENCH_CLI=path/to/cli.js measures another build.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
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
const formats = arg("--formats", "jsonl,tsv").split(",");
const validOnly = process.argv.includes("--valid-only");
const withParallel = process.argv.includes("--parallel");
const jsonOut = arg("--json", undefined);
const baseline = arg("--baseline", undefined);

for (const c of [cli, baseline]) {
  if (c !== undefined && !existsSync(c)) {
    console.error(`bench-batch: ${c} is missing; run npm run build first`);
    process.exit(2);
  }
}

const { refs, kinds } = generateCorpus({ count: lines, seed: 2003 });
const chosen = validOnly ? refs.filter((_, i) => kinds[i] !== "invalid") : refs;
const dir = mkdtempSync(join(tmpdir(), "uri-grammar-bench-"));
const file = join(dir, "lines.txt");
writeFileSync(file, chosen.join("\n") + "\n");
// A tenth of the lines: the difference between the two runs is what the other nine tenths cost,
// without the start of the process and the first diagnoses of errors (the rate of a long run).
const tenth = join(dir, "tenth.txt");
const tenthCount = Math.floor(chosen.length / 10);
writeFileSync(tenth, chosen.slice(0, tenthCount).join("\n") + "\n");
const cpu = cpus()[0]?.model ?? "unknown CPU";
console.log(`bench-batch: ${chosen.length.toLocaleString("en-US")} lines (${validOnly ? "valid only" : "5% invalid"}), ` +
  `${cpu}, ${availableParallelism()} CPUs, Node ${process.version}, load average ${loadavg()[0].toFixed(1)} at the start; ` +
  `${runs} runs of each, round-robin`);

/** Runs a command once; resolves to its wall-clock and CPU seconds and the first line of its summary. */
function once(command, args, shell = false) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    // GNU time's %U and %S: the CPU time of the command and its children.
    const child = spawn("/usr/bin/time", ["-f", "CPU %U %S", ...(shell ? ["bash", "-c", command] : [command, ...args])],
      { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => { stderr += d; });
    child.on("error", reject);
    child.on("close", (code) => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      const m = /CPU ([\d.]+) ([\d.]+)\s*$/.exec(stderr);
      // batch exits 1 for invalid lines, and so does Node for an uncaught error: its summary tells them apart.
      // GNU parallel exits with the number of jobs that failed (here: that had an invalid line).
      if (!m || (!shell && !/^\d+ lines?: /.test(stderr))) reject(new Error(`exit ${code}: ${stderr}`));
      else resolve({ seconds, cpu: Number(m[1]) + Number(m[2]), summary: stderr.split("\n")[0] });
    });
  });
}

const configs = [];
for (const format of formats) {
  for (const workers of workerCounts) {
    configs.push({
      label: `batch --format ${format}${workers ? ` --workers ${workers}` : ""}`, format, workers,
      run: () => once(process.execPath, [cli, "batch", "--workers", String(workers), "--format", format, file]),
    });
    if (baseline !== undefined) {
      configs.push({
        label: `(baseline) batch --format ${format}${workers ? ` --workers ${workers}` : ""}`, format, workers, baseline: true,
        run: () => once(process.execPath, [baseline, "batch", "--workers", String(workers), "--format", format, file]),
      });
    }
  }
}
configs.push({
  label: `batch --format ${formats[0]}, the first tenth of the lines`, tenth: true,
  run: () => once(process.execPath, [cli, "batch", "--format", formats[0], tenth]),
});
const hasParallel = spawnSync("parallel", ["--version"], { encoding: "utf8" }).stdout?.includes("GNU parallel");
if (withParallel && hasParallel) {
  const jobs = availableParallelism();
  // --block -1: the file cut into one part per job slot (one process per core, started once);
  // 10M: parts of 10 MB, each a process of its own.
  for (const block of ["-1", "10M"]) {
    // The recipe of docs/cli.md: number the lines, then one batch per core over blocks of the numbered file.
    const numbered = join(dir, "numbered.txt");
    configs.push({
      label: `awk numbering, then GNU parallel --pipepart --block ${block} -j ${jobs} --keep-order batch --numbered`, format: "jsonl", workers: 0,
      run: () => once(`awk '{ print NR "\\t" $0 }' ${file} > ${numbered} && parallel --pipepart -a ${numbered} --block ${block} ` +
        `-j ${jobs} --keep-order ${process.execPath} ${cli} batch --numbered > /dev/null 2>&1`, [], true),
    });
  }
}

// The library in one process, for comparison: validate() of every line, no output.
const require = createRequire(import.meta.url);
const lib = require(join(root, "dist", "cjs", "src", "index.js"));
function library() {
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  let valid = 0;
  for (const s of chosen) if (lib.validate(s).valid) valid++;
  const u = process.cpuUsage(cpu0);
  return { seconds: Number(process.hrtime.bigint() - t0) / 1e9, cpu: (u.user + u.system) / 1e6, summary: `${valid} valid` };
}

const results = new Map(configs.map((c) => [c, []]));
/** The load average (1 minute) at the start of each round, and at the end. */
const loads = [];
const lib_ = [];
try {
  for (let r = 0; r < runs; r++) {
    loads.push(loadavg()[0]);
    for (const c of configs) results.get(c).push(await c.run());
    lib_.push(library());
    process.stderr.write(`run ${r + 1}/${runs}\r`);
  }
  process.stderr.write("\n");
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const perSecond = (s, n = chosen.length) => Math.round(n / s).toLocaleString("en-US");
const rows = [...configs.map((c) => [c.label, results.get(c)]), ["validate() in a loop, one process (no output, no startup)", lib_]];
console.log("");
// With --baseline: the ratio of each command's best wall-clock time to its baseline's (below 1: faster).
const baselineOf = (label) => rows.find(([l]) => l === `(baseline) ${label}`)?.[1];
const bestOf = (rs) => Math.min(...rs.map((x) => x.seconds));
console.log(`| command | lines/s (best) | lines/s (median) | wall s (best) | CPU s (median) | lines per CPU second (median) |${baseline ? " wall / baseline (best) |" : ""}`);
console.log(`|---|---:|---:|---:|---:|---:|${baseline ? "---:|" : ""}`);
const report = [];
for (const [label, rs] of rows) {
  const best = bestOf(rs);
  const med = median(rs.map((x) => x.seconds));
  const cpuMed = median(rs.map((x) => x.cpu));
  const n = label.includes("first tenth") ? tenthCount : chosen.length;
  const base = baselineOf(label);
  const ratio = baseline ? ` ${base ? (best / bestOf(base)).toFixed(2) + "x" : ""} |` : "";
  console.log(`| ${label} | ${perSecond(best, n)} | ${perSecond(med, n)} | ${best.toFixed(2)} | ${cpuMed.toFixed(2)} | ${perSecond(cpuMed, n)} |${ratio}`);
  report.push({ label, linesPerSecondBest: n / best, linesPerSecondMedian: n / med, runs: rs });
}
const whole = results.get(configs[0]), part = results.get(configs.find((c) => c.tenth));
const rest = chosen.length - tenthCount;
const marginal = (key) => rest / (Math.min(...whole.map((x) => x[key])) - Math.min(...part.map((x) => x[key])));
console.log(`\nthe nine tenths after the first (the rate of a long run, without the start and the first diagnoses): ` +
  `${Math.round(marginal("seconds")).toLocaleString("en-US")} lines/s of wall-clock time, ` +
  `${Math.round(marginal("cpu")).toLocaleString("en-US")} lines/s of CPU time (${configs[0].label}, best runs)`);
loads.push(loadavg()[0]);
console.log(`load average (1 min) at the start of each round and at the end: ${loads.map((l) => l.toFixed(1)).join(", ")} ` +
  `(${availableParallelism()} CPUs: above ${availableParallelism()}, other work waited for them too)`);
if (jsonOut) {
  writeFileSync(jsonOut, JSON.stringify({ cpu, node: process.version, lines: chosen.length, loads, results: report,
    marginalLinesPerSecond: { wall: marginal("seconds"), cpu: marginal("cpu") } }, null, 2) + "\n");
}
