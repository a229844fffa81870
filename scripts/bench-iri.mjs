#!/usr/bin/env node
// npm run bench:iri: RFC 3987 (IRIs) beside RFC 3986 on the benchmark corpus, and on the same
// corpus with non-ASCII characters (the IRI corpus).
//
// - On the ASCII corpus: matches("IRI-reference") in rfc3987 over matches("URI-reference") in
//   rfc3986 (target: at most 1.2), and parse() the same way.
// - On the IRI corpus: the corpus (scripts/bench-corpus.mjs) with letters of host labels, path
//   segments, queries and fragments replaced, a quarter of them, seeded, by characters of ucschar
//   (Latin-1, Greek, Cyrillic, CJK, Hangul, and past the BMP: mathematical letters, Deseret) and,
//   in the query, a private-use character now and then. matches() and parse() per code unit on it,
//   over the same on the ASCII corpus (target: at most 1.5).
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
const POOL = [..."éüßçøΩλπждя例え日本語パス한국어", "\u{1D49C}", "\u{1D4B7}", "\u{10400}", "\u{10428}"];
const PRIVATE = ["\uE000", "\u{F0001}"];
let state = 0x9e3779b9;
const random = () => {
  state ^= state << 13; state >>>= 0; state ^= state >>> 17; state ^= state << 5; state >>>= 0;
  return state / 0x100000000;
};
/** A reference with some letters past its scheme replaced (none inside [...] or an escape). */
function internationalized(s) {
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(s);
  let out = scheme ? scheme[0] : "";
  let inBrackets = false;
  let query = false;
  for (let i = out.length; i < s.length; i++) {
    const ch = s[i];
    if (ch === "[") inBrackets = true;
    if (ch === "]") inBrackets = false;
    if (ch === "?") query = true;
    if (ch === "%") { out += s.slice(i, i + 3); i += 2; continue; }
    if (!inBrackets && /[a-z]/.test(ch) && random() < 0.25) {
      out += query && random() < 0.05 ? PRIVATE[Math.floor(random() * PRIVATE.length)] : POOL[Math.floor(random() * POOL.length)];
    } else out += ch;
  }
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
