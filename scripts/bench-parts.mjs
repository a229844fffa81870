#!/usr/bin/env node
// Where parse() spends its time: each piece of a parse() of the default edition's reference rule,
// beside the Appendix B regex split, on the benchmark corpus (scripts/bench-corpus.mjs).
// docs/performance.md ("Where parse() spends its time") reads the table.
//
//   node --expose-gc scripts/bench-parts.mjs [--count N] [--rounds R] [--json FILE]
//
// npm run bench runs it (after its own table) and keeps the pieces in its report (--json), so that
// --record puts them in docs/performance.md beside the machine's table (scripts/bench-table.mjs).
//
// Each piece runs in a process of its own (--piece NAME), in turn with the regex split on the same
// references: what V8 compiles for one piece (a function called from two places, or inlined into
// one loop and not another) changes the time of the next, by up to a factor of two for parse().
// A piece and the regex each have a loop of their own; every round times both, in CPU time (user +
// system of the process) after a full collection; the row gives the smallest of the rounds after
// three warm-up rounds (the least disturbed by a shared machine), in ns a reference, and the
// ratio of the two smallest. The pieces, on the valid references:
//   - the plain DFA (what matches() runs);
//   - the tagged DFA's pass alone (TaggedAutomaton.scan: accepts, and the registers set);
//   - parse() (the typed reference);
//   - the hostnames' labels, per reference (labels() on the text of each hostname, less the same
//     loop over the texts without the call, times the share of references that have one);
//   - parse() in a program that keeps the references of the corpus alive (an array of parse()'s
//     results, made before the loops), and the regex split in the same program;
// on the rejected references:
//   - parse(), caught (the error is made and thrown; its details are not read);
//   - making a SyntaxError with Error.stackTraceLimit at 0, as UriSyntaxError does;
//   - throwing and catching a value made in advance;
// and parse() over the whole corpus, caught, as npm run bench measures it.
// Build first (npm run build): it measures dist/cjs.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateCorpus } from "./bench-corpus.mjs";
import { partsTable } from "./bench-table.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const COUNT = Number(arg("--count", 100_000));
const ROUNDS = Number(arg("--rounds", 17));
const WARMUP = 3;

/** Each piece: its name, the references it runs on, and the body of its loop (x holds what it calls; s is the reference). */
const PIECES = [
  { name: "plain DFA (matches())", set: "valid", body: "sink += x.plain(s) ? 1 : 0;" },
  { name: "tagged DFA's pass", set: "valid", body: "sink += x.tagged.scan(s) ? 1 : 0;" },
  { name: "parse()", set: "valid", body: "sink += x.lib.parse(s).path.length;" },
  { name: "hostnames' labels", set: "valid", labels: true },
  { name: "parse(), with the references of the corpus kept alive", set: "valid", keep: true, body: "sink += x.lib.parse(s).path.length;" },
  { name: "parse(), caught", set: "invalid", body: "try { sink += x.lib.parse(s).path.length; } catch (e) { sink++; }" },
  { name: "new SyntaxError, no stack", set: "invalid",
    body: "const l = Error.stackTraceLimit; Error.stackTraceLimit = 0; const e = new SyntaxError(); Error.stackTraceLimit = l; sink += e === null ? 0 : 1;" },
  { name: "throw and catch", set: "invalid", body: "try { throw x.made; } catch (e) { sink++; }" },
  { name: "parse(), caught", set: "corpus", body: "try { sink += x.lib.parse(s).path.length; } catch (e) { sink++; }" },
];

