#!/usr/bin/env node
// Compiles every edition in grammar/ into generated/.
//
// An edition is a folder grammar/ID/ holding edition.json (its manifest), grammar.abnf (the
// collected ABNF) and grammar.peggy (the PEG transcription). For each one it writes:
//   generated/ID/parser.js              the parser of parse(): every rule is a start rule; written
//                                       from the grammar's AST by the build passes (scripts/passes/,
//                                       fastBuild)
//   generated/ID/dfa.js                 every rule as a minimal DFA (scripts/build-dfa.mjs), for
//                                       matches() and validate(), and for the exact offset and
//                                       next characters of an error
//   generated/ID/trace.js               the same grammar as peggy compiles it with its tracer hooks
//                                       (scripts/passes/, traceBuild), used only by explain() and to
//                                       name the rule path of an error
//   generated/ID/rules.js, rules.d.ts   the rule table: section, ABNF, PEG, the "PEG:" notes,
//                                       uses and used-by; RuleName, the edition's rule names
//   generated/ID/index.js, index.d.ts   the edition: its manifest and the modules above
// and generated/editions.js, editions.d.ts: the registry of every edition, oldest first;
// generated/models.js, models.d.ts: what each model must know of its editions' names; and
// generated/tour.js, tour.d.ts: the stops of the guided tour of the grammar's history, read from
// docs/history.tsv (src/tour.ts computes their answers).
// Files in generated/ that no edition produces any more are removed (reported by --check).
//
// Usage: node scripts/build-grammar.mjs [--check]
//   --check  build into memory and exit 1 if any committed file differs.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { loadAbnf, parseAbnfText, pegNameOf } from "./abnf-acceptor.mjs";
import { stringCodes } from "./abnf-strings.mjs";
import { fastBuild, traceBuild } from "./passes/index.mjs";
import { recordTypesOfModel } from "./passes/type-records.mjs";
import { automataModule, AUTOMATA_DTS } from "./build-dfa.mjs";
import { taggedModule, TAGGED_DTS } from "./build-tagged.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const peggy = require("peggy");

const check = process.argv.includes("--check");

/**
 * Compiles an edition's grammar through peggy's compiler with a plugin of build passes. Every
 * rule is a start rule (matches() and validate() take any rule of an edition); the builds are
 * CommonJS, and their types are those of src/edition-build.ts (one declaration for every
 * edition's builds, in generated/ID/index.d.ts).
 */
function compile(grammarText, grammarSource, plugin, extra = {}) {
  return peggy.generate(grammarText, {
    allowedStartRules: ["*"], output: "source", format: "commonjs", grammarSource, plugins: [plugin], ...extra,
  });
}

/**
 * Reads the collected ABNF: for each rule, its section (from the "; Section N"
 * or "; RFC 2234" comment above it; N may be a section's name: "; Section BNF
 * syntax"), its definition text, and the document's original text where it had
 * to be corrected or transcribed ("; draft: ..." or "; ID: ..." with the
 * edition's id, "; url-1993: ...", "; rfc2396: ..."), with the comment lines
 * after it that are indented (the original's continuation lines) or start
 * with "(" (a note on the change).  A rule name is letters, digits, "-" and
 * "_" (RFC 2396 spells hier_part).
 */
function readAbnf(text, edition) {
  const lines = text.split("\n");
  const rules = [];
  let comments = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith(";")) { comments.push(line.replace(/^;\s?/, "")); continue; }
    if (line.trim() === "") { comments = []; continue; }
    const m = /^([A-Za-z][A-Za-z0-9_-]*)\s*=/.exec(line);
    if (!m) throw new Error(`grammar ABNF line ${i + 1}: expected a rule, got ${JSON.stringify(line)}`);
    const body = [line.trimEnd()];
    while (i + 1 < lines.length && /^\s+\S/.test(lines[i + 1])) body.push(lines[++i].trimEnd());
    const sectionLine = comments.find((c) => /^(Section \S.*|RFC 2234)$/.test(c));
    if (!sectionLine) throw new Error(`grammar ABNF rule ${m[1]}: no "; Section N" comment above it`);
    const draft = [];
    let inDraft = false;
    const label = [`draft: `, `${edition}: `].find((l) => comments.some((c) => c.startsWith(l)));
    for (const c of comments) {
      if (label !== undefined && c.startsWith(label)) { draft.push(c.slice(label.length)); inDraft = true; }
      else if (inDraft && (c.startsWith("(") || /^\s/.test(c))) { draft.push(c); }
      else inDraft = false;
    }
    rules.push({
      name: m[1],
      section: sectionLine === "RFC 2234" ? "RFC 2234" : sectionLine.slice("Section ".length),
      abnf: body.join("\n"),
      draft: draft.length ? draft.join("\n") : undefined,
      reconstructed: reconstructedFrom(comments, m[1]),
    });
    comments = [];
  }
  return rules;
}

