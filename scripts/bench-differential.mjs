#!/usr/bin/env node
// How many of the benchmark corpus's references the WHATWG URL Standard reads otherwise than RFC
// 3986, by class and severity, and the time of differential() per reference against parse() (RFC
// 3986), measured side by side in one process. Needs `npm run build` first.
//
//   node scripts/bench-differential.mjs [--count N] [--base URI]
import { createRequire } from "node:module";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateCorpus } from "./bench-corpus.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const { parse } = require(join(root, "dist/cjs/src/index.js"));
const { compareReadings, differential } = require(join(root, "dist/cjs/src/differential.js"));

const args = process.argv.slice(2);
const arg = (name, fallback) => { const i = args.indexOf(name); return i < 0 ? fallback : args[i + 1]; };
const count = Number(arg("--count", "20000"));
const base = arg("--base", undefined);
const { refs: corpus } = generateCorpus({ count });
const options = { edition: "rfc3986", ...(base ? { base } : {}) };

// Counts.
const byClass = new Map();
const bySeverity = { info: 0, warning: 0, danger: 0 };
let differ = 0;
let reading = 0;
for (const input of corpus) {
  const { differences } = compareReadings(input, options);
  if (differences.length) differ++;
  if (differences.some((d) => d.kind === "reading")) reading++;
  const worst = differences.reduce((w, d) => (["info", "warning", "danger"].indexOf(d.severity) > ["info", "warning", "danger"].indexOf(w) ? d.severity : w), "info");
  if (differences.length) bySeverity[worst]++;
  for (const d of differences) {
    const key = `${d.component} | ${d.class} | ${d.kind} | ${d.severity}`;
    byClass.set(key, (byClass.get(key) ?? 0) + 1);
  }
}

// Time, side by side: rounds of each over the whole corpus, alternated; the median round.
function time(fn) {
  const t = process.hrtime.bigint();
  let sink = 0;
  for (const input of corpus) {
    try { sink += fn(input) ? 1 : 0; } catch { sink--; }
  }
  return [Number(process.hrtime.bigint() - t) / corpus.length, sink];
}
const rounds = { parse: [], differential: [] };
for (let i = 0; i < 7; i++) {
  rounds.parse.push(time((s) => parse(s, { edition: "rfc3986" }))[0]);
  rounds.differential.push(time((s) => differential(s, options))[0]);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const p = median(rounds.parse);
const d = median(rounds.differential);

const pct = (n) => `${((100 * n) / corpus.length).toFixed(1)}%`;
console.log(`corpus: ${corpus.length} references (scripts/bench-corpus.mjs, seed 2003)${base ? `, base ${base}` : ""}`);
console.log(`machine: ${cpus()[0]?.model ?? "unknown"}, Node ${process.version}`);
console.log(`with a difference: ${differ} (${pct(differ)}); with a reading difference: ${reading} (${pct(reading)})`);
console.log(`by worst severity: danger ${bySeverity.danger} (${pct(bySeverity.danger)}), warning ${bySeverity.warning} (${pct(bySeverity.warning)}), info ${bySeverity.info} (${pct(bySeverity.info)})`);
console.log("");
console.log("| component | class | kind | severity | references |");
console.log("|---|---|---|---|---|");
for (const [key, n] of [...byClass].sort((a, b) => b[1] - a[1])) console.log(`| ${key.split(" | ").map((x, i) => (i === 1 ? "`" + x + "`" : x)).join(" | ")} | ${n} (${pct(n)}) |`);
console.log("");
console.log(`time per reference (median of 7 rounds): parse() ${(p / 1000).toFixed(2)} µs, differential() ${(d / 1000).toFixed(2)} µs: ${(d / p).toFixed(1)}x`);
