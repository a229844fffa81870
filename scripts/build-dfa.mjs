// The grammar compiled to automata (run by scripts/build-grammar.mjs on every build): for every rule
// of an edition, the minimal DFA of its language, built mechanically from the edition's collected
// ABNF with refa (a dev dependency; nothing of it ships), and written into generated/ID/dfa.js as
// tables that src/automaton.ts runs with no dependency.
//
//   ABNF rule (grammar.abnf, read by scripts/abnf-acceptor.mjs: references inlined, right recursion
//   unrolled into repetition as the acceptor does)
//     -> refa's regular-expression AST (built node by node here, not through RegExp text)
//     -> NFA -> DFA (subset construction) -> minimal DFA (refa's minimize())
//     -> tables: states numbered in breadth-first order from the initial state, which is 1; 0 is the
//        dead state, where every transition of the partial DFA that refa leaves out goes.
//     -> the layout src/automaton.ts runs it in, chosen here per rule: "direct" (the next state of
//        each state and ASCII code unit, one lookup per character: states x 128 bytes, kept for
//        automata of at most DIRECT_STATES states, 32 KiB) or "classes" (the code unit's class,
//        then the state and class: two lookups, a table of states x classes entries). Both are
//        expanded from the same tables written here.
//
// The alphabet is the code points (RFC 3987 section 2.2: "Terminals in the ABNF are characters").
// A rule of ASCII terminals (every rule of the URI editions) leads to the dead state on any other
// character, and its tables are the ASCII ones alone: the runner stops at the first non-ASCII code
// unit. A rule that reads characters past ASCII (RFC 3987's ucschar and iprivate) has, beside the
// class of each ASCII code, the classes of the code points from 128 up, as the ranges that share a
// column (the elementary intervals of its transitions); the runner reads a surrogate pair as one
// code point and a lone surrogate as itself, which no transition may hold (the build checks).
//
// The module also carries the rules' ABNF as plain trees (GRAMMAR), from which src/positions.ts
// builds, when an error's details are first read, the automaton of positions that says which rules
// are open at the error's offset.
import { createRequire } from "node:module";
import { inlined, toPlain, unrolled } from "./abnf-acceptor.mjs";
import { stringCodes } from "./abnf-strings.mjs";

const require = createRequire(import.meta.url);
const { CharSet, DFA, NFA } = require("refa");

const MAX = 0x10ffff;
/**
 * The most states of an automaton run in the direct layout: its table (a byte a state and ASCII
 * code unit) is then at most 32 KiB, and fits the first-level data cache with the input. On the
 * benchmark corpus the direct layout of the draft's URI-reference (175 states) runs in about 0.8
 * of the time of the classes layout (docs/performance.md).
 */
export const DIRECT_STATES = 256;
/** Code units are written into strings from this one up, which keeps them printable in the file. */
export const CODE_BASE = 0x30;

/** refa's AST of a rule, every reference inlined. */
function refaAst(rules, start) {
  const active = new Set();
  const charClass = (set) => ({ type: "CharacterClass", characters: set });
  const concat = (elements) => ({ type: "Concatenation", elements });
  const node = (n) => {
    switch (n.kind) {
      case "str": return stringCodes(n).map((codes) =>
        charClass(codes.map((code) => CharSet.fromCharacter(MAX, code)).reduce((a, b) => a.union(b))));
      case "range": return [charClass(CharSet.fromRange(MAX, { min: n.first, max: n.last }))];
      case "cat": return n.items.flatMap(node);
      case "alt": return [{ type: "Alternation", alternatives: n.items.map((item) => concat(node(item))) }];
      case "rep": return [{
        type: "Quantifier", lazy: false, min: n.min, max: n.max === null ? Infinity : n.max,
        alternatives: [concat(node(n.item))],
      }];
      case "ref": return inlined(rules, n.name, active, node);
      default: throw new Error(`unknown node ${n.kind}`);
    }
  };
  return { type: "Expression", alternatives: [concat(node({ kind: "ref", name: start }))] };
}

/** The minimal DFA of a rule, as tables. */
export function ruleAutomaton(abnf, name) {
  const nfa = NFA.fromRegex(refaAst(abnf.rules, name), { maxCharacter: MAX });
  const dfa = DFA.fromFA(nfa);
  dfa.minimize();
  // States in breadth-first order from the initial one (1); 0 is dead.
  const order = [dfa.initial];
  const index = new Map([[dfa.initial, 1]]);
  // The code points from 128 up where some transition begins or ends: the elementary intervals.
  const cuts = new Set([128]);
  for (let i = 0; i < order.length; i++) {
    for (const [range, to] of order[i].out.entries()) {
      if (range.max >= 0xd800 && range.min <= 0xdfff) throw new Error(`rule ${name}: a transition on a surrogate (U+${range.min.toString(16)}-U+${range.max.toString(16)})`);
      if (range.max >= 128) {
        cuts.add(Math.max(range.min, 128));
        if (range.max < MAX) cuts.add(range.max + 1);
      }
      if (!index.has(to)) { index.set(to, order.length + 1); order.push(to); }
    }
  }
  const states = order.length + 1;
  const columnAt = (c) => {
    const column = [0];
    for (const node of order) { const to = node.out.get(c); column.push(to === undefined ? 0 : index.get(to)); }
    return column.join(",");
  };
  // Columns: the target of every state on each ASCII character, then on each interval past ASCII;
  // equal columns share a class.
  const columns = [];
  for (let c = 0; c < 128; c++) columns.push(columnAt(c));
  const starts = [...cuts].sort((a, b) => a - b);
  const wideColumns = starts.map(columnAt);
  const classOf = new Map();
  const classFor = (key) => { if (!classOf.has(key)) classOf.set(key, classOf.size); return classOf.get(key); };
  const classes = columns.map(classFor);
  const dead = new Array(states).fill(0).join(",");
  // [first code point, class, ...] from 128 to U+10FFFF; null when every character past ASCII leads to the dead state.
  let wide = null;
  if (!wideColumns.every((key) => key === dead)) {
    wide = [];
    starts.forEach((start, k) => {
      const c = classFor(wideColumns[k]);
      if (wide.length === 0 || wide[wide.length - 1] !== c) wide.push(start, c); // neighbours of one class are one interval
    });
  }
  const width = classOf.size;
  const table = new Array(states * width).fill(0);
  for (const [key, k] of classOf) key.split(",").forEach((to, s) => { table[s * width + k] = Number(to); });
  const accepting = order.filter((node) => dfa.finals.has(node)).map((node) => index.get(node));
  return { states, width, classes, table, accepting, layout: states <= DIRECT_STATES ? "direct" : "classes", wide };
}

