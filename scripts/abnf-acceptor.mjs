#!/usr/bin/env node
// An acceptor for the collected ABNF of an edition, built mechanically: the edition's .abnf is parsed
// with the `abnf` package, and every rule becomes an anchored backtracking RegExp by inlining the
// rules it refers to. No regex here is written by hand, so the acceptor is independent of the PEG:
// every rule of every edition is non-recursive, its language is regular, and a backtracking RegExp
// tries every way the ABNF can match (no ordered choice, no greedy commitment).
//
// - Quoted strings are case-insensitive (RFC 2234 section 2.3): a letter becomes [aA].
// - %x values and ranges are exact; "n*m" becomes {n,m}, "*" {0,}, "[ x ]" {0,1}.
// - A repetition of at most 0 is the empty string, whatever it repeats: RFC 3986 writes
//   path-empty = 0<pchar>, zero repetitions of a prose value, which is never read.
// - No "u" flag: the RegExps match UTF-16 code units. Every terminal of this grammar is ASCII, so a
//   lone surrogate, a non-BMP character or any other non-ASCII unit simply matches nothing.
//
// As a module: editionFiles(), loadAbnf(), toPlain(), buildAcceptor().
// As a script:  node scripts/abnf-acceptor.mjs [--edition ID | --grammar FILE] [--json]
//   prints every rule's RegExp source (one per line), or with --json
//   { order, rules: { name: plainAst }, regex: { name: source } } for the tests.
//   --edition ID  the edition's grammar.abnf (default rfc2396bis-01, the draft)
//   --grammar FILE  that .abnf file
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseString } from "abnf";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The edition the scripts check when none is named: the draft. */
export const DEFAULT_EDITION = "rfc2396bis-01";

/**
 * The files of an edition: its folder grammar/ID/ holds grammar.abnf, grammar.peggy and
 * fuzz-shapes.json (the rare shapes the differential check must reach); its builds are
 * generated/ID/parser.js, match.js and trace.js.
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
    match: join(out, "match.js"),
    trace: join(out, "trace.js"),
  };
}

export const DEFAULT_GRAMMAR = editionFiles().abnf;

/**
 * Parses an ABNF file into plain JSON-able nodes, keyed by the rule's name as written, with the
 * rules in file order. Node kinds: str (ci: case-insensitive), range, cat, alt, rep, ref.
 */
export function loadAbnf(file = DEFAULT_GRAMMAR) {
  const parsed = parseString(readFileSync(file, "utf8"), file);
  const order = Object.values(parsed.defs).map((d) => d.name);
  const byUpper = new Map(order.map((n) => [n.toUpperCase(), n]));
  const rules = {};
  for (const def of Object.values(parsed.defs)) rules[def.name] = toPlain(def.def, byUpper);
  return { order, rules };
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

/** One UTF-16 code unit as a RegExp atom. */
function unit(code) {
  const c = String.fromCharCode(code);
  if (/[A-Za-z0-9]/.test(c)) return c;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/** The RegExp source of every rule, references inlined; throws on a recursive rule. */
export function regexSources({ order, rules }) {
  const done = new Map();
  const active = new Set();
  const rule = (name) => {
    if (done.has(name)) return done.get(name);
    if (active.has(name)) throw new Error(`rule ${name} is recursive: its language may not be regular`);
    active.add(name);
    const src = node(rules[name]);
    active.delete(name);
    done.set(name, src);
    return src;
  };
  const node = (n) => {
    switch (n.kind) {
      case "str": {
        let out = "";
        for (const ch of n.text) {
          const code = ch.charCodeAt(0);
          if (ch.length !== 1) throw new Error(`non-BMP literal ${JSON.stringify(ch)}`);
          if (n.ci && /[A-Za-z]/.test(ch)) out += `[${ch.toLowerCase()}${ch.toUpperCase()}]`;
          else out += unit(code);
        }
        return n.text.length === 1 ? out : `(?:${out})`;
      }
      case "range":
        if (n.last > 0xffff) throw new Error("range beyond the BMP (the abnf package splits these into surrogates)");
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

/** { name: RegExp } for every rule: the RegExp accepts exactly the rule's language. */
export function buildAcceptor(abnf = loadAbnf()) {
  const sources = regexSources(abnf);
  const acceptor = {};
  for (const name of abnf.order) acceptor[name] = new RegExp(`^(?:${sources[name]})$`);
  return acceptor;
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