/**
 * Where a rule comes from when its document does not show it (an edition reconstructed from a diff):
 * a comment line "; reconstructed from ID section N" above the rule, ID the edition it was filled
 * from, and after it a note in parentheses (up to the line that closes it) where the rule is
 * composed rather than copied. Undefined for a rule the document shows.
 */
function reconstructedFrom(comments, name) {
  const at = comments.findIndex((c) => c.startsWith("reconstructed "));
  if (at < 0) return undefined;
  const m = /^reconstructed from ([a-z0-9][a-z0-9.-]*) section (\S+)$/.exec(comments[at]);
  if (!m) throw new Error(`grammar ABNF rule ${name}: expected "; reconstructed from ID section N", got "; ${comments[at]}"`);
  const note = [];
  if (comments[at + 1]?.startsWith("(")) {
    for (const c of comments.slice(at + 1)) {
      note.push(c.trim());
      if (c.trimEnd().endsWith(")")) break;
    }
  }
  return { from: m[1], section: m[2], ...(note.length ? { note: note.join(" ").slice(1, -1) } : {}) };
}

/** Reads the PEG: each rule's comment block ("§N  ABNF", "PEG: why") and its text. */
function readPeg(text) {
  const ast = peggy.parser.parse(text, { grammarSource: "grammar" });
  const rules = [];
  for (const rule of ast.rules) {
    const start = rule.location.start.offset;
    const end = rule.location.end.offset;
    // The comment block is the run of "//" lines right above the rule.
    const before = text.slice(0, start).split("\n");
    before.pop();
    const comment = [];
    while (before.length && before[before.length - 1].startsWith("//")) {
      comment.unshift(before.pop().replace(/^\/\/\s?/, ""));
    }
    const notes = [];
    let inNote = false;
    for (const c of comment) {
      if (c.startsWith("PEG: ")) { notes.push(c.slice(5).trim()); inNote = true; }
      else if (inNote && /^\s{4,}\S/.test(c)) notes[notes.length - 1] += " " + c.trim();
      else inNote = false;
    }
    rules.push({
      name: rule.name,
      comment: comment.join("\n"),
      peg: text.slice(start, end).trim(),
      note: notes.length ? notes.join(" ") : undefined,
      exclusive: exclusivePairs(rule.expression),
    });
  }
  return rules;
}

/**
 * Pairs of rules that stand in different alternatives of one choice of a rule's PEG, and never
 * in the same one: at most one of them can be part of a match. explain() uses them to leave out a rule that matched (possibly
 * the empty string) in an alternative the parser then abandoned (hier-part before opaque-part).
 */
function exclusivePairs(expression) {
  const pairs = new Set();
  const refs = (node) => {
    const out = new Set();
    const walk = (n) => {
      if (!n || typeof n !== "object") return;
      if (n.type === "rule_ref") out.add(n.name);
      for (const key of ["expression", "alternatives", "elements"]) {
        const v = n[key];
        if (Array.isArray(v)) v.forEach(walk); else if (v) walk(v);
      }
    };
    walk(node);
    return out;
  };
  const visit = (n) => {
    if (!n || typeof n !== "object") return;
    if (n.type === "choice") {
      const sets = n.alternatives.map(refs);
      const together = (a, b) => sets.some((set) => set.has(a) && set.has(b));
      for (let i = 0; i < sets.length; i++) {
        for (let j = i + 1; j < sets.length; j++) {
          for (const a of sets[i]) {
            for (const b of sets[j]) if (a !== b && !together(a, b)) pairs.add(JSON.stringify([a, b].sort()));
          }
        }
      }
    }
    for (const key of ["expression", "alternatives", "elements"]) {
      const v = n[key];
      if (Array.isArray(v)) v.forEach(visit); else if (v) visit(v);
    }
  };
  visit(expression);
  return [...pairs].sort().map((p) => JSON.parse(p));
}

