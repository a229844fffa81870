#!/usr/bin/env node
// The scaling run: parse() and matches('URI-reference') on inputs of 1k, 10k, 100k, 1M and 10M
// characters of each shape below. Time per character must stay flat (within 2x from 10k to 10M)
// and memory bounded: no input may make the parser backtrack more than a bounded distance or keep
// more than a bounded amount per character. matches() runs the rule's DFA, linear by construction;
// the last shapes are the inputs on which a backtracking engine of the same grammar goes wrong.
//
//   long path           http://example.com/aaaa...aaaa
//   long query          http://example.com/?q=xxxx...
//   many labels         http://a.b.c....example.com/
//   long userinfo       ftp://uuuu...:pppp...@example.com/
//   many short segments /a/b/c/d/...
//   invalid at the end  http://example.com/aaaa...aaaa<space>   (parse() throws a UriSyntaxError)
//   hyphens, no end     http://a-a-a-...-a-<space>: a label's hyphens, then no way to end the host
//   escapes, the last cut short   http://a/%41%41...%4
//   colons in brackets  http://[1:1:1:...:1]/  (an IPv6 literal of too many pieces)
//   1993: labels with no end   the 1993 draft's hostname, where "." is in ialpha too (the grammar
//                       is ambiguous: a backtracking engine tries every split), then a DEL
//
// Usage: node --expose-gc scripts/bench-scaling.mjs [--json FILE]   (bench.mjs runs it)
import { createRequire } from "node:module";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const lib = require(join(root, "dist/cjs/src/index.js"));

const SIZES = [1_000, 10_000, 100_000, 1_000_000, 10_000_000];
/** Whole copies of unit (never a cut "%20"), then the pad character up to n characters. */
const fill = (unit, n, pad = "a") => unit.repeat(Math.floor(n / unit.length)).padEnd(n, pad);
/** Each shape: its inputs, whether they are valid, and the edition (default the package's). */
const SHAPES = {
  "long path": { valid: true, make: (n) => { const p = "http://example.com/"; return p + fill("abcdefghij", n - p.length); } },
  "long query": { valid: true, make: (n) => { const p = "http://example.com/?"; return p + fill("k=v&x=%20&", n - p.length); } },
  "many labels": { valid: true, make: (n) => { const p = "http://", s = "example.com/"; return p + fill("ab.", n - p.length - s.length, "b") + s; } },
  "long userinfo": { valid: true, make: (n) => { const p = "ftp://", s = "@example.com/"; return p + fill("user:pa%20ss;", n - p.length - s.length) + s; } },
  "many short segments": { valid: true, make: (n) => fill("/a", n, "b") },
  "invalid at the end": { valid: false, make: (n) => { const p = "http://example.com/"; return p + fill("abcdefghij", n - p.length - 1) + " "; } },
  "hyphens, no end": { valid: false, make: (n) => { const p = "http://"; return p + fill("a-", n - p.length - 1) + " "; } },
  "escapes, the last cut short": { valid: false, make: (n) => { const p = "http://a/"; return p + fill("%41", n - p.length - 2, "b") + "%4"; } },
  "colons in brackets": { valid: false, make: (n) => { const p = "http://[", s = "]/"; return p + fill("1:", n - p.length - s.length - 1, "1") + "1" + s; } },
  "1993: labels with no end": { valid: false, edition: "url-1993", make: (n) => { const p = "http://"; return p + fill("a.", n - p.length - 1) + "\u007f"; } },
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

const parseIn = (edition) => (s) => { try { return lib.parse(s, edition && { edition }); } catch (e) { if (!(e instanceof lib.UriSyntaxError)) throw e; return e; } };
const matchesIn = (edition) => { const rule = reference(edition); return (s) => lib.matches(rule, s, edition && { edition }); };
/** The edition's reference rule (its manifest's roles.reference). */
const reference = (edition) => (edition === undefined ? lib.DEFAULT_EDITION : lib.EDITIONS[edition]).roles.reference;

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const results = [];
for (const shape of Object.keys(SHAPES)) {
  for (const size of SIZES) results.push({ shape, size, parseRounds: [], matchesRounds: [], retainedBytes: 0 });
}
let peakHeap = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (const r of results) {
    const shape = SHAPES[r.shape];
    const input = shape.make(r.size);
    if (input.length !== r.size) throw new Error(`scaling: ${r.shape} made ${input.length} characters, not ${r.size}`);
    const matches = matchesIn(shape.edition);
    const valid = matches(input);
    if (valid !== shape.valid) throw new Error(`scaling: ${r.shape} (${r.size}) should ${valid ? "not " : ""}match`);
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    r.parseRounds.push(measure(parseIn(shape.edition), input));
    r.matchesRounds.push(measure(matches, input));
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
    "heap retained after a full GC; ratio = 10M / 10k per-character time (median of the rounds' ratios)",
  "",
  `| shape | ${SIZES.map((s) => s >= 1e6 ? `${s / 1e6}M` : `${s / 1e3}k`).join(" | ")} | ratio 10M/10k | retained heap at 10M |`,
  `|---|${SIZES.map(() => "---:").join("|")}|---:|---:|`,
];
let flat = true;
for (const shape of Object.keys(SHAPES)) {
  const rows = results.filter((r) => r.shape === shape);
  const at = (size) => rows.find((r) => r.size === size);
  const largest = SIZES[SIZES.length - 1];
  const paired = (key) => median(at(largest)[key].map((ns, round) => ns / at(10_000)[key][round]));
  const ratioParse = paired("parseRounds");
  const ratioMatches = paired("matchesRounds");
  if (ratioParse > 2 || ratioMatches > 2) flat = false;
  lines.push(`| ${shape} | ${rows.map((r) => `${fmt(r.parseNsPerChar)} \\| ${fmt(r.matchesNsPerChar)}`).join(" | ")} | ` +
    `${ratioParse.toFixed(2)} \\| ${ratioMatches.toFixed(2)} | ${(at(largest).retainedBytes / 1024).toFixed(0)} KiB |`);
}
lines.push("", `peak heap during the run: ${(peakHeap / 2 ** 20).toFixed(1)} MiB; ` +
  `time per character ${flat ? "flat: within 2x from 10k to 10M for every shape" : "NOT flat: a shape grew more than 2x from 10k to 10M"}`);
console.log(lines.join("\n"));

const i = process.argv.indexOf("--json");
const out = i >= 0 ? process.argv[i + 1] : join(root, "bench-results", "scaling.json");
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify({ node: process.version, date: new Date().toISOString(), flat, peakHeapBytes: peakHeap, results }, null, 2) + "\n");
console.log(`raw numbers: ${out.startsWith(root) ? out.slice(root.length + 1) : out}`);
if (!flat) process.exitCode = 1;
