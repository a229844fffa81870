#!/usr/bin/env node
// JSON Schema's `uri` and `uri-reference` formats: uri-grammar's (the grammar of RFC 3986,
// "uri-grammar/formats" and the ajv plugin "uri-grammar/ajv") beside ajv-formats' fast and full
// modes, on the benchmark corpus (scripts/bench-corpus.mjs), in one process.
//
//   node scripts/bench-formats.mjs [--count N] [--seed S] [--rounds R] [--no-scaling]
//
// Prints Markdown (docs/integrations.md shows the table of a run):
//   1. time: nanoseconds a string, the median of R rounds over the whole corpus after 3 rounds of
//      warm-up, the contenders taking turns in each round; and each contender's ratio to
//      uri-grammar's check of the same format (the median of the rounds' ratios: a busy machine
//      slows both sides of a round alike);
//   2. the strings on which each ajv-formats mode disagrees with RFC 3986, classified: for a
//      string it accepts and RFC 3986 does not, by the UriSyntaxError of uri-grammar's validateFormat()
//      (what stands where, in which rule); for a string it rejects and RFC 3986 accepts, by the
//      component (Appendix B's split) whose replacement with a plain one makes it accept. The
//      strings are the corpus, the examples of every rule in the rfc3986 edition's vector tables,
//      and a few PROBES (known cases, each named below);
//   3. growth on hostile inputs, through ajv (a schema with `format: "uri"`): milliseconds at
//      10 KB, 100 KB and 1 MB; linear time grows tenfold a step.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cpus } from "node:os";
import { generateCorpus } from "./bench-corpus.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const formatsModule = require(join(root, "dist/cjs/src/formats.js"));
const addFormats = require(join(root, "dist/cjs/src/ajv.js")).default;
const lib = require(join(root, "dist/cjs/src/index.js"));
const Ajv = require("ajv").default;
const ajvFormats = require("ajv-formats").default;
const { fastFormats, fullFormats } = require("ajv-formats/dist/formats");

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const COUNT = arg("--count", 100_000);
const SEED = arg("--seed", 2003);
const ROUNDS = arg("--rounds", 15);
const WARMUP = 3;
const version = (name) => require(`${name}/package.json`).version;

/** A format of ajv-formats as a predicate (a RegExp, a function or { validate }). */
function predicate(format) {
  if (format instanceof RegExp) return (s) => format.test(s);
  if (typeof format === "function") return format;
  return predicate(format.validate);
}

const FORMATS = ["uri", "uri-reference"];
const ours = formatsModule.formats;
const theirs = { fast: fastFormats, full: fullFormats };

// ----- 1. time -----
const { refs } = generateCorpus({ count: COUNT, seed: SEED });
const ajvOurs = addFormats(new Ajv());
const ajvFull = ajvFormats(new Ajv(), { mode: "full" });
const ajvFast = ajvFormats(new Ajv(), { mode: "fast" });
const contenders = FORMATS.flatMap((f) => [
  { format: f, name: `uri-grammar formats["${f}"]`, fn: ours[f], base: true },
  { format: f, name: `ajv-formats fast "${f}"`, fn: predicate(fastFormats[f]) },
  { format: f, name: `ajv-formats full "${f}"`, fn: predicate(fullFormats[f]) },
  { format: f, name: `ajv + uri-grammar/ajv, format "${f}"`, fn: ajvOurs.compile({ type: "string", format: f }) },
  { format: f, name: `ajv + ajv-formats fast, format "${f}"`, fn: ajvFast.compile({ type: "string", format: f }) },
  { format: f, name: `ajv + ajv-formats full, format "${f}"`, fn: ajvFull.compile({ type: "string", format: f }) },
]);
let sink = 0;
/** Nanoseconds a string for one pass over the corpus. */
function pass(fn) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < refs.length; i++) if (fn(refs[i])) sink++;
  return Number(process.hrtime.bigint() - t0) / refs.length;
}
const times = contenders.map(() => []);
for (let r = 0; r < WARMUP + ROUNDS; r++) {
  contenders.forEach((c, i) => {
    const ns = pass(c.fn);
    if (r >= WARMUP) times[i].push(ns);
  });
}
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const cpu = (() => {
  try {
    return /^model name\s*:\s*(.*)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1] ?? cpus()[0]?.model;
  } catch {
    return cpus()[0]?.model;
  }
})();
const accepted = (fn) => refs.reduce((n, s) => n + (fn(s) ? 1 : 0), 0);
console.log(`## Time: ${refs.length.toLocaleString("en")} strings of the benchmark corpus (seed ${SEED})\n`);
console.log(`CPU: ${cpu}; Node ${process.version}; ajv ${version("ajv")}, ajv-formats ${version("ajv-formats")}; median of ${ROUNDS} rounds.\n`);
console.log("| check | ns a string | time ÷ uri-grammar's | accepted |");
console.log("|---|---:|---:|---:|");
contenders.forEach((c, i) => {
  const base = contenders.findIndex((b) => b.base && b.format === c.format);
  const ratio = median(times[i].map((t, r) => t / times[base][r]));
  console.log(`| ${c.name} | ${median(times[i]).toFixed(0)} | ${c.base ? "1" : ratio.toFixed(2)} | ${accepted(c.fn).toLocaleString("en")} |`);
});