/**
 * What the ABNF says of each rule's strings, for the rule table: whether every one is a single
 * character or one escape (the edition's "escape" role; explain() folds such rules), and which
 * ASCII characters can begin one (error
 * messages name a rule for a set of characters). Worked out on the acceptor's plain nodes
 * (scripts/abnf-acceptor.mjs), so it is the ABNF's answer, not the PEG's.
 */
function characterFacts(abnfFile, escapeRule) {
  const { order, rules } = loadAbnf(abnfFile);
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
  const dir = join(root, "grammar", edition, "vectors");
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

/** Rule references of each ABNF rule, by the abnf package's AST. */
function references(abnfText, names) {
  const parsed = parseAbnfText(abnfText, "grammar");
  const byUpper = new Map(names.map((n) => [n.toUpperCase(), n]));
  const uses = new Map(names.map((n) => [n, []]));
  for (const ref of parsed.refs) {
    // Find the rule whose definition contains this reference.
    const owner = Object.values(parsed.defs).find((d) =>
      d.loc.start.offset <= ref.loc.start.offset && ref.loc.end.offset <= d.loc.end.offset);
    const from = byUpper.get(owner.name.toUpperCase());
    const to = byUpper.get(ref.name.toUpperCase());
    if (!to) throw new Error(`ABNF rule ${from} uses undefined rule ${ref.name}`);
    if (!uses.get(from).includes(to)) uses.get(from).push(to);
  }
  return uses;
}

function rulesModule(manifest, abnfText, pegText, abnfFile) {
  const edition = manifest.id;
  const facts = characterFacts(abnfFile, manifest.roles.escape);
  const abnf = readAbnf(abnfText, edition);
  const examples = vectorExamples(edition, abnf.map((r) => r.name));
  const peg = readPeg(pegText);
  const pegByName = new Map(peg.map((r) => [r.name, r]));
  const abnfName = (pegName) => abnf.find((r) => pegNameOf(r.name) === pegName)?.name ?? pegName;
  const uses = references(abnfText, abnf.map((r) => r.name));
  const table = abnf.map((r) => {
    const p = pegByName.get(pegNameOf(r.name));
    if (!p) throw new Error(`ABNF rule ${r.name} has no PEG rule ${pegNameOf(r.name)}`);
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
      usedBy: abnf.filter((o) => uses.get(o.name).includes(r.name)).map((o) => o.name),
      ...facts.get(r.name),
      examples: examples.get(r.name),
    };
  });
  const extra = peg.filter((p) => !abnf.some((r) => pegNameOf(r.name) === p.name));
  if (extra.length) throw new Error(`PEG rules without an ABNF rule: ${extra.map((p) => p.name).join(", ")}`);
  checkRoles(manifest, table);
  for (const r of table) {
    if (r.reconstructed && !existsSync(join(root, "grammar", r.reconstructed.from, "grammar.abnf"))) {
      throw new Error(`grammar/${edition}/grammar.abnf: ${r.name} is reconstructed from ${JSON.stringify(r.reconstructed.from)}, which is no edition of grammar/`);
    }
  }
  const js = `// @generated by scripts/build-grammar.mjs from grammar/${edition}/grammar.abnf and grammar.peggy.\n` +
    `"use strict";\n\n` +
    `const RULES = Object.freeze(${JSON.stringify(table, null, 2)}.map((r) => Object.freeze({ ...r, uses: Object.freeze(r.uses), usedBy: Object.freeze(r.usedBy), exclusive: Object.freeze(r.exclusive.map((p) => Object.freeze(p))), examples: Object.freeze({ match: Object.freeze(r.examples.match), noMatch: Object.freeze(r.examples.noMatch) }) })));\n\n` +
    `module.exports = { EDITION: ${JSON.stringify(edition)}, RULES };\n`;
  const dts = `// @generated by scripts/build-grammar.mjs\n` +
    `import type { RuleRecord } from "../../src/edition-build.js";\n` +
    `export declare const EDITION: ${JSON.stringify(edition)};\n` +
    `export declare const RULES: readonly (RuleRecord & { readonly name: RuleName })[];\n` +
    `export type RuleName =\n${table.map((r) => `  | ${JSON.stringify(r.name)}`).join("\n")};\n`;
  return { js, dts };
}

const outputs = new Map();

