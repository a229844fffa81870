#!/usr/bin/env node
// Hostile input to every export of the library, in every edition (parse, validate, matches, explain,
// recompose, resolve, resolveReference, resolveSteps, normalize, equivalent, audit, extract,
// ruleInfo, compareEditions, diffEditions): strings built to hurt (long
// runs, control characters, lone surrogates, chains of "%", deep dot segments, huge ports, IP
// literals in odd forms, grammar-shaped references with characters inserted, deleted or replaced),
// and parts and options of the wrong type. Counts three kinds of failure, each of which must be 0:
//   - unexpected exceptions: anything but the documented typed errors (UriSyntaxError, ResolveError,
//     NotDefinedError where the edition defines no such operation, TypeError where an argument is
//     of the wrong type or names no rule, RangeError from explain() over EXPLAIN_MAX_LENGTH and from
//     resolveSteps() over RESOLVE_STEPS_MAX_LENGTH);
//   - invalid outputs: a result of resolve(), resolveReference() or normalize() that validate()
//     rejects in the edition's grammar, a normalize() that is not idempotent, recompose(parse(x))
//     that is not x, resolveSteps() whose target is not resolve()'s;
//   - asymmetries of equivalent(): a ~ b but not b ~ a, on every rung of the ladder;
//   - reference objects: a parsed reference with a part changed (hostile text, a value of the wrong
//     type) given to recompose, normalize, equivalent and resolve must get the answer its text
//     (recompose()) gets, or a TypeError that names the function (counted as invalid outputs);
//   - the command line's output (check, parse, normalize, resolve, audit, explain, extract, in
//     every edition, on one input in --cli-every, run in-process on streams of its own): no
//     character a terminal acts on (C0 but line break and tab, DEL, C1, bidirectional controls)
//     may reach stdout or stderr raw (counted as "raw terminal output").
// The generator is seeded (mulberry32), so a run is reproducible; a failure prints the seed, the
// input's number and the call. Not part of `npm test` (it takes minutes): after `npm run build`,
//
//   node scripts/fuzz-hostile.mjs [--count 1000000] [--seed 1] [--edition ID] [--max-length 20000]
//                                 [--progress 50000] [--package DIR (another checkout's build)]
//                                 [--cli-every 50]
//
// Each input goes through every export in every edition (or the one named). Exit status 0 when all
// three counts are 0, 1 otherwise, 2 for a usage error.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

let args;
try {
  args = parseArgs({
    options: {
      // Another checkout's build, to compare (its dist/ is used).
      package: { type: "string", default: join(dirname(fileURLToPath(import.meta.url)), "..") },
      count: { type: "string", default: "1000000" },
      seed: { type: "string", default: "1" },
      edition: { type: "string", multiple: true },
      "max-length": { type: "string", default: "20000" },
      progress: { type: "string", default: "50000" },
      "cli-every": { type: "string", default: "50" },
    },
  }).values;
} catch (e) {
  console.error(`fuzz-hostile: ${e.message}`);
  process.exit(2);
}
const require = createRequire(import.meta.url);
let api;
try {
  api = require(join(args.package, "dist/cjs/src/index.js"));
} catch {
  console.error(`fuzz-hostile: ${join(args.package, "dist")} is missing; run 'npm run build' first`);
  process.exit(2);
}
// The options each model takes, from its folder's definition (src/model.ts); a build from before the
// register of models is fuzzed without options.
let definitionOf = () => ({ options: { resolve: {}, normalize: {} } });
try {
  ({ definitionOf } = require(join(args.package, "dist/cjs/src/models/index.js")));
} catch {
  console.error("fuzz-hostile: this build has no register of models (dist/cjs/src/models/index.js); no options are drawn");
}
// A build from before NotDefinedError has none to allow.
const { UriSyntaxError, ResolveError, NotDefinedError = ResolveError, EDITIONS, EXPLAIN_MAX_LENGTH } = api;