// ----- 2. disagreements -----
/**
 * Known cases, each of a kind the corpus has few of: ajv-formats' issue about "80a" and "@@", an
 * empty path after the scheme (section 3.3 allows it), and IPv4 in IPv6 with a leading zero
 * (dec-octet, section 3.2.2, allows none).
 */
const PROBES = ["http://a:80a/", "http://user@@host/", "a:", "urn:", "http://[::ffff:01.2.3.4]/", "http://a/b\"c", "http:/x", "//a:80a/"];
const rfc3986 = lib.EDITIONS.rfc3986;
const examples = rfc3986.rules.flatMap((r) => [...r.examples.match, ...r.examples.noMatch]);
const strings = [...new Set([...refs, ...examples, ...PROBES])];

/** The class of a string RFC 3986 rejects: what stands where the grammar stops reading it. */
function rejectClass(format, s) {
  const e = formatsModule.validateFormat(format, s).error;
  const c = s[e.offset];
  const where = `${e.rule} (${e.section === "RFC 2234" ? "core" : "section " + e.section})`;
  if (e.rule === "pct-encoded") return `"%" not followed by two hex digits: ${where}`;
  if (c === undefined) return `ends where more must come: ${where}`;
  if (c.charCodeAt(0) > 0x7e) return "a character outside ASCII (an IRI's, not a URI's: RFC 3987)";
  if (c <= " " || "\"<>\\^`{|}".includes(c)) return "a character no rule of RFC 3986 allows (space, controls, \" < > \\ ^ ` { | })";
  if (c === "#") return "a second \"#\" (the fragment, section 3.5, has none)";
  if (c === "[" || c === "]") return `"[" or "]" outside a whole IP literal: ${where}`;
  return `${JSON.stringify(c)} where ${where} does not allow it`;
}

const SPLIT = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;
/** The class of a string RFC 3986 accepts and the check rejects: the component whose plain replacement makes it accept. */
function acceptClass(fn, s) {
  const m = SPLIT.exec(s);
  const parts = { scheme: m[2], authority: m[4], path: m[5], query: m[7], fragment: m[9] };
  const compose = (p) => (p.scheme !== undefined ? p.scheme + ":" : "") + (p.authority !== undefined ? "//" + p.authority : "") + p.path +
    (p.query !== undefined ? "?" + p.query : "") + (p.fragment !== undefined ? "#" + p.fragment : "");
  const plain = { scheme: "s", authority: "a", path: parts.authority !== undefined || parts.path.startsWith("/") ? "/p" : "p", query: "q", fragment: "f" };
  for (const name of ["scheme", "authority", "path", "query", "fragment"]) {
    if (parts[name] === undefined) continue;
    if (fn(compose({ ...parts, [name]: plain[name] }))) {
      const v = parts[name];
      const special = [...new Set(v.replace(/[A-Za-z0-9]/g, ""))].join("");
      return `its ${name}: ${v === "" ? "empty" : special === "" ? "letters and digits" : JSON.stringify(special)}`;
    }
  }
  return "no one component";
}

