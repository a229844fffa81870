#!/usr/bin/env node
// Syntax conformance: scores the parser against the validity and components vectors of every file
// in ../shared/conformance/ (read at run time: the GPL, LGPL and CC BY-SA suites are never copied
// into this repository) and prints one table row per file and kind.
//
// Every vector is first sorted: not applicable (WHATWG, IRI, zone IDs, scheme-specific rules, a
// source's own extensions), or applicable with the draft rule it maps to. An applicable vector's
// expected answer is the source's, except where test/conformance/decisions.json records that the
// draft decides differently (with the section that decides it). The parser is then compared with
// that answer:
//   agree        the parser gives the source's answer
//   documented   the parser gives the draft's answer, which a decision records as different
//   unexplained  anything else: a missing decision or a parser bug; the script exits 1
// Independently, every applicable answer is checked against regular expressions transcribed here
// from the draft's ABNF (sections 2-5), so a decision cannot quietly disagree with the draft; a
// mismatch is listed as "oracle" and also makes the script exit 1.
//
// Usage: node scripts/conformance-syntax.mjs [--list] [--positions] [--markdown] [--source] [--dir DIR]
//   --list       print every documented draft difference and every unexplained case
//   --positions  print the error-position comparison (uriparser and fluent-uri records with error_pos)
//   --markdown   print the tables as Markdown (for the README)
//   --source     use the TypeScript in src/ through ts-node instead of the build
//   --propose    print, as JSON, the decisions the ABNF regexes suggest for vectors that have none
//   --dir DIR    read the vectors from DIR instead of ../shared/conformance/
// Without --source it needs the built library (npm run build): dist/cjs/src/index.js.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

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
const decisions = JSON.parse(readFileSync(join(root, "test/conformance/decisions.json"), "utf8"));

// ----- Which vectors apply, and to which rule of the draft -----

/** { applicable: false, reason } or { applicable: true, rule, check } for a validity record. */
function applicability(record) {
  const na = decisions.notApplicable;
  if (record.deviation) return { applicable: false, reason: na.deviation };
  if (na.spec[record.spec]) return { applicable: false, reason: na.spec[record.spec] };
  if (record.base !== undefined) return { applicable: false, reason: na.base };
  if (record.kind === "components") return { applicable: true, rule: "URI-reference" };
  if (na.rule[record.rule]) return { applicable: false, reason: na.rule[record.rule] };
  const twin = decisions.ruleMapByFile[record.file]?.[record.rule] ?? decisions.ruleMap[record.rule];
  if (twin === undefined) return { applicable: false, reason: `no rule of the draft maps from "${record.rule}"` };
  return { applicable: true, ...(typeof twin === "string" ? { rule: twin } : twin) };
}

/** Splits off a fragment for a source whose predicate allows one after the rule ({ fragment: true }). */
function withFragment(map, input, accepts) {
  const hash = input.indexOf("#");
  if (!map.fragment || hash < 0) return accepts(map.rule, input);
  return accepts(map.rule, input.slice(0, hash)) && accepts("fragment", input.slice(hash + 1));
}

/** Our parser's verdict for a validity record mapped to `map` ({ rule, optional?, fragment?, authority? }). */
function parserAccepts(map, input) {
  if (map.optional && input === "") return true;
  if (map.fragment) return withFragment(map, input, lib.matches);
  if (!map.authority) return lib.matches(map.rule, input);
  const v = lib.validate(input, { rule: map.rule });
  if (!v.valid) return false;
  return lib.parse(input, { rule: map.rule }).authority?.kind === map.authority;
}

// ----- The draft's grammar as regular expressions (an independent reading of sections 2-5) -----
// A regular expression explores every alternative, so a full match decides membership in the
// ABNF's language exactly, without the ordered choice of the PEG.