const COUNT = Number(args.count);
const SEED = Number(args.seed) >>> 0;
const MAX_LENGTH = Number(args["max-length"]);
const PROGRESS = Number(args.progress);
if (!Number.isInteger(COUNT) || COUNT < 1 || !Number.isInteger(MAX_LENGTH) || MAX_LENGTH < 16) {
  console.error("fuzz-hostile: --count and --max-length must be positive integers (--max-length at least 16)");
  process.exit(2);
}
const IDS = args.edition ?? Object.keys(EDITIONS);
for (const id of IDS) {
  if (!(id in EDITIONS)) {
    console.error(`fuzz-hostile: unknown edition ${JSON.stringify(id)}; the editions are ${Object.keys(EDITIONS).join(", ")}`);
    process.exit(2);
  }
}

// ----- the seeded generator -----

/** mulberry32: a small, fast, seeded generator of 32-bit values. */
function mulberry32(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(SEED);
const int = (n) => Math.floor(random() * n);
const pick = (list) => list[int(list.length)];
const chance = (p) => random() < p;

/** Characters that matter: every ASCII control, the delimiters, surrogate halves, non-BMP, look-alikes. */
const SPECIAL = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), "\u007f", " ", "%", "#", "?", "/", ":", "@", "[", "]",
  "<", ">", '"', "'", "{", "}", "|", "\\", "^", "`", ".", "-", "_", "~", "!", "$", "&", "(", ")", "*", "+", ",", ";", "=",
  "\ud800", "\udbff", "\udc00", "\udfff", "\u0085", "\u00a0", "\u00e9", "\u2028", "\u2029", "\u202e", "\ufeff", "\uffff",
  "\u{1f600}", "\u{10ffff}", "\uff0e", "\u3002",
];
const HEX = "0123456789abcdefABCDEF";
const ESCAPES = ["%", "%%", "%2", "%zz", "%25", "%252e", "%2525", "%252F", "%255C", "%2e", "%2E", "%2F", "%5C", "%00", "%0D",
  "%0A", "%0d%0a", "%09", "%1B", "%7F", "%85", "%C2%85", "%C0%AE", "%E2%80%AE", "%41", "%7e", "%3A", "%40", "%23", "%3F", "%5B",
  "%5D", "%ff", "%FF%FE"];
const SCHEMES = ["http", "HTTP", "https", "ftp", "gopher", "telnet", "mailto", "urn", "URN", "file", "news", "wais", "afs",
  "prospero", "foo", "a", "x+y-z.w", "1a", "h\u00e9", ""];
const HOSTS = ["a", "example.com", "EXAMPLE.COM.", "a_b", "1.2.3.4", "1.2.3.999", "256.1.1.1", "127.0.0.1", "127.1", "0x7f.1",
  "0177.0.0.1", "2130706433", "0", "0.0.0.0", "localhost", "a.localhost", "[::1]", "[::]", "[::ffff:127.0.0.1]",
  "[::ffff:7f00:1]", "[::127.0.0.1]", "[fe80::1%25eth0]", "[v7.x]", "[v1.:]", "[1:2:3:4:5:6:7:8]", "[1::2::3]", "[::1", "::1]",
  "%31%32%37.1", "%31%32%37.0.0.1", "ex%41mple.com", "a..b", ".", "-a-.b", "a".repeat(64) + ".com", "www.example.123",
  "evil.example%2Fgood.example", "u@h", "u:p@h", "a@b@c", ""];
const PORTS = ["", "0", "25", "0025", "80", "443", "65535", "65536", "65561", "99999999999999999999999", "-1", "8o", "1e3"];
const SEGMENTS = ["", ".", "..", "...", "%2e", "%2e%2e", ".%2e", "%252e%252e", "a", "A", "g:h", "a;p=1", "a,b", "~u", "(x)",
  "*", "$", "!", "'", "[x]", "a%2Fb", "%00", "g?y", "x#y"];

/** A piece of hostile text. */
function piece() {
  switch (int(8)) {
    case 0: return pick(SPECIAL);
    case 1: return pick(ESCAPES);
    case 2: return "%" + pick(HEX) + pick(HEX);
    case 3: return pick(SEGMENTS);
    case 4: return String.fromCharCode(int(0x10000));
    case 5: return pick(HOSTS);
    case 6: return pick(["/", "//", "/./", "/../", "../", "./", "?", "#", "@", ":", "::"]);
    default: return pick("abcxyzABZ0189-._~");
  }
}

