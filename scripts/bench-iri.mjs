#!/usr/bin/env node
// npm run bench:iri: RFC 3987 (IRIs) beside RFC 3986 on the benchmark corpus, and on the same
// corpus with non-ASCII characters (the IRI corpus).
//
// - On the ASCII corpus: matches("IRI-reference") in rfc3987 over matches("URI-reference") in
//   rfc3986 (target: at most 1.2), and parse() the same way.
// - On the IRI corpus: the corpus (scripts/bench-corpus.mjs) with a third of its words (host labels,
//   path segments, query names and values, fragments) replaced, seeded, by words of other scripts
//   (Japanese, Latin with accents, Greek, Cyrillic, Korean, and past the BMP: mathematical letters,
//   Deseret) and, in the query, a private-use character now and then. matches() and parse() per
//   code unit on it, over the same on the ASCII corpus (target: at most 1.5).
// - Scaling: matches() and parse() of one IRI of 1k to 10M code units, ns per code unit.
//
// Every ratio is paired: in each pass the two runs are measured one right after the other (in
// alternating order), and the ratio reported is the median over the passes. Build first
// (npm run bench:iri does): it measures dist/cjs.
//
// Usage: node --expose-gc scripts/bench-iri.mjs [--count N] [--passes P]
import { createRequire } from "node:module";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateCorpus } from "./bench-corpus.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const lib = require(join(root, "dist/cjs/src/index.js"));

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const COUNT = arg("--count", 50_000);
const PASSES = arg("--passes", 9);

const IRI = { edition: "rfc3987" };
const URI = { edition: "rfc3986" };
const { refs } = generateCorpus({ count: COUNT, seed: 2003 });

// ----- the IRI corpus -----
// Words of scripts past ASCII (BMP and beyond it), in place of some of the corpus's words.
const WORDS = ["例え", "パス", "日本語", "テスト", "façade", "café", "Ωmega", "λόγος", "Москва", "данные", "서울", "한국어",
  "\u{1d49c}\u{1d4b7}\u{1d4b8}", "\u{10400}\u{10428}", "straße", "città"];
const PRIVATE = ["\ue000", "\u{f0001}"];
let state = 0x9e3779b9;
const random = () => {
  state ^= state << 13; state >>>= 0; state ^= state >>> 17; state ^= state << 5; state >>>= 0;
  return state / 0x100000000;
};
/**
 * A reference with some of its words past the scheme (runs of lower-case letters: host labels, path
 * segments, query names and values, fragments; none inside [...] or an escape) replaced, a third
 * of them, by a word of another script; now and then a private-use character after one in the query.
 */
function internationalized(s) {
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(s);
  const head = scheme ? scheme[0] : "";
  let out = head;
  const rest = s.slice(head.length);
  const bracket = rest.indexOf("[");
  const close = rest.indexOf("]");
  const query = rest.indexOf("?");
  out += rest.replace(/%[0-9A-Fa-f]{2}|[a-z]+/g, (word, at) => {
    if (word[0] === "%" || (bracket >= 0 && at > bracket && at < close) || random() >= 1 / 3) return word;
    const replaced = WORDS[Math.floor(random() * WORDS.length)];
    return query >= 0 && at > query && random() < 0.1 ? replaced + PRIVATE[Math.floor(random() * PRIVATE.length)] : replaced;
  });
  return out;
}
const iris = refs.map(internationalized);
const units = (list) => list.reduce((n, s) => n + s.length, 0);
const asciiUnits = units(refs);
const iriUnits = units(iris);

let sink = 0;
function time(list, fn) {
  if (globalThis.gc) globalThis.gc();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < list.length; i++) if (fn(list[i])) sink++;
  return Number(process.hrtime.bigint() - t0);
}
const parse = (options) => (s) => { try { return lib.parse(s, options); } catch (e) { return e; } };
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

/** The median over passes of (a's ns per unit) / (b's ns per unit), measured in pairs. */
function paired(a, b) {
  const ratios = [];
  for (let pass = 0; pass < PASSES + 2; pass++) {
    const first = pass % 2 === 0;
    const ta = first ? time(a.list, a.fn) : 0;
    const tb = time(b.list, b.fn);
    const ta2 = first ? ta : time(a.list, a.fn);
    if (pass >= 2) ratios.push((ta2 / a.units) / (tb / b.units));
  }
  return median(ratios);
}

const rows = [];
const row = (what, ratio, target) => { rows.push({ what, ratio, target }); console.log(`${what}: ${ratio.toFixed(2)}x (target at most ${target})`); };
console.log(`CPU: ${cpus()[0].model}; ${refs.length} references, ${asciiUnits} code units; IRI corpus ${iriUnits} code units, ` +
  `${iris.filter((s) => lib.matches("IRI-reference", s, IRI)).length} valid IRI references`);
row("ASCII corpus: matches('IRI-reference') rfc3987 / matches('URI-reference') rfc3986",
  paired({ list: refs, units: asciiUnits, fn: (s) => lib.matches("IRI-reference", s, IRI) },
    { list: refs, units: asciiUnits, fn: (s) => lib.matches("URI-reference", s, URI) }), 1.2);
row("ASCII corpus: parse() rfc3987 / parse() rfc3986",
  paired({ list: refs, units: asciiUnits, fn: parse(IRI) }, { list: refs, units: asciiUnits, fn: parse(URI) }), "-");
row("rfc3987 matches('IRI-reference') per code unit: IRI corpus / ASCII corpus",
  paired({ list: iris, units: iriUnits, fn: (s) => lib.matches("IRI-reference", s, IRI) },
    { list: refs, units: asciiUnits, fn: (s) => lib.matches("IRI-reference", s, IRI) }), 1.5);
row("rfc3987 parse() per code unit: IRI corpus / ASCII corpus",
  paired({ list: iris, units: iriUnits, fn: parse(IRI) }, { list: refs, units: asciiUnits, fn: parse(IRI) }), 1.5);

// ----- scaling: one long IRI -----
console.log("scaling (ns per code unit):");
for (const size of [1e3, 1e4, 1e5, 1e6, 1e7]) {
  const segment = "パス/\u{1D49C}é-";
  const input = "http://例え.jp/" + segment.repeat(Math.ceil(size / segment.length)) + "?q=日本";
  const reps = Math.max(1, Math.round(1e7 / size));
  const m = median([0, 1, 2].map(() => time(Array(reps).fill(input), (s) => lib.matches("IRI-reference", s, IRI)))) / reps / input.length;
  const p = median([0, 1, 2].map(() => time(Array(reps).fill(input), parse(IRI)))) / reps / input.length;
  console.log(`  ${input.length} units: matches ${m.toFixed(2)} ns, parse ${p.toFixed(2)} ns`);
}
if (sink < 0) console.log(sink);
