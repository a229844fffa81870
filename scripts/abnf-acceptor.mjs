#!/usr/bin/env node
// An acceptor for the collected ABNF of an edition, built mechanically: the edition's .abnf is parsed
// with the `abnf` package, and every rule becomes an anchored backtracking RegExp by inlining the
// rules it refers to. No regex here is written by hand, so the acceptor is independent of the PEG:
// every rule's language is regular, and a backtracking RegExp tries every way the ABNF can match
// (no ordered choice, no greedy commitment).
//
// Recursion (the 1993 URL draft: "xalphas = xalpha [ xalphas ]", "path = void / xpalphas [ "/"
// path ]"): a rule that refers to itself only in tail position (right-linear: nothing follows the
// reference in its alternative, and the reference is not inside a repetition other than an option)
// is a regular language, and is unrolled: written R = C R / F, where C is what the alternatives
// that recurse match before the reference and F what the others match, its language is the least
// solution, C* F (Arden's rule). Any other recursion (a reference to itself that is not in a tail
// position, or recursion through another rule) is refused: its language may not be regular.
//
// - Quoted strings are case-insensitive (RFC 2234 section 2.3): a letter becomes [aA]
//   (scripts/abnf-strings.mjs).
// - %x values and ranges are exact; "n*m" becomes {n,m}, "*" {0,}, "[ x ]" {0,1}.
// - A repetition of at most 0 is the empty string, whatever it repeats: RFC 3986 writes
//   path-empty = 0<pchar>, zero repetitions of a prose value, which is never read.
// - Terminals are code points (RFC 3987 section 2.2: "Character numbers are taken from the UCS"),
//   and so are the readers': the RegExps carry the flag "u", and the lazy DFA reads a surrogate
//   pair as one character. A lone surrogate is read as itself, a value no rule's range holds, so
//   it matches nothing. The abnf package writes a range past U+FFFF as its UTF-16 surrogate
//   sequences; parseAbnfText() puts the range back as written (codePointRanges()).
//
// As a module: editionFiles(), pegNameOf(), loadAbnf(), parseAbnfText(), toPlain(), rightLinear(), unrolled(),
//   inlined(), regexSources(), buildAcceptor(), buildSplitter().
// As a script:  node scripts/abnf-acceptor.mjs [--edition ID | --grammar FILE] [--json]
//   prints every rule's RegExp source (one per line), or with --json
//   { order, rules: { name: plainAst }, regex: { name: source } } for the tests.
//   --edition ID  the edition's grammar.abnf (default rfc2396bis-01, the draft)
//   --grammar FILE  that .abnf file
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { parseString } from "abnf";
import { stringCodes } from "./abnf-strings.mjs";

const RESERVED_WORDS = createRequire(import.meta.url)("peggy").RESERVED_WORDS;

/**
 * The PEG name of an ABNF rule, in every edition's grammar.peggy: "-" becomes "_", and a name that
 * is one of peggy's reserved words (JavaScript's: the 1993 draft's "void") gets a trailing "_".
 */
export function pegNameOf(name) {
  const n = name.replace(/-/g, "_");
  return RESERVED_WORDS.includes(n) ? `${n}_` : n;
}

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The edition the scripts check when none is named: the package's default, the one whose edition.json says `"default": true`. */
export const DEFAULT_EDITION = (() => {
  const dir = join(ROOT, "grammar");
  const ids = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory() && existsSync(join(dir, d.name, "edition.json")))
    .filter((d) => JSON.parse(readFileSync(join(dir, d.name, "edition.json"), "utf8")).default === true).map((d) => d.name);
  if (ids.length !== 1) throw new Error(`grammar/*/edition.json: ${ids.length} editions say "default": true; one must`);
  return ids[0];
})();

/**
 * The files of an edition: its folder grammar/ID/ holds grammar.abnf, grammar.peggy and
 * fuzz-shapes.json (the rare shapes the differential check must reach); its builds are
 * generated/ID/parser.js, dfa.js (every rule's DFA) and trace.js.
 */
