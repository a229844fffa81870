// The automaton of positions of each edition's reference rule, built ahead of time (run by
// scripts/build-grammar.mjs on every build) into generated/ID/positions.js, which src/diagnose.ts
// runs (src/positions.ts PositionsTable) to say which rules could have read the next character
// where an input of the reference rule stops matching. Every other start rule keeps the lazy
// construction of src/positions.ts (Positions), which is also what this table is built from and
// held to (test/positions-table.test.ts).
//
// How. The build runs src/positions.ts itself (bundled by esbuild into memory) on the rules' ABNF
// trees of the edition's generated/ID/dfa.js, read as the library reads them (src/automaton.ts
// Automata.grammar):
//   - Positions.complete(): the sets of positions of the lazy construction, every one reachable,
//     with the set each class of characters leads to (each ASCII code, then the intervals of code
//     points past ASCII that the grammar's ranges cut) and the set's readings;
//   - minimized (Moore's partition refinement): two sets are one when their readings are equal,
//     both or neither hold the end of the rule, and each class leads them to one; the dead set
//     (where no reading leads, which the runner reports as an internal error) stays apart from a
//     set with no readings (the end of the rule alone);
//   - the classes: the columns of the minimal table that are equal are one class;
//   - numbered breadth-first from the initial set, which is 1 (0 is the dead set).
// What the table says at every prefix is then exactly what the lazy construction says (the same
// readings, chain for chain, code for code, range for range, in the same order).
//
// The encoding (strings of code units, CODE_BASE more than the number, as generated/ID/dfa.js):
//   classes    the class of each ASCII code;
//   wide       [first code point, class, ...] from 128 up, each interval up to the next;
//   next       the next state of each state and class, state x width + class (no runs: the runner
//              reads the string itself, so the first error decodes nothing of it);
//   chains     [parent, rule name] for each chain of rules (a rule below its parent chain, -1 the
//              start), in the order the construction meets them;
//   readings   [chain, codes, ranges] for each distinct reading: codes a string, ranges
//              [first, last, ...];
//   lists      each readings list: a string of reading numbers (a list where the rule may end and
//              the same list where it may not are two: one array each at run time, as diagnose.ts
//              derives the end of input from the array);
//   list       the readings list of each state (a string).
// src/positions.ts reads the strings as they are when the first error's details are read (nothing
// is decoded but the classes past ASCII; a state's readings are made when first asked).
//
// As a module: positionsTable(grammar, start), positionsModule(dfaText, manifest, source),
// POSITIONS_DTS.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { CODE_BASE } from "./build-dfa.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);

/** Above this many bytes of table, an edition keeps the lazy construction alone. */
export const MAX_BYTES = 300_000;

let library;
/** src/positions.ts and src/automaton.ts, bundled into memory and loaded once. */
function positionsLibrary() {
  if (library === undefined) {
    const { outputFiles } = esbuild.buildSync({
      stdin: {
        contents: `export { Positions } from "./src/positions.ts";\nexport { Automata } from "./src/automaton.ts";\n`,
        resolveDir: root, sourcefile: "build-positions-entry.ts", loader: "ts",
      },
      bundle: true, format: "cjs", platform: "node", target: "node20", write: false, logLevel: "warning",
    });
    library = loadModule(outputFiles[0].text, "build-positions-library.js");
  }
  return library;
}

/** A CommonJS module's exports, from its text. */
function loadModule(text, name) {
  const Module = require("node:module");
  const m = new Module(name);
  m.paths = Module._nodeModulePaths(root);
  m._compile(text, join(root, name));
  return m.exports;
}

/** The rules' ABNF trees of a generated/ID/dfa.js, as the library reads them. */
export function grammarOf(dfaText) {
  const { Automata } = positionsLibrary();
  return new Automata(loadModule(dfaText, "dfa.js")).grammar;
}

/**
 * The minimal automaton of positions of a rule: { states, width, classes (the class of each ASCII
 * code), wide ([first, class, ...] from 128 up), next (states x width), readings (of each state) }.
 */
