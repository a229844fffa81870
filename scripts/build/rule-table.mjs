// Phase "rule table" of the grammar build (scripts/build-grammar.mjs): generated/ID/rules.js and
// rules.d.ts, every rule of an edition with its section, ABNF, PEG, the "PEG:" notes, uses and
// used-by, what its strings are like (characterFacts) and examples from the vector tables.
// ruleTable(edition) takes an edition as readEdition() gives it (grammar-files.mjs), checked
// (manifests.mjs checkEdition()), and gives the two files as [name, text] pairs.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT, pegNameOf } from "../abnf-acceptor.mjs";
import { stringCodes } from "../abnf-strings.mjs";

/**
 * What the ABNF says of each rule's strings, for the rule table: whether every one is a single
 * character or one escape (the edition's "escape" role; explain() folds such rules), and which
 * ASCII characters can begin one (error
 * messages name a rule for a set of characters). Worked out on the acceptor's plain nodes
 * (scripts/abnf-acceptor.mjs), so it is the ABNF's answer, not the PEG's.
 */
function characterFacts({ order, rules }, escapeRule) {
  const memo = new Map();
  // [min length, max length (Infinity), nullable, first characters]
  const rule = (name, active = new Set()) => {
    if (memo.has(name)) return memo.get(name);
    if (active.has(name)) return [1, Infinity, false, new Set()]; // recursion: bounded below by its other parts
    active.add(name);
    const facts = node(rules[name], active);
    active.delete(name);
    memo.set(name, facts);
    return facts;
  };
  const node = (n, active) => {
    switch (n.kind) {
      case "str": {
        const first = new Set(n.text.length ? stringCodes(n)[0].filter((c) => c < 128) : []);
        return [n.text.length, n.text.length, n.text.length === 0, first];
      }
      case "range": {
        const first = new Set();
        for (let c = n.first; c <= Math.min(n.last, 127); c++) first.add(c);
        return [1, 1, false, first];
      }
      // An escape stands for one character: a rule of characters and escapes is a character rule.
      case "ref": return n.name === escapeRule ? [1, 1, false, rule(n.name, active)[3]] : rule(n.name, active);
      case "rep": {
        const [min, max, nullable, first] = node(n.item, active);
        const count = n.max === null ? Infinity : n.max;
        return [min * n.min, count === 0 ? 0 : max * count, n.min === 0 || nullable, count === 0 ? new Set() : first];
      }
      case "cat": {
        let min = 0, max = 0, nullable = true;
        const first = new Set();
        for (const item of n.items) {
          const [a, b, itemNullable, f] = node(item, active);
          if (nullable) f.forEach((c) => first.add(c));
          min += a; max += b; nullable = nullable && itemNullable;
        }
        return [min, max, nullable, first];
      }
      case "alt": {
        let min = Infinity, max = 0, nullable = false;
        const first = new Set();
        for (const item of n.items) {
          const [a, b, itemNullable, f] = node(item, active);
          f.forEach((c) => first.add(c));
          min = Math.min(min, a); max = Math.max(max, b); nullable = nullable || itemNullable;
        }
        return [min, max, nullable, first];
      }
      default: throw new Error(`unknown ABNF node ${n.kind}`);
    }
  };
  const out = new Map();
  for (const name of order) {
    const [min, max, , first] = rule(name);
    // A run of characters: the rule is a repetition of one character (or escape) at a time.
    const n = rules[name];
    const run = n.kind === "rep" && n.max === null && (([a, b]) => a === 1 && b === 1)(node(n.item, new Set()));
    out.set(name, {
      singleCharacter: min === 1 && max === 1,
      characterRun: run,
      first: String.fromCharCode(...[...first].sort((a, b) => a - b)),
    });
  }
  return out;
}

/**
 * Examples for each rule from the edition's vector tables (grammar/ID/vectors/syntax-*.tsv, the
 * document's own examples with their verdicts): up to four inputs it matches and four it does not,
 * in table order, printable ASCII (a space shows in quotes) and short enough for a line. The CLI
 * shows them under a rule. A rule whose rows have no printable input on one side (RFC 2396's
 * control matches only characters that print as nothing) takes its other rows there (the CLI shows
 * them as JSON strings).
 */
