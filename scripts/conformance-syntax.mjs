#!/usr/bin/env node
// Syntax conformance: scores the parser of one edition against the validity and components vectors
// of every file in ../shared/conformance/ (read at run time: the GPL, LGPL and CC BY-SA suites are
// never copied into this repository) and prints one table row per file and kind.
//
// Every vector is first sorted: not applicable (for the draft: WHATWG, IRI, zone IDs, scheme-specific
// rules, a source's own extensions; for RFC 3986 also the RFC 2396 and RFC 1808 suites), or applicable
// with the edition's rule it maps to (the rule of the same name, unless the decisions map it). An
// applicable vector's expected answer is the source's, except where the edition's decisions file
// (test/conformance/decisions.json for the draft, decisions-ID.json for another edition) records that
// the edition decides differently, with the section that decides it, or, for an edition whose
// decisions say so (curatorNotes), where the record's curator_note flags the source and the ABNF
// acceptor confirms it. The parser is then compared with that answer:
//   agree        the parser gives the source's answer
//   documented   the parser gives the edition's answer, which a decision (or curator note) explains
//   unexplained  anything else: a missing decision or a parser bug; the script exits 1
// Independently, every applicable answer is checked against the edition's collected ABNF, read
// mechanically by scripts/abnf-acceptor.mjs (grammar/ID/grammar.abnf, no hand-written pattern), so a
// decision cannot quietly disagree with the grammar; a mismatch is listed as "oracle" and also makes
// the script exit 1.
//
// Usage: node scripts/conformance-syntax.mjs [--edition ID] [--list] [--positions] [--markdown] [--source] [--dir DIR]
//   --edition ID the edition scored (default rfc2396bis-01, the draft)
//   --list       print every documented difference and every unexplained case
//   --positions  print the error-position comparison (uriparser and fluent-uri records with error_pos)
//   --markdown   print the tables as Markdown (for docs/conformance.md)
//   --source     use the TypeScript in src/ through ts-node instead of the build
//   --propose    print, as JSON, the decisions the ABNF acceptor suggests for vectors that have none
//   --outcomes   print, as JSON, every applicable vector's outcome (to compare editions)
//   --dir DIR    read the vectors from DIR instead of ../shared/conformance/
// Without --source it needs the built library (npm run build): dist/cjs/src/index.js.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_EDITION, buildAcceptor, buildSplitter, editionFiles, loadAbnf } from "./abnf-acceptor.mjs";

