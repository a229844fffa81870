#!/usr/bin/env node
// Compiles every grammar in grammar/ into generated/.
//
// For each edition NAME (grammar/NAME.peggy beside grammar/NAME.abnf) it writes:
//   generated/NAME.js, NAME.d.ts              the parser; every rule is a start rule
//   generated/NAME.match.js, NAME.match.d.ts  the same grammar without actions, for matches()
//                                             and validate(): says only whether a rule matches
//   generated/NAME.trace.js, NAME.trace.d.ts  the same grammar with peggy's tracer
//                                             hooks, used only by explain() and to
//                                             name the rule path of an error
//   generated/NAME.rules.js, NAME.rules.d.ts  the rule table: section, ABNF, PEG,
//                                             the "PEG:" notes, uses and used-by
//
// Usage: node scripts/build-grammar.mjs [--check]
//   --check  build into memory and exit 1 if any committed file differs.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { parseString as parseAbnf } from "abnf";
import * as optimizer from "./optimize-parser.mjs";
import { entryPointDeclarations } from "./compile-rules.mjs";
import { optimizeFast, optimizeMatch, optimizeTrace } from "./optimize-parser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const peggyBin = require.resolve("peggy/bin/peggy.js");
const peggy = require("peggy");

const check = process.argv.includes("--check");