function vectorExamples(edition, names) {
  const dir = join(ROOT, "grammar", edition, "vectors");
  const out = new Map(names.map((n) => [n, { match: [], noMatch: [] }]));
  const unprintable = new Map(names.map((n) => [n, { match: [], noMatch: [] }]));
  if (!existsSync(dir)) return out;
  for (const file of readdirSync(dir).filter((f) => f.startsWith("syntax-") && f.endsWith(".tsv")).sort()) {
    let header = true;
    for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
      if (line === "" || line.startsWith("#")) continue;
      if (header) { header = false; continue; }
      const [rule, field, expect] = line.split("\t");
      const input = field.length >= 2 && field.startsWith('"') && field.endsWith('"') ? JSON.parse(field) : field;
      const side = expect === "accept" ? "match" : "noMatch";
      const list = (/^[\x20-\x7e]*$/.test(input) ? out : unprintable).get(rule)?.[side];
      if (!list || list.length >= 4 || list.includes(input) || input.length > 60) continue;
      list.push(input);
    }
  }
  for (const [rule, lists] of out) {
    for (const side of ["match", "noMatch"]) if (lists[side].length === 0) lists[side] = unprintable.get(rule)[side];
  }
  return out;
}

/**
 * generated/ID/rules.js and rules.d.ts. Takes an edition as readEdition() gives it, checked by
 * checkEdition() (every ABNF rule has its PEG rule); gives the two files as [name, text] pairs.
 */
export function ruleTable({ manifest, abnf, abnfRules, pegRules, uses }) {
  const edition = manifest.id;
  const facts = characterFacts(abnf, manifest.roles.escape);
  const examples = vectorExamples(edition, abnfRules.map((r) => r.name));
  const pegByName = new Map(pegRules.map((r) => [r.name, r]));
  const abnfName = (pegName) => abnfRules.find((r) => pegNameOf(r.name) === pegName)?.name ?? pegName;
  const table = abnfRules.map((r) => {
    const p = pegByName.get(pegNameOf(r.name));
    return {
      name: r.name,
      pegName: p.name,
      section: r.section,
      abnf: r.abnf,
      ...(r.draft ? { draft: r.draft } : {}),
      ...(r.reconstructed ? { reconstructed: r.reconstructed } : {}),
      peg: p.peg,
      ...(p.note ? { pegNote: p.note } : {}),
      exclusive: p.exclusive.map((pair) => pair.map(abnfName)),
      uses: uses.get(r.name),
      usedBy: abnfRules.filter((o) => uses.get(o.name).includes(r.name)).map((o) => o.name),
      ...facts.get(r.name),
      examples: examples.get(r.name),
    };
  });
  const js = `// @generated by scripts/build-grammar.mjs from grammar/${edition}/grammar.abnf and grammar.peggy.\n` +
    `"use strict";\n\n` +
    `const RULES = Object.freeze(${JSON.stringify(table, null, 2)}.map((r) => Object.freeze({ ...r, uses: Object.freeze(r.uses), usedBy: Object.freeze(r.usedBy), exclusive: Object.freeze(r.exclusive.map((p) => Object.freeze(p))), examples: Object.freeze({ match: Object.freeze(r.examples.match), noMatch: Object.freeze(r.examples.noMatch) }) })));\n\n` +
    `module.exports = { EDITION: ${JSON.stringify(edition)}, RULES };\n`;
  const dts = `// @generated by scripts/build-grammar.mjs\n` +
    `import type { RuleRecord } from "../../src/edition-build.js";\n` +
    `export declare const EDITION: ${JSON.stringify(edition)};\n` +
    `export declare const RULES: readonly (RuleRecord & { readonly name: RuleName })[];\n` +
    `export type RuleName =\n${table.map((r) => `  | ${JSON.stringify(r.name)}`).join("\n")};\n`;
  return [[`${edition}/rules.js`, js], [`${edition}/rules.d.ts`, dts]];
}