const oracle = (() => {
  const HEX = "[0-9A-Fa-f]";
  const escaped = `%${HEX}${HEX}`;
  const unreserved = "A-Za-z0-9\\-_.!~*'()"; // ALPHA / DIGIT / mark (2.3)
  const pchar = `(?:[${unreserved};:@&=+$,]|${escaped})`; // 3.3
  const uric = `(?:[${unreserved}\\[\\];/?:@&=+$,]|${escaped})`; // 2, 2.2
  const uricNoSlash = `(?:[${unreserved}\\[\\];?:@&=+$,]|${escaped})`; // 3
  const scheme = "[A-Za-z][A-Za-z0-9+\\-.]*"; // 3.1
  const regName = `${pchar}+`; // 3.2.1: the same characters as pchar, at least one
  const userinfo = `(?:[${unreserved};:&=+$,]|${escaped})*`; // 3.2.2
  const port = "[0-9]*";
  const domainlabel = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
  const toplabel = "[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
  const hostname = `${domainlabel}(?:\\.${domainlabel})*(?:\\.${toplabel}\\.)?`;
  const decOctet = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])";
  const IPv4address = `${decOctet}\\.${decOctet}\\.${decOctet}\\.${decOctet}`;
  const h4 = `${HEX}{1,4}`;
  const ls32 = `(?:${h4}:${h4}|${IPv4address})`;
  const pre = (n) => `(?:(?:${h4}:){0,${n}}${h4})?`;
  const IPv6address = "(?:" + [
    `(?:${h4}:){6}${ls32}`, `::(?:${h4}:){5}${ls32}`, `${pre(0)}::(?:${h4}:){4}${ls32}`,
    `${pre(1)}::(?:${h4}:){3}${ls32}`, `${pre(2)}::(?:${h4}:){2}${ls32}`, `${pre(3)}::${h4}:${ls32}`,
    `${pre(4)}::${ls32}`, `${pre(5)}::${h4}`, `${pre(6)}::`,
  ].join("|") + ")";
  const IPv6reference = `\\[${IPv6address}\\]`;
  const host = `(?:${IPv6reference}|${IPv4address}|${hostname})`;
  const hostport = `${host}(?::${port})?`;
  const server = `(?:(?:${userinfo}@)?${hostport})?`;
  const authority = `(?:${server}|${regName})`;
  const absPath = `/${pchar}*(?:/${pchar}*)*`;
  const netPath = `//${authority}(?:${absPath})?`;
  const query = `(?:${pchar}|[/?])*`;
  const hierPart = `(?:${netPath}|${absPath})?(?:\\?${query})?`;
  const opaquePart = `${uricNoSlash}${uric}*`;
  const absoluteURI = `${scheme}:(?:${hierPart}|${opaquePart})`;
  const relSegment = `(?:[${unreserved};@&=+$,]|${escaped})+`;
  const relativeURI = `(?:${netPath}|${absPath}|${relSegment}(?:${absPath})?)?(?:\\?${query})?`;
  const fragment = query;
  const rules = {
    "URI-reference": `(?:${absoluteURI}|${relativeURI})?(?:#${fragment})?`,
    "absolute-URI-reference": `${absoluteURI}(?:#${fragment})?`,
    "absolute-URI": absoluteURI, "relative-URI": relativeURI, "abs-path": absPath,
    path: `(?:${absPath}|${opaquePart})?`, authority, server, "reg-name": regName, userinfo, host, port,
    scheme, IPv4address, IPv6address, hostname, query, fragment,
  };
  const compiled = Object.fromEntries(Object.entries(rules).map(([k, v]) => [k, new RegExp(`^${v}$`)]));
  return {
    accepts(map, input) {
      if (map.optional && input === "") return true;
      if (map.fragment) return withFragment(map, input, (rule, text) => compiled[rule].test(text));
      const re = compiled[map.rule];
      if (!re) throw new Error(`oracle has no rule ${map.rule}`);
      if (!re.test(input)) return false;
      return !map.authority || oracle.components(input).authorityKind === map.authority;
    },
    /** The draft's components of a valid URI-reference (section 4.3: the authority wins). */
    components(input) {
      if (!compiled["URI-reference"].test(input)) return null;
      const c = { scheme: undefined, authority: undefined, userinfo: undefined, host: undefined, port: undefined,
        query: undefined, fragment: undefined, authorityKind: undefined };
      let rest = input;
      const hash = rest.indexOf("#");
      if (hash >= 0) { c.fragment = rest.slice(hash + 1); rest = rest.slice(0, hash); }
      const m = new RegExp(`^(${scheme}):`).exec(rest);
      if (m) { c.scheme = m[1]; rest = rest.slice(m[0].length); }
      // opaque-part: after a scheme, not starting with "/" and not read as hier-part's "?" query
      if (c.scheme !== undefined && rest !== "" && !rest.startsWith("/") && !rest.startsWith("?")) {
        return { ...c, path: rest };
      }
      const q = rest.indexOf("?");
      if (q >= 0) { c.query = rest.slice(q + 1); rest = rest.slice(0, q); }
      if (rest.startsWith("//")) {
        const end = rest.indexOf("/", 2) < 0 ? rest.length : rest.indexOf("/", 2);
        c.authority = rest.slice(2, end);
        rest = rest.slice(end);
        if (compiled.server.test(c.authority)) {
          c.authorityKind = "server";
          let hp = c.authority;
          const at = hp.indexOf("@");
          if (at >= 0) { c.userinfo = hp.slice(0, at); hp = hp.slice(at + 1); }
          if (hp !== "") {
            const colon = hp.indexOf(":", hp.startsWith("[") ? hp.indexOf("]") : 0);
            c.host = colon >= 0 ? hp.slice(0, colon) : hp;
            if (colon >= 0) c.port = hp.slice(colon + 1);
          }
        } else {
          c.authorityKind = "reg-name";
        }
      }
      return { ...c, path: rest };
    },
  };
})();