/**
 * The editions: every folder of grammar/ with an edition.json (the manifest: id, title, date,
 * document, notation, the model of its algorithms, the rules that play parse()'s roles) beside
 * its grammar.abnf and grammar.peggy.
 */
function readEditions() {
  const out = [];
  for (const dir of readdirSync(join(root, "grammar"), { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    const folder = join(root, "grammar", dir.name);
    const manifestPath = join(folder, "edition.json");
    if (!existsSync(manifestPath)) throw new Error(`grammar/${dir.name}/ has no edition.json`);
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    if (manifest.id !== dir.name) throw new Error(`grammar/${dir.name}/edition.json: id ${JSON.stringify(manifest.id)} is not the folder's name`);
    for (const key of ["title", "document", "date", "spec", "notation", "model", "roles"]) {
      if (manifest[key] === undefined) throw new Error(`grammar/${dir.name}/edition.json: no ${JSON.stringify(key)}`);
    }
    for (const file of ["grammar.abnf", "grammar.peggy"]) {
      if (!existsSync(join(folder, file))) throw new Error(`grammar/${dir.name}/ has no ${file}`);
    }
    out.push(manifest);
  }
  out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const defaults = out.filter((m) => m.default === true);
  if (defaults.length !== 1) throw new Error(`exactly one edition.json must say "default": true (found ${defaults.length})`);
  return out;
}

/** Checks that every rule a manifest names for a role is a rule of the edition's ABNF. */
function checkRoles(manifest, table) {
  const names = new Set(table.map((r) => r.name));
  for (const [role, value] of Object.entries(manifest.roles)) {
    for (const name of [].concat(value)) {
      if (!names.has(name)) throw new Error(`grammar/${manifest.id}/edition.json: role ${role} names ${JSON.stringify(name)}, not a rule of grammar.abnf`);
    }
  }
}

const GENERATED_HEADER = "// @generated by scripts/build-grammar.mjs";
/** The functions of an edition's own entry (src/api.ts). */
const ENTRY_FUNCTIONS = ["parse", "validate", "matches", "explain", "recompose", "resolve", "resolveReference", "resolveSteps",
  "normalize", "equivalent", "audit", "extract", "ruleInfo"];

const editions = readEditions();
for (const manifest of editions) {
  const edition = manifest.id;
  const grammarRel = `grammar/${edition}/grammar.peggy`;
  const grammarText = readFileSync(join(root, grammarRel), "utf8");
  // The model's typing of the grammar's records, compiled into the parser (src/models/rfc2396bis-01/records.ts for the draft's).
  const records = recordTypesOfModel(manifest.model);
  outputs.set(`${edition}/parser.js`, compile(grammarText, grammarRel, fastBuild({ records }), {
    generatedBy: `scripts/build-grammar.mjs from ${grammarRel}${records ? ` and ${records.file}` : ""}: ` +
      `peggy ${peggy.VERSION}'s AST through the passes of scripts/passes/ (fastBuild).`,
  }));
  outputs.set(`${edition}/trace.js`, compile(grammarText, grammarRel, traceBuild, { trace: true }));
  const abnfFile = join(root, "grammar", edition, "grammar.abnf");
  const rules = rulesModule(manifest, readFileSync(abnfFile, "utf8"), grammarText, abnfFile);
  outputs.set(`${edition}/dfa.js`, automataModule(loadAbnf(abnfFile), `grammar/${edition}/grammar.abnf`).text);
  outputs.set(`${edition}/dfa.d.ts`, AUTOMATA_DTS);
  if (manifest.tagged === true) {
    outputs.set(`${edition}/tagged.js`, taggedModule(loadAbnf(abnfFile), manifest.roles, `grammar/${edition}/grammar.abnf`).text);
    outputs.set(`${edition}/tagged.d.ts`, TAGGED_DTS);
  }
  outputs.set(`${edition}/rules.js`, rules.js);
  outputs.set(`${edition}/rules.d.ts`, rules.dts);
  outputs.set(`${edition}/index.js`, editionModule(manifest));
  outputs.set(`${edition}/index.d.ts`, editionDeclarations(manifest));
  outputs.set(`${edition}/entry.js`, entryModule(manifest));
  outputs.set(`${edition}/entry.d.ts`, entryDeclarations(manifest));
}
outputs.set("editions.js", registryModule(editions));
outputs.set("editions.d.ts", registryDeclarations(editions));
outputs.set("models.js", modelsModule(editions));
outputs.set("models.d.ts", modelsDeclarations(editions));
outputs.set("tour.js", tourModule(readTour(editions)));

/**
 * generated/models.js: what each model's code must know of its editions without loading them
 * (an edition's own entry loads no other edition): the kinds of the registry-based authority its
 * editions' grammars name (edition.json roles.regName: RFC 2396's reg_name, draft -01's authority).
 */
function modelsOf(list) {
  const models = {};
  for (const m of list) {
    const entry = (models[m.model] ??= { registryKinds: [] });
    if (m.roles.regName !== undefined && !entry.registryKinds.includes(m.roles.regName)) entry.registryKinds.push(m.roles.regName);
  }
  for (const entry of Object.values(models)) entry.registryKinds.sort();
  return models;
}

function modelsModule(list) {
  return `${GENERATED_HEADER} from grammar/*/edition.json.\n"use strict";\n\n` +
    `module.exports = { MODELS: ${JSON.stringify(modelsOf(list), null, 2)} };\n`;
}

function modelsDeclarations(list) {
  return `${GENERATED_HEADER} from grammar/*/edition.json.\n` +
    `/** Per model: the kinds of the registry-based authority its editions' grammars name (roles.regName). */\n` +
    `export declare const MODELS: {\n${Object.entries(modelsOf(list)).map(([model, e]) =>
      `  readonly ${JSON.stringify(model)}: { readonly registryKinds: readonly (${e.registryKinds.map((k) => JSON.stringify(k)).join(" | ") || "never"})[] };\n`).join("")}};\n`;
}
outputs.set("tour.d.ts", tourDeclarations());

/**
 * docs/history.tsv, the stops of the guided tour of the grammar's history (src/tour.ts computes
 * every answer): each row checked here for its form, the editions it names and the rules it
 * checks. Its claims are checked against the editions by test/tour.test.ts.
 */
function readTour(list) {
  const file = join(root, "docs", "history.tsv");
  const ids = new Set(list.map((m) => m.id));
  const ruleNames = new Set(list.flatMap((m) => readAbnf(readFileSync(join(root, "grammar", m.id, "grammar.abnf"), "utf8"), m.id).map((r) => r.name)));
  const rows = [];
  let header;
  readFileSync(file, "utf8").split("\n").forEach((line, i) => {
    if (line === "" || line.startsWith("#")) return;
    const where = `docs/history.tsv:${i + 1}`;
    const cells = line.split("\t");
    if (header === undefined) {
      header = cells;
      if (cells.join(" ") !== "kind input rule claim title point") throw new Error(`${where}: the header must be kind, input, rule, claim, title, point`);
      return;
    }
    if (cells.length !== header.length) throw new Error(`${where}: ${cells.length} cells, not ${header.length}`);
    const [kind, field, rule, claim, title, point] = cells;
    const input = field.length >= 2 && field.startsWith('"') && field.endsWith('"') ? JSON.parse(field) : field;
    if (!["editions", "resolve", "normalize", "diff"].includes(kind)) throw new Error(`${where}: unknown kind ${JSON.stringify(kind)}`);
    if (!title || !point || !claim) throw new Error(`${where}: a stop has a claim, a title and a point`);
    if (rule && (kind !== "editions" || !ruleNames.has(rule))) throw new Error(`${where}: ${JSON.stringify(rule)} is no rule of an edition (and only an editions stop names one)`);
    if (kind === "resolve" && input.split(" ").length !== 2) throw new Error(`${where}: a resolve stop's input is "BASE REF"`);
    if (kind === "diff") {
      const pair = input.split(" ");
      if (pair.length !== 2 || !pair.every((id) => ids.has(id))) throw new Error(`${where}: a diff stop's input is two edition ids`);
      const words = claim.split(" ");
      if (words.length % 2 !== 0 || !words.every((w, k) => (k % 2 === 0 ? ruleNames.has(w) : /^[>+-]./.test(w)))) {
        throw new Error(`${where}: a diff claim is "RULE >NEW", "RULE +CHARS" or "RULE -CHARS", repeated`);
      }
    } else {
      const named = claim.split(" ");
      if (!named.every((id) => ids.has(id))) throw new Error(`${where}: the claim names editions, oldest first: ${claim}`);
    }
    rows.push({ kind, input, ...(rule ? { rule } : {}), claim, title, point });
  });
  if (rows.length === 0) throw new Error("docs/history.tsv: no stops");
  return rows;
}

function tourModule(rows) {
  return `${GENERATED_HEADER} from docs/history.tsv.\n"use strict";\n\n` +
    `const TOUR = Object.freeze(${JSON.stringify(rows, null, 2)}.map((s) => Object.freeze(s)));\n\n` +
    `module.exports = { TOUR };\n`;
}

function tourDeclarations() {
  return `${GENERATED_HEADER} from docs/history.tsv.\n` +
    `/** One stop of the guided tour of the grammar's history, as docs/history.tsv writes it. */\n` +
    `export interface TourRow {\n` +
    `  readonly kind: "editions" | "resolve" | "normalize" | "diff";\n` +
    `  readonly input: string;\n  readonly rule?: string;\n  readonly claim: string;\n  readonly title: string;\n  readonly point: string;\n}\n` +
    `export declare const TOUR: readonly TourRow[];\n`;
}

/** generated/ID/index.js: one edition, its manifest and its builds. */
function editionModule(manifest) {
  // The builds are loaded when first used: a program that works in one edition, and a command
  // that starts to check one string, loads one edition's parsers, not every edition's.
  return `${GENERATED_HEADER} from grammar/${manifest.id}/.\n"use strict";\n\n` +
    `const manifest = ${JSON.stringify(manifest, null, 2)};\n\n` +
    `const EDITION = { ...manifest };\n` +
    `const BUILDS = [["parser", "./parser.js"], ["automata", "./dfa.js"], ["tracer", "./trace.js"], ["rules", "./rules.js", "RULES"]` +
    `${manifest.tagged === true ? ', ["taggedTables", "./tagged.js", "TAGGED"]' : ""}];\n` +
    `${manifest.tagged === true ? "" : "EDITION.taggedTables = null;\n"}` +
    `for (const [name, file, key] of BUILDS) {\n` +
    `  Object.defineProperty(EDITION, name, {\n` +
    `    enumerable: true,\n` +
    `    get() {\n` +
    `      const value = key ? load(file)[key] : load(file);\n` +
    `      Object.defineProperty(EDITION, name, { value, enumerable: true });\n` +
    `      return value;\n` +
    `    },\n` +
    `    configurable: true,\n` +
    `  });\n` +
    `}\n\n` +
    `/** The build in that file (a require the bundlers and the ES entries see as such). */\n` +
    `function load(file) {\n` +
    `  switch (file) {\n` +
    `    case "./parser.js": return require("./parser.js");\n` +
    `    case "./dfa.js": return require("./dfa.js");\n` +
    `    case "./trace.js": return require("./trace.js");\n` +
    `${manifest.tagged === true ? '    case "./tagged.js": return require("./tagged.js");\n' : ""}` +
    `    default: return require("./rules.js");\n` +
    `  }\n` +
    `}\n\n` +
    `module.exports = { EDITION };\n`;
}

function editionDeclarations(manifest) {
  return `${GENERATED_HEADER} from grammar/${manifest.id}/.\n` +
    `import type { EditionBuild } from "../../src/edition-build.js";\n` +
    `import type { RuleName } from "./rules.js";\n` +
    `export declare const EDITION: EditionBuild<${JSON.stringify(manifest.id)}, ${JSON.stringify(manifest.model)}, RuleName>;\n`;
}

/**
 * generated/ID/entry.js: the package's entry for one edition ("uri-grammar/ID" in package.json's
 * exports): the library's functions bound to this edition, loading no other edition's grammar.
 */
function entryModule(manifest) {
  return `${GENERATED_HEADER} from grammar/${manifest.id}/.\n"use strict";\n\n` +
    `const { createApi } = require("../../src/api.js");\nconst { editionFromBuild } = require("../../src/edition.js");\n` +
    `const { boundTo } = require("../../src/bound.js");\nconst errors = require("../../src/errors.js");\n` +
    `const { EDITION: build } = require("./index.js");\n\n` +
    `const EDITION = editionFromBuild(build);\nconst api = createApi(boundTo(EDITION));\n\n` +
    `module.exports = {\n  EDITION,\n  RULES: api.RULES,\n${ENTRY_FUNCTIONS.map((f) => `  ${f}: api.${f},\n`).join("")}` +
    `  UriSyntaxError: errors.UriSyntaxError,\n  ResolveError: errors.ResolveError,\n};\n`;
}

function entryDeclarations(manifest) {
  const id = JSON.stringify(manifest.id);
  return `${GENERATED_HEADER} from grammar/${manifest.id}/.\n` +
    `import type { Api } from "../../src/api.js";\nimport type { EditionOf } from "../../src/registry.js";\n` +
    `export { UriSyntaxError, ResolveError } from "../../src/errors.js";\n` +
    `/** The edition these functions are bound to. */\nexport declare const EDITION: EditionOf<${id}>;\n` +
    `export declare const RULES: Api<${id}>["RULES"];\n` +
    ENTRY_FUNCTIONS.map((f) => `export declare const ${f}: Api<${id}>[${JSON.stringify(f)}];\n`).join("");
}

/** generated/editions.js: every edition, oldest first. */
function registryModule(list) {
  return `${GENERATED_HEADER} from grammar/*/edition.json.\n"use strict";\n\n` +
    list.map((m, i) => `const edition${i} = require("./${m.id}/index.js");\n`).join("") +
    `\nmodule.exports = { EDITION_LIST: Object.freeze([${list.map((_, i) => `edition${i}.EDITION`).join(", ")}]), ` +
    `DEFAULT_EDITION_ID: ${JSON.stringify(list.find((m) => m.default).id)} };\n`;
}

function registryDeclarations(list) {
  return `${GENERATED_HEADER} from grammar/*/edition.json.\n` +
    list.map((m, i) => `import type { EDITION as Edition${i} } from "./${m.id}/index.js";\n`).join("") +
    list.map((m, i) => `import type { RuleName as RuleName${i} } from "./${m.id}/rules.js";\n`).join("") +
    `/** The id of every edition, oldest first. */\n` +
    `export type EditionId = ${list.map((m) => JSON.stringify(m.id)).join(" | ")};\n` +
    `/** The default edition's id. */\n` +
    `export type DefaultEditionId = ${JSON.stringify(list.find((m) => m.default).id)};\n` +
    `/** Each edition's rule names, in the edition's own spelling. */\n` +
    `export interface RuleNames {\n${list.map((m, i) => `  ${JSON.stringify(m.id)}: RuleName${i};\n`).join("")}}\n` +
    `/** Each edition's parse rules (edition.json roles.parse): the rules parse() splits into components. */\n` +
    `export interface ParseRules {\n${list.map((m) => `  ${JSON.stringify(m.id)}: ${m.roles.parse.map((r) => JSON.stringify(r)).join(" | ")};\n`).join("")}}\n` +
    `/** Each edition's model: the family of algorithms (src/) its components and operations follow. */\n` +
    `export interface Models {\n${list.map((m) => `  ${JSON.stringify(m.id)}: ${JSON.stringify(m.model)};\n`).join("")}}\n` +
    `export declare const EDITION_LIST: readonly (${list.map((_, i) => `typeof Edition${i}`).join(" | ")})[];\n` +
    `export declare const DEFAULT_EDITION_ID: DefaultEditionId;\n`;
}

let stale = [];
for (const [name, content] of outputs) {
  const path = join(root, "generated", name);
  const old = existsSync(path) ? readFileSync(path, "utf8") : null;
  if (old !== content) {
    stale.push(name);
    if (!check) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
    }
  }
}
// Files in generated/ that this build did not produce (an edition removed or renamed).
const listFiles = (dir, prefix = "") => readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
  e.isDirectory() ? listFiles(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]);
for (const name of existsSync(join(root, "generated")) ? listFiles(join(root, "generated")) : []) {
  if (outputs.has(name)) continue;
  stale.push(name);
  if (!check) rmSync(join(root, "generated", name));
}
if (!check) {
  for (const e of readdirSync(join(root, "generated"), { withFileTypes: true })) {
    const dir = join(root, "generated", e.name);
    if (e.isDirectory() && readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
  }
}
if (check) {
  if (stale.length) {
    console.error(`generated/ is stale: ${stale.join(", ")} differ from a fresh build (run npm run build:grammar)`);
    process.exit(1);
  }
  console.log(`generated/ is fresh (${outputs.size} files from ${editions.length} edition(s))`);
} else {
  console.log(`build:grammar: ${editions.map((m) => m.id).join(", ")}: ${stale.length ? "wrote " + stale.join(", ") : "unchanged"}`);
}