/**
 * A rule's ABNF tree (toPlain's nodes) in the compact form the module carries, which
 * src/automaton.ts expands: a reference is its rule's name; a string [0, text, 1 if
 * case-insensitive else 0]; a range [1, first, last]; a concatenation [2, ...items]; an
 * alternation [3, ...items]; a repetition [4, min, max or -1 for no bound, item].
 */
export function compactTree(n) {
  switch (n.kind) {
    case "ref": return n.name;
    case "str": return [0, n.text, n.ci ? 1 : 0];
    case "range": return [1, n.first, n.last];
    case "cat": return [2, ...n.items.map(compactTree)];
    case "alt": return [3, ...n.items.map(compactTree)];
    case "rep": return [4, n.min, n.max === null ? -1 : n.max, compactTree(n.item)];
    default: throw new Error(`unknown node ${n.kind}`);
  }
}

const encode = (numbers) => {
  for (const n of numbers) if (n + CODE_BASE >= 0xd800) throw new Error("a state number too large for the table encoding");
  return String.fromCharCode(...numbers.map((n) => n + CODE_BASE));
};

/** The code unit that begins a run of dead states in a table: one below CODE_BASE (src/automaton.ts decodeRuns()). */
export const RUN = CODE_BASE - 1;
/** The shortest run of dead states written as a run: RUN and its length take two code units. */
const MIN_RUN = 4;

/**
 * A table as encode() writes it, with every run of at least MIN_RUN dead states (0: most of a
 * minimal DFA's transitions) written as RUN and the run's length (plus CODE_BASE): the tables are
 * a third smaller, and they are in the playground's first load for every edition.
 */
export function encodeRuns(numbers) {
  let out = "";
  for (let i = 0; i < numbers.length;) {
    let j = i;
    while (j < numbers.length && numbers[j] === 0 && j - i < 0xd7ff - CODE_BASE) j++;
    if (j - i >= MIN_RUN) { out += String.fromCharCode(RUN, CODE_BASE + (j - i)); i = j; continue; }
    out += encode([numbers[i]]);
    i++;
  }
  return out;
}

/** The generated module: every rule's tables, and the rules' ABNF trees. */
export function automataModule(abnf, source) {
  const automata = {};
  const grammar = {};
  let states = 0;
  for (const name of abnf.order) {
    const a = ruleAutomaton(abnf, name);
    states += a.states;
    // [class of each ASCII code, number of classes, transitions by state then class, accepting states, layout,
    // and for a rule that reads past ASCII, the classes of the code points from 128 up]
    automata[name] = [encode(a.classes), a.width, encodeRuns(a.table), encode(a.accepting), a.layout, ...(a.wide ? [a.wide] : [])];
    grammar[name] = compactTree(unrolled(name, abnf.rules[name]));
  }
  const text = `// @generated by scripts/build-dfa.mjs from ${source}.
// For each rule, its minimal DFA: [the class of each ASCII code, the number of classes, the
// transitions (the next state of each state and class, state 0 dead and 1 initial; a run of dead
// states is written as the code unit ${CODE_BASE - 1} and the run's length), the accepting
// states, the layout the runner uses: "direct" (state x code unit, expanded from the classes and
// the transitions) or "classes", and, for a rule that reads characters past ASCII, the classes of
// the code points from 128 up: [first code point, class, ...] in order, each interval up to the
// next]; numbers but the last element's are written as the code units of a string, each
// ${CODE_BASE} more than the number.
// GRAMMAR: each rule's ABNF as a tree, right recursion unrolled into repetition (src/positions.ts), in
// a compact form: a reference is the rule's name; [0, text, case-insensitive], [1, first, last] a
// range, [2, ...] a concatenation, [3, ...] an alternation, [4, min, max or -1, item] a repetition.
"use strict";

const AUTOMATA = ${JSON.stringify(automata, null, 0).replace(/\],"/g, '],\n"')};

const GRAMMAR = ${JSON.stringify(grammar, null, 0).replace(/\},"/g, '},\n"')};

module.exports = { CODE_BASE: ${CODE_BASE}, AUTOMATA, GRAMMAR };
`;
  return { text, states };
}

export const AUTOMATA_DTS = `// @generated by scripts/build-dfa.mjs.
export declare const CODE_BASE: number;
export declare const AUTOMATA: Readonly<Record<string, readonly [string, number, string, string, "direct" | "classes", (readonly number[])?]>>;
export declare const GRAMMAR: Readonly<Record<string, unknown>>;
`;

export { toPlain };