// ----- Components -----

const COMPONENTS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"];

/** Our parser's components, in the corpus's shape (undefined = absent). */
function parserComponents(input) {
  const v = lib.validate(input);
  if (!v.valid) return null;
  const ref = lib.parse(input);
  const server = ref.authority?.kind === "server" ? ref.authority : undefined;
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

const PERMISSIVE = new Set(decisions.permissiveFiles);
const idOf = (file, input) => (PERMISSIVE.has(file) ? { input } : { inputId: inputId(input) });
const inputId = (input) => "sha256:" + createHash("sha256").update(input, "utf8").digest("hex").slice(0, 16);

const decisionIndex = new Map();
for (const d of decisions.cases) {
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
    }
    if (row.total) rows.push(row);
  }
}

function scoreValidity(file, record, map) {
  const show = JSON.stringify(record.input);
  const d = decisionFor(file, "validity", record.rule, undefined, record.input);
  const draft = d ? d.draft : record.valid;
  const ours = parserAccepts(map, record.input);
  const literal = oracle.accepts(map, record.input);
  if (literal !== draft) {
    if (!d) proposals.push({ file, kind: "validity", rule: record.rule, ...idOf(file, record.input), shown: record.input, source: record.valid, draft: literal, reason: "?" });
    oracleMismatches.push(`${file} ${record.rule} ${show}: draft answer ${draft}, ABNF regex ${literal}`);
  }
  if (!ours && record.error_pos !== undefined) positionOf(file, record, map);
  if (d && d.draft === record.valid) {
    listed.push(`UNEXPLAINED ${file} ${record.rule} ${show}: decision repeats the source's answer`);
    return "unexplained";
  }
  if (ours === draft) {
    if (d) listed.push(`documented  ${file} ${record.rule} ${show}: source ${record.valid}, draft ${draft} ` +
      `(section ${decisions.reasons[d.reason].section}, ${d.reason})`);
    return d ? "documented" : "agree";
  }
  listed.push(`UNEXPLAINED ${file} ${record.rule} ${show}: source ${record.valid}, ` +
    (d ? `draft ${draft} (${d.reason}), ` : "") + `parser ${ours}`);
  return "unexplained";
}