/** A run of one piece, long enough to find what is not linear, short enough for a million inputs. */
function longRun(budget) {
  const unit = chance(0.5) ? pick(["a", "/", "../", "./", "%41", "%0D%0A", "%25", "%252e/", "a.", "@", ":", "[", "%", "0", "#", "?",
    "%2e%2e/", "-\n", "\u0000", "\ud800", "a%", "1.", "::"]) : piece();
  const times = 1 + int(Math.max(1, Math.floor(budget / Math.max(1, unit.length))));
  return unit.repeat(times).slice(0, budget);
}

/** A reference built from the grammar's pieces, with hostile ones mixed in. */
function grammarShaped() {
  let s = "";
  if (chance(0.8)) s += pick(SCHEMES) + ":";
  if (chance(0.7)) {
    s += "//";
    if (chance(0.3)) s += (chance(0.5) ? "u" : pick(["www.example.com&x=y", "a%40b", "%77ww.good.com", "u:p", ":", ""])) + "@";
    s += pick(HOSTS);
    if (chance(0.3)) s += ":" + (chance(0.1) ? "9".repeat(1 + int(400)) : pick(PORTS));
  }
  const segments = int(6);
  for (let i = 0; i < segments; i++) s += (i > 0 || chance(0.7) ? "/" : "") + (chance(0.2) ? piece() : pick(SEGMENTS));
  if (chance(0.3)) s += "?" + Array.from({ length: int(4) }, () => (chance(0.5) ? pick(SEGMENTS) : piece())).join(chance(0.5) ? "&" : "/");
  if (chance(0.3)) s += "#" + Array.from({ length: int(3) }, () => (chance(0.7) ? pick(SEGMENTS) : piece())).join("");
  return s;
}

/** Characters inserted, deleted or replaced. */
function mutate(s) {
  let out = s;
  for (let k = 1 + int(4); k > 0; k--) {
    const i = int(out.length + 1);
    const kind = int(3);
    const ch = chance(0.7) ? pick(SPECIAL) : piece();
    if (kind === 0) out = out.slice(0, i) + ch + out.slice(i);
    else if (kind === 1) out = out.slice(0, i) + out.slice(i + 1);
    else out = out.slice(0, i) + ch + out.slice(i + 1);
  }
  return out;
}

/** The next hostile input. */
function hostileInput() {
  const r = random();
  if (r < 0.4) return grammarShaped();
  if (r < 0.7) return mutate(grammarShaped());
  if (r < 0.75) return Array.from({ length: 1 + int(12) }, piece).join("");
  if (r < 0.8) return Array.from({ length: int(40) }, () => String.fromCharCode(int(0x10000))).join("");
  if (r < 0.85) {
    // A reference with a long run inside it (one in a hundred of them as long as --max-length).
    const budget = chance(0.01) ? MAX_LENGTH : 16 + int(Math.min(MAX_LENGTH, 1000));
    const s = grammarShaped();
    const at = int(s.length + 1);
    return s.slice(0, at) + longRun(budget) + s.slice(at);
  }
  if (r < 0.95) return pick(["http://a/", "", "/", "g:", "//h"]) + "../".repeat(int(300)) + pick(SEGMENTS) + "/.".repeat(int(50));
  return pick(SCHEMES) + "://" + pick(HOSTS) + ":" + "9".repeat(1 + int(chance(0.05) ? Math.min(MAX_LENGTH, 5000) : 400));
}

// ----- the checks -----

const failures = { unexpected: 0, invalid: 0, asymmetric: 0, raw: 0 };
const examples = [];
const calls = new Map();
const time = new Map();
let current = { n: 0, input: "" };

