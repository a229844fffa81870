#!/usr/bin/env node
// Differential check of the PEG against the ABNF: strings are generated from each rule of the
// collected ABNF (and near misses made from them), and the peggy parser started at that rule must
// agree with the mechanically built acceptor (scripts/abnf-acceptor.mjs) on every one.
//
// As a module: mulberry32(), Generator, differential().
// As a script:  node scripts/grammar-fuzz.mjs [--count N] [--seed S] [--rule R]... [--peg FILE]
//   prints the result as one JSON object: { seed, count, rules: [per-rule stats],
//   disagreements: [{ rule, input, peg, abnf }], shapes: { name: count } }.
//   --peg FILE checks that .peggy grammar (compiled in memory) instead of generated/.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ROOT, buildAcceptor, loadAbnf } from "./abnf-acceptor.mjs";

const require = createRequire(import.meta.url);

/** A small seeded PRNG (32-bit state): the same seed gives the same cases on every machine. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)); // inclusive
  const pick = (xs) => xs[Math.floor(next() * xs.length)];
  return { next, int, pick, chance: (p) => next() < p };
}

/** Characters that matter to this grammar, and some that must never be accepted. */
export const NEAR_MISS_CHARS = [
  ..."%:/?#[]@.-", ..."0123456789", ..."aAfFbE", ..."gGzZxX", " ",
  ..."_~!*'();&=+$,", ..."\"<>\\{}|^`", "\t", "\n", "\u0000", "\u007f",
  "\u00e9", "\u00a0", "\u0130", "\u212a", "\ud800", "\udc00", "\ud83d\ude00", "\uff0e", "\uff1a",
];

/**
 * Random strings from the rules of an ABNF (plain nodes from loadAbnf()). Repetition counts favour
 * their bounds (0, 1, max-1, max: 63-character labels, 4 hex digits, 6 groups); `perturb` is the
 * chance that one repetition or range is pushed just outside its bounds (64 characters, 5 hex
 * digits, a digit after "25" past "5"), which gives near misses that follow the grammar's shape.
 */
export class Generator {
  constructor(abnf, rng) {
    this.abnf = abnf;
    this.rng = rng;
  }

  /** A string in the rule's language (when perturb is 0). */
  valid(rule) {
    this.perturb = 0;
    return this.node({ kind: "ref", name: rule });
  }

  /** A string built like the rule's strings, with some bounds pushed one step out. */
  perturbed(rule, p = 0.08) {
    this.perturb = p;
    const s = this.node({ kind: "ref", name: rule });
    this.perturb = 0;
    return s;
  }

  node(n) {
    const r = this.rng;
    switch (n.kind) {
      case "str": {
        if (!n.ci) return n.text;
        let out = "";
        for (const ch of n.text) out += r.chance(0.5) ? ch.toLowerCase() : ch.toUpperCase();
        return out;
      }
      case "range": {
        if (this.perturb && r.chance(this.perturb)) {
          const code = r.chance(0.5) ? n.first - 1 : n.last + 1;
          if (code >= 0 && code <= 0xffff) return String.fromCharCode(code);
        }
        return String.fromCharCode(r.int(n.first, n.last));
      }
      case "cat": return n.items.map((i) => this.node(i)).join("");
      case "alt": return this.node(r.pick(n.items));
      case "ref": return this.node(this.abnf.rules[n.name]);
      case "rep": {
        let count = this.count(n.min, n.max);
        if (this.perturb && r.chance(this.perturb)) {
          count = r.chance(0.5) && n.min > 0 ? n.min - 1 : (n.max ?? count) + 1;
        }
        let out = "";
        for (let i = 0; i < count; i++) out += this.node(n.item);
        return out;
      }
      default: throw new Error(`unknown node ${n.kind}`);
    }
  }

  count(min, max) {
    const r = this.rng;
    if (max === min) return min;
    const x = r.next();
    if (max === null) {
      if (x < 0.25) return min;
      if (x < 0.4) return min + 1;
      if (x < 0.95) return r.int(min, min + 6);
      return r.int(min, min + 40);
    }
    if (x < 0.2) return min;
    if (x < 0.4) return max;
    if (x < 0.5) return Math.max(min, max - 1);
    if (x < 0.6) return Math.min(max, min + 1);
    return r.int(min, max);
  }