function scoreComponents(file, record) {
  const ours = parserComponents(record.input);
  const literal = oracle.components(record.input);
  let documented = false;
  let unexplained = false;
  const whole = decisionFor(file, "components", undefined, "*", record.input);
  if (whole) {
    // The draft rejects the input: no components to compare.
    if (literal !== null) oracleMismatches.push(`${file} components ${JSON.stringify(record.input)}: decision says invalid, ABNF regex accepts`);
    if (ours === null) {
      listed.push(`documented  ${file} components ${JSON.stringify(record.input)}: invalid here (section ${decisions.reasons[whole.reason].section}, ${whole.reason})`);
      return "documented";
    }
    listed.push(`UNEXPLAINED ${file} components ${JSON.stringify(record.input)}: decision says invalid, parser accepts`);
    return "unexplained";
  }
  if (literal === null) {
    proposals.push({ file, kind: "components", component: "*", ...idOf(file, record.input), shown: record.input, source: "valid", draft: "invalid", reason: "?" });
    oracleMismatches.push(`${file} components ${JSON.stringify(record.input)}: ABNF regex rejects`);
  }
  if (ours === null) {
    listed.push(`UNEXPLAINED ${file} components ${JSON.stringify(record.input)}: parser rejects`);
    return "unexplained";
  }
  for (const [name, sourceValue, reading] of checkedComponents(record)) {
    const d = decisionFor(file, "components", undefined, name, record.input);
    const expected = d ? (d.draft === null ? undefined : d.draft) : sourceValue;
    if (literal && !sameComponent(literal[name], expected, d ? undefined : reading)) {
      if (!d) proposals.push({ file, kind: "components", component: name, ...idOf(file, record.input), shown: record.input, source: sourceValue ?? null, draft: literal[name] ?? null, reason: "?" });
      oracleMismatches.push(`${file} components ${JSON.stringify(record.input)} ${name}: expected ${JSON.stringify(expected)}, ABNF split ${JSON.stringify(literal[name])}`);
    }
    if (sameComponent(ours[name], expected, d ? undefined : reading)) {
      if (d) {
        documented = true;
        listed.push(`documented  ${file} components ${JSON.stringify(record.input)} ${name}: source ${JSON.stringify(sourceValue ?? null)}, ` +
          `draft ${JSON.stringify(expected ?? null)} (section ${decisions.reasons[d.reason].section}, ${d.reason})`);
      }
    } else {
      unexplained = true;
      listed.push(`UNEXPLAINED ${file} components ${JSON.stringify(record.input)} ${name}: source ${JSON.stringify(sourceValue ?? null)}, ` +
        (d ? `draft ${JSON.stringify(expected ?? null)}, ` : "") + `parser ${JSON.stringify(ours[name] ?? null)}`);
    }
  }
  return unexplained ? "unexplained" : documented ? "documented" : "agree";
}

// ----- Error positions -----

function positionOf(file, record, map) {
  const v = lib.validate(record.input, { rule: map.rule });
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

const header = ["file", "kind", "records", "applicable", "agree", "draft difference (documented)", "unexplained", "not applicable"];
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
console.log("\ndocumented draft differences by reason (decisions, one per vector or per component; rfc3986: differs = this draft differs from RFC 3986, agrees = the source departs from RFC 3986 too):");
const byReason = new Map();
for (const d of decisionIndex.values()) if (d.used) byReason.set(d.reason, (byReason.get(d.reason) ?? 0) + 1);
for (const [key, reason] of Object.entries(decisions.reasons)) {
  if (byReason.has(key)) console.log(`  ${String(byReason.get(key)).padStart(4)}  ${key.padEnd(28)} section ${reason.section.padEnd(6)} ${reason.rfc3986}`);
}
console.log("\nerror positions (records with error_pos that the draft rejects; --positions for the list):");
for (const file of [...new Set(positions.map((p) => p.file))]) {
  const ps = positions.filter((p) => p.file === file);
  const kinds = {};
  for (const p of ps) kinds[p.kind] = (kinds[p.kind] ?? 0) + 1;
  console.log(`  ${file}: ${ps.length} compared, ` + Object.entries(kinds).map(([k, n]) => `${n} ${k}`).join(", "));
}
if (flag("--propose")) console.log(JSON.stringify(proposals));
const positionProblems = checkRecordedPositions();
for (const m of positionProblems) console.log(m);
for (const m of oracleMismatches) console.log(`ORACLE ${m}`);
for (const d of unusedDecisions) console.log(`UNUSED DECISION ${d.file} ${d.kind} ${d.rule ?? d.component} ${d.input ?? d.inputId}`);
if (!flag("--list")) for (const line of listed.filter((l) => l.startsWith("UNEXPLAINED"))) console.log(line);
console.log(`\nunexplained: ${totals.unexplained}; oracle mismatches: ${oracleMismatches.length}; ` +
  `unused decisions: ${unusedDecisions.length}; error-position problems: ${positionProblems.length}`);
process.exitCode = totals.unexplained || oracleMismatches.length || unusedDecisions.length || positionProblems.length ? 1 : 0;
