#!/usr/bin/env node
// npm run bench: strict validation side by side with the popular lenient parsers.
//
// One process measures every contender on the same seeded corpus (scripts/bench-corpus.mjs),
// round-robin over several timed passes after warm-up passes, and reports the median ns per URI
// reference (wall clock, and CPU time of the process, which is steadier on a shared machine) and
// its ratio to the draft's Appendix B regular expression (which splits a reference
// into its five components and validates nothing: the floor). Node's URL accepts absolute URLs
// only, so it runs on the absolute references, and its ratio is to the regex on that same subset.
// Then the scaling run (scripts/bench-scaling.mjs) runs in a child process.
//
// The ratio is paired: in every pass the regex runs on the contender's references right before
// and right after it, and the pass's ratio is the contender's time over the mean of those two;
// the ratio reported is the median of the passes' ratios. A shared machine's speed drifts over
// seconds to minutes, which moves the medians of separate measurements apart; a pair is taken
// within a fraction of a second. (The ratio of the two medians is in bench.json too.)
//
// Writes bench-results/bench.json (raw numbers) and bench-results/corpus.txt (the corpus).
//
// Every timed pass starts with a full garbage collection (node --expose-gc, as npm run bench
// runs it), so that the garbage one contender leaves is not collected on the next one's clock.
//
// Then the pieces of a parse() (scripts/bench-parts.mjs) run in a child process, and go in the
// report as `parts`.
//
// Usage: node --expose-gc scripts/bench.mjs [--count N] [--seed S] [--passes P] [--no-scaling] [--no-parts] [--record]
//   --record keeps the run as its kind of machine's table of docs/performance.md (docs/bench/<cpu>.json).
//   Build first (npm run bench does): it measures dist/cjs, what users get.
import { createRequire } from "node:module";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";
import { generateCorpus } from "./bench-corpus.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const lib = require(join(root, "dist/cjs/src/index.js"));
if (!globalThis.gc) console.error("bench: run with node --expose-gc (npm run bench does) for a collection before every timed pass");
const fastUri = require("fast-uri");
const uriJs = require("uri-js");

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const COUNT = arg("--count", 100_000);
const SEED = arg("--seed", 2003);
const PASSES = arg("--passes", 7);
const WARMUP = 3;
const EXPLAIN_SUBSET = 5_000;

const peerVersion = (name) => require(`${name}/package.json`).version;

// ----- the corpus -----
const { refs, kinds } = generateCorpus({ count: COUNT, seed: SEED });
const chars = refs.reduce((n, s) => n + s.length, 0);
// Appendix B of the draft: ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const absolute = refs.filter((s) => SCHEME.test(s));
const valid = refs.filter((s) => lib.matches("URI-reference", s));
const invalid = refs.filter((s) => !lib.matches("URI-reference", s));
const explainSet = refs.slice(0, EXPLAIN_SUBSET);
const sets = {
  corpus: refs,
  absolute,
  valid,
  invalid,
  [`first ${EXPLAIN_SUBSET}`]: explainSet,
};

