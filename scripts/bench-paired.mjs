#!/usr/bin/env node
// The paired figures of docs/performance.md for a busy machine: matches(), validate() of the valid
// references and parse() on the benchmark corpus, each round of 10,000 references between two
// rounds of the Appendix B regex split on the same references. Prints, per contender, the median
// of the rounds' ratios (wall-clock and CPU time, with the quartiles of the wall-clock ones) and the
// ratio of the smallest rounds (the contender's over the regex's: other work only adds time).
//
//   node scripts/bench-paired.mjs [ROOT] [ROUNDS]
//
// ROOT is the checkout whose dist/cjs is measured (default this one): to compare two builds, run
// each in its own process, several processes of each, in turn. ROUNDS defaults to 60, the first 10
// of which warm up.
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { generateCorpus } from "./bench-corpus.mjs";

const require = createRequire(import.meta.url);
const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), ".."));
const ROUNDS = Number(process.argv[3] ?? 60);
const WARMUP = 10;
const lib = require(join(root, "dist/cjs/src/index.js"));
const { refs } = generateCorpus({ count: 100000, seed: 2003 });
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;
const valid = refs.filter((s) => lib.matches("URI-reference", s));
let sink = 0;
const contenders = [
  ["matches('URI-reference')", refs, (s) => lib.matches("URI-reference", s)],
  ["validate(), valid only", valid, (s) => lib.validate(s)],
  ["parse()", refs, (s) => { try { return lib.parse(s); } catch (e) { return e; } }],
];
const SLICE = 10000;
const regex = (s) => APPENDIX_B.exec(s);
/** One round: CPU and wall-clock ns per reference. */
function round(list, offset, fn) {
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let i = offset; i < offset + SLICE; i++) if (fn(list[i])) sink++;
  const cpu = process.cpuUsage(cpu0);
  return { cpu: ((cpu.user + cpu.system) * 1000) / SLICE, wall: Number(process.hrtime.bigint() - t0) / SLICE };
}
const results = new Map(contenders.map(([name]) => [name, []]));
for (let r = 0; r < ROUNDS; r++) {
  const offset = (r * SLICE) % (valid.length - SLICE);
  for (const [name, list, fn] of contenders) {
    const before = round(list, offset, regex);
    const x = round(list, offset, fn);
    const after = round(list, offset, regex);
    if (r < WARMUP) continue;
    results.get(name).push({
      wall: x.wall / ((before.wall + after.wall) / 2), cpu: x.cpu / ((before.cpu + after.cpu) / 2),
      own: x.wall, floor: Math.min(before.wall, after.wall),
    });
  }
}
const quantile = (xs, q) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(s.length * q))]; };
for (const [name, rs] of results) {
  const wall = rs.map((x) => x.wall);
  const smallest = Math.min(...rs.map((x) => x.own)) / Math.min(...rs.map((x) => x.floor));
  console.log(`${name.padEnd(26)} paired wall ${quantile(wall, 0.5).toFixed(2)} (quartiles ${quantile(wall, 0.25).toFixed(2)}, ` +
    `${quantile(wall, 0.75).toFixed(2)}), paired CPU ${quantile(rs.map((x) => x.cpu), 0.5).toFixed(2)}, smallest ${smallest.toFixed(2)}`);
}
if (sink < 0) console.log(sink);