export function editionFiles(edition = DEFAULT_EDITION) {
  const dir = join(ROOT, "grammar", edition);
  if (!/^[a-z0-9][a-z0-9.-]*$/.test(edition) || !existsSync(join(dir, "grammar.abnf"))) {
    throw new Error(`no edition ${JSON.stringify(edition)} (grammar/ID/grammar.abnf)`);
  }
  const out = join(ROOT, "generated", edition);
  return {
    edition,
    abnf: join(dir, "grammar.abnf"),
    peg: join(dir, "grammar.peggy"),
    shapes: join(dir, "fuzz-shapes.json"),
    fast: join(out, "parser.js"),
    dfa: join(out, "dfa.js"),
    trace: join(out, "trace.js"),
  };
}

export const DEFAULT_GRAMMAR = editionFiles().abnf;

/**
 * Parses an ABNF file into plain JSON-able nodes, keyed by the rule's name as written, with the
 * rules in file order. Node kinds: str (ci: case-insensitive), range, cat, alt, rep, ref.
 */
export function loadAbnf(file = DEFAULT_GRAMMAR) {
  const parsed = parseAbnfText(readFileSync(file, "utf8"), file);
  const order = Object.values(parsed.defs).map((d) => d.name);
  const byUpper = new Map(order.map((n) => [n.toUpperCase(), n]));
  const rules = {};
  for (const def of Object.values(parsed.defs)) rules[def.name] = toPlain(def.def, byUpper);
  return { order, rules };
}

/**
 * The abnf package's parse of an ABNF text, with rule names that contain "_" allowed. RFC 2234
 * names are letters, digits and "-"; RFC 2396 spells some of its names with "_" (hier_part), and
 * its collected ABNF keeps that spelling. So each "_" of a rule name (outside quoted strings,
 * prose values and comments, where "_" stands for itself) is handed to the package as "-", and
 * every definition and reference gets its written spelling back. Two names that the package
 * would then take for one ("hier_part" beside "hier-part") are refused.
 */
export function parseAbnfText(text, source = "grammar") {
  let out = "";
  const spelled = new Map(); // the name as the package sees it, upper case -> as written
  const plain = new Set(); // names written without "_", upper case
  let name = "";
  const endName = () => {
    if (name === "") return;
    const key = name.replace(/_/g, "-").toUpperCase();
    if (name.includes("_")) {
      const seen = spelled.get(key);
      if ((seen !== undefined && seen.toUpperCase() !== name.toUpperCase()) || plain.has(key)) {
        throw new Error(`${source}: the rule names ${JSON.stringify(seen ?? key)} and ${JSON.stringify(name)} differ only in "_" and "-"`);
      }
      if (seen === undefined) spelled.set(key, name);
    } else {
      if (spelled.has(key)) throw new Error(`${source}: the rule names ${JSON.stringify(spelled.get(key))} and ${JSON.stringify(name)} differ only in "_" and "-"`);
      plain.add(key);
    }
    out += name.replace(/_/g, "-");
    name = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const close = c === '"' ? '"' : c === "<" ? ">" : c === ";" ? "\n" : null;
    if (close !== null) {
      // A quoted string, a prose value or a comment: copied as it is.
      endName();
      const end = text.indexOf(close, i + 1);
      const stop = end < 0 ? text.length : close === "\n" ? end : end + 1;
      out += text.slice(i, stop);
      i = stop - 1;
    } else if (/[A-Za-z0-9_-]/.test(c) && (name !== "" || /[A-Za-z]/.test(c))) {
      name += c;
    } else {
      endName();
      out += c;
    }
  }
  endName();
  const parsed = parseString(out, source);
  for (const def of Object.values(parsed.defs)) def.def = codePointRanges(def.def, out);
  const restore = (n) => spelled.get(n.toUpperCase()) ?? n;
  for (const def of Object.values(parsed.defs)) def.name = restore(def.name);
  for (const ref of parsed.refs) ref.name = restore(ref.name);
  return parsed;
}