/** An edition's decisions: test/conformance/decisions.json for the draft, decisions-ID.json for the others. */
export function decisionsPath(id) {
  return `test/conformance/${id === DEFAULT_EDITION ? "decisions.json" : `decisions-${id}.json`}`;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const dirArg = args.indexOf("--dir");
const corpusDir = dirArg >= 0 ? resolve(args[dirArg + 1]) : resolve(root, "../shared/conformance");
if (!existsSync(corpusDir)) {
  console.error(`conformance-syntax: ${corpusDir} does not exist. The public test suites are read from there at run ` +
    "time (shared/conformance/ beside this folder, as CI has it; --dir DIR reads them from elsewhere).");
  process.exit(2);
}

const require = createRequire(import.meta.url);
const built = join(root, "dist/cjs/src/index.js");
let lib;
if (flag("--source")) {
  // The TypeScript in src/, compiled on the fly (no build needed).
  require("ts-node").register({ project: join(root, "tsconfig.json"), transpileOnly: true });
  lib = require(join(root, "src/index.ts"));
} else {
  if (!existsSync(built)) {
    console.error(`conformance-syntax: ${built} is missing; run "npm run build" first (or pass --source)`);
    process.exit(2);
  }
  lib = require(built);
}
const editionArg = args.indexOf("--edition");
const edition = editionArg >= 0 ? args[editionArg + 1] : DEFAULT_EDITION;
if (!lib.EDITIONS[edition]) {
  console.error(`conformance-syntax: no edition ${JSON.stringify(edition)}; the editions are ${Object.keys(lib.EDITIONS).join(", ")}`);
  process.exit(2);
}
const roles = lib.EDITIONS[edition].roles;
/** Every call of the library names the edition scored. */
const opts = (more = {}) => ({ ...more, edition });
const decisionsFile = decisionsPath(edition);
const decisions = JSON.parse(readFileSync(join(root, decisionsFile), "utf8"));
/** The name of a decision's field that holds the edition's answer ("draft" in the draft's file). */
const ANSWER = decisions.answer ?? "draft";
/** How the lists name the edition's answer. */
const label = edition === DEFAULT_EDITION ? "draft" : edition;
const RULES = new Set(lib.EDITIONS[edition].rules.map((r) => r.name));

// ----- Which vectors apply, and to which rule of the edition -----

/** { applicable: false, reason } or { applicable: true, rule, check } for a validity record. */
function applicability(record) {
  const na = decisions.notApplicable;
  if (record.deviation) return { applicable: false, reason: na.deviation };
  if (na.spec[record.spec]) return { applicable: false, reason: na.spec[record.spec] };
  if (record.base !== undefined) return { applicable: false, reason: na.base };
  if (record.kind === "components") return { applicable: true, rule: roles.reference };
  if (na.rule[record.rule]) return { applicable: false, reason: na.rule[record.rule] };
  // A source's rule is the edition's rule of that name, unless the decisions map it elsewhere.
  const twin = decisions.ruleMapByFile?.[record.file]?.[record.rule] ?? decisions.ruleMap?.[record.rule] ??
    (RULES.has(record.rule) ? record.rule : undefined);
  if (twin === undefined) return { applicable: false, reason: `no rule of ${edition} maps from "${record.rule}"` };
  return { applicable: true, ...(typeof twin === "string" ? { rule: twin } : twin) };
}

/** Splits off a fragment for a source whose predicate allows one after the rule ({ fragment: true }). */
function withFragment(map, input, accepts) {
  const hash = input.indexOf("#");
  if (!map.fragment || hash < 0) return accepts(map.rule, input);
  return accepts(map.rule, input.slice(0, hash)) && accepts(roles.fragment, input.slice(hash + 1));
}

/** Our parser's verdict for a validity record mapped to `map` ({ rule, optional?, fragment?, authority? }). */
function parserAccepts(map, input) {
  if (map.optional && input === "") return true;
  const matches = (rule, text) => lib.matches(rule, text, opts());
  if (map.fragment) return withFragment(map, input, matches);
  if (!map.authority) return matches(map.rule, input);
  const v = lib.validate(input, opts({ rule: map.rule }));
  if (!v.valid) return false;
  return lib.parse(input, opts({ rule: map.rule })).authority?.kind === map.authority;
}

// ----- The edition's grammar, read mechanically (an independent check of the parser and the decisions) -----
// scripts/abnf-acceptor.mjs turns grammar/ID/grammar.abnf into anchored RegExps, one per rule, with
// no hand-written pattern: a RegExp explores every alternative, so a full match decides membership in
// the ABNF's language exactly, without the ordered choice of the PEG. The components are the texts of
// the edition's component rules (its roles) in that match; the path is what section 5.3's
// recomposition puts between them.

const oracle = (() => {
  const abnf = loadAbnf(editionFiles(edition).abnf);
  const compiled = buildAcceptor(abnf);
  const part = (role) => roles[role];
  const authorityKinds = [...new Set(Object.values({ ...decisions.ruleMap, ...Object.assign({}, ...Object.values(decisions.ruleMapByFile ?? {})) })
    .map((m) => (typeof m === "object" ? m.authority : undefined)).filter((k) => k !== undefined))];
  const named = ["scheme", "authority", "userinfo", "host", "port", "query", "fragment"];
  const split = buildSplitter(abnf, roles.reference, [...named.map(part), ...authorityKinds]);
  return {
    accepts(map, input) {
      if (map.optional && input === "") return true;
      if (map.fragment) return withFragment(map, input, (rule, text) => compiled[rule].test(text));
      const re = compiled[map.rule];
      if (!re) throw new Error(`the ABNF of ${edition} has no rule ${map.rule}`);
      if (!re.test(input)) return false;
      return !map.authority || oracle.components(input)?.authorityKind === map.authority;
    },
    /** The components of a valid reference (absent = undefined); null if the reference rule rejects it. */
    components(input) {
      const m = split(input);
      if (m === null) return null;
      const c = Object.fromEntries(named.map((n) => [n, m[part(n)]]));
      let path = input;
      if (c.scheme !== undefined) path = path.slice(c.scheme.length + 1);
      if (c.authority !== undefined) path = path.slice(2 + c.authority.length);
      if (c.fragment !== undefined) path = path.slice(0, path.length - c.fragment.length - 1);
      if (c.query !== undefined) path = path.slice(0, path.length - c.query.length - 1);
      return { ...c, path, authorityKind: authorityKinds.find((k) => m[k] !== undefined) };
    },
  };
})();

// ----- Components -----

const COMPONENTS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"];

/** Our parser's components, in the corpus's shape (undefined = absent). */
function parserComponents(input) {
  const v = lib.validate(input, opts());
  if (!v.valid) return null;
  const ref = lib.parse(input, opts());
  // The draft's registry-based authority (kind "reg-name") has no userinfo, host or port; RFC 3986's always has a host.
  const server = ref.authority?.kind === "reg-name" ? undefined : ref.authority;
  return {
    scheme: ref.scheme, authority: ref.authority?.raw, userinfo: server?.userinfo, host: server?.host?.raw,
    port: server?.port, path: ref.path, query: ref.query, fragment: ref.fragment,
  };
}

/**
 * The components a record checks, as [name, expected] pairs (expected undefined = asserted absent).
 * java.net.URI's conventions are read here: an opaque URI has path null and its path in opaque_part,
 * and port null stands for getPort() == -1, which covers an absent and an empty port alike.
 */
function checkedComponents(record) {
  const out = [];
  for (const name of COMPONENTS) {
    if (!(name in record)) continue;
    let expected = record[name] === null ? undefined : record[name];
    if (name === "path" && record.opaque_part !== undefined) expected = record.opaque_part;
    out.push([name, expected, record.port === null && name === "port" && isJava(record) ? "absent-or-empty" : undefined]);
  }
  return out;
}

const isJava = (record) => record.source.startsWith("openjdk/");
const sameComponent = (actual, expected, reading) =>
  actual === expected || (reading === "absent-or-empty" && (actual === undefined || actual === ""));

// ----- Decisions -----

// Which sources may be copied is a matter of their licences, the same for every edition: decisions.json says.
const PERMISSIVE = new Set(JSON.parse(readFileSync(join(root, decisionsPath(DEFAULT_EDITION)), "utf8")).permissiveFiles);
const idOf = (file, input) => (PERMISSIVE.has(file) ? { input } : { inputId: inputId(input) });
const inputId = (input) => "sha256:" + createHash("sha256").update(input, "utf8").digest("hex").slice(0, 16);

const decisionIndex = new Map();
for (const d of decisions.cases.filter((c) => c.kind !== "resolve")) { // resolve: scripts/conformance-resolve.mjs
  const key = [d.file, d.kind, d.rule ?? "", d.component ?? "", d.input ?? d.inputId].join("\u0000");
  if (decisionIndex.has(key)) throw new Error(`decisions.json: duplicate case ${key}`);
  decisionIndex.set(key, { ...d, used: false });
}
function decisionFor(file, kind, rule, component, input) {
  const id = PERMISSIVE.has(file) ? input : inputId(input);
  const d = decisionIndex.get([file, kind, rule ?? "", component ?? "", id].join("\u0000"));
  if (d) d.used = true;
  return d;
}

// ----- Scoring -----

const files = readdirSync(corpusDir).filter((f) => f.endsWith(".json")).sort();
const rows = [];
const listed = [];
const oracleMismatches = [];
const proposals = []; // --propose: decisions the ABNF regex suggests where none is recorded
const positions = [];
const naReasons = new Map();
const outcomes = []; // --outcomes: every applicable vector's outcome

for (const file of files) {
  const records = JSON.parse(readFileSync(join(corpusDir, file), "utf8"));
  for (const kind of ["validity", "components"]) {
    const row = { file, kind, total: 0, applicable: 0, agree: 0, documented: 0, unexplained: 0, na: 0 };
    for (const record of records.filter((r) => r.kind === kind)) {
      row.total++;
      const app = applicability({ ...record, file });
      if (!app.applicable) {
        row.na++;
        naReasons.set(app.reason, (naReasons.get(app.reason) ?? 0) + 1);
        continue;
      }
      row.applicable++;
      const outcome = kind === "validity" ? scoreValidity(file, record, app) : scoreComponents(file, record);
      row[outcome]++;
      outcomes.push({ file, kind, rule: record.rule, input: record.input, outcome });
    }
    if (row.total) rows.push(row);
  }
}

/** The section and name of a decision's reason, or the curator's note that explains a vector. */
function because(d) {
  return d.curator ? `curator note: ${d.curator}` : `section ${decisions.reasons[d.reason].section}, ${d.reason}`;
}
/**
 * A curator_note in the shared record says the collector's literal reading of RFC 3986 disagrees with
 * the source; for an edition whose decisions accept such notes (curatorNotes), it explains a vector
 * where the mechanical ABNF acceptor also disagrees with the source (and the parser must agree with
 * the acceptor). The note alone never changes what is expected.
 */
function curatorNote(record) {
  return decisions.curatorNotes && typeof record.curator_note === "string" ? { curator: record.curator_note } : undefined;
}

function scoreValidity(file, record, map) {
  const show = JSON.stringify(record.input);
  const literal = oracle.accepts(map, record.input);
  const recorded = decisionFor(file, "validity", record.rule, undefined, record.input);
  const note = !recorded && literal !== record.valid ? curatorNote(record) : undefined;
  const d = recorded ?? note;
  const answer = recorded ? recorded[ANSWER] : note ? literal : record.valid;
  const ours = parserAccepts(map, record.input);
  if (literal !== answer) {
    if (!d) proposals.push({ file, kind: "validity", rule: record.rule, ...idOf(file, record.input), shown: record.input, source: record.valid, [ANSWER]: literal, reason: "?" });
    oracleMismatches.push(`${file} ${record.rule} ${show}: ${label} answer ${answer}, ABNF acceptor ${literal}`);
  }
  if (!ours && record.error_pos !== undefined) positionOf(file, record, map);
  if (recorded && recorded[ANSWER] === record.valid) {
    listed.push(`UNEXPLAINED ${file} ${record.rule} ${show}: decision repeats the source's answer`);
    return "unexplained";
  }
  if (ours === answer) {
    if (d) listed.push(`documented  ${file} ${record.rule} ${show}: source ${record.valid}, ${label} ${answer} (${because(d)})`);
    return d ? "documented" : "agree";
  }
  listed.push(`UNEXPLAINED ${file} ${record.rule} ${show}: source ${record.valid}, ` +
    (d ? `${label} ${answer} (${d.reason ?? "curator note"}), ` : "") + `parser ${ours}`);
  return "unexplained";
}

function scoreComponents(file, record) {
  const show = JSON.stringify(record.input);
  const ours = parserComponents(record.input);
  const literal = oracle.components(record.input);
  let documented = false;
  let unexplained = false;
  const whole = decisionFor(file, "components", undefined, "*", record.input) ?? (literal === null ? curatorNote(record) : undefined);
  if (whole) {
    // The edition rejects the input: no components to compare.
    if (literal !== null) oracleMismatches.push(`${file} components ${show}: decision says invalid, ABNF acceptor accepts`);
    if (ours === null) {
      listed.push(`documented  ${file} components ${show}: invalid here (${because(whole)})`);
      return "documented";
    }
    listed.push(`UNEXPLAINED ${file} components ${show}: decision says invalid, parser accepts`);
    return "unexplained";
  }
  if (literal === null) {
    proposals.push({ file, kind: "components", component: "*", ...idOf(file, record.input), shown: record.input, source: "valid", [ANSWER]: "invalid", reason: "?" });
    oracleMismatches.push(`${file} components ${show}: ABNF acceptor rejects`);
  }
  if (ours === null) {
    listed.push(`UNEXPLAINED ${file} components ${show}: parser rejects`);
    return "unexplained";
  }
  for (const [name, sourceValue, reading] of checkedComponents(record)) {
    const recorded = decisionFor(file, "components", undefined, name, record.input);
    const note = !recorded && literal && !sameComponent(literal[name], sourceValue, reading) ? curatorNote(record) : undefined;
    const d = recorded ?? note;
    const expected = recorded ? (recorded[ANSWER] === null ? undefined : recorded[ANSWER]) : note ? literal[name] : sourceValue;
    if (literal && !sameComponent(literal[name], expected, d ? undefined : reading)) {
      if (!d) proposals.push({ file, kind: "components", component: name, ...idOf(file, record.input), shown: record.input, source: sourceValue ?? null, [ANSWER]: literal[name] ?? null, reason: "?" });
      oracleMismatches.push(`${file} components ${show} ${name}: expected ${JSON.stringify(expected)}, ABNF split ${JSON.stringify(literal[name])}`);
    }
    if (sameComponent(ours[name], expected, d ? undefined : reading)) {
      if (d) {
        documented = true;
        listed.push(`documented  ${file} components ${show} ${name}: source ${JSON.stringify(sourceValue ?? null)}, ` +
          `${label} ${JSON.stringify(expected ?? null)} (${because(d)})`);
      }
    } else {
      unexplained = true;
      listed.push(`UNEXPLAINED ${file} components ${show} ${name}: source ${JSON.stringify(sourceValue ?? null)}, ` +
        (d ? `${label} ${JSON.stringify(expected ?? null)}, ` : "") + `parser ${JSON.stringify(ours[name] ?? null)}`);
    }
  }
  return unexplained ? "unexplained" : documented ? "documented" : "agree";
}

// ----- Error positions -----

function positionOf(file, record, map) {
  const v = lib.validate(record.input, opts({ rule: map.rule }));
  if (v.valid) return; // an authority-kind check failed, not the grammar
  const ours = v.error.offset;
  const kind = positionKind(record.input, record.error_pos, ours);
  positions.push({ file, input: record.input, rule: map.rule, source: record.error_pos, ours, kind });
}

/** Sorts a difference between the source's error offset and ours into the kinds of decisions.positionKinds. */
function positionKind(input, theirs, ours) {
  if (theirs === ours) return "same";
  if (theirs < ours && ours - theirs === 1 && (input.startsWith("::", theirs) || input.startsWith("//", theirs) ||
      input[theirs] === ":" || input[theirs] === "/")) return "token-start";
  if (/[vV]/.test(input[ours] ?? "") && input[ours - 1] === "[") return "no-IPvFuture";
  if (theirs < ours && input[theirs - 1] === "[" && input.indexOf("]", theirs) !== -1 && ours < input.indexOf("]", theirs)) return "ip-literal-start";
  if (theirs === 0 && ours > 0) return "reference-start";
  if (theirs < ours) return "component-start";
  return "other";
}

/** The recorded error positions (copied sources only) must be what the parser and the classification give. */
function checkRecordedPositions() {
  const problems = [];
  for (const e of decisions.errorPositions) {
    const p = positions.find((q) => q.file === e.file && q.input === e.input && q.rule === e.rule);
    if (!p) problems.push(`errorPositions: ${e.file} ${JSON.stringify(e.input)} has no error_pos record the parser rejects`);
    else if (p.source !== e.sourceOffset || p.ours !== e.offset || p.kind !== e.kind) {
      problems.push(`errorPositions: ${e.file} ${JSON.stringify(e.input)}: recorded ${e.sourceOffset}/${e.offset}/${e.kind}, found ${p.source}/${p.ours}/${p.kind}`);
    }
  }
  for (const p of positions) {
    if (p.kind !== "same" && PERMISSIVE.has(p.file) && !decisions.errorPositions.some((e) => e.file === p.file && e.input === p.input && e.rule === p.rule)) {
      problems.push(`errorPositions: ${p.file} ${JSON.stringify(p.input)} differs (${p.source} vs ${p.ours}) but is not recorded`);
    }
  }
  return problems;
}

// ----- Output -----

const unusedDecisions = [...decisionIndex.values()].filter((d) => !d.used);
const totals = rows.reduce((t, r) => {
  for (const k of ["total", "applicable", "agree", "documented", "unexplained", "na"]) t[k] += r[k];
  return t;
}, { file: "**total**", kind: "", total: 0, applicable: 0, agree: 0, documented: 0, unexplained: 0, na: 0 });

const header = ["file", "kind", "records", "applicable", "agree", decisions.column ?? "draft difference (documented)", "unexplained", "not applicable"];
const cells = (r) => [r.file, r.kind, r.total, r.applicable, r.agree, r.documented, r.unexplained, r.na].map(String);
if (flag("--markdown")) {
  console.log(`| ${header.join(" | ")} |`);
  console.log(`|${header.map((_, i) => (i < 2 ? "---" : "---:")).join("|")}|`);
  for (const r of [...rows, totals]) console.log(`| ${cells(r).join(" | ")} |`);
} else {
  const table = [header, ...rows.map(cells), cells(totals)];
  const widths = header.map((_, i) => Math.max(...table.map((r) => r[i].length)));
  for (const r of table) console.log(r.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  "));
}
console.log("\nnot applicable:");
for (const [reason, n] of [...naReasons].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(5)}  ${reason}`);

if (flag("--list")) {
  console.log("\ncases:");
  for (const line of listed) console.log("  " + line);
}
if (flag("--positions")) {
  console.log("\nerror positions (source offset vs our UriSyntaxError.offset):");
  const byKind = new Map();
  for (const p of positions) byKind.set(p.kind, [...(byKind.get(p.kind) ?? []), p]);
  for (const [kind, ps] of byKind) {
    console.log(`  ${kind} (${ps.length}): ${decisions.positionKinds[kind]}`);
    for (const p of ps) console.log(`    ${p.file} ${p.rule} ${JSON.stringify(p.input)}: source ${p.source}, ours ${p.ours}`);
  }
}
console.log(edition === DEFAULT_EDITION
  ? "\ndocumented draft differences by reason (decisions, one per vector or per component; rfc3986: differs = this draft differs from RFC 3986, agrees = the source departs from RFC 3986 too):"
  : `\ndocumented differences by reason (${decisionsFile}, one per vector or per component, with the section of ${lib.EDITIONS[edition].document} that decides it):`);
const byReason = new Map();
for (const d of decisionIndex.values()) if (d.used) byReason.set(d.reason, (byReason.get(d.reason) ?? 0) + 1);
for (const [key, reason] of Object.entries(decisions.reasons)) {
  if (byReason.has(key)) console.log(`  ${String(byReason.get(key)).padStart(4)}  ${key.padEnd(28)} section ${reason.section.padEnd(6)} ${reason.rfc3986 ?? ""}`.trimEnd());
}
const byNote = listed.filter((l) => l.includes("(curator note: ")).length;
if (decisions.curatorNotes) console.log(`  ${String(byNote).padStart(4)}  ${"curator note".padEnd(28)} the record's curator_note, confirmed by the ABNF acceptor`);
console.log(`\nerror positions (records with error_pos that ${label === "draft" ? "the draft" : edition} rejects; --positions for the list):`);
for (const file of [...new Set(positions.map((p) => p.file))]) {
  const ps = positions.filter((p) => p.file === file);
  const kinds = {};
  for (const p of ps) kinds[p.kind] = (kinds[p.kind] ?? 0) + 1;
  console.log(`  ${file}: ${ps.length} compared, ` + Object.entries(kinds).map(([k, n]) => `${n} ${k}`).join(", "));
}
if (flag("--propose")) console.log(JSON.stringify(proposals));
if (flag("--outcomes")) console.log(JSON.stringify(outcomes));
const positionProblems = checkRecordedPositions();
for (const m of positionProblems) console.log(m);
for (const m of oracleMismatches) console.log(`ORACLE ${m}`);
for (const d of unusedDecisions) console.log(`UNUSED DECISION ${d.file} ${d.kind} ${d.rule ?? d.component} ${d.input ?? d.inputId}`);
if (!flag("--list")) for (const line of listed.filter((l) => l.startsWith("UNEXPLAINED"))) console.log(line);
console.log(`\nunexplained: ${totals.unexplained}; oracle mismatches: ${oracleMismatches.length}; ` +
  `unused decisions: ${unusedDecisions.length}; error-position problems: ${positionProblems.length}`);
process.exitCode = totals.unexplained || oracleMismatches.length || unusedDecisions.length || positionProblems.length ? 1 : 0;