const shown = new Map();
function note(kind, what, detail) {
  failures[kind]++;
  // At most three examples of each kind of failure in each call, forty in all.
  const key = `${kind} ${what}`;
  if ((shown.get(key) ?? 0) >= 3 || examples.length >= 40) return;
  shown.set(key, (shown.get(key) ?? 0) + 1);
  examples.push({ kind, n: current.n, what, input: current.input.slice(0, 300), detail: String(detail).slice(0, 400) });
}

const TYPED = [UriSyntaxError, ResolveError];
/**
 * Runs the call; returns its value, or undefined after an allowed error. `allowed` lists the other
 * error classes this call may throw by the documentation.
 */
function attempt(what, f, allowed = []) {
  calls.set(what, (calls.get(what) ?? 0) + 1);
  const t0 = performance.now();
  try {
    return { value: f() };
  } catch (e) {
    if (TYPED.some((c) => e instanceof c) || allowed.some((c) => e instanceof c)) return { error: e };
    note("unexpected", what, e && e.stack ? e.stack.split("\n").slice(0, 4).join(" | ") : e);
    return { error: e };
  } finally {
    time.set(what, (time.get(what) ?? 0) + performance.now() - t0);
  }
}

/** The output must be valid in the edition's grammar. */
function requireValid(what, edition, out) {
  if (typeof out !== "string") {
    note("invalid", what, `not a string: ${typeof out}`);
    return;
  }
  const check = api.validate(out, { edition });
  if (!check.valid) note("invalid", what, `${JSON.stringify(out.slice(0, 200))}: ${check.error.message.slice(0, 200)}`);
}

/** Options drawn from the values each model's folder says its functions take (src/model.ts, options). */
function optionsFrom(values) {
  const o = {};
  for (const [name, choices] of Object.entries(values)) if (chance(0.5)) o[name] = pick(choices);
  return o;
}
function resolveOptions(edition) {
  return optionsFrom(definitionOf(EDITIONS[edition]).options.resolve);
}
function normalizeOptions(edition) {
  return optionsFrom(definitionOf(EDITIONS[edition]).options.normalize);
}

/** Bases by model. */
const BASES = {
  "url-1993": ["http://a/b/c/d", "ftp://u:p@h/x/y", "gopher://h:70/1sel", "news:comp.x"],
  "rfc2396": ["http://a/b/c/d;p?q", "http://a", "foo:/x/y", "mailto:a@b", "HTTP://U@A:80/b/"],
  "rfc2396bis-01": ["http://a/b/c/d;p?q", "http://a", "urn://a/b", "foo:/x/y", "foo:", "x:?q", "mailto:a@b"],
  "rfc3986": ["http://a/b/c/d;p?q", "http://a", "foo:/x/y", "foo:", "x:?q", "mailto:a@b", "http://[::1]:8/a/"],
  "rfc3987": ["http://a/b/c/d;p?q", "http://例え.jp/パス/x?q=\u00e9", "foo:/x/y", "foo:", "x:?q=\ue000", "mailto:a@b", "http://[::1]:8/\u{1d49c}/"],
};
for (const id of Object.keys(EDITIONS)) {
  if (BASES[EDITIONS[id].model] === undefined) throw new Error(`fuzz-hostile: no bases for the model ${EDITIONS[id].model} (BASES)`);
}

const RULES = Object.fromEntries(Object.keys(EDITIONS).map((id) => [id, EDITIONS[id].rules.map((r) => r.name)]));
const IDS_ALL = Object.keys(EDITIONS);
const LADDERS = ["simple", "syntax", "scheme"];

/** Parts of the wrong type for recompose(): each must be a TypeError, never "null:" or "//undefined". */
function hostileParts() {
  const bad = () => pick([null, 42, NaN, {}, [], true, Symbol("s"), () => "x", new String("s")]);
  const parts = { path: chance(0.9) ? "/x" : bad() };
  for (const name of ["scheme", "query", "fragment"]) if (chance(0.5)) parts[name] = chance(0.5) ? "s" : bad();
  if (chance(0.5)) {
    parts.authority = chance(0.3) ? bad() : { kind: pick(["server", "reg-name", "x", undefined]), raw: chance(0.5) ? undefined : bad() };
    if (parts.authority && typeof parts.authority === "object" && chance(0.7)) {
      parts.authority.host = chance(0.5) ? bad() : { kind: pick(["hostname", "IPv4address", "IPv6reference", "IPvFuture", undefined]), raw: chance(0.5) ? undefined : bad() };
    }
  }
  return parts;
}

