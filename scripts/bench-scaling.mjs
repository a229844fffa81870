#!/usr/bin/env node
// The scaling run: parse() and matches('URI-reference') on inputs of 1k, 10k, 100k and 1M
// characters of each shape below. Time per character must stay flat (within 2x from 10k to 1M)
// and memory bounded: no input may make the parser backtrack more than a bounded distance or keep
// more than a bounded amount per character.
//
//   long path           http://example.com/aaaa...aaaa
//   long query          http://example.com/?q=xxxx...
//   many labels         http://a.b.c....example.com/
//   long userinfo       ftp://uuuu...:pppp...@example.com/
//   many short segments /a/b/c/d/...
//   invalid at the end  http://example.com/aaaa...aaaa<space>   (parse() throws a UriSyntaxError)
//
// Every input is measured in each of ROUNDS rounds, which go through all the shapes and sizes in
// turn; its time is the median of its rounds. The 1M / 10k ratio is paired: in each round it is
// the ratio of the two sizes of a shape measured one right after the other, and the ratio
// reported is the median of the rounds' ratios. A shared machine's speed changes over seconds;
// a slow spell then slows both sizes of a pair alike, rather than every round of one size.
//
// Usage: node --expose-gc scripts/bench-scaling.mjs [--json FILE]   (bench.mjs runs it)
import { createRequire } from "node:module";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const lib = require(join(root, "dist/cjs/src/index.js"));

const SIZES = [1_000, 10_000, 100_000, 1_000_000];
/** Whole copies of unit (never a cut "%20"), then the pad character up to n characters. */
const fill = (unit, n, pad = "a") => unit.repeat(Math.floor(n / unit.length)).padEnd(n, pad);
const SHAPES = {
  "long path": (n) => { const p = "http://example.com/"; return p + fill("abcdefghij", n - p.length); },
  "long query": (n) => { const p = "http://example.com/?"; return p + fill("k=v&x=%20&", n - p.length); },
  "many labels": (n) => { const p = "http://", s = "example.com/"; return p + fill("ab.", n - p.length - s.length, "b") + s; },
  "long userinfo": (n) => { const p = "ftp://", s = "@example.com/"; return p + fill("user:pa%20ss;", n - p.length - s.length) + s; },
  "many short segments": (n) => fill("/a", n, "b"),
  "invalid at the end": (n) => { const p = "http://example.com/"; return p + fill("abcdefghij", n - p.length - 1) + " "; },
};
const gc = globalThis.gc ?? (() => {});

const ROUNDS = 5;

/** Median ns per character over enough runs to take at least ~25 ms, after one warm-up run. */
function measure(fn, input) {
  fn(input);
  const runs = [];
  let total = 0;
  while (runs.length < 5 || (total < 25e6 && runs.length < 2000)) {
    const t0 = process.hrtime.bigint();
    fn(input);
    const ns = Number(process.hrtime.bigint() - t0);
    runs.push(ns);
    total += ns;
  }
  runs.sort((a, b) => a - b);
  return runs[runs.length >> 1] / input.length;
}

const parseOrError = (s) => { try { return lib.parse(s); } catch (e) { if (!(e instanceof lib.UriSyntaxError)) throw e; return e; } };
const matchesRef = (s) => lib.matches("URI-reference", s);

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const results = [];
for (const shape of Object.keys(SHAPES)) {
  for (const size of SIZES) results.push({ shape, size, parseRounds: [], matchesRounds: [], retainedBytes: 0 });
}
let peakHeap = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (const r of results) {
    const input = SHAPES[r.shape](r.size);
    if (input.length !== r.size) throw new Error(`scaling: ${r.shape} made ${input.length} characters, not ${r.size}`);
    const valid = matchesRef(input);
    if (valid !== (r.shape !== "invalid at the end")) throw new Error(`scaling: ${r.shape} (${r.size}) should ${valid ? "not " : ""}match`);
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    r.parseRounds.push(measure(parseOrError, input));
    r.matchesRounds.push(measure(matchesRef, input));
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    gc();
    // What a call leaves behind: the most of any round.
    r.retainedBytes = Math.max(r.retainedBytes, process.memoryUsage().heapUsed - heapBefore);
  }
}
for (const r of results) {
  r.parseNsPerChar = median(r.parseRounds);
  r.matchesNsPerChar = median(r.matchesRounds);
}

const fmt = (n) => n.toFixed(n < 10 ? 2 : 1);
const lines = [
  `Scaling: ns per character (median of ${ROUNDS} rounds), parse() | matches('URI-reference'); ` +
    "heap retained after a full GC; ratio = 1M / 10k per-character time (median of the rounds' ratios)",
  "",
  `| shape | ${SIZES.map((s) => s >= 1e6 ? `${s / 1e6}M` : `${s / 1e3}k`).join(" | ")} | ratio 1M/10k | retained heap at 1M |`,
  `|---|${SIZES.map(() => "---:").join("|")}|---:|---:|`,
];
let flat = true;
for (const shape of Object.keys(SHAPES)) {
  const rows = results.filter((r) => r.shape === shape);
  const at = (size) => rows.find((r) => r.size === size);
  const paired = (key) => median(at(1_000_000)[key].map((ns, round) => ns / at(10_000)[key][round]));
  const ratioParse = paired("parseRounds");
  const ratioMatches = paired("matchesRounds");
  if (ratioParse > 2 || ratioMatches > 2) flat = false;
  lines.push(`| ${shape} | ${rows.map((r) => `${fmt(r.parseNsPerChar)} \\| ${fmt(r.matchesNsPerChar)}`).join(" | ")} | ` +
    `${ratioParse.toFixed(2)} \\| ${ratioMatches.toFixed(2)} | ${(at(1_000_000).retainedBytes / 1024).toFixed(0)} KiB |`);
}
lines.push("", `peak heap during the run: ${(peakHeap / 2 ** 20).toFixed(1)} MiB; ` +
  `time per character ${flat ? "flat: within 2x from 10k to 1M for every shape" : "NOT flat: a shape grew more than 2x from 10k to 1M"}`);
console.log(lines.join("\n"));

const i = process.argv.indexOf("--json");
const out = i >= 0 ? process.argv[i + 1] : join(root, "bench-results", "scaling.json");
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify({ node: process.version, date: new Date().toISOString(), flat, peakHeapBytes: peakHeap, results }, null, 2) + "\n");
console.log(`raw numbers: ${out.startsWith(root) ? out.slice(root.length + 1) : out}`);
if (!flat) process.exitCode = 1;
