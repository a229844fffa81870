// Phase "read" of the grammar build (scripts/build-grammar.mjs): an edition's grammar files, read
// once for every later phase. readEdition(manifest) takes an edition's manifest (manifests.mjs)
// and gives its grammar.abnf and grammar.peggy as text, as the acceptor's plain nodes, and as
// the rule lists the rule table is made of (readAbnf, readPeg, references).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { ROOT, loadAbnf, parseAbnfText } from "../abnf-acceptor.mjs";

const peggy = createRequire(import.meta.url)("peggy");

/**
 * An edition's grammar files. Takes its manifest; gives { manifest, abnfFile, abnfSource,
 * pegSource (paths from the package's root, as the generated files name them), abnfText,
 * pegText, abnf (loadAbnf(): the plain nodes every automaton is built from), abnfRules
 * (readAbnf()), pegRules (readPeg()), uses (references(): the rules each ABNF rule refers to) }.
 */
export function readEdition(manifest) {
  const abnfSource = `grammar/${manifest.id}/grammar.abnf`;
  const pegSource = `grammar/${manifest.id}/grammar.peggy`;
  const abnfFile = join(ROOT, abnfSource);
  const abnfText = readFileSync(abnfFile, "utf8");
  const pegText = readFileSync(join(ROOT, pegSource), "utf8");
  const abnfRules = readAbnf(abnfText, manifest.id);
  return {
    manifest, abnfFile, abnfSource, pegSource, abnfText, pegText,
    abnf: loadAbnf(abnfFile),
    abnfRules,
    pegRules: readPeg(pegText),
    uses: references(abnfText, abnfRules.map((r) => r.name)),
  };
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
export function readAbnf(text, edition) {
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