/** Every export on one input in one edition. */
function exercise(input, edition, other) {
  const opts = { edition };
  const rules = RULES[edition];

  const parsed = attempt("parse", () => api.parse(input, opts));
  attempt("validate", () => api.validate(input, { edition, rule: chance(0.8) ? pick(rules) : pick(["URI-reference", "nope", "ipv6address"]) }), [TypeError]);
  attempt("matches", () => api.matches(chance(0.9) ? pick(rules) : "IPv6Address", input, opts), [TypeError]);
  if (input.length <= 4000 || chance(0.02)) {
    attempt("explain", () => api.explain(input, { edition, foldCharacters: chance(0.5) }), input.length > EXPLAIN_MAX_LENGTH ? [RangeError] : []);
  }

  // recompose: the parsed reference back to its text; parts of the wrong type are a TypeError.
  if (parsed.value !== undefined) {
    const text = attempt("recompose", () => api.recompose(parsed.value, opts));
    if (text.value !== undefined && text.value !== input) note("invalid", "recompose(parse(x)) !== x", JSON.stringify(text.value.slice(0, 200)));
  }
  if (parsed.value !== undefined && chance(0.2)) exerciseObject(parsed.value, edition, other);
  if (chance(0.2)) {
    const parts = hostileParts();
    const r = attempt("recompose (hostile parts)", () => api.recompose(parts, opts), [TypeError]);
    if (r.value !== undefined && /null|undefined|\[object|NaN/.test(r.value)) note("unexpected", "recompose accepted parts of the wrong type", r.value);
  }

  // resolve: against each edition's bases, and the input as a base.
  const base = pick(BASES[EDITIONS[edition].model]);
  const ro = resolveOptions(edition);
  const resolved = attempt("resolve", () => api.resolve(base, input, { ...ro, edition }));
  if (resolved.value !== undefined) requireValid(`resolve(${JSON.stringify(base)}, x, ${JSON.stringify(ro)})`, edition, resolved.value);
  if (input.length <= 4000 || chance(0.02)) {
    // The steps of 5.2 must reach resolve()'s target, or fail as it fails.
    const steps = attempt("resolveSteps", () => api.resolveSteps(base, input, { ...ro, edition }),
      input.length > (api.RESOLVE_STEPS_MAX_LENGTH ?? Infinity) ? [RangeError] : []);
    if (steps.value !== undefined && steps.value.target !== resolved.value) {
      note("invalid", "resolveSteps(base, x).target !== resolve(base, x)", `${steps.value.target} / ${resolved.value}`);
    }
    if (!(steps.error instanceof RangeError) && (steps.error instanceof ResolveError) !== (resolved.error instanceof ResolveError)) {
      note("invalid", "resolveSteps and resolve disagree about an error", `${steps.error?.message} / ${resolved.error?.message}`);
    }
  }
  if (parsed.value !== undefined && chance(0.1)) {
    // The reference as a parsed value, not a string.
    const value = attempt("resolve (parsed)", () => api.resolve(base, parsed.value, { ...ro, edition }));
    if (value.value !== undefined) requireValid("resolve(base, parse(x))", edition, value.value);
  }
  const asBase = attempt("resolve (as base)", () => api.resolve(input, pick(["g", "../g?y#s", "", "#f", "//h/p", "?q", "http:g"]), { ...resolveOptions(edition), edition }));
  if (asBase.value !== undefined) requireValid("resolve(x, ref)", edition, asBase.value);
  const rr = attempt("resolveReference", () => api.resolveReference(base, input, { ...ro, edition }));
  if (rr.value !== undefined) {
    const target = rr.value.kind === "uri" ? rr.value.uri : rr.value.kind === "current-document" ? undefined : rr.value;
    if (target !== undefined) {
      const text = attempt("recompose (resolution)", () => api.recompose(target, opts));
      if (text.value !== undefined) requireValid("resolveReference(base, x)", edition, text.value);
    }
  }

  // normalize: valid, and a fixed point.
  const no = normalizeOptions(edition);
  const normal = attempt("normalize", () => api.normalize(input, { ...no, edition }), [NotDefinedError]);
  if (normal.value !== undefined) {
    requireValid(`normalize(x, ${JSON.stringify(no)})`, edition, normal.value);
    const again = attempt("normalize (again)", () => api.normalize(normal.value, { ...no, edition }));
    if (again.value !== undefined && again.value !== normal.value) note("invalid", "normalize is not idempotent", `${normal.value.slice(0, 150)} -> ${again.value.slice(0, 150)}`);
  }

  // equivalent: symmetric on every rung, with a relative of the input and an unrelated input.
  const b = pick([other, normal.value ?? other, input.toUpperCase(), mutate(input), input]);
  const eo = { edition, ladder: pick(LADDERS), ignoreFragment: chance(0.3) };
  const ab = attempt("equivalent", () => api.equivalent(input, b, eo), [NotDefinedError]);
  const ba = attempt("equivalent", () => api.equivalent(b, input, eo), [NotDefinedError]);
  const side = (r) => (r.error !== undefined ? `error ${r.error.name}` : r.value);
  if (side(ab) !== side(ba)) note("asymmetric", `equivalent(a, b, ${JSON.stringify(eo)})`, `a ~ b: ${side(ab)}, b ~ a: ${side(ba)}; b = ${JSON.stringify(b.slice(0, 150))}`);

  attempt("audit", () => api.audit(input, { edition, fetch: chance(0.5), minSeverity: pick(["info", "warning", "danger"]) }));
  if (chance(0.3)) {
    const ext = attempt("extract", () => api.extract(`see <${input}> and ${input}, or "${input}".`, { edition, relative: chance(0.3) }));
    if (ext.value !== undefined && !Array.isArray(ext.value)) note("unexpected", "extract", "not an array");
  }
  attempt("ruleInfo", () => api.ruleInfo(chance(0.5) ? pick(rules) : input.slice(0, 40), opts));
}

// ----- reference objects -----

const HOSTILE_PARTS = ["", "/", "//", "//evil/x", "?", "#", "a#b", "q?x", "@", ":", "[::1]", "evil/#", "a b", "\r\n", "X: y", "%", "%zz",
  "\u202e", "\u0000", "..", "http:", "\u00e9", "80", "-1"];
const PART_PATHS = [["scheme"], ["path"], ["query"], ["fragment"], ["authority"], ["authority", "raw"], ["authority", "host"],
  ["authority", "port"], ["authority", "userinfo"], ["authority", "host", "raw"], ["authority", "host", "labels"], ["user"], ["password"],
  ["host"], ["port"], ["search"], ["fragmentid"], ["production"]];

/** A copy of a parsed reference (its prototype kept) with one to three parts changed. */
function mutatedObject(ref) {
  const clone = (v) => {
    if (v === null || typeof v !== "object") return v;
    if (Array.isArray(v)) return v.map(clone);
    const out = Object.create(Object.getPrototypeOf(v));
    for (const [k, x] of Object.entries(v)) out[k] = clone(x);
    return out;
  };
  const copy = clone(ref);
  for (let k = 1 + int(3); k > 0; k--) {
    const path = pick(PART_PATHS);
    let at = copy;
    for (const key of path.slice(0, -1)) at = at && typeof at === "object" ? at[key] : undefined;
    if (!at || typeof at !== "object") continue;
    const r = random();
    at[path[path.length - 1]] = r < 0.75 ? pick(HOSTILE_PARTS) : r < 0.85 ? [pick(HOSTILE_PARTS)] : pick([null, 5, {}, undefined, true]);
  }
  return copy;
}

/** The functions on a mutated object: its text's answer, or a TypeError that names the function. */
function exerciseObject(parsed, edition, other) {
  const obj = mutatedObject(parsed);
  const opts = { edition };
  const text = attempt("recompose (mutated object)", () => api.recompose(obj, opts), [TypeError]);
  if (text.value !== undefined && !api.validate(text.value, opts).valid && !(EDITIONS[edition].model === "rfc2396" && text.value.startsWith("?"))) {
    note("invalid", "recompose(mutated object) is not valid", JSON.stringify(text.value.slice(0, 200)));
  }
  const base = pick(BASES[EDITIONS[edition].model]);
  const calls = [
    ["normalize", (x) => api.normalize(x, opts)],
    ["equivalent", (x) => api.equivalent(x, other, opts)],
    ["resolve", (x) => api.resolve(base, x, opts)],
    ["resolve", (x) => api.resolve(x, "../g?y#s", opts)],
  ];
  for (const [name, call] of calls) {
    const mine = attempt(`${name} (mutated object)`, () => call(obj), [TypeError, NotDefinedError]);
    if (mine.error instanceof TypeError) {
      if (!mine.error.message.startsWith(`${name}: `)) note("invalid", `${name} (mutated object): a TypeError that does not name it`, mine.error.message);
      if (text.value !== undefined) note("invalid", `${name} refused an object recompose() accepts`, mine.error.message);
      continue;
    }
    if (text.value === undefined) {
      note("invalid", `${name} accepted an object recompose() refuses`, String(mine.value ?? mine.error?.message));
      continue;
    }
    if (EDITIONS[edition].model === "rfc2396" && text.value.startsWith("?")) continue;
    let theirs;
    try { theirs = { value: call(text.value) }; } catch (e) { theirs = { error: e }; }
    const side = (r) => (r.error !== undefined ? `error ${r.error.name}` : String(r.value));
    if (side(mine) !== side(theirs)) note("invalid", `${name}(mutated object) differs from ${name}(its text)`, `${side(mine)} / ${side(theirs)}`);
    else if (typeof mine.value === "string" && !api.validate(mine.value, opts).valid) note("invalid", `${name}(mutated object) is not valid`, mine.value);
  }
}

// ----- the command line's output -----

const CLI_EVERY = Number(args["cli-every"]);
let cli;
try {
  const { main } = require(join(args.package, "dist/cjs/src/cli/main.js"));
  const { streamContext } = require(join(args.package, "dist/cjs/src/cli/context.js"));
  cli = { main, streamContext };
} catch {
  cli = undefined; // a build from before streamContext: no CLI checks
}
const { PassThrough } = await import("node:stream");
/** What a terminal acts on: C0 but line break and tab, DEL, C1, bidirectional controls, separators, lone surrogates. */
const ACTED_ON = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]|\p{Cs}/u;
/** Characters a terminal acts on, put into an input for the command line. */
const TERMINAL = ["\u202e", "\u2066", "\u0085", "\u009b", "\u007f", "\u001b[2J", "\u001b]0;x\u0007", "\r", "\u200f"];