/** A %x value or range as written ("%x10000-1FFFD", "%x10FFFD"), as code points; null for anything else. */
function writtenRange(node, text) {
  const m = /^%?x([0-9A-Fa-f]+)(?:-([0-9A-Fa-f]+))?$/.exec(text.slice(node.loc.start.offset, node.loc.end.offset).trim());
  if (!m) return null;
  const first = parseInt(m[1], 16);
  return { first, last: m[2] === undefined ? first : parseInt(m[2], 16) };
}

/**
 * The abnf package's AST with every value or range past U+FFFF as written: the package splits
 * "%x10000-1FFFD" into surrogate sequences (an alternation of concatenations, which it may flatten
 * into the alternation around it, every piece carrying the location of the whole range), and this
 * puts one "range" node of code points in their place, found by that location in the text.
 */
function codePointRanges(node, text) {
  const whole = (n) => {
    const r = n.loc && n.type !== "range" ? writtenRange(n, text) : null;
    return r !== null && r.last > 0xffff ? { type: "range", loc: n.loc, first: r.first, last: r.last } : null;
  };
  const own = whole(node);
  if (own) return own;
  const same = (a, b) => a.loc && b.loc && a.loc.start.offset === b.loc.start.offset && a.loc.end.offset === b.loc.end.offset;
  switch (node.type) {
    case "alternation": {
      const alts = [];
      for (const alt of node.alts) {
        const r = whole(alt);
        // The pieces of one split range share its location: they become that range once.
        if (r && alts.length && alts[alts.length - 1].type === "range" && same(alts[alts.length - 1], alt)) continue;
        alts.push(r ?? codePointRanges(alt, text));
      }
      return { ...node, alts };
    }
    case "concatenation": return { ...node, elements: node.elements.map((e) => codePointRanges(e, text)) };
    case "group": return { ...node, alt: codePointRanges(node.alt, text) };
    case "repetition": return { ...node, el: codePointRanges(node.el, text) };
    default: return node;
  }
}

/** One node of the abnf package's AST as a plain object (rule names resolved to their spelling). */
export function toPlain(node, byUpper) {
  switch (node.type) {
    case "caseInsensitveString": return { kind: "str", ci: true, text: node.str };
    case "caseSensitveString": return { kind: "str", ci: false, text: node.str };
    case "range": return { kind: "range", first: node.first, last: node.last };
    case "concatenation": return { kind: "cat", items: node.elements.map((e) => toPlain(e, byUpper)) };
    case "alternation": return { kind: "alt", items: node.alts.map((e) => toPlain(e, byUpper)) };
    case "group": return toPlain(node.alt, byUpper);
    case "repetition":
      if (node.rep.type !== "repeat") throw new Error(`unsupported repetition ${node.rep.type}`);
      // Zero repetitions of anything (RFC 3986: path-empty = 0<pchar>) match the empty string.
      if (node.rep.max === 0) return { kind: "cat", items: [] };
      return { kind: "rep", min: node.rep.min, max: node.rep.max, item: toPlain(node.el, byUpper) };
    case "ruleref": {
      const name = byUpper.get(node.name.toUpperCase());
      if (!name) throw new Error(`reference to an undefined rule: ${node.name}`);
      return { kind: "ref", name };
    }
    default:
      throw new Error(`unsupported ABNF node ${node.type} (prose or RFC 7405 forms are not used by this grammar)`);
  }
}

/** One code point as an atom of a RegExp with the flag "u". */
function unit(code) {
  const c = String.fromCodePoint(code);
  if (/[A-Za-z0-9]/.test(c)) return c;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
}

/** Whether the node refers to the rule `name` anywhere (directly). */
function refersTo(n, name) {
  switch (n.kind) {
    case "ref": return n.name === name;
    case "cat": case "alt": return n.items.some((i) => refersTo(i, name));
    case "rep": return refersTo(n.item, name);
    default: return false;
  }
}

/**
 * A right-linear rule split as R = C R / F: `continuing` is the node of what is matched before a
 * tail reference to R (null: no alternative recurses), `final` the node of the strings matched
 * without one (null: none). Throws when a reference to R is not in a tail position.
 */