// ----- the contenders: each returns something, so that no work can be optimized away -----
let sink = 0;
const contenders = [
  { name: "Appendix B regex split", set: "corpus", floor: true, fn: (s) => APPENDIX_B.exec(s) },
  { name: "uri-grammar parse()", set: "corpus", fn: (s) => { try { return lib.parse(s); } catch (e) { return e; } } },
  { name: "uri-grammar parse(), valid only", set: "valid", fn: (s) => lib.parse(s) },
  { name: "uri-grammar parse(), invalid only (builds UriSyntaxError)", set: "invalid", fn: (s) => { try { return lib.parse(s); } catch (e) { return e; } } },
  {
    name: "uri-grammar parse(), invalid only, with call stacks (UriSyntaxError.captureStack)", set: "invalid",
    fn: (s) => {
      lib.UriSyntaxError.captureStack = true;
      try { return lib.parse(s); } catch (e) { return e; } finally { lib.UriSyntaxError.captureStack = false; }
    },
  },
  { name: "uri-grammar matches('URI-reference')", set: "corpus", fn: (s) => lib.matches("URI-reference", s) },
  { name: "uri-grammar validate(), valid only", set: "valid", fn: (s) => lib.validate(s) },
  { name: "uri-grammar explain()", set: `first ${EXPLAIN_SUBSET}`, fn: (s) => { try { return lib.explain(s); } catch (e) { return e; } } },
  { name: `fast-uri ${peerVersion("fast-uri")} parse`, set: "corpus", fn: (s) => fastUri.parse(s) },
  { name: `uri-js ${peerVersion("uri-js")} parse`, set: "corpus", fn: (s) => uriJs.parse(s) },
  { name: "Appendix B regex split", set: "absolute", floor: true, fn: (s) => APPENDIX_B.exec(s) },
  { name: "uri-grammar parse()", set: "absolute", fn: (s) => { try { return lib.parse(s); } catch (e) { return e; } } },
  { name: "Node URL.canParse", set: "absolute", fn: (s) => URL.canParse(s) },
  { name: "Node new URL", set: "absolute", fn: (s) => { try { return new URL(s); } catch (e) { return e; } } },
];
// The invalid subset and the explain subset get their own floor, so their ratios compare like with like.
for (const set of ["valid", "invalid", `first ${EXPLAIN_SUBSET}`]) {
  contenders.push({ name: "Appendix B regex split", set, floor: true, fn: (s) => APPENDIX_B.exec(s) });
}

/**
 * A loop of its own for a contender: compiled from its own source text (the contender's name is
 * in it, so that V8's cache of compiled sources does not hand two contenders one function), so
 * that V8 keeps what it learns about the call per contender: the call is monomorphic and may be
 * inlined, as in a program that calls one function in a loop. (One loop shared by every contender
 * makes the call megamorphic: a generic call of some tens of ns, added to every contender alike,
 * which pulls every ratio toward 1.)
 */
function loopFor(c) {
  return new Function("fn", "list", `// ${c.name.replace(/\n/g, " ")} (${c.set})
    let hits = 0;
    for (let i = 0; i < list.length; i++) if (fn(list[i])) hits++;
    return hits;`);
}
for (const c of contenders) c.loop = loopFor(c);

/** One pass of a contender over its references: wall-clock and CPU (user + system) ns per reference. */
function runOnce(c) {
  const list = sets[c.set];
  // The garbage of the contender before is collected here, not on this contender's clock.
  if (globalThis.gc) globalThis.gc();
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  sink += c.loop(c.fn, list);
  const wall = Number(process.hrtime.bigint() - t0) / list.length;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: ((cpu.user + cpu.system) * 1000) / list.length };
}

const samples = new Map(contenders.map((c) => [c, []]));
const cpuSamples = new Map(contenders.map((c) => [c, []]));
// Per pass, the contender's time over the mean of the regex's just before and just after it.
const pairedRatios = new Map(contenders.map((c) => [c, []]));
const pairedCpuRatios = new Map(contenders.map((c) => [c, []]));
const floorOf = new Map(contenders.filter((c) => c.floor).map((c) => [c.set, c]));
for (let pass = 0; pass < WARMUP + PASSES; pass++) {
  for (const c of contenders) {
    const floor = floorOf.get(c.set);
    const before = c.floor ? null : runOnce(floor);
    const { wall, cpu } = runOnce(c);
    const after = c.floor ? null : runOnce(floor);
    if (pass < WARMUP) continue;
    samples.get(c).push(wall);
    cpuSamples.get(c).push(cpu);
    pairedRatios.get(c).push(c.floor ? 1 : wall / ((before.wall + after.wall) / 2));
    pairedCpuRatios.get(c).push(c.floor ? 1 : cpu / ((before.cpu + after.cpu) / 2));
  }
  process.stderr.write(`pass ${pass + 1}/${WARMUP + PASSES}${pass < WARMUP ? " (warm-up)" : ""}\r`);
}
process.stderr.write("\n");

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const floors = new Map(contenders.filter((c) => c.floor).map((c) => [c.set, median(samples.get(c))]));
const cpuFloors = new Map(contenders.filter((c) => c.floor).map((c) => [c.set, median(cpuSamples.get(c))]));
const results = contenders.map((c) => ({
  name: c.name,
  set: c.set,
  count: sets[c.set].length,
  medianNs: median(samples.get(c)),
  samplesNs: samples.get(c),
  ratioToRegex: median(pairedRatios.get(c)),
  pairedRatios: pairedRatios.get(c),
  ratioOfMedians: median(samples.get(c)) / floors.get(c.set),
  medianCpuNs: median(cpuSamples.get(c)),
  cpuSamplesNs: cpuSamples.get(c),
  cpuRatioToRegex: median(pairedCpuRatios.get(c)),
  cpuPairedRatios: pairedCpuRatios.get(c),
  cpuRatioOfMedians: median(cpuSamples.get(c)) / cpuFloors.get(c.set),
}));