async function runCli(argv, input) {
  const out = new PassThrough();
  const err = new PassThrough();
  let text = "";
  out.on("data", (c) => { text += c; });
  err.on("data", (c) => { text += c; });
  const stdin = new PassThrough();
  stdin.end(input);
  const status = await cli.main(argv, cli.streamContext(out, err, stdin));
  return { status, text };
}

/** The command line on the input, with characters a terminal acts on mixed in, in every edition. */
async function exerciseCli(input) {
  if (!cli) return;
  let hostile = input.slice(0, 2000);
  for (let k = 1 + int(3); k > 0; k--) {
    const at = int(hostile.length + 1);
    hostile = hostile.slice(0, at) + pick(TERMINAL) + hostile.slice(at);
  }
  for (const edition of IDS) {
    for (const argv of [["check", hostile], ["parse", hostile], ["normalize", hostile], ["resolve", "http://a/b", hostile],
      ["audit", hostile], ["explain", hostile], ["extract", "-"], ["check", "--rule", hostile.slice(0, 40), "x"]]) {
      const what = `cli ${argv[0]}`;
      calls.set(what, (calls.get(what) ?? 0) + 1);
      let r;
      try {
        r = await runCli([...argv, "--edition", edition], `see ${hostile} and <${hostile}>`);
      } catch (e) {
        note("unexpected", what, e && e.stack ? e.stack.split("\n").slice(0, 4).join(" | ") : e);
        continue;
      }
      if (r.status === 70) note("unexpected", `${what}: exit 70`, r.text.slice(0, 300));
      const m = ACTED_ON.exec(r.text);
      if (m) note("raw", `${what} --edition ${edition}`, `U+${m[0].codePointAt(0).toString(16).toUpperCase().padStart(4, "0")} in ${JSON.stringify(r.text.slice(Math.max(0, m.index - 40), m.index + 40))}`);
    }
  }
}

