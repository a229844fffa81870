#!/usr/bin/env node
// Scores resolve(), normalize() and equivalent() against the public vectors in
// ../shared/conformance/ (read at run time: several of those files are GPL/LGPL/CC BY-SA and are
// never copied into this project), and explains every disagreement.
//
//   node scripts/conformance-resolve.mjs [--dist] [--verbose] [--dir DIR]
//
//   --dist      use the built package (dist/cjs) instead of the TypeScript sources
//   --verbose   list every disagreement, also for the RFC 3986 vectors (grouped by reason otherwise)
//   --dir DIR   the conformance directory (default ../shared/conformance from the project root)
//
// The library implements draft-fielding-uri-rfc2396bis-01. Only the `spec: rfc2396` resolve
// vectors follow a specification close to it; the others are scored to show how RFC 3986 (and
// the libraries' own choices) differ. WHATWG vectors are counted and skipped: another model.
import { createRequire } from "node:module";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const verbose = args.includes("--verbose");
const dirArg = args.indexOf("--dir");
const dir = dirArg >= 0 ? args[dirArg + 1] : join(root, "..", "shared", "conformance");
if (!existsSync(dir)) {
  console.error(`conformance-resolve: ${dir} does not exist. The public test suites are read from there at run ` +
    "time (shared/conformance/ beside this folder, as CI has it; --dir DIR reads them from elsewhere).");
  process.exit(2);
}
const require = createRequire(import.meta.url);

const lib = loadLibrary();
const { resolve, normalize, equivalent, parse, format } = lib;

if (!existsSync(dir)) {
  console.error(`conformance directory not found: ${dir}`);
  process.exit(2);
}
const records = readdirSync(dir).filter((f) => f.endsWith(".json")).sort()
  .flatMap((file) => JSON.parse(readFileSync(join(dir, file), "utf8")).map((r) => ({ ...r, file })));

const BASE_C = "http://a/b/c/d;p?q";

// ----- resolve -----

/** Runs one resolve vector; strict unless the source's note says it used a lenient mode. */
function runResolve(r, options = {}) {
  const strict = !/non-strict|tolerant|relaxed/i.test(r.note ?? "");
  try {
    return { value: resolve(r.base, r.ref, { strict, ...options }) };
  } catch (error) {
    return { error };
  }
}

/** RFC 3986 section 5.2.4 remove_dot_segments, for the explanations only. */
function rfc3986RemoveDots(path) {
  const out = [];
  const lead = path.startsWith("/") ? "/" : "";
  const segments = path.slice(lead.length).split("/");
  segments.forEach((s, i) => {
    const last = i === segments.length - 1;
    if (s === ".") { if (last) out.push(""); return; }
    if (s === "..") { if (out.length) out.pop(); if (last) out.push(""); return; }
    out.push(s);
  });
  return lead + out.join("/");
}

function withPath(text, fn) {
  try {
    const u = parse(text);
    if (u.opaque) return undefined;
    return format({ ...u, authority: u.authority, path: fn(u.path) });
  } catch { return undefined; }
}

function tryResolve(base, ref, options) {
  try { return resolve(base, ref, options); } catch { return undefined; }
}


/** A short name for why the grammar rejects an input (the full message is in --verbose). */
function grammarCategory(error) {
  const e = error?.cause ?? error;
  if (!e || e.name !== "UriSyntaxError") return `error: ${error?.message}`;
  const cp = e.found?.codePointAt(0);
  let what;
  if (cp === undefined) what = e.rule === "HEXDIG" ? "an incomplete escape" : `input ends early in ${e.rule}`;
  else if (cp > 0x7e) what = "a non-ASCII character (an IRI or raw Unicode; URIs are ASCII, section 2.1)";
  else if (cp <= 0x20 || cp === 0x7f) what = "whitespace or a control character (excluded, section 2.4.3)";
  else if (`<>"{}|\\^\``.includes(e.found)) what = `the excluded character ${JSON.stringify(e.found)} (section 2.4.3)`;
  else if (e.found === "%" && /IPv6/.test(e.rule)) what = "an IPv6 zone ID (RFC 6874, later than the draft)";
  else if (e.found === "v" && /IPv6/.test(e.rule)) what = "an IPvFuture literal (RFC 3986 only)";
  else if (/IPv6|IPv4|ls32|h4|dec-octet/.test(e.rule)) what = "a malformed IP literal";
  else if (e.rule === "HEXDIG") what = "a malformed escape (\"%\" without two hex digits)";
  else if (e.found === ":") what = "a \":\" where no scheme can end (the first segment of a relative path, or a scheme with other characters)";
  else if (e.rule === "DIGIT" || e.rule === "hostport") what = "a malformed port or host";
  else what = `${JSON.stringify(e.found)} in ${e.rule}`;
  return `not valid under this draft's grammar: ${what}`;
}

