// The toolkit the build passes share: walking and rewriting peggy's grammar AST, and the analyses
// they ask of it (which characters a node can match or begin with, whether it can match the empty
// string, whether it builds a value anything reads). One copy of each analysis: every pass and the
// JavaScript emitter (emit.mjs) use these.
//
// A pass is a function (ast, options, session), as peggy's own passes are
// (node_modules/peggy/lib/compiler/passes/); it walks the AST with peggy's visitor
// (node_modules/peggy/lib/compiler/visitor.js, re-exported here) or with rewrite(), which
// replaces nodes bottom-up.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const peggy = require("peggy");

/** peggy's AST visitor builder: visitor.build({ rule_ref(node) { ... } }) walks every node. */
export const visitor = peggy.compiler.visitor;

/** Stops the build: a pass met what it cannot handle. */
export function fail(pass, what) {
  throw new Error(`${pass}: ${what}`);
}

/** The child expressions of a node, in order. */
export function children(node) {
  const out = [];
  for (const key of ["expression", "delimiter"]) if (node[key] && node[key].type) out.push(node[key]);
  for (const key of ["alternatives", "elements"]) if (Array.isArray(node[key])) out.push(...node[key]);
  return out;
}

/** Calls fn on every node below root, children first, replacing each node by what fn returns. */
export function rewrite(node, fn) {
  if (!node || typeof node !== "object") return node;
  for (const key of ["expression", "delimiter"]) {
    if (node[key] && typeof node[key] === "object" && node[key].type) node[key] = rewrite(node[key], fn);
  }
  for (const key of ["alternatives", "elements"]) {
    if (Array.isArray(node[key])) node[key] = node[key].map((c) => rewrite(c, fn));
  }
  return fn(node);
}

/** A deep copy of an expression. */
export const clone = (node) => structuredClone(node);

/** The same expression, wherever it stands (locations and peggy's inferred match results aside). */
export function same(a, b) {
  const key = (n) => JSON.stringify(n, (k, v) => (k === "location" || k === "match" ? undefined : v));
  return key(a) === key(b);
}

/** The number of nodes of an expression. */
export const size = (node) => 1 + children(node).reduce((n, c) => n + size(c), 0);

/** The rules by name. */
export const ruleMap = (ast) => new Map(ast.rules.map((r) => [r.name, r]));

/** The node under groups and display names. */
export function unwrap(node) {
  while (node.type === "group" || node.type === "named") node = node.expression;
  return node;
}

// ----- What builds values -----

const STRUCTURAL = new Set(["literal", "class", "any", "rule_ref", "sequence", "choice", "optional",
  "zero_or_more", "one_or_more", "repeated", "simple_and", "simple_not", "group", "named"]);

/**
 * True when the expression builds no value anything could read: no action, label, text ($) or
 * semantic predicate, and repetitions with constant bounds.
 */
export function structural(node) {
  if (!STRUCTURAL.has(node.type)) return false;
  if (node.type === "repeated" && ((node.min && node.min.type !== "constant") || (node.max && node.max.type !== "constant"))) return false;
  return children(node).every(structural);
}

/** True when matching the node may call an action. */
export const hasAction = (node) => node.type === "action" || children(node).some(hasAction);

/**
 * The rules whose value nothing reads, compiled into position functions (emit.mjs): structural
 * bodies that reference only such rules.
 */
export function positionRules(ast) {
  const byName = ruleMap(ast);
  const ok = new Set(ast.rules.filter((r) => structural(r.expression)).map((r) => r.name));
  const refs = (node, out = []) => {
    if (node.type === "rule_ref") out.push(node.name);
    for (const c of children(node)) refs(c, out);
    return out;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (const name of [...ok]) {
      if (refs(byName.get(name).expression).some((r) => !ok.has(r))) { ok.delete(name); changed = true; }
    }
  }
  return ok;
}

// ----- Character sets -----
//
// A set of code units is { ascii, high }: the members below 128 (a Set of codes) and whether every
// code unit from 128 up is a member. Every class and literal of the grammars here is ASCII, or the
// inverse of an ASCII set.

/**
 * The code units that peggy's case-insensitive literal test takes for the one code unit ch of the
 * literal's lower case: those whose toLowerCase() is ch ("v": V and v; "k": K, k and the Kelvin
 * sign U+212A). Found by asking toLowerCase() about every code unit, as peggy's test does.
 *
 * peggy matches a case-insensitive literal by input.substr(p, L).toLowerCase() === lower, where
 * lower is the literal's lower case and L its length. Where lower is ASCII, that holds exactly when
 * each of the L code units at p, alone, lowercases to the code unit of lower at its place: the
 * lower case of a string is that of each of its characters, except U+0130 (two code units, the
 * second non-ASCII), a final capital sigma (a Greek letter) and a surrogate pair (never an ASCII
 * character, and a lone surrogate is its own lower case); none of them gives an ASCII character.
 */