/** The exports without an edition: once per input. */
function editionless(input) {
  if (input.length <= 4000 || chance(0.05)) {
    const rule = chance(0.8) ? undefined : pick([...RULES.rfc3986, ...RULES["rfc2396bis-01"], "nope"]);
    attempt("compareEditions", () => api.compareEditions(input, rule === undefined ? undefined : { rule }), [TypeError]);
  }
  if (chance(0.05)) {
    const a = chance(0.9) ? pick(IDS_ALL) : input.slice(0, 20);
    const b = chance(0.9) ? pick(IDS_ALL) : input.slice(0, 20);
    attempt("diffEditions", () => api.diffEditions(a, b), [TypeError]);
  }
  if (chance(0.01)) {
    // Arguments of the wrong type: a TypeError every time.
    const value = pick([undefined, null, 42, {}, [], new String(input), Symbol("s")]);
    for (const [what, f] of [["parse", () => api.parse(value)], ["normalize", () => api.normalize(value)], ["audit", () => api.audit(value)],
      ["resolve", () => api.resolve("http://a/", value)], ["extract", () => api.extract(value)], ["compareEditions", () => api.compareEditions(value)]]) {
      const r = attempt(`${what} (wrong type)`, f, [TypeError]);
      if (r.error === undefined || !(r.error instanceof TypeError)) note("unexpected", `${what} (wrong type)`, r.error ? r.error.name : "no error");
    }
  }
}