/** RFC 3986 section 5.2.2 (strict), written from the RFC for the explanations; splits with parse(). */
function rfc3986Resolve(base, ref) {
  try {
    const B = parse(base), R = parse(ref);
    const split = (u) => {
      if (!u.opaque) return { scheme: u.scheme, authority: u.authority, path: u.path, query: u.query };
      const q = u.path.indexOf("?");
      return q < 0 ? { scheme: u.scheme, path: u.path } : { scheme: u.scheme, path: u.path.slice(0, q), query: u.path.slice(q + 1) };
    };
    const b = split(B), r = split(R);
    const T = {};
    if (r.scheme !== undefined) Object.assign(T, r, { path: rfc3986RemoveDots(r.path) });
    else {
      if (r.authority !== undefined) Object.assign(T, { authority: r.authority, path: rfc3986RemoveDots(r.path), query: r.query });
      else {
        if (r.path === "") { T.path = b.path; T.query = r.query ?? b.query; }
        else {
          if (r.path.startsWith("/")) T.path = rfc3986RemoveDots(r.path);
          else {
            const merged = b.authority !== undefined && b.path === "" ? "/" + r.path : b.path.slice(0, b.path.lastIndexOf("/") + 1) + r.path;
            T.path = rfc3986RemoveDots(merged);
          }
          T.query = r.query;
        }
        T.authority = b.authority;
      }
      T.scheme = b.scheme;
    }
    return format({ ...T, fragment: R.fragment });
  } catch { return undefined; }
}