// ----- report -----
const cpu = cpus()[0]?.model ?? "unknown CPU";
const machine = `Node ${process.version}, ${cpu} (${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB), ${process.platform}/${process.arch}`;
const fmt = (n) => n >= 100 ? Math.round(n).toLocaleString("en-US") : n.toFixed(1);
const lines = [
  `CPU: ${cpu} (${cpus().length} cores); Node ${process.version}; load average ${loadavg().map((l) => l.toFixed(1)).join(", ")}`,
  "",
  `${COUNT.toLocaleString("en-US")} references (seed ${SEED}), ${(chars / COUNT).toFixed(1)} characters on average; ` +
    `${absolute.length.toLocaleString("en-US")} absolute, ${invalid.length.toLocaleString("en-US")} rejected by the grammar`,
  `${machine}; median of ${PASSES} passes after ${WARMUP} warm-up passes; ` +
    `wall-clock time, and CPU time (user + system) of this process; ratios paired with the regex run just before ` +
    `and after in each pass (median of the passes)`,
  "",
  `| contender (${cpu}) | references | ns per reference | ratio to regex split | CPU ns per reference | CPU ratio |`,
  "|---|---|---:|---:|---:|---:|",
  ...results.map((r) => `| ${r.name} | ${r.set} (${r.count.toLocaleString("en-US")}) | ${fmt(r.medianNs)} | ${r.ratioToRegex.toFixed(2)} | ` +
    `${fmt(r.medianCpuNs)} | ${r.cpuRatioToRegex.toFixed(2)} |`),
];
const byName = (name, set = "corpus") => results.find((r) => r.name.startsWith(name) && r.set === set);
const parseR = byName("uri-grammar parse()");
const matchR = byName("uri-grammar matches");
const fastR = byName("fast-uri");
const validR = byName("uri-grammar parse(), valid only", "valid");
const validateR = byName("uri-grammar validate(), valid only", "valid");
const absParseR = byName("uri-grammar parse()", "absolute");
const newUrlR = byName("Node new URL", "absolute");
const ofMedians = (r) => `; ratio of the medians ${r.ratioOfMedians.toFixed(2)} wall, ${r.cpuRatioOfMedians.toFixed(2)} CPU`;
const targets = [
  `parse() / fast-uri parse = ${(parseR.medianNs / fastR.medianNs).toFixed(2)} wall, ${(parseR.medianCpuNs / fastR.medianCpuNs).toFixed(2)} CPU (target < 1.0)`,
  `parse() / regex split = ${parseR.ratioToRegex.toFixed(2)} wall, ${parseR.cpuRatioToRegex.toFixed(2)} CPU (target <= 2.0)${ofMedians(parseR)}`,
  `parse() on the valid references / regex split = ${validR.ratioToRegex.toFixed(2)} wall, ${validR.cpuRatioToRegex.toFixed(2)} CPU${ofMedians(validR)}`,
  `parse() / Node new URL on the absolute references = ${(absParseR.medianNs / newUrlR.medianNs).toFixed(2)} wall, ${(absParseR.medianCpuNs / newUrlR.medianCpuNs).toFixed(2)} CPU (target < 1.0)`,
  `matches() / regex split = ${matchR.ratioToRegex.toFixed(2)} wall, ${matchR.cpuRatioToRegex.toFixed(2)} CPU (target <= 0.9)${ofMedians(matchR)}`,
  `validate() of a valid reference / regex split = ${validateR.ratioToRegex.toFixed(2)} wall, ${validateR.cpuRatioToRegex.toFixed(2)} CPU (target <= 0.9)${ofMedians(validateR)}`,
];
console.log(lines.join("\n"));
console.log("\n" + targets.join("\n"));