const lowerCasePreimages = new Map();
export function lowerCasePreimage(ch) {
  let codes = lowerCasePreimages.get(ch);
  if (!codes) {
    codes = [];
    for (let c = 0; c < 0x10000; c++) if (String.fromCharCode(c).toLowerCase() === ch) codes.push(c);
    lowerCasePreimages.set(ch, codes);
  }
  return codes;
}

/** True when the lower case of the case-insensitive literal is ASCII (then lowerCasePreimage applies). */
export const asciiLower = (value) => /^[\x00-\x7f]*$/.test(value.toLowerCase());

/** The RegExp source of a class, anchored at the start as peggy writes it: ^[...] (every part escaped). */
export function classSource(node) {
  const unit = (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`;
  const parts = node.parts.map((part) => (Array.isArray(part) ? `${unit(part[0])}-${unit(part[1])}` : unit(part))).join("");
  return `^[${node.inverted ? "^" : ""}${parts}]`;
}

/**
 * The members of a case-insensitive class, as peggy's RegExp (flag i, no u) tests them: every
 * code unit is asked. null when the members from 128 up are neither none nor all (a non-u RegExp
 * never folds a code unit from 128 up onto an ASCII one, so a class of ASCII parts has none;
 * inverted, all).
 */
const foldedClasses = new Map();
function foldedClass(node) {
  const source = classSource(node);
  if (foldedClasses.has(source)) return foldedClasses.get(source);
  const re = new RegExp(source, "i");
  const ascii = new Set();
  let high = 0;
  for (let c = 0; c < 0x10000; c++) {
    if (!re.test(String.fromCharCode(c))) continue;
    if (c < 128) ascii.add(c); else high++;
  }
  const set = high === 0 ? { ascii, high: false } : high === 0x10000 - 128 ? { ascii, high: true } : null;
  foldedClasses.set(source, set);
  return set;
}

/**
 * The code units a node matches when it always matches exactly one code unit (a class, a
 * one-character literal, or a choice or group of those): { ascii, high }; null otherwise (or for
 * a class that names some but not all code units from 128 up, which no grammar here does).
 * Options: rules (a Map of the rules) to follow references to such rules; exact to take only what
 * matches as written (no case-insensitive class or literal).
 */
export function unitSet(node, { rules = null, exact = false } = {}, seen = new Set()) {
  switch (node.type) {
    case "class": {
      if (node.unicode) return null;
      if (node.ignoreCase) return exact ? null : foldedClass(node);
      const ascii = new Set();
      for (const part of node.parts) {
        const [from, to] = Array.isArray(part) ? part : [part, part];
        if (typeof from !== "string" || typeof to !== "string" || from.length !== 1 || to.length !== 1) return null;
        for (let c = from.charCodeAt(0); c <= to.charCodeAt(0); c++) {
          if (c >= 128) return null;
          ascii.add(c);
        }
      }
      if (!node.inverted) return { ascii, high: false };
      const inverted = new Set();
      for (let c = 0; c < 128; c++) if (!ascii.has(c)) inverted.add(c);
      return { ascii: inverted, high: true };
    }
    case "literal": {
      if (node.ignoreCase) {
        // "v"i: the code units that lowercase to "v", when they are all ASCII.
        if (exact || node.value.length !== 1 || !asciiLower(node.value)) return null;
        const codes = lowerCasePreimage(node.value.toLowerCase());
        return codes.every((c) => c < 128) ? { ascii: new Set(codes), high: false } : null;
      }
      return node.value.length === 1 && node.value.charCodeAt(0) < 128
        ? { ascii: new Set([node.value.charCodeAt(0)]), high: false } : null;
    }
    case "rule_ref": {
      const rule = rules && rules.get(node.name);
      if (!rule || seen.has(node.name)) return null;
      seen.add(node.name);
      const set = unitSet(rule.expression, { rules, exact }, seen);
      seen.delete(node.name);
      return set;
    }
    case "group": case "named":
      return unitSet(node.expression, { rules, exact }, seen);
    case "choice": {
      const ascii = new Set();
      let high = false;
      for (const alt of node.alternatives) {
        const s = unitSet(alt, { rules, exact }, seen);
        if (!s) return null;
        for (const c of s.ascii) ascii.add(c);
        high ||= s.high;
      }
      return { ascii, high };
    }
    default:
      return null;
  }
}

/**
 * What an expression can begin with: { ascii, high, nullable }: the code units below 128 its
 * first character can be, whether it can be one from 128 up, and whether it can match the empty
 * string (then it may begin with anything). null when not known (a rule that refers back to
 * itself before consuming). rules maps names to rules; memo caches each rule's answer.
 */
export function firstSet(node, rules, memo = new Map(), active = new Set()) {
  const set = unitSet(node);
  if (set) return { ascii: set.ascii, high: set.high, nullable: false };
  const union = (parts, nullable) => {
    if (parts.some((x) => x === null)) return null;
    const ascii = new Set();
    let high = false;
    for (const x of parts) { for (const c of x.ascii) ascii.add(c); high ||= x.high; }
    return { ascii, high, nullable };
  };
  const empty = { ascii: new Set(), high: false, nullable: true };
  switch (node.type) {
    case "literal":
      if (node.value === "") return empty;
      if (node.ignoreCase) {
        if (!asciiLower(node.value)) return null;
        const codes = lowerCasePreimage(node.value.toLowerCase()[0]);
        return { ascii: new Set(codes.filter((c) => c < 128)), high: codes.some((c) => c >= 128), nullable: false };
      }
      return firstSet({ type: "literal", value: node.value[0] }, rules, memo, active);
    case "class":
      return null; // a class unitSet does not take (case-insensitive, unicode)
    case "any":
      return { ascii: new Set(Array.from({ length: 128 }, (_, i) => i)), high: true, nullable: false };
    case "rule_ref": {
      if (memo.has(node.name)) return memo.get(node.name);
      if (active.has(node.name) || !rules.has(node.name)) return null;
      active.add(node.name);
      const f = firstSet(rules.get(node.name).expression, rules, memo, active);
      active.delete(node.name);
      memo.set(node.name, f);
      return f;
    }
    case "simple_and": case "simple_not":
      return empty;
    case "optional": case "zero_or_more": {
      const f = firstSet(node.expression, rules, memo, active);
      return f && { ...f, nullable: true };
    }
    case "repeated": {
      const f = firstSet(node.expression, rules, memo, active);
      const min = node.min ? node.min.value : node.max.value;
      return f && { ...f, nullable: f.nullable || min === 0 };
    }
    case "choice": {
      const parts = node.alternatives.map((a) => firstSet(a, rules, memo, active));
      return union(parts, parts.some((x) => x && x.nullable));
    }
    case "sequence": {
      const parts = [];
      for (const e of node.elements) {
        const f = firstSet(e, rules, memo, active);
        parts.push(f);
        if (!f || !f.nullable) return union(parts, false);
      }
      return union(parts, true);
    }
    case "semantic_and": case "semantic_not":
      return null;
    default: // group, named, one_or_more, labeled, text, action
      return node.expression ? firstSet(node.expression, rules, memo, active) : null;
  }
}

/**
 * True when the expression may match the empty string, or when that is not known (a rule that
 * refers back to itself before consuming). rules maps names to rules.
 */
export function mayMatchEmpty(node, rules) {
  const first = firstSet(node, rules);
  return first === null || first.nullable;
}

/**
 * The characters that a match of the node can contain: every character of every literal and
 * class it can reach through its rules (lookaheads match none; a case-insensitive one matches
 * every code unit that lowercases as its own do); null when that is not a known finite set (an
 * inverted class, a case-insensitive literal whose lower case is not ASCII, any character ".").
 */
export function charsOf(node, rules, seen = new Set()) {
  const union = (nodes) => {
    const set = new Set();
    for (const n of nodes) {
      const s = charsOf(n, rules, seen);
      if (!s) return null;
      for (const c of s) set.add(c);
    }
    return set;
  };
  switch (node.type) {
    case "literal": {
      if (!node.ignoreCase) return new Set([...node.value].map((ch) => ch.charCodeAt(0)));
      // "v"i: the code units that lowercase to each of its characters.
      if (!asciiLower(node.value)) return null;
      return new Set([...node.value.toLowerCase()].flatMap((ch) => lowerCasePreimage(ch)));
    }
    case "class": {
      const set = unitSet(node);
      return set && !set.high ? set.ascii : null;
    }
    case "rule_ref": {
      // A rule being read already (recursion) adds nothing new: its characters are those of the
      // literals and classes reachable from it, which the first visit collects.
      if (seen.has(node.name)) return new Set();
      const rule = rules.get(node.name);
      if (!rule) return null;
      seen.add(node.name);
      const set = charsOf(rule.expression, rules, seen);
      seen.delete(node.name);
      return set;
    }
    case "simple_and": case "simple_not": case "semantic_and": case "semantic_not":
      return new Set();
    case "sequence": return union(node.elements);
    case "choice": return union(node.alternatives);
    case "repeated": return union(node.delimiter ? [node.expression, node.delimiter] : [node.expression]);
    case "group": case "named": case "labeled": case "text": case "action": case "optional":
    case "zero_or_more": case "one_or_more":
      return charsOf(node.expression, rules, seen);
    default: return null;
  }
}

/** A class node of the given character codes, as peggy's parser writes one: ranges and single characters. */
export function classOf(codes, location) {
  const sorted = [...codes].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    const [a, b] = [String.fromCharCode(sorted[i]), String.fromCharCode(sorted[j])];
    parts.push(j > i ? [a, b] : a);
    i = j + 1;
  }
  return { type: "class", parts, inverted: false, ignoreCase: false, unicode: false, location };
}
