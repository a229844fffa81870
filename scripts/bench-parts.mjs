#!/usr/bin/env node
// Where parse() spends its time: each piece of a parse() of the default edition's reference rule,
// in a loop of its own, in one process, on the benchmark corpus (scripts/bench-corpus.mjs), beside
// the Appendix B regex split. docs/performance.md ("Where parse() spends its time") gives a run.
//
//   node --expose-gc scripts/bench-parts.mjs [--count N] [--rounds R] [--json FILE]
//
// npm run bench runs it (after its own table) and keeps the pieces in its report (--json), so that
// --record puts them in docs/performance.md beside the machine's table (scripts/bench-table.mjs).
//
// Each piece is timed in CPU time (user + system of this process); the table gives the smallest
// of the rounds after three warm-up rounds (the least disturbed by a shared machine), in ns a
// reference, and its ratio to the regex split on the same references. The pieces, on the valid
// references:
//   - the plain DFA (what matches() runs);
//   - the tagged DFA's pass alone (TaggedAutomaton.scan: accepts, and the registers set);
//   - parse() (the typed reference);
//   - the hostnames' labels alone, per reference (labels() on the text of each hostname, once per
//     reference that has one; the loop's cost over the same texts without the call is taken off);
// and on the rejected references:
//   - parse(), caught (the error is made and thrown; its details are not read);
//   - making a SyntaxError with Error.stackTraceLimit at 0, as UriSyntaxError does;
//   - throwing and catching a value made in advance (what V8 takes for any throw);
// and parse() over the whole corpus, caught, as npm run bench measures it.
// Build first (npm run build): it measures dist/cjs.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateCorpus } from "./bench-corpus.mjs";
import { partsTable } from "./bench-table.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const lib = require(join(root, "dist/cjs/src/index.js"));
const { taggedOf } = require(join(root, "dist/cjs/src/parse.js"));
const { DEFAULT_EDITION } = require(join(root, "dist/cjs/src/registry.js"));
const { labels } = require(join(root, `dist/cjs/src/models/${DEFAULT_EDITION.id}/records.js`));
if (!globalThis.gc) console.error("bench-parts: run with node --expose-gc for a collection before every timed loop");

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const COUNT = arg("--count", 100_000);
const jsonAt = process.argv.indexOf("--json");
const JSON_FILE = jsonAt >= 0 ? process.argv[jsonAt + 1] : undefined;
const ROUNDS = arg("--rounds", 17);
const WARMUP = 3;

const { refs } = generateCorpus({ count: COUNT, seed: 2003 });
const rule = DEFAULT_EDITION.roles.reference;
const valid = refs.filter((s) => lib.matches(rule, s));
const invalid = refs.filter((s) => !lib.matches(rule, s));
// The text of each valid reference's hostname, in the order of the references (where it has one).
// Only the texts are kept: a program that keeps many references alive at once makes V8 allocate
// the objects of their allocation sites in the old generation from then on (pretenuring), and
// every later parse() slower (docs/performance.md).
const hostnames = [];
for (const s of valid) {
  const host = lib.parse(s).authority?.host;
  if (host?.kind === "hostname") hostnames.push(host.raw);
}
const tagged = taggedOf(DEFAULT_EDITION);
const plain = DEFAULT_EDITION.automata.of(rule).accepts;
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;
const made = new Error("made in advance");

// Each piece its own loop, compiled from its own source, so that no call site is shared.
const loop = (body) => new Function("x", "set", `let sink = 0; for (let i = 0; i < set.length; i++) { const s = set[i]; ${body} } return sink;`);
const x = { lib, tagged, plain, re: APPENDIX_B, labels, made };
const pieces = [
  ["regex split", "valid", valid, loop("sink += x.re.exec(s) === null ? 0 : 1;")],
  ["plain DFA (matches())", "valid", valid, loop("sink += x.plain(s) ? 1 : 0;")],
  ["tagged DFA's pass", "valid", valid, loop("sink += x.tagged.scan(s) ? 1 : 0;")],
  ["parse()", "valid", valid, loop("sink += x.lib.parse(s).path.length;")],
  ["hostnames' labels", "hostnames", hostnames, loop("sink += x.labels(s).length;")],
  ["hostnames, loop only", "hostnames", hostnames, loop("sink += s.length;")],
  ["regex split", "invalid", invalid, loop("sink += x.re.exec(s) === null ? 0 : 1;")],
  ["parse(), caught", "invalid", invalid, loop("try { sink += x.lib.parse(s).path.length; } catch (e) { sink++; }")],
  ["new SyntaxError, no stack", "invalid", invalid,
    loop("const l = Error.stackTraceLimit; Error.stackTraceLimit = 0; const e = new SyntaxError(); Error.stackTraceLimit = l; sink += e === null ? 0 : 1;")],
  ["throw and catch", "invalid", invalid, loop("try { throw x.made; } catch (e) { sink++; }")],
  ["regex split", "corpus", refs, loop("sink += x.re.exec(s) === null ? 0 : 1;")],
  ["parse(), caught", "corpus", refs, loop("try { sink += x.lib.parse(s).path.length; } catch (e) { sink++; }")],
];

const best = pieces.map(() => Infinity);
for (let round = 0; round < WARMUP + ROUNDS; round++) {
  pieces.forEach(([, , set, fn], i) => {
    globalThis.gc?.();
    const t = process.cpuUsage();
    fn(x, set);
    const { user, system } = process.cpuUsage(t);
    if (round >= WARMUP) best[i] = Math.min(best[i], ((user + system) * 1000) / set.length);
  });
}

const regexOf = new Map(pieces.map(([name, set], i) => [set, name === "regex split" ? best[i] : undefined]).filter(([, v]) => v !== undefined));
const labelsAt = pieces.findIndex(([name]) => name === "hostnames' labels");
const perReference = hostnames.length / valid.length;
/** The rows: every piece but the loops over the hostnames, which give the labels' row, per valid reference. */
const rows = pieces.flatMap(([name, set], i) => (set === "hostnames" ? [] : [{ name, set, ns: best[i], ratio: best[i] / regexOf.get(set) }]));
const labelsNs = (best[labelsAt] - best[labelsAt + 1]) * perReference;
rows.push({ name: `hostnames' labels (${(perReference * 100).toFixed(0)}% of the valid references have a hostname)`, set: "valid", ns: labelsNs,
  ratio: labelsNs / regexOf.get("valid") });
const run = {
  cpu: cpus()[0]?.model.trim() ?? "unknown CPU", node: process.version, rounds: ROUNDS,
  counts: { corpus: refs.length, valid: valid.length, invalid: invalid.length, hostnames: hostnames.length }, rows,
};
console.log(`${run.cpu}; Node ${run.node}; ${refs.length.toLocaleString("en-US")} references ` +
  `(${valid.length.toLocaleString("en-US")} valid, ${invalid.length.toLocaleString("en-US")} rejected); CPU time, the smallest of ${ROUNDS} rounds\n`);
console.log(partsTable(run).join("\n"));
if (JSON_FILE !== undefined) writeFileSync(JSON_FILE, JSON.stringify(run, null, 2) + "\n");