const outDir = join(root, "bench-results");
mkdirSync(outDir, { recursive: true });
// The pieces of a parse(), in a process of its own (what one piece compiles does not reach the others').
let parts;
if (!process.argv.includes("--no-parts")) {
  console.log("");
  const partsFile = join(outDir, "parts.json");
  execFileSync(process.execPath, ["--expose-gc", join(root, "scripts/bench-parts.mjs"), "--count", String(COUNT), "--json", partsFile],
    { stdio: "inherit" });
  parts = JSON.parse(readFileSync(partsFile, "utf8"));
}
writeFileSync(join(outDir, "corpus.txt"), refs.join("\n") + "\n");
const kindCounts = {};
for (const k of kinds) kindCounts[k] = (kindCounts[k] ?? 0) + 1;
const report = {
  date: new Date().toISOString(),
  // Each contender runs in a loop of its own (loopFor above).
  harness: "own-loop",
  loadavg: loadavg(),
  node: process.version,
  cpu,
  cores: cpus().length,
  platform: `${process.platform}/${process.arch}`,
  corpus: { count: COUNT, seed: SEED, averageLength: chars / COUNT, kinds: kindCounts, absolute: absolute.length, rejected: invalid.length },
  passes: PASSES,
  warmup: WARMUP,
  results,
  ...(parts === undefined ? {} : { parts }),
  targets: {
    parseToFastUri: parseR.medianNs / fastR.medianNs,
    parseToRegex: parseR.ratioToRegex,
    matchesToRegex: matchR.ratioToRegex,
    validateToRegex: validateR.ratioToRegex,
    parseToNewUrl: absParseR.medianNs / newUrlR.medianNs,
    cpu: {
      parseToFastUri: parseR.medianCpuNs / fastR.medianCpuNs,
      parseToRegex: parseR.cpuRatioToRegex,
      matchesToRegex: matchR.cpuRatioToRegex,
    },
  },
  sink,
};
writeFileSync(join(outDir, "bench.json"), JSON.stringify(report, null, 2) + "\n");
console.log(`\nraw numbers: bench-results/bench.json`);
if (process.argv.includes("--record")) {
  // The run becomes the table of its kind of machine in docs/performance.md (scripts/bench-table.mjs).
  const slug = cpu.toLowerCase().replace(/\(r\)|\(tm\)|cpu @.*$/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "unknown";
  const { results: all, ...rest } = report;
  const kept = { ...rest, results: all.map(({ samplesNs, pairedRatios, cpuSamplesNs, cpuPairedRatios, ...r }) => r) };
  delete kept.sink;
  writeFileSync(join(root, "docs", "bench", `${slug}.json`), JSON.stringify(kept, null, 2) + "\n");
  console.log(`recorded: docs/bench/${slug}.json (node scripts/docs.mjs puts it in docs/performance.md)`);
}

if (!process.argv.includes("--no-scaling")) {
  console.log("");
  execFileSync(process.execPath, ["--expose-gc", join(root, "scripts/bench-scaling.mjs")], { stdio: "inherit" });
}