export function positionsTable(grammar, start) {
  const { Positions } = positionsLibrary();
  const complete = new Positions(grammar, start).complete();
  const columns = 128 + complete.wide.length;
  // Partition refinement: blocks first by readings (the dead set alone), then by where each column
  // leads (of the equal columns, one).
  const distinct = [...new Map(Array.from({ length: columns }, (_, c) => [complete.next.map((row) => row[c]).join(","), c])).values()];
  const keys = complete.readings.map((r, s) => (s === 0 ? "dead" : `${complete.final[s] ? "end" : ""}|${JSON.stringify(r)}`));
  let block = numbered(keys);
  for (let count = new Set(block).size; ;) {
    block = numbered(complete.next.map((row, s) => `${block[s]}|${distinct.map((c) => block[row[c]]).join(",")}`));
    const now = new Set(block).size;
    if (now === count) break;
    count = now;
  }
  // States breadth-first from the initial set (dead 0, initial 1), one per block.
  const stateOf = new Map([[block[0], 0], [block[1], 1]]);
  const member = [0, 1];
  for (let k = 1; k < member.length; k++) {
    for (const t of complete.next[member[k]]) {
      if (!stateOf.has(block[t])) { stateOf.set(block[t], member.length); member.push(t); }
    }
  }
  const states = member.length;
  const row = (s) => complete.next[member[s]].map((t) => stateOf.get(block[t]));
  // Classes: the equal columns of the minimal table, numbered in the order of their first code.
  const columnKey = [];
  for (let c = 0; c < columns; c++) columnKey.push(member.map((_, s) => stateOf.get(block[complete.next[member[s]][c]])).join(","));
  const classOf = numbered(columnKey);
  const width = new Set(classOf).size;
  const firstColumn = [];
  classOf.forEach((k, c) => { if (firstColumn[k] === undefined) firstColumn[k] = c; });
  const next = [];
  for (let s = 0; s < states; s++) {
    const r = row(s);
    for (let k = 0; k < width; k++) next.push(r[firstColumn[k]]);
  }
  const wide = [];
  complete.wide.forEach((first, i) => {
    const k = classOf[128 + i];
    if (wide.length === 0 || wide[wide.length - 1] !== k) wide.push(first, k);
  });
  return {
    states, width, classes: classOf.slice(0, 128), wide, next,
    readings: member.map((s) => complete.readings[s]), final: member.map((s) => complete.final[s]),
  };
}

/** Each key's number, in the order keys are first met. */
function numbered(keys) {
  const ids = new Map();
  return keys.map((k) => {
    let id = ids.get(k);
    if (id === undefined) ids.set(k, id = ids.size);
    return id;
  });
}

const encode = (numbers) => {
  for (const n of numbers) if (n < 0 || n + CODE_BASE >= 0xd800) throw new Error("a number out of the table encoding's range");
  return String.fromCharCode(...numbers.map((n) => n + CODE_BASE));
};

/** The table's encoded form: what generated/ID/positions.js holds (see the top of this file). */
export function encodeTable(table, start) {
  const chains = [];
  const chainIds = new Map([["", -1]]);
  const chainOf = (chain) => {
    const key = chain.join("\n");
    let id = chainIds.get(key);
    if (id === undefined) {
      const parent = chainOf(chain.slice(0, -1));
      id = chains.length;
      chains.push([parent, chain[chain.length - 1]]);
      chainIds.set(key, id);
    }
    return id;
  };
  const readings = [];
  const readingIds = new Map();
  const lists = [];
  const listIds = new Map();
  const list = table.readings.map((rs, s) => {
    const ids = rs.map((r) => {
      const encoded = [chainOf(r.chain), encode(r.codes), r.ranges.flat()];
      const key = JSON.stringify(encoded);
      let id = readingIds.get(key);
      if (id === undefined) { readingIds.set(key, id = readings.length); readings.push(encoded); }
      return id;
    });
    // A list of readings where the rule may end and the same list where it may not are two
    // (src/diagnose.ts derives from the array what the rule's DFA says there, the end too).
    const key = `${table.final[s] ? "end" : ""}|${encode(ids)}`;
    let id = listIds.get(key);
    if (id === undefined) { listIds.set(key, id = lists.length); lists.push(encode(ids)); }
    return id;
  });
  return {
    rule: start, base: CODE_BASE, states: table.states, width: table.width, classes: encode(table.classes), wide: table.wide,
    next: encode(table.next), chains, readings, lists, list: encode(list),
  };
}

/** generated/ID/positions.js: the table of the edition's reference rule, or null when it is too large. */
export function positionsModule(dfaText, manifest, source) {
  const start = manifest.roles.reference;
  const table = positionsTable(grammarOf(dfaText), start);
  const encoded = encodeTable(table, start);
  const body = JSON.stringify(encoded, null, 0)
    .replace(/,"(chains|readings|lists|list|next)":/g, ',\n"$1":')
    .replace(/\],\[/g, "],\n[");
  const bytes = Buffer.byteLength(body);
  const kept = bytes <= MAX_BYTES;
  const text = `// @generated by scripts/build-positions.mjs from ${source}.
// The automaton of positions of ${start} (${table.states} states, ${table.width} classes${kept ? "" : `; ${bytes} bytes, over the ${MAX_BYTES} kept: the lazy construction serves`}),
// built from src/positions.ts's construction run to completion and minimized: what src/diagnose.ts
// says could have come next where an input of ${start} stops matching (src/positions.ts
// PositionsTable). classes: the class of each ASCII code; wide: [first code point, class, ...]
// from 128 up; next: the next state of each state and class, at state x ${table.width} + class (0 dead,
// 1 initial); chains: [parent chain or -1, rule name]; readings: [chain, codes, [first, last, ...]
// past ASCII]; lists: the readings of a state, as reading numbers; list: each state's list.
// classes, next, codes, lists and list are strings of code units, each ${CODE_BASE} more than the number.
"use strict";

module.exports = { POSITIONS: ${kept ? body : "null"} };
`;
  return { text, states: table.states, width: table.width, bytes, kept };
}

export const POSITIONS_DTS = `// @generated by scripts/build-positions.mjs.
import type { PositionsTables } from "../../src/positions.js";
export declare const POSITIONS: PositionsTables | null;
`;