export function rightLinear(name, n) {
  const EMPTY = { kind: "cat", items: [] };
  const alt = (xs) => { const ys = xs.filter((x) => x !== null); return ys.length === 0 ? null : ys.length === 1 ? ys[0] : { kind: "alt", items: ys }; };
  const split = (m) => {
    if (!refersTo(m, name)) return { continuing: null, final: m };
    switch (m.kind) {
      case "ref": return { continuing: EMPTY, final: null };
      case "alt": {
        const parts = m.items.map(split);
        return { continuing: alt(parts.map((p) => p.continuing)), final: alt(parts.map((p) => p.final)) };
      }
      case "cat": {
        const head = m.items.slice(0, -1);
        if (head.some((i) => refersTo(i, name))) {
          throw new Error(`rule ${name} refers to itself before the end of a sequence: not right-linear, its language may not be regular`);
        }
        const last = split(m.items[m.items.length - 1]);
        const prefix = (x) => (x === null ? null : { kind: "cat", items: [...head, x] });
        return { continuing: prefix(last.continuing), final: prefix(last.final) };
      }
      case "rep": {
        if (m.min === 0 && m.max === 1) {
          const inner = split(m.item);
          return { continuing: inner.continuing, final: alt([EMPTY, inner.final]) };
        }
        if (m.min === 1 && m.max === 1) return split(m.item);
        throw new Error(`rule ${name} refers to itself inside a repetition: not right-linear, its language may not be regular`);
      }
      default: throw new Error(`unknown node ${m.kind}`);
    }
  };
  return split(n);
}

/**
 * The node of a rule with its right recursion unrolled: C* F for R = C R / F (rightLinear), the
 * rule's own node when it does not refer to itself.
 */
export function unrolled(name, n) {
  if (!refersTo(n, name)) return n;
  const { continuing, final } = rightLinear(name, n);
  if (final === null) throw new Error(`rule ${name} only ever recurses: it matches no string`);
  return { kind: "cat", items: [{ kind: "rep", min: 0, max: null, item: continuing }, final] };
}

/**
 * What a reference to the rule `name` stands for, inlined: build() of the rule's node with its
 * right recursion unrolled (unrolled()). `active` holds the rules being inlined around the
 * reference; one of them again is recursion through another rule, which every reader refuses.
 */
export function inlined(rules, name, active, build) {
  if (active.has(name)) throw new Error(`rule ${name} is recursive through another rule: its language may not be regular`);
  active.add(name);
  try {
    return build(unrolled(name, rules[name]));
  } finally {
    active.delete(name);
  }
}

/**
 * The RegExp source of every rule, references inlined; right recursion is unrolled (unrolled()),
 * any other recursion throws.
 */
export function regexSources({ order, rules }) {
  const done = new Map();
  const active = new Set();
  const rule = (name) => {
    if (done.has(name)) return done.get(name);
    const src = inlined(rules, name, active, node);
    done.set(name, src);
    return src;
  };
  const node = (n) => {
    switch (n.kind) {
      case "str": {
        // A letter of a case-insensitive string is a class of its two cases: [aA].
        const out = stringCodes(n).map((codes) => (codes.length === 1 ? unit(codes[0]) : `[${codes.map(unit).join("")}]`)).join("");
        return n.text.length === 1 ? out : `(?:${out})`;
      }
      case "range":
        return n.first === n.last ? unit(n.first) : `[${unit(n.first)}-${unit(n.last)}]`;
      case "cat": return `(?:${n.items.map(node).join("")})`;
      case "alt": return `(?:${n.items.map(node).join("|")})`;
      case "rep": return `(?:${node(n.item)}){${n.min},${n.max === null ? "" : n.max}}`;
      case "ref": return `(?:${rule(n.name)})`;
      default: throw new Error(`unknown node ${n.kind}`);
    }
  };
  const out = {};
  for (const name of order) out[name] = rule(name);
  return out;
}

/**
 * { name: { test(s) } } for every rule: test() is true exactly when the whole string is in the
 * rule's language. Each rule is compiled, every reference inlined (right recursion unrolled as in
 * regexSources), into a Thompson NFA, run as a DFA built lazily from sets of NFA states: time
 * linear in the input whatever the grammar. (A backtracking RegExp of the same rule can take
 * exponential time on the ambiguous rules of the 1993 draft: "hostname = ialpha [ "." hostname ]"
 * with "." in ialpha; regexSources() stays for the tests' short vector rows.)
 */