console.log(`\n## Disagreements with RFC 3986\n`);
console.log(`Over ${strings.length.toLocaleString("en")} strings: the corpus, the ${examples.length} examples of the rfc3986 edition's rules, and ${PROBES.length} probes.\n`);
for (const [mode, table] of Object.entries(theirs)) {
  for (const format of FORMATS) {
    const fn = predicate(table[format]);
    const rfc = ours[format];
    const classes = new Map();
    for (const s of strings) {
      const a = fn(s);
      if (a === rfc(s)) continue;
      const key = a ? `accepts, RFC 3986 does not: ${rejectClass(format, s)}` : `rejects, RFC 3986 accepts: ${acceptClass(fn, s)}`;
      const list = classes.get(key) ?? [];
      list.push(s);
      classes.set(key, list);
    }
    const total = [...classes.values()].reduce((n, l) => n + l.length, 0);
    console.log(`### ajv-formats ${mode} "${format}": ${total.toLocaleString("en")} strings\n`);
    if (total === 0) { console.log("None.\n"); continue; }
    console.log("| strings | ajv-formats | example |");
    console.log("|---:|---|---|");
    for (const [key, list] of [...classes].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))) {
      const shortest = list.reduce((a, b) => (b.length < a.length ? b : a));
      console.log(`| ${list.length.toLocaleString("en")} | ${key.replace(/\|/g, "\\|")} | \`${shortest.replace(/\|/g, "\\|").replace(/`/g, "\\`")}\` |`);
    }
    console.log("");
  }
}

// ----- 3. growth on hostile inputs -----
if (!process.argv.includes("--no-scaling")) {
  const SHAPES = {
    "long path, invalid at the end": (n) => "http://a/" + "a".repeat(n) + " ",
    "userinfo of \"@\"": (n) => "http://" + "@".repeat(n),
    "unclosed IPv6 literal": (n) => "http://[" + "1:".repeat(n / 2),
    "escapes, the last broken": (n) => "http://a/" + "%41".repeat(n / 3) + "%4",
    "a path of \"/:\"": (n) => "s:" + "/:".repeat(n / 2) + "#",
  };
  const validators = {
    "uri-grammar/ajv": ajvOurs.compile({ type: "string", format: "uri" }),
    "uri-grammar/ajv keyword": ajvOurs.compile({ type: "string", uriGrammar: { rule: "URI" } }),
    "ajv-formats full": ajvFull.compile({ type: "string", format: "uri" }),
  };
  const SIZES = [10_000, 100_000, 1_000_000];
  // Warm-up: each validator compiled by V8 on every shape before anything is timed.
  for (const make of Object.values(SHAPES)) for (const v of Object.values(validators)) for (let i = 0; i < 20; i++) v(make(SIZES[0]));
  /** Milliseconds of the fastest of 3 runs. */
  const ms = (fn, s) => {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const t0 = process.hrtime.bigint();
      fn(s);
      best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6);
    }
    return best;
  };
  console.log("## Growth on hostile inputs, through ajv (`format: \"uri\"`; the keyword with rule URI, which also reads the error)\n");
  console.log(`| input | validator | ${SIZES.map((n) => `${n / 1000} KB`).join(" | ")} | growth 100 KB → 1 MB |`);
  console.log(`|---|---|${SIZES.map(() => "---:").join("|")}|---:|`);
  for (const [shape, make] of Object.entries(SHAPES)) {
    for (const [name, v] of Object.entries(validators)) {
      const row = SIZES.map((n) => ms(v, make(n)));
      console.log(`| ${shape} | ${name} | ${row.map((t) => t.toFixed(2)).join(" | ")} | ${(row[2] / row[1]).toFixed(1)}x |`);
    }
  }
}
if (sink < 0) console.log(sink);
