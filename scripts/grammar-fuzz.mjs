#!/usr/bin/env node
// Differential check of the PEG against the ABNF: strings are generated from each rule of the
// collected ABNF (and near misses made from them), and the peggy parser started at that rule must
// agree with the mechanically built acceptor (scripts/abnf-acceptor.mjs) on every one; so must
// the rule's DFA, and, for the reference rule of an edition that has one, the tagged DFA, whose
// record must also be the PEG's.
//
// As a module: mulberry32(), Generator, loadShapes(), pegAcceptor(), differential().
// As a script:  node scripts/grammar-fuzz.mjs [--edition ID] [--count N] [--seed S] [--rule R]... [--peg FILE]
//   prints the result as one JSON object: { edition, seed, count, rules: [per-rule stats],
//   disagreements: [{ rule, input, peg, abnf }], shapes: { name: count } }.
//   --edition ID  the edition checked: its grammar/ID/grammar.abnf, its builds in generated/ and
//                 its grammar/ID/fuzz-shapes.json (default rfc2396bis-01, the draft).
//   --peg FILE checks that .peggy grammar (compiled in memory) instead of generated/.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { DEFAULT_EDITION, ROOT, buildAcceptor, editionFiles, loadAbnf, pegNameOf } from "./abnf-acceptor.mjs";
import { codePointClasses } from "./passes/index.mjs";
import { caseVariants, otherCase } from "./abnf-strings.mjs";

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
  // The edges of RFC 3987's ucschar and iprivate: the last code points before and after each range,
  // noncharacters, the private-use planes, each plane's last two.
  "\u009f", "\ud7ff", "\uf8ff", "\uf900", "\ufdcf", "\ufdd0", "\ufdef", "\ufdf0", "\uffef", "\ufffe", "\uffff", "\ue000",
  "\u{1fffd}", "\u{1fffe}", "\u{1ffff}", "\u{e0fff}", "\u{e1000}", "\u{efffd}", "\u{f0000}", "\u{ffffd}", "\u{10fffd}", "\u{10ffff}",
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
        // Each character in either case, by a coin (tossed for every character, so that a seed's cases stay as they were).
        let out = "";
        for (const ch of n.text) {
          const cases = caseVariants(ch, true);
          out += cases[r.chance(0.5) ? 0 : cases.length - 1];
        }
        return out;
      }
      case "range": {
        // Code points (RFC 3987's ranges reach plane 16); a range wider than ASCII gives its edges
        // often (U+D7FF before the surrogates, each plane's xFFFD).
        if (this.perturb && r.chance(this.perturb)) {
          const code = r.chance(0.5) ? n.first - 1 : n.last + 1;
          if (code >= 0 && code <= 0x10ffff) return String.fromCodePoint(code);
        }
        if (n.last >= 0x80 && n.last - n.first > 2 && r.chance(0.3)) {
          return String.fromCodePoint(r.pick([n.first, n.first + 1, n.last - 1, n.last]));
        }
        return String.fromCodePoint(r.int(n.first, n.last));
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
        default: s = s.slice(0, at) + (otherCase(s[at]) ?? s[at] ?? "") + s.slice(at + 1);
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
 * Shapes the generator must reach (the rare cases of each edition), read from the edition's
 * grammar/ID/fuzz-shapes.json: { "about": "...", "shapes": [shape, ...] }, where a shape is
 *   { "name": "...", "rule": "h16", "verdict": "accept" | "reject", "pattern": "^.{4}$",
 *     "partAcceptedBy": "IPv4address", "partRejectedBy": "hier-part" }
 * A generated string of that rule counts for the shape when the acceptor gives it that verdict
 * and the pattern (a RegExp source) finds a match in it; with partAcceptedBy (partRejectedBy),
 * that rule's acceptor must also accept (reject) the text of the pattern's group named "part"
 * (the whole string when the pattern has no such group). A run shows that every shape came up.
 * Returns [name, rule, verdict (boolean), test(s, acceptor)] for each shape.
 */
export function loadShapes(edition = DEFAULT_EDITION, abnf = loadAbnf(editionFiles(edition).abnf)) {
  const file = editionFiles(edition).shapes;
  const data = JSON.parse(readFileSync(file, "utf8"));
  return data.shapes.map((sh) => {
    const where = `${file}: shape ${JSON.stringify(sh.name)}`;
    if (!abnf.order.includes(sh.rule)) throw new Error(`${where}: no rule ${sh.rule}`);
    if (sh.verdict !== "accept" && sh.verdict !== "reject") throw new Error(`${where}: verdict must be accept or reject`);
    for (const key of ["partAcceptedBy", "partRejectedBy"]) {
      if (sh[key] !== undefined && !abnf.order.includes(sh[key])) throw new Error(`${where}: no rule ${sh[key]}`);
    }
    const re = new RegExp(sh.pattern);
    const test = (s, acceptor) => {
      const m = re.exec(s);
      if (!m) return false;
      const part = m.groups && m.groups.part !== undefined ? m.groups.part : s;
      if (sh.partAcceptedBy !== undefined && !acceptor[sh.partAcceptedBy].test(part)) return false;
      return sh.partRejectedBy === undefined || !acceptor[sh.partRejectedBy].test(part);
    };
    return [sh.name, sh.rule, sh.verdict === "accept", test];
  });
}

/**
 * The PEG's verdict: the whole input matches the rule. By default every committed build must
 * say the same: the fast parser (its parse() and run()), which the build passes write from the
 * grammar's AST (scripts/passes/, fastBuild), the rule's DFA (generated/ID/dfa.js, run by the
 * library's own runner, dist/cjs/src/automaton.js, as matches() runs it: whole-input acceptance,
 * and a scan that must read the whole input exactly when the input is accepted or is the
 * beginning of a match), and the trace build, peggy's own output (traceBuild); a split verdict is
 * reported as a string, which never equals the ABNF's verdict. With `grammarFile`, that .peggy
 * grammar compiled in memory (used to show that the check catches a literal transcription of
 * the ABNF).
 */
export function pegAcceptor(edition = DEFAULT_EDITION, grammarFile = undefined) {
  if (grammarFile) {
    // Classes of code points kept out of peggy's merge, as in every build (passes/keep-code-point-classes.mjs).
    const parser = require("peggy").generate(readFileSync(grammarFile, "utf8"), { allowedStartRules: ["*"], output: "parser", plugins: [codePointClasses] });
    return (pegName, s) => parser.parse(s, { startRule: pegName, peg$library: true }).peg$success === true;
  }
  const files = editionFiles(edition);
  const fast = require(files.fast);
  const dfa = require(files.dfa);
  const { decodeAutomaton, runAccepts, runScan, nextIn } = require(join(ROOT, "dist/cjs/src/automaton.js"));
  const automata = new Map();
  const automatonOf = (rule) => {
    if (!automata.has(rule)) automata.set(rule, decodeAutomaton(dfa.AUTOMATA[rule], dfa.CODE_BASE));
    return automata.get(rule);
  };
  const trace = require(files.trace);
  const quiet = { trace() {} };
  // The tagged DFA of the edition's reference rule, where it has one (src/tagged.ts): its verdict,
  // and its record, which must be the PEG's.
  const { EDITIONS } = require(join(ROOT, "dist/cjs/src/registry.js"));
  const { taggedOf } = require(join(ROOT, "dist/cjs/src/parse.js"));
  const { builderOf } = require(join(ROOT, "dist/cjs/src/models/index.js"));
  const library = EDITIONS[edition];
  const tagged = library === undefined ? null : taggedOf(library);
  const build = library === undefined ? null : builderOf(library);
  return (pegName, s, rule) => {
    const automaton = automatonOf(rule);
    const scan = runScan(automaton, s);
    const record = fast.run(s, pegName);
    const verdicts = {
      fast: fast.parse(s, { startRule: pegName, peg$library: true }).peg$success === true,
      "fast run": record !== fast.FAILED,
      dfa: runAccepts(automaton, s),
      "dfa scan": scan.offset === s.length && nextIn(automaton, scan.state).end,
      trace: trace.parse(s, { startRule: pegName, peg$library: true, tracer: quiet }).peg$success === true,
    };
    if (tagged !== null && rule === library.roles.reference) {
      const own = tagged.record(s);
      verdicts.tagged = own !== null;
      if (own !== null && record !== fast.FAILED && JSON.stringify(own) !== JSON.stringify(record)) {
        return `builds disagree: the tagged DFA's record ${JSON.stringify(own)}, the PEG's ${JSON.stringify(record)}`;
      }
      // What parse() takes from it: the record, or the reference the model's typing makes from
      // its parts, which must be what the model's builder makes of the PEG's record.
      const parsed = tagged.parse(s);
      if ((parsed === null) !== (own === null)) return `builds disagree: the tagged DFA's parse ${parsed !== null}, its record ${own !== null}`;
      if (parsed !== null && record !== fast.FAILED) {
        const expected = tagged.makesReference ? build(record, s, library) : record;
        if (Object.getPrototypeOf(parsed) !== Object.getPrototypeOf(expected) || JSON.stringify(parsed) !== JSON.stringify(expected)) {
          return `builds disagree: what the tagged DFA gives parse() ${JSON.stringify(parsed)}, ` +
            `${tagged.makesReference ? "the reference built from the PEG's record" : "the PEG's record"} ${JSON.stringify(expected)}`;
        }
      }
    }
    const values = Object.values(verdicts);
    if (values.every((v) => v === values[0])) return values[0];
    return `builds disagree: ${Object.entries(verdicts).map(([k, v]) => `${k} ${v}`).join(", ")}`;
  };
}

/**
 * The check of a rejected input's UriSyntaxError (the library's validate(), dist/cjs): its offset
 * is the length of the input's longest prefix that some match begins with, and its `next` the
 * exact set of ASCII characters that can follow that prefix and whether the prefix matches, all
 * as the acceptor reads them (not the DFA the library runs); its path is a chain of rules, each
 * using the next, from the start rule to its `rule`. Returns false (the verdict agreed, and the
 * error is right) or a string that says what is wrong.
 */
export function errorChecker(edition, abnf) {
  const library = require(join(ROOT, "dist/cjs/src/index.js"));
  const uses = new Map();
  const walk = (n, out) => {
    if (n.kind === "ref") out.add(n.name);
    else if (n.items) n.items.forEach((item) => walk(item, out));
    else if (n.item) walk(n.item, out);
    return out;
  };
  for (const name of abnf.order) uses.set(name, walk(abnf.rules[name], new Set()));
  return (input, rule, reader) => {
    const result = library.validate(input, { edition, rule });
    if (result.valid) return "error check: validate() accepts";
    const e = result.error;
    const { offset, next, path } = e;
    const prefix = input.slice(0, offset);
    if (!reader.viable(prefix)) return `error check: offset ${offset}, but no match begins with the input up to it`;
    const width = offset < input.length && input.codePointAt(offset) > 0xffff ? 2 : 1;
    if (offset < input.length && reader.viable(input.slice(0, offset + width))) return `error check: offset ${offset}, but a match begins with one more character`;
    const exact = reader.continuations(prefix);
    if (next.characters !== exact.characters || next.end !== exact.end || JSON.stringify(next.ranges) !== JSON.stringify(exact.ranges)) {
      return `error check: next ${JSON.stringify(next)}, the acceptor ${JSON.stringify(exact)}`;
    }
    if (path[0] !== rule || path[path.length - 1] !== e.rule) return `error check: path ${path.join(">")} for rule ${e.rule}`;
    for (let i = 1; i < path.length; i++) {
      if (!uses.get(path[i - 1]).has(path[i])) return `error check: path ${path.join(">")}: ${path[i - 1]} does not use ${path[i]}`;
    }
    if (typeof e.message !== "string" || !e.message.startsWith(`offset ${offset}: `)) return `error check: message ${JSON.stringify(e.message)}`;
    return false;
  };
}

/**
 * Runs `count` cases per rule of the edition with `seed`; returns per-rule stats, every
 * disagreement, and how often each of the edition's shapes (loadShapes) came up. `onRule` is
 * called after each rule (for progress output).
 */
export function differential({ edition = DEFAULT_EDITION, count = 1000, seed = 1, rules, onRule, peg: grammarFile, errors = !grammarFile } = {}) {
  const abnf = loadAbnf(editionFiles(edition).abnf);
  const acceptor = buildAcceptor(abnf);
  const peg = pegAcceptor(edition, grammarFile);
  const errorCheck = errors ? errorChecker(edition, abnf) : undefined;
  const SHAPES = loadShapes(edition, abnf);
  const names = rules && rules.length ? rules : abnf.order;
  for (const n of names) if (!abnf.order.includes(n)) throw new Error(`unknown rule ${n}; rules: ${abnf.order.join(" ")}`);
  const stats = [];
  const disagreements = [];
  const shapes = Object.fromEntries(SHAPES.map(([name]) => [name, 0]));
  for (const [ri, rule] of names.entries()) {
    // Each rule gets its own stream, so --rule R reproduces exactly the cases of a full run.
    const gen = new Generator(abnf, mulberry32(seed * 1000003 + abnf.order.indexOf(rule) + 1));
    const pegName = pegNameOf(rule);
    const re = acceptor[rule];
    const ruleShapes = SHAPES.filter((sh) => sh[1] === rule);
    let accepted = 0;
    let bad = 0;
    let errorsChecked = 0;
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < count; i++) {
      const s = gen.testCase(rule);
      const a = re.test(s);
      let p;
      try {
        p = peg(pegName, s, rule);
      } catch (e) {
        p = `threw ${e && e.name}: ${e && e.message}`;
      }
      if (a) accepted++;
      if (p === a && !a && errorCheck) { p = errorCheck(s, rule, re); errorsChecked++; }
      if (p !== a) {
        bad++;
        if (disagreements.length < 1000) disagreements.push({ rule, input: s, peg: p, abnf: a });
      }
      for (const [name, , verdict, test] of ruleShapes) if (a === verdict && test(s, acceptor)) shapes[name]++;
    }
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    stats.push({ rule, cases: count, accepted, rejected: count - accepted, errorsChecked, disagreements: bad, ms: Math.round(ms) });
    if (onRule) onRule(stats[stats.length - 1], ri, names.length);
  }
  return { edition, seed, count, rules: stats, disagreements, shapes };
}

/** --edition ID --count N --seed S --rule R (repeatable) --peg FILE */
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
    else if (a === "--edition") out.edition = value();
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
      console.log("usage: node scripts/grammar-fuzz.mjs [--edition ID] [--count N] [--seed S] [--rule R]... [--peg FILE]  (prints JSON)");
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