export function buildAcceptor(abnf = loadAbnf()) {
  const acceptor = {};
  for (const name of abnf.order) {
    let reader;
    const run = () => (reader ??= automaton(abnf, name));
    acceptor[name] = {
      test: (s) => run().read(s)?.accepting === true,
      // Whether some string of the rule's language begins with s (every state of the NFA can reach
      // its final state, so any state left after reading s means a completion exists).
      viable: (s) => run().read(s) !== null,
      /**
       * After s, which must be viable: every ASCII character c for which s + c is viable (as one
       * string in code order), the code points past ASCII for which it is (ranges [first, last] in
       * order: every edge out of the state's NFA states leads on, since each NFA state can reach the
       * final state), and whether s itself matches.
       */
      continuations: (s) => {
        const d = run().read(s);
        if (d === null) throw new Error("continuations of a string no match begins with");
        let characters = "";
        for (let c = 0; c < 128; c++) if (run().read(String.fromCharCode(c), d) !== null) characters += String.fromCharCode(c);
        const wide = run().edgesOf(d).filter(([, hi]) => hi >= 128).map(([lo, hi]) => [Math.max(lo, 128), hi]).sort((a, b) => a[0] - b[0]);
        const ranges = [];
        for (const [lo, hi] of wide) {
          const last = ranges[ranges.length - 1];
          if (last !== undefined && lo <= last[1] + 1) last[1] = Math.max(last[1], hi); else ranges.push([lo, hi]);
        }
        return { characters, ranges, end: d.accepting };
      },
    };
  }
  return acceptor;
}

/**
 * A splitter for one rule: a function from a string to null (not in the rule's language) or
 * { name: text | undefined } for every name of `capture`, the text matched by that rule in the
 * match the RegExp finds (undefined where it matched nothing). The RegExp is the acceptor's, with
 * every reference to a captured rule made a capturing group; where the ABNF is ambiguous, the match
 * is the first in the order the ABNF writes its alternatives (a backtracking RegExp tries them in
 * that order), and where a captured rule is inside a repetition, its last repetition.
 */
export function buildSplitter(abnf, start, capture) {
  const names = new Set(capture);
  for (const name of [start, ...names]) if (!(name in abnf.rules)) throw new Error(`no rule ${name}`);
  const sources = regexSources(abnf); // also rejects recursive rules
  const groups = []; // the captured rule of every capturing group, in order
  // Expanded afresh at every reference (no cache): a reused source would repeat its groups unnumbered.
  const contains = new Map();
  const reaches = (name) => {
    if (!contains.has(name)) {
      contains.set(name, false);
      const refs = [];
      const walk = (n) => {
        if (n.kind === "ref") refs.push(n.name);
        else if (n.items) n.items.forEach(walk);
        else if (n.item) walk(n.item);
      };
      walk(abnf.rules[name]);
      contains.set(name, refs.some((r) => names.has(r) || reaches(r)));
    }
    return contains.get(name);
  };
  const node = (n) => {
    switch (n.kind) {
      case "cat": return `(?:${n.items.map(node).join("")})`;
      case "alt": return `(?:${n.items.map(node).join("|")})`;
      case "rep": return `(?:${node(n.item)}){${n.min},${n.max === null ? "" : n.max}}`;
      case "ref": {
        // A group is numbered by its opening parenthesis: the outer rule before the rules inside it.
        if (names.has(n.name)) groups.push(n.name);
        // A rule that captures nothing below it is the acceptor's own source.
        const inner = reaches(n.name) ? node(abnf.rules[n.name]) : `(?:${sources[n.name]})`;
        return names.has(n.name) ? `(${inner})` : inner;
      }
      default: return `(?:${regexSources({ order: ["_"], rules: { _: n } })._})`;
    }
  };
  const re = new RegExp(`^(?:${node({ kind: "ref", name: start })})$`, "u");
  return (input) => {
    const m = re.exec(input);
    if (!m) return null;
    const out = Object.fromEntries([...names].map((name) => [name, undefined]));
    groups.forEach((name, i) => {
      if (m[i + 1] !== undefined && out[name] === undefined) out[name] = m[i + 1];
    });
    return out;
  };
}