/** Runs the peggy CLI (it writes the .d.ts files too) into a scratch folder. */
function compile(grammarRel, outName, extra) {
  const dir = mkdtempSync(join(tmpdir(), "uri-grammar-"));
  try {
    const out = join(dir, outName);
    execFileSync(process.execPath, [
      peggyBin, "--allowed-start-rules", "*", "--format", "commonjs", "--dts",
      ...extra, "-o", out, grammarRel,
    ], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
    return {
      js: readFileSync(out, "utf8"),
      dts: readFileSync(out.replace(/\.js$/, ".d.ts"), "utf8"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The grammar's AST after every transform pass, as the CLI compiles it with the same plugin and
 * options: what scripts/compile-rules.mjs compiles the action-free rules from.
 */
function transformedAst(grammarText, extraOptions = {}) {
  return peggy.generate(grammarText, {
    allowedStartRules: ["*"], output: "ast", grammarSource: "grammar", plugins: [optimizer], ...extraOptions,
  });
}

/**
 * Reads the collected ABNF: for each rule, its section (from the "; Section N"
 * or "; RFC 2234" comment above it), its definition text, and the draft's
 * original text where it had to be corrected ("; draft: ...").
 */
function readAbnf(text) {
  const lines = text.split("\n");
  const rules = [];
  let comments = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith(";")) { comments.push(line.replace(/^;\s?/, "")); continue; }
    if (line.trim() === "") { comments = []; continue; }
    const m = /^([A-Za-z][A-Za-z0-9-]*)\s*=/.exec(line);
    if (!m) throw new Error(`grammar ABNF line ${i + 1}: expected a rule, got ${JSON.stringify(line)}`);
    const body = [line.trimEnd()];
    while (i + 1 < lines.length && /^\s+\S/.test(lines[i + 1])) body.push(lines[++i].trimEnd());
    const sectionLine = comments.find((c) => /^(Section \S+|RFC 2234)$/.test(c));
    if (!sectionLine) throw new Error(`grammar ABNF rule ${m[1]}: no "; Section N" comment above it`);
    const draft = [];
    let inDraft = false;
    for (const c of comments) {
      if (c.startsWith("draft: ")) { draft.push(c.slice(7)); inDraft = true; }
      else if (inDraft && c.startsWith("(")) { draft.push(c); }
      else inDraft = false;
    }
    rules.push({
      name: m[1],
      section: sectionLine === "RFC 2234" ? "RFC 2234" : sectionLine.slice("Section ".length),
      abnf: body.join("\n"),
      draft: draft.length ? draft.join("\n") : undefined,
    });
    comments = [];
  }
  return rules;
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

/** Rule references of each ABNF rule, by the abnf package's AST. */
function references(abnfText, names) {
  const parsed = parseAbnf(abnfText, "grammar");
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

function rulesModule(edition, abnfText, pegText) {
  const abnf = readAbnf(abnfText);
  const peg = readPeg(pegText);
  const pegByName = new Map(peg.map((r) => [r.name, r]));
  const abnfName = (pegName) => abnf.find((r) => r.name.replace(/-/g, "_") === pegName)?.name ?? pegName;
  const uses = references(abnfText, abnf.map((r) => r.name));
  const table = abnf.map((r) => {
    const p = pegByName.get(r.name.replace(/-/g, "_"));
    if (!p) throw new Error(`ABNF rule ${r.name} has no PEG rule ${r.name.replace(/-/g, "_")}`);
    return {
      name: r.name,
      pegName: p.name,
      section: r.section,
      abnf: r.abnf,
      ...(r.draft ? { draft: r.draft } : {}),
      peg: p.peg,
      ...(p.note ? { pegNote: p.note } : {}),
      exclusive: p.exclusive.map((pair) => pair.map(abnfName)),
      uses: uses.get(r.name),
      usedBy: abnf.filter((o) => uses.get(o.name).includes(r.name)).map((o) => o.name),
    };
  });
  const extra = peg.filter((p) => !abnf.some((r) => r.name.replace(/-/g, "_") === p.name));
  if (extra.length) throw new Error(`PEG rules without an ABNF rule: ${extra.map((p) => p.name).join(", ")}`);
  const js = `// @generated by scripts/build-grammar.mjs from grammar/${edition}.abnf and grammar/${edition}.peggy.\n` +
    `"use strict";\n\n` +
    `const RULES = Object.freeze(${JSON.stringify(table, null, 2)}.map((r) => Object.freeze({ ...r, uses: Object.freeze(r.uses), usedBy: Object.freeze(r.usedBy), exclusive: Object.freeze(r.exclusive.map((p) => Object.freeze(p))) })));\n\n` +
    `module.exports = { EDITION: ${JSON.stringify(edition)}, RULES };\n`;
  const dts = `// @generated by scripts/build-grammar.mjs\n` +
    `export interface RuleRecord {\n` +
    `  readonly name: string;\n  readonly pegName: string;\n  readonly section: string;\n` +
    `  readonly abnf: string;\n  readonly draft?: string;\n  readonly peg: string;\n  readonly pegNote?: string;\n` +
    `  readonly uses: readonly string[];\n  readonly usedBy: readonly string[];\n` +
    `  /** Pairs of rules in different alternatives of one choice of this rule's PEG. */\n` +
    `  readonly exclusive: readonly (readonly [string, string])[];\n}\n` +
    `export declare const EDITION: ${JSON.stringify(edition)};\n` +
    `export declare const RULES: readonly RuleRecord[];\n` +
    `export type RuleName =\n${table.map((r) => `  | ${JSON.stringify(r.name)}`).join("\n")};\n`;
  return { js, dts };
}

/**
 * The tracer sees rules enter, match and fail, but not which expectation
 * failed where.  This pass makes peg$fail report each recorded expectation to
 * the tracer as a "fail" event with its offset, so that an error can name the
 * chain of rules that was being matched at the failure.  Only the trace build
 * gets it; the fast parser is untouched.
 */
function traceFailures(js) {
  const needle = "    peg$maxFailExpected.push(expected);\n";
  if (js.split(needle).length !== 2) throw new Error("trace build: peg$fail not found where expected (peggy changed?)");
  return js.replace(needle, needle +
    "    peg$tracer.trace({ type: \"fail\", expected, offset: peg$currPos });\n");
}

/**
 * peggy gives every trace event a full location: line and column of both ends, which it caches
 * for every position the parser reaches (about 100 bytes per input character). Our tracers read
 * only the offsets, so the events of the trace build carry just those; a thrown error still gets
 * its full location. This keeps explain() and error diagnosis in memory linear and small.
 */
function traceSpans(js) {
  const call = /(peg\$tracer\.trace\(\{\s*type: "rule\.(?:enter|match|fail)",\s*rule: "[^"]+",\s*(?:result: [\w$]+,\s*)?location: )peg\$computeLocation\(([\w$]+), ([\w$]+), true\)/g;
  const events = js.match(/peg\$tracer\.trace\(\{\s*type: "rule\./g)?.length ?? 0;
  let replaced = 0;
  const out = js.replace(call, (_m, head, from, to) => { replaced++; return `${head}peg$traceSpan(${from}, ${to})`; });
  if (replaced === 0 || replaced !== events) {
    throw new Error(`trace build: ${replaced} of ${events} rule events rewritten (peggy changed?)`);
  }
  const anchor = "\nfunction peg$computeLocation(";
  if (out.split(anchor).length !== 2) throw new Error("trace build: peg$computeLocation not found (peggy changed?)");
  return out.replace(anchor, "function peg$traceSpan(startPos, endPos) {\n" +
    "  return { source: peg$source, start: { offset: startPos }, end: { offset: endPos } };\n}\n\n" + anchor);
}

const outputs = new Map();
const editions = readdirSync(join(root, "grammar"))
  .filter((f) => f.endsWith(".peggy"))
  .map((f) => f.slice(0, -".peggy".length))
  .sort();
for (const edition of editions) {
  const grammarRel = `grammar/${edition}.peggy`;
  const plugin = ["--plugin", join(root, "scripts/optimize-parser.mjs")];
  const grammarText = readFileSync(join(root, grammarRel), "utf8");
  const fast = compile(grammarRel, `${edition}.js`, plugin);
  // Build-time passes (scripts/optimize-parser.mjs, scripts/compile-rules.mjs): same language,
  // same action records, faster.
  outputs.set(`${edition}.js`, optimizeFast(fast.js, grammarText, transformedAst(grammarText)));
  outputs.set(`${edition}.d.ts`, fast.dts + entryPointDeclarations());
  const matchOptions = { uriMatchOnly: true };
  const match = compile(grammarRel, `${edition}.match.js`, [...plugin, "--extra-options", JSON.stringify(matchOptions)]);
  outputs.set(`${edition}.match.js`, optimizeMatch(match.js, transformedAst(grammarText, matchOptions)));
  outputs.set(`${edition}.match.d.ts`, match.dts + entryPointDeclarations());
  const traced = compile(grammarRel, `${edition}.trace.js`, ["--trace"]);
  outputs.set(`${edition}.trace.js`, traceSpans(optimizeTrace(traceFailures(traced.js))));
  outputs.set(`${edition}.trace.d.ts`, traced.dts);
  const abnfPath = join(root, "grammar", `${edition}.abnf`);
  if (!existsSync(abnfPath)) throw new Error(`grammar/${edition}.peggy has no grammar/${edition}.abnf beside it`);
  const rules = rulesModule(edition, readFileSync(abnfPath, "utf8"), readFileSync(join(root, grammarRel), "utf8"));
  outputs.set(`${edition}.rules.js`, rules.js);
  outputs.set(`${edition}.rules.d.ts`, rules.dts);
}

let stale = [];
for (const [name, content] of outputs) {
  const path = join(root, "generated", name);
  const old = existsSync(path) ? readFileSync(path, "utf8") : null;
  if (old !== content) {
    stale.push(name);
    if (!check) writeFileSync(path, content);
  }
}
if (check) {
  if (stale.length) {
    console.error(`generated/ is stale: ${stale.join(", ")} differ from a fresh build (run npm run build:grammar)`);
    process.exit(1);
  }
  console.log(`generated/ is fresh (${outputs.size} files from ${editions.length} grammar(s))`);
} else {
  console.log(`build:grammar: ${editions.join(", ")}: ${stale.length ? "wrote " + stale.join(", ") : "unchanged"}`);
}