const pieceAt = arg("--piece", undefined);
if (pieceAt !== undefined) {
  process.stdout.write(JSON.stringify(measure(PIECES[Number(pieceAt)])));
} else {
  const rows = [];
  let counts;
  for (let i = 0; i < PIECES.length; i++) {
    const out = JSON.parse(execFileSync(process.execPath, ["--expose-gc", fileURLToPath(import.meta.url), "--piece", String(i),
      "--count", String(COUNT), "--rounds", String(ROUNDS)], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 }));
    counts = out.counts;
    const piece = PIECES[i];
    const name = piece.labels ? `${piece.name} (${(out.share * 100).toFixed(0)}% of the valid references have a hostname)` : piece.name;
    rows.push({ name, set: piece.set, ns: out.ns, regexNs: out.regexNs, ratio: out.ns / out.regexNs });
    if (piece.keep) rows.push({ name: "regex split, with the references of the corpus kept alive", set: piece.set, ns: out.regexNs, regexNs: out.regexNs, ratio: 1 });
  }
  const run = { cpu: cpus()[0]?.model.trim() ?? "unknown CPU", node: process.version, rounds: ROUNDS, counts, rows };
  console.log(`${run.cpu}; Node ${run.node}; ${counts.corpus.toLocaleString("en-US")} references (${counts.valid.toLocaleString("en-US")} valid, ` +
    `${counts.invalid.toLocaleString("en-US")} rejected); each piece in a process of its own beside the regex split; CPU time, the smallest of ${ROUNDS} rounds\n`);
  console.log(partsTable(run).join("\n"));
  const jsonFile = arg("--json", undefined);
  if (jsonFile !== undefined) writeFileSync(jsonFile, JSON.stringify(run, null, 2) + "\n");
}

/** One piece and the regex split, in this process: { ns, regexNs, counts, share }. */
function measure(piece) {
  if (!globalThis.gc) throw new Error("bench-parts: run with node --expose-gc (a collection before every timed loop)");
  const lib = require(join(root, "dist/cjs/src/index.js"));
  const { taggedOf } = require(join(root, "dist/cjs/src/parse.js"));
  const { DEFAULT_EDITION } = require(join(root, "dist/cjs/src/registry.js"));
  const { labels } = require(join(root, `dist/cjs/src/models/${DEFAULT_EDITION.id}/records.js`));
  const { refs } = generateCorpus({ count: COUNT, seed: 2003 });
  const rule = DEFAULT_EDITION.roles.reference;
  const sets = { corpus: refs, valid: refs.filter((s) => lib.matches(rule, s)), invalid: refs.filter((s) => !lib.matches(rule, s)) };
  const counts = { corpus: refs.length, valid: sets.valid.length, invalid: sets.invalid.length };
  // A loop of its own for each, compiled from its own source, so that no call site is shared.
  const loop = (body) => new Function("x", "set", `let sink = 0; for (let i = 0; i < set.length; i++) { const s = set[i]; ${body} } return sink;`);
  const x = {
    lib, tagged: taggedOf(DEFAULT_EDITION), plain: DEFAULT_EDITION.automata.of(rule).accepts, labels, made: new Error("made in advance"),
    re: /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/,
  };
  const loops = [[loop("sink += x.re.exec(s) === null ? 0 : 1;"), sets[piece.set]]];
  let share = 0;
  if (piece.labels) {
    // The text of each hostname; only the texts are kept (see below).
    const hostnames = [];
    for (const s of sets.valid) {
      const host = lib.parse(s).authority?.host;
      if (host?.kind === "hostname") hostnames.push(host.raw);
    }
    share = hostnames.length / sets.valid.length;
    loops.push([loop("sink += x.labels(s).length;"), hostnames], [loop("sink += s.length;"), hostnames]);
  } else {
    loops.push([loop(piece.body), sets[piece.set]]);
  }
  // A program that keeps many references alive: V8 then allocates in the old generation what the
  // allocation sites whose objects survived make (pretenuring), and the old generation it fills
  // slows the young one's collections (docs/performance.md).
  if (piece.keep) globalThis.kept = sets.valid.map((s) => lib.parse(s));
  const best = loops.map(() => Infinity);
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    loops.forEach(([fn, set], i) => {
      globalThis.gc();
      const t = process.cpuUsage();
      fn(x, set);
      const { user, system } = process.cpuUsage(t);
      if (round >= WARMUP) best[i] = Math.min(best[i], ((user + system) * 1000) / set.length);
    });
  }
  // The labels per valid reference: per hostname, less the loop alone, times the share that have one.
  const ns = piece.labels ? (best[1] - best[2]) * share : best[1];
  return { ns, regexNs: best[0], counts, share };
}