/**
 * One rule's reader: a Thompson NFA of the rule, simulated as a lazy DFA. read(s) is the state
 * after s ({ accepting }), or null when no match of the rule begins with s.
 */
function automaton({ rules }, start) {
  const eps = [];
  const edges = []; // per state: [lo, hi, to] triples
  const state = () => { eps.push([]); edges.push([]); return eps.length - 1; };
  const active = new Set();
  const build = (n, from) => {
    switch (n.kind) {
      case "str": {
        let at = from;
        for (const codes of stringCodes(n)) {
          const to = state();
          for (const code of codes) edges[at].push([code, code, to]);
          at = to;
        }
        return at;
      }
      case "range": { const to = state(); edges[from].push([n.first, n.last, to]); return to; }
      case "cat": return n.items.reduce((at, item) => build(item, at), from);
      case "alt": {
        const end = state();
        for (const item of n.items) { const s = state(); eps[from].push(s); eps[build(item, s)].push(end); }
        return end;
      }
      case "rep": {
        let at = from;
        for (let i = 0; i < n.min; i++) at = build(n.item, at);
        const end = state();
        eps[at].push(end);
        if (n.max === null) {
          const loop = state();
          eps[at].push(loop);
          const back = build(n.item, loop);
          eps[back].push(loop, end);
        } else {
          for (let i = n.min; i < n.max; i++) { at = build(n.item, at); eps[at].push(end); }
        }
        return end;
      }
      case "ref": return inlined(rules, n.name, active, (body) => build(body, from));
      default: throw new Error(`unknown node ${n.kind}`);
    }
  };
  const first = state();
  const accept = build({ kind: "ref", name: start }, first);
  const closure = (set) => {
    const seen = new Set(set);
    const stack = [...set];
    while (stack.length) for (const t of eps[stack.pop()]) if (!seen.has(t)) { seen.add(t); stack.push(t); }
    return [...seen].sort((a, b) => a - b);
  };
  const dfa = new Map();
  const dstate = (states) => {
    const key = states.join(",");
    let d = dfa.get(key);
    if (d === undefined) {
      d = { states, accepting: states.includes(accept), next: new Map() };
      dfa.set(key, d);
    }
    return d;
  };
  const initial = dstate(closure([first]));
  /** The state after reading s from `from` (default the initial state), or null if no match begins so. */
  const read = (s, from = initial) => {
    let d = from;
    for (let i = 0; i < s.length; i++) {
      // A code point: a surrogate pair is one; a lone surrogate is itself, in no range.
      const code = s.codePointAt(i);
      if (code > 0xffff) i++;
      let next = d.next.get(code);
      if (next === undefined) {
        const to = [];
        for (const q of d.states) for (const [lo, hi, t] of edges[q]) if (code >= lo && code <= hi) to.push(t);
        next = dstate(closure(to));
        d.next.set(code, next);
      }
      if (next.states.length === 0) return null;
      d = next;
    }
    return d;
  };
  /** The edges [lo, hi] out of the NFA states of a state of read(). */
  const edgesOf = (d) => d.states.flatMap((q) => edges[q].map(([lo, hi]) => [lo, hi]));
  return { read, edgesOf };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const gi = args.indexOf("--grammar");
  const ei = args.indexOf("--edition");
  const abnf = loadAbnf(gi >= 0 ? args[gi + 1] : editionFiles(ei >= 0 ? args[ei + 1] : DEFAULT_EDITION).abnf);
  const regex = regexSources(abnf);
  if (args.includes("--json")) {
    process.stdout.write(JSON.stringify({ order: abnf.order, rules: abnf.rules, regex }) + "\n");
  } else {
    for (const name of abnf.order) console.log(`${name}\t^(?:${regex[name]})$`);
  }
}