  /** 1 to 3 edits: insert, delete, replace (with NEAR_MISS_CHARS), duplicate, truncate, case flip. */
  mutate(s) {
    const r = this.rng;
    const edits = r.int(1, 3);
    for (let k = 0; k < edits; k++) {
      const at = r.int(0, s.length);
      switch (r.int(0, 6)) {
        case 0: case 1: s = s.slice(0, at) + r.pick(NEAR_MISS_CHARS) + s.slice(at); break;
        case 2: s = s.slice(0, at) + s.slice(at + 1); break;
        case 3: s = s.slice(0, at) + r.pick(NEAR_MISS_CHARS) + s.slice(at + 1); break;
        case 4: { // repeat a slice: one more group, label, octet, segment
          const end = r.int(at, Math.min(s.length, at + 6));
          s = s.slice(0, end) + s.slice(at, end) + s.slice(end);
          break;
        }
        case 5: s = r.chance(0.5) ? s.slice(0, at) : s.slice(at); break;
        default: s = s.slice(0, at) + (s[at] ?? "").replace(/[a-z]/i, (c) => c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + s.slice(at + 1);
      }
    }
    return s;
  }

  /** One test case for a rule: valid (35%), mutated (40%), perturbed (15%), from another rule (10%). */
  testCase(rule) {
    const r = this.rng;
    const x = r.next();
    if (x < 0.35) return this.valid(rule);
    if (x < 0.75) return this.mutate(this.valid(rule));
    if (x < 0.9) return this.perturbed(rule);
    const other = this.valid(r.pick(this.abnf.order));
    return r.chance(0.5) ? other : this.mutate(other);
  }
}

/**
 * Shapes the generator must reach (the rare cases of issue 2): each is counted when a generated
 * string of that rule has the shape and the given verdict, so a run shows they came up.
 */
export const SHAPES = [
  ["hostname with trailing dot, accepted", "hostname", true, (s) => s.endsWith(".")],
  ["hostname with a 63-character label, accepted", "hostname", true, (s) => s.split(".").some((l) => l.length === 63)],
  ["hostname with a 64-character label, rejected", "hostname", false, (s) => /^[A-Za-z0-9.-]+$/.test(s) && s.split(".").some((l) => l.length === 64)],
  ["h4 of 4 hex digits, accepted", "h4", true, (s) => s.length === 4],
  ["h4 of 5 hex digits, rejected", "h4", false, (s) => /^[0-9A-Fa-f]{5}$/.test(s)],
  ["dec-octet 250-255, accepted", "dec-octet", true, (s) => /^25[0-5]$/.test(s)],
  ["dec-octet 256-299, rejected", "dec-octet", false, (s) => /^(25[6-9]|2[6-9]\d)$/.test(s)],
  ["IPv6address with embedded IPv4, accepted", "IPv6address", true, (s) => s.includes(".")],
  ["IPv6address of 8 groups without ::, accepted", "IPv6address", true, (s) => !s.includes("::") && s.split(":").length === 8],
  ["IPv6address of 9 groups, rejected", "IPv6address", false, (s) => /^[0-9A-Fa-f]{1,4}(:[0-9A-Fa-f]{1,4}){8}$/.test(s)],
  ["IPv6address with two \"::\", rejected", "IPv6address", false, (s) => /::.*::/.test(s) && /^[0-9A-Fa-f:]+$/.test(s)],
  ["IPv6address with h4 before \"::\", accepted", "IPv6address", true, (s) => /^[0-9A-Fa-f]{1,4}::/.test(s)],
  ["authority that is a reg-name with \"@\" and \":\", accepted", "authority", true, (s, acc) => !acc.server.test(s) && s.includes("@") && s.includes(":")],
  ["absolute-URI with an opaque-part, accepted", "absolute-URI", true, (s, acc) => !acc["hier-part"].test(s.slice(s.indexOf(":") + 1))],
  ["URI-reference with empty hier-part and query, accepted", "URI-reference", true, (s) => /^[A-Za-z][A-Za-z0-9+.-]*:\?/.test(s)],
  ["relative-URI with ':' after the first segment, accepted", "relative-URI", true, (s) => /^[^:/?#]+\/[^?#]*:/.test(s)],
  ["rel-segment with ':', rejected", "rel-segment", false, (s) => s.includes(":")],
  ["non-BMP or lone surrogate input, rejected", "URI-reference", false, (s) => /[\ud800-\udfff]/.test(s)],
];

/**
 * The PEG's verdict: the whole input matches the rule. By default every committed build must
 * say the same: the fast parser (peggy's parse() and its run() entry), the match build
 * (parse() and accepts()), and the trace build, which gets none of the build-time passes that
 * compile rules (scripts/optimize-parser.mjs, scripts/compile-rules.mjs); a split verdict is
 * reported as a string, which never equals the ABNF's verdict. With `grammarFile`, that .peggy
 * grammar compiled in memory (used to show that the check catches a literal transcription of
 * the ABNF).
 */
export function pegAcceptor(grammarFile) {
  if (grammarFile) {
    const parser = require("peggy").generate(readFileSync(grammarFile, "utf8"), { allowedStartRules: ["*"], output: "parser" });
    return (pegName, s) => parser.parse(s, { startRule: pegName, peg$library: true }).peg$success === true;
  }
  const fast = require(join(ROOT, "generated/rfc2396bis-01/parser.js"));
  const match = require(join(ROOT, "generated/rfc2396bis-01/match.js"));
  const trace = require(join(ROOT, "generated/rfc2396bis-01/trace.js"));
  const quiet = { trace() {} };
  return (pegName, s) => {
    const verdicts = {
      fast: fast.parse(s, { startRule: pegName, peg$library: true }).peg$success === true,
      "fast run": fast.run(s, pegName) !== fast.FAILED,
      match: match.parse(s, { startRule: pegName, peg$library: true }).peg$success === true,
      "match accepts": match.accepts(s, pegName),
      trace: trace.parse(s, { startRule: pegName, peg$library: true, tracer: quiet }).peg$success === true,
    };
    const values = Object.values(verdicts);
    if (values.every((v) => v === values[0])) return values[0];
    return `builds disagree: ${Object.entries(verdicts).map(([k, v]) => `${k} ${v}`).join(", ")}`;
  };
}

/**
 * Runs `count` cases per rule with `seed`; returns per-rule stats, every disagreement, and how
 * often each of SHAPES came up. `onRule` is called after each rule (for progress output).
 */
export function differential({ count = 1000, seed = 1, rules, onRule, peg: grammarFile } = {}) {
  const abnf = loadAbnf();
  const acceptor = buildAcceptor(abnf);
  const peg = pegAcceptor(grammarFile);
  const names = rules && rules.length ? rules : abnf.order;
  for (const n of names) if (!abnf.order.includes(n)) throw new Error(`unknown rule ${n}; rules: ${abnf.order.join(" ")}`);
  const stats = [];
  const disagreements = [];
  const shapes = Object.fromEntries(SHAPES.map(([name]) => [name, 0]));
  for (const [ri, rule] of names.entries()) {
    // Each rule gets its own stream, so --rule R reproduces exactly the cases of a full run.
    const gen = new Generator(abnf, mulberry32(seed * 1000003 + abnf.order.indexOf(rule) + 1));
    const pegName = rule.replace(/-/g, "_");
    const re = acceptor[rule];
    const ruleShapes = SHAPES.filter((sh) => sh[1] === rule);
    let accepted = 0;
    let bad = 0;
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < count; i++) {
      const s = gen.testCase(rule);
      const a = re.test(s);
      let p;
      try {
        p = peg(pegName, s);
      } catch (e) {
        p = `threw ${e && e.name}: ${e && e.message}`;
      }
      if (a) accepted++;
      if (p !== a) {
        bad++;
        if (disagreements.length < 1000) disagreements.push({ rule, input: s, peg: p, abnf: a });
      }
      for (const [name, , verdict, test] of ruleShapes) if (a === verdict && test(s, acceptor)) shapes[name]++;
    }
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    stats.push({ rule, cases: count, accepted, rejected: count - accepted, disagreements: bad, ms: Math.round(ms) });
    if (onRule) onRule(stats[stats.length - 1], ri, names.length);
  }
  return { seed, count, rules: stats, disagreements, shapes };
}

/** --count N --seed S --rule R (repeatable) */
export function parseArgs(argv, defaults) {
  const out = { ...defaults, rules: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === "--count") out.count = Number(value());
    else if (a === "--seed") out.seed = Number(value());
    else if (a === "--rule") out.rules.push(value());
    else if (a === "--peg") out.peg = value();
    else if (a === "--help" || a === "-h") out.help = true;
    else throw new Error(`unknown argument ${a}`);
  }
  for (const k of ["count", "seed"]) {
    if (!Number.isSafeInteger(out[k]) || out[k] < 0) throw new Error(`--${k} must be a non-negative integer`);
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const args = parseArgs(process.argv.slice(2), { count: 1000, seed: 1 });
    if (args.help) {
      console.log("usage: node scripts/grammar-fuzz.mjs [--count N] [--seed S] [--rule R]... [--peg FILE]  (prints JSON)");
    } else {
      const result = differential(args);
      process.stdout.write(JSON.stringify(result) + "\n");
      process.exitCode = result.disagreements.length ? 1 : 0;
    }
  } catch (e) {
    console.error(`grammar-fuzz: ${e.message}`);
    process.exitCode = 2;
  }
}