/** Why our answer differs from the source's. */
function explainResolve(r, ours) {
  const e = ours.error;
  if (r.spec === "whatwg") return "WHATWG URL Standard: a different model (not scored)";
  if (e) {
    const cause = e.cause?.message ?? e.message;
    if (e.code === "relative-base") return "relative base: section 5.1 needs an absolute base URI; the source resolves against it anyway" + (r.deviation ? " (source marks it a deviation)" : "");
    if (e.code === "invalid-base" || e.code === "invalid-reference") {
      return (e.code === "invalid-base" ? "base " : "reference ") + grammarCategory(e);
    }
    if (e.code === "opaque-base") return "the base has an opaque part (section 3); the draft has no hierarchical reading of it, RFC 3986 merges with its rootless path";
    if (e.code === "ambiguous-path") return "the merged path starts with \"//\" and there is no authority; this library refuses (RFC 3986 errata 4005 keeps \"/.\" in front)";
    return `error ${e.code}: ${e.message}`;
  }
  if (r.expected === null) return "the source rejects the resolution; this draft's grammar and 5.2 accept it";
  const strict = !/non-strict|tolerant|relaxed/i.test(r.note ?? "");
  if (tryResolve(r.base, r.ref, { strict: !strict }) === r.expected) {
    return strict ? "the source treats a same-scheme reference as relative (non-validating; strict: false gives its answer)"
      : "the source keeps the same-scheme reference (validating)";
  }
  const removed = tryResolve(r.base, r.ref, { strict, dotSegments: "remove" });
  if (removed === r.expected) return "merge step 7: this draft retains leading \"..\" (Appendix C: \"../../../g\" = \"http://a/../g\"); RFC 3986 5.2.4 drops them (dotSegments: 'remove' gives the source's answer)";
  let refParsed;
  try { refParsed = parse(r.ref); } catch { refParsed = undefined; }
  if (refParsed && refParsed.scheme === undefined && refParsed.authority === undefined && refParsed.path === "" && refParsed.query !== undefined
      && tryResolve(r.base, "./" + r.ref, { strict }) === r.expected) {
    return "RFC 2396 treats \"?y\" as a path merge (http://a/b/c/?y); this draft's 5.2 keeps Base.path (Appendix C: http://a/b/c/d;p?y)";
  }
  if (refParsed && refParsed.path === "" && refParsed.query === undefined && refParsed.scheme === undefined && refParsed.authority === undefined
      && tryResolve(r.base, "." + r.ref, { strict }) === r.expected) {
    return "the source resolves the empty reference as the base's directory; section 4.2 makes it the current document" + (r.deviation ? " (source marks it a deviation)" : "");
  }
  if (removed !== undefined && withPath(removed, rfc3986RemoveDots) === r.expected && !/^[^:]+:[^/]/.test(r.ref)) {
    return "RFC 3986 5.2.2 removes dot segments from every target path (absolute, network-path and absolute-path references, and the base's path for \"\", \"?y\", \"#s\"); this draft's 5.2 copies R.path (Appendix C: \"/./g\" = \"http://a/./g\")";
  }
  if (ours.value && r.expected === ours.value.replace(/^([^:]+:)\//, "$1") && !/^[^:]+:\/\//.test(r.base)) {
    return "RFC 3986 5.2.3 merges with an empty base path without authority as the bare reference path (\"foo:\" + \"g\" = \"foo:g\"); this draft's merge step 1 copies \"/\"";
  }
  if (ours.value && r.expected.toLowerCase() === ours.value.toLowerCase()) return "the source also normalizes case while resolving; resolve() does not normalize (use normalize())";
  if (r.deviation) return `the source marks this as a deviation from its spec (${r.note})`;
  if (rfc3986Resolve(r.base, r.ref) === r.expected) return "RFC 3986 5.2.2 with its remove_dot_segments gives the source's answer (dot segments of an absolute reference, or of an empty-path merge); this draft's 5.2 does not";
  return `other: the source says ${JSON.stringify(r.expected)}, this draft ${JSON.stringify(ours.value)} (${r.note ?? ""})`;
}

function scoreResolve(filter, title, perVector) {
  const rows = records.filter((r) => r.kind === "resolve" && filter(r));
  const bySource = new Map();
  const disagreements = [];
  for (const r of rows) {
    const ours = runResolve(r);
    const agree = r.expected === null ? ours.error !== undefined && ours.error.code !== "relative-base" : ours.value === r.expected;
    const s = bySource.get(r.file) ?? { total: 0, agree: 0 };
    s.total++;
    if (agree) s.agree++;
    bySource.set(r.file, s);
    if (!agree) disagreements.push({ r, ours, reason: explainResolve(r, ours) });
  }
  printScores(title, bySource);
  printDisagreements(disagreements, perVector, (d) => [d.r.file, d.r.base, d.r.ref, show(d.r.expected), show(d.ours.value ?? `(${d.ours.error.code})`)],
    ["file", "base", "ref", "source", "this draft"]);
  return disagreements.length;
}

// ----- normalize -----

const FULL_OPS = new Set(["all", "fast-uri", "uri-js"]);

/** RFC 3986 6.2.2.2 unescapes every unreserved character; the draft stops at ALPHA DIGIT _ ~. */
const unescapeAllUnreserved = (s) => s.replace(/%(2[dD]|2[eE])/g, (m) => String.fromCharCode(parseInt(m.slice(1), 16)));

function tryNormalize(text, options) {
  try { return normalize(text, options); } catch { return undefined; }
}

function runNormalize(r) {
  try {
    switch (r.op) {
      case "recompose": return { value: format(parse(r.input)), same: (v) => v === r.expected };
      case "scheme-case":
        if (!/^[A-Za-z][A-Za-z0-9+.-]*$/.test(r.input)) break;
        return { value: normalize(r.input + ":").slice(0, -1), same: (v) => v === r.expected };
      case "host": case "host-case":
        if (!r.input.includes("/")) return { value: normalize("//" + r.input).slice(2), same: (v) => v === r.expected };
        break;
      default: break;
    }
    const value = normalize(r.input);
    // A partial operation's output is not our normal form, but it must be equivalent to its input.
    if (FULL_OPS.has(r.op)) return { value, same: (v) => v === r.expected };
    return { value, same: (v) => v === r.expected || v === tryNormalize(r.expected) };
  } catch (error) {
    return { error };
  }
}

function explainNormalize(r, ours) {
  if (ours.error) return grammarCategory(ours.error);
  const input = r.input;
  let parsed;
  try { parsed = parse(input); } catch { /* reported above */ }
  const same = (v) => v !== undefined && ours.same(v);
  if (r.spec === "rfc3987") return "IRI normalization (RFC 3987): the source decodes non-ASCII octets; this draft's URIs are ASCII";
  if (same(tryNormalize(input, { scheme: false }))) return "the source does no scheme-based normalization (6.2.3): it keeps a default or empty port, or an empty http path";
  if (same(tryNormalize(input, { dotSegments: "remove" }))) return "merge step 7: this draft retains leading \"..\" in an absolute path (\"http://a/../g\" stays); RFC 3986 drops them";
  const u = unescapeAllUnreserved(input);
  if (same(tryNormalize(u)) || same(tryNormalize(u, { dotSegments: "remove" })) || same(tryNormalize(u, { scheme: false }))) {
    return "RFC 3986 6.2.2.2 also unescapes \"-\" and \".\" (%2D, %2E); this draft's section 2.3 names only ALPHA, DIGIT, \"_\" and \"~\" as safe";
  }
  if (parsed && parsed.scheme === undefined && /(^|\/)\.\.?(\/|$|\?|#)/.test(input)) return "a relative reference: this draft removes dot segments from absolute URI paths only (6.2.2.3); a relative path's \".\" and \"..\" mean something once it is resolved";
  if (parsed && parsed.opaque) return "an opaque part (section 3: no hierarchy): the draft gives it case and escape normalization only; RFC 3986 reads it as a rootless path and removes its dot segments";
  if (parsed && parsed.authority === undefined && /(^|\/)\.\.?\//.test(parsed.path)) return "the merged path would begin with \"//\" and there is no authority: normalize() leaves the path (written \"scheme://...\" it would gain an authority)";
  if (parsed && parsed.authority?.kind === "reg-name" && r.expected.toLowerCase() === ours.value.toLowerCase()) return "the source lower-cases a reg-name; 6.2.2.1 lower-cases the scheme and hostnames only";
  if (/\[[^\]]*\]/.test(r.expected) && /\[/.test(input)) return "the source canonicalizes IP literals (RFC 5952 form), beyond the draft's case normalization";
  if (r.op === "port-leading-zeros") return "the source strips leading zeros from every port; this draft says nothing of it (only a default port, \"080\" included, is removed)";
  if (r.deviation) return `the source marks this as a deviation (${r.note})`;
  return `other (library-specific): the source says ${JSON.stringify(r.expected)}, this draft ${JSON.stringify(ours.value)}`;
}

function scoreNormalize() {
  const rows = records.filter((r) => r.kind === "normalize" && r.spec !== "whatwg" && !String(r.op).startsWith("whatwg"));
  const skipped = records.filter((r) => r.kind === "normalize").length - rows.length;
  const bySource = new Map();
  const disagreements = [];
  for (const r of rows) {
    const ours = runNormalize(r);
    const agree = ours.error === undefined && ours.same(ours.value);
    const s = bySource.get(r.file) ?? { total: 0, agree: 0 };
    s.total++;
    if (agree) s.agree++;
    bySource.set(r.file, s);
    if (!agree) disagreements.push({ r, ours, reason: explainNormalize(r, ours) });
  }
  printScores(`normalize (all specs but WHATWG; ${skipped} WHATWG vectors skipped)`, bySource);
  printDisagreements(disagreements, verbose, (d) => [d.r.file, d.r.op, d.r.input, show(d.r.expected), show(d.ours.value ?? "(error)")],
    ["file", "op", "input", "source", "this draft"]);
  return disagreements.length;
}

// ----- equivalence -----

function explainEquivalence(r, ours) {
  if (ours.error) return grammarCategory(ours.error);
  const na = tryNormalize(r.a), nb = tryNormalize(r.b);
  if (r.equivalent) {
    if (equivalent(r.a, r.b, { ignoreFragment: true })) return "the source ignores fragments (ignoreFragment: true gives its answer)";
    const relPath = (x) => { try { const u = parse(x); return u.scheme === undefined && !u.opaque ? withPath(normalize(x), rfc3986RemoveDots) : undefined; } catch { return undefined; } };
    if (relPath(r.a) !== undefined && relPath(r.a) === relPath(r.b)) return "relative references: this draft removes dot segments from absolute URI paths only (6.2.2.3); the source removes them from relative paths too";
    if (/^urn:|^mailto:/i.test(r.a)) return "scheme-specific equivalence (URN namespace IDs, RFC 2141; mail domains, RFC 2368) that the draft's generic ladder does not know";
    if (tryNormalize(unescapeAllUnreserved(r.a), { dotSegments: "remove" }) === tryNormalize(unescapeAllUnreserved(r.b), { dotSegments: "remove" })) {
      return `RFC 3986 unescapes "-" and "." or drops leading ".."; this draft does not (normal forms ${show(na)} and ${show(nb)})`;
    }
    return `the source equates more than the draft's ladder (normal forms ${show(na)} and ${show(nb)})`;
  }
  return `the draft's ladder equates them (both normalize to ${show(na)}); the source is stricter or checks more (${r.note ?? ""})`;
}

function scoreEquivalence() {
  const rows = records.filter((r) => r.kind === "equivalence");
  const bySource = new Map();
  const disagreements = [];
  for (const r of rows) {
    let ours;
    try { ours = { value: equivalent(r.a, r.b) }; } catch (error) { ours = { error }; }
    const agree = ours.value === r.equivalent;
    const s = bySource.get(r.file) ?? { total: 0, agree: 0 };
    s.total++;
    if (agree) s.agree++;
    bySource.set(r.file, s);
    if (!agree) disagreements.push({ r, ours, reason: explainEquivalence(r, ours) });
  }
  printScores("equivalence (equivalent(a, b), ladder 'scheme')", bySource);
  printDisagreements(disagreements, verbose, (d) => [d.r.file, d.r.a, d.r.b, String(d.r.equivalent), String(d.ours.value ?? "(error)")],
    ["file", "a", "b", "source", "this draft"]);
  return disagreements.length;
}

// ----- output -----

function show(v) { return v === undefined ? "(none)" : v === null ? "(fails)" : v === "" ? '""' : v; }
const cell = (s) => String(s).replace(/\|/g, "\\|");

function printScores(title, bySource) {
  console.log(`\n## ${title}\n`);
  console.log("| file | vectors | agree | differ |");
  console.log("|---|---:|---:|---:|");
  let total = 0, agree = 0;
  for (const [file, s] of [...bySource].sort()) {
    console.log(`| ${file} | ${s.total} | ${s.agree} | ${s.total - s.agree} |`);
    total += s.total; agree += s.agree;
  }
  console.log(`| **total** | ${total} | ${agree} | ${total - agree} |`);
}

function printDisagreements(list, perVector, columns, header) {
  if (list.length === 0) return;
  if (perVector) {
    console.log(`\n| ${[...header, "reason"].join(" | ")} |`);
    console.log(`|${[...header, "reason"].map(() => "---").join("|")}|`);
    for (const d of list) console.log(`| ${[...columns(d), d.reason].map(cell).join(" | ")} |`);
    return;
  }
  const byReason = new Map();
  for (const d of list) byReason.set(d.reason, [...(byReason.get(d.reason) ?? []), d]);
  console.log("\n| reason | vectors | example |");
  console.log("|---|---:|---|");
  for (const [reason, ds] of [...byReason].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`| ${cell(reason)} | ${ds.length} | ${cell(columns(ds[0]).slice(1).join(" ; "))} |`);
  }
}

function loadLibrary() {
  if (args.includes("--dist")) return require(join(root, "dist", "cjs", "src", "index.js"));
  try {
    require("ts-node").register({ project: join(root, "tsconfig.json"), transpileOnly: true });
  } catch (error) {
    console.error(`cannot load ts-node to run the TypeScript sources (${error.message}); build and use --dist`);
    process.exit(2);
  }
  return require(join(root, "src", "index.ts"));
}

console.log("# resolve / normalize / equivalent against ../shared/conformance");
console.log(`\nSanity: Appendix C "../../../g" against ${BASE_C} gives ${resolve(BASE_C, "../../../g")}.`);
scoreResolve((r) => r.spec === "rfc2396", "resolve, spec: rfc2396 (every disagreement)", true);
scoreResolve((r) => r.spec === "rfc3986" || r.spec === "rfc3987", "resolve, spec: rfc3986 / rfc3987 (how RFC 3986 differs)", verbose);
const whatwg = records.filter((r) => r.kind === "resolve" && r.spec === "whatwg").length;
const rfc1808 = records.filter((r) => r.kind === "resolve" && r.spec === "rfc1808").length;
console.log(`\n(${whatwg} WHATWG and ${rfc1808} RFC 1808 resolve vectors not scored: other models.)`);
scoreNormalize();
scoreEquivalence();