// ----- the run -----

const started = process.hrtime.bigint();
let chars = 0;
let longest = 0;
let previous = "http://a/b";
for (let n = 1; n <= COUNT; n++) {
  const input = hostileInput();
  current = { n, input };
  chars += input.length;
  if (input.length > longest) longest = input.length;
  for (const edition of IDS) exercise(input, edition, previous);
  editionless(input);
  if (CLI_EVERY > 0 && n % CLI_EVERY === 0) await exerciseCli(input);
  previous = input;
  if (PROGRESS > 0 && n % PROGRESS === 0) {
    const s = Number(process.hrtime.bigint() - started) / 1e9;
    console.error(`fuzz-hostile: ${n} inputs, ${s.toFixed(0)} s; unexpected ${failures.unexpected}, invalid ${failures.invalid}, asymmetric ${failures.asymmetric}, raw ${failures.raw}`);
  }
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const totalCalls = [...calls.values()].reduce((a, b) => a + b, 0);

console.log(`fuzz-hostile: seed ${SEED}, ${COUNT} hostile inputs (${chars} characters, the longest ${longest}), ` +
  `editions ${IDS.join(", ")}, ${totalCalls} calls in ${seconds.toFixed(0)} s`);
console.log(`calls (number, seconds): ${[...calls.entries()].sort((a, b) => b[1] - a[1])
  .map(([k, v]) => `${k} ${v} ${((time.get(k) ?? 0) / 1000).toFixed(1)}`).join(", ")}`);
console.log(`unexpected exceptions: ${failures.unexpected}`);
console.log(`raw terminal output of the command line: ${failures.raw}`);
console.log(`invalid outputs of resolve/normalize: ${failures.invalid}`);
console.log(`asymmetries of equivalent: ${failures.asymmetric}`);
for (const e of examples) console.log(`  ${e.kind} #${e.n} ${e.what}: input ${JSON.stringify(e.input)}: ${e.detail}`);
process.exit(failures.unexpected + failures.invalid + failures.asymmetric + failures.raw === 0 ? 0 : 1);
