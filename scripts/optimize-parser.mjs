// Build-time passes over the parsers peggy generates (run by scripts/build-grammar.mjs on every
// build). They change how the generated code does its work, never which strings a rule accepts,
// and never the records the grammar's actions return. Each pass is a deterministic text rewrite of
// peggy 5.1.0's output that first checks the code has the shape it expects and stops the build
// with an error otherwise (peggy is pinned; an upgrade must revisit these passes).
//
//   hoistConstants   peggy declares everything inside parse(): per call it rebuilds its class
//                    regexes, expectation objects, the start-rule table and about 90 closures
//                    (one per rule, action and helper). This moves all of them to the module, once;
//                    the per-call state (input, positions, failure bookkeeping, tracer) becomes
//                    module variables that parse() resets on entry. parse() is not re-entrant
//                    (no action or tracer here calls it), and the returned peg$throw restores the
//                    state of its own call. A finished call lets go of its input, position cache
//                    and tracer, so nothing of the last input stays in memory.
//   classTables      one RegExp test per character becomes a lookup in a 128-entry table built
//                    from the same regex, with its flag i if it has one, at load time (every class
//                    here is ASCII-only; a code unit of 128 or more is outside every class, and a
//                    RegExp without the flag u never folds one onto ASCII). In the fast build the value of a
//                    matched class is its character code rather than the character (no action
//                    reads it: checkActionInputs).
//   literalTests     a multi-character literal ("//", "::") is compared code by code rather than
//                    by cutting a substring out of the input and comparing strings.
//   messageEscapes   peggy's error message escapes each expected character through a dozen regex
//                    replacements on every rejected input; the escapes of short strings are
//                    remembered (trace build: its errors are the ones that get diagnosed).
//   dropLists        repetitions and sequences build arrays of what they matched. They are
//                    replaced by one shared empty array; a bounded repetition counts its matches
//                    in a number. The fast and match builds then compile every rule
//                    (compile-rules.mjs) into a function that replaces its peggy body and builds
//                    an array only for a repetition whose value a label reads (the labels of a
//                    hostname); checkActionInputs proves that every value an action reads is one
//                    the compiled rules build as peggy does. Not in the trace build, which
//                    reports rule results to its tracer.
//
// Both builds get hoistConstants and classTables; the trace build keeps every rule.enter,
// rule.match, rule.fail and fail event exactly as peggy emits them.
import { createRequire } from "node:module";
import { compileParser, mayMatchEmpty, size } from "./compile-rules.mjs";

const require = createRequire(import.meta.url);
const peggy = require("peggy");

function fail(pass, what) {
  throw new Error(`optimize-parser ${pass}: ${what} (did the peggy output change?)`);
}

/** Splits the body of a function into its top-level statements (indentation 2 in peggy's output). */
function statements(body) {
  const out = [];
  for (const line of body.split("\n")) {
    const top = /^  \S/.test(line) && !/^  [}\])]/.test(line);
    if (top || out.length === 0) out.push([line]);
    else out[out.length - 1].push(line);
  }
  return out.map((lines) => lines.join("\n"));
}

/**
 * Moves everything that does not depend on one call's input out of peg$parse. A declaration is
 * per-call when its initializer reads options or the state of the call; functions and constants
 * go to module level in their original order.
 */
export function hoistConstants(js) {
  const head = "function peg$parse(input, options) {\n";
  const run = "  peg$result = peg$startRuleFunction();\n";
  const a = js.indexOf(head);
  const b = js.indexOf(run);
  if (a < 0 || b < a || js.indexOf(head, a + 1) >= 0) fail("hoistConstants", "peg$parse not found");
  const body = js.slice(a + head.length, b);
  const tail = js.slice(b);

  const state = []; // names of per-call variables, declared once at module level
  const reset = []; // their per-call assignments, in order
  const hoisted = [];
  const perCall = /\b(options|input|peg\$currPos|peg\$savedPos|peg\$maxFailPos|peg\$maxFailExpected|peg\$silentFails|peg\$tracer|peg\$source|peg\$result|peg\$startRuleFunction)\b/;
  for (const raw of statements(body)) {
    const st = raw.trimEnd();
    const trimmed = st.trim();
    if (trimmed === "") continue;
    const decl = /^  (const|let) (peg\$\w+)(?: = ([\s\S]*))?;$/.exec(st);
    if (/^  function /.test(st)) {
      hoisted.push(st);
    } else if (decl) {
      const [, , name, init] = decl;
      if (init === undefined || perCall.test(init) || name === "peg$posDetailsCache" || name === "peg$startRuleFunction") {
        state.push(name);
        reset.push(init === undefined ? `  ${name} = undefined;` : `  ${name} = ${init};`);
      } else {
        hoisted.push(st);
      }
    } else if (/^  options = options !== undefined \? options : \{\};$/.test(st) || /^  if \(options\.startRule\) \{/.test(st)) {
      reset.push(st);
    } else {
      fail("hoistConstants", `unexpected statement in peg$parse: ${JSON.stringify(trimmed.slice(0, 60))}`);
    }
  }
  for (const need of ["peg$currPos", "peg$maxFailExpected", "peg$silentFails", "peg$result", "peg$posDetailsCache"]) {
    if (!state.includes(need)) fail("hoistConstants", `no per-call ${need}`);
  }
  if (!hoisted.some((s) => s.startsWith("  const peg$FAILED = {};"))) fail("hoistConstants", "peg$FAILED not found");

  // peg$throw may be called after a later parse (library mode): it restores its own call's state.
  // It is made only for a failed call, so a success allocates nothing for it.
  const throwHead = "  function peg$throw() {\n";
  const t0 = tail.indexOf(throwHead);
  const t1 = tail.indexOf("\n  }\n", t0);
  if (t0 < 0 || t1 < 0 || tail.indexOf(throwHead, t0 + 1) >= 0) fail("hoistConstants", "peg$throw not found");
  const saved = ["input", ...state];
  // What a finished call lets go of: the input, the position cache, the caller's tracer.
  const release = ["input", "peg$posDetailsCache", ...state.filter((n) => n === "peg$tracer")]
    .map((n) => `${n} = undefined;`);
  // After the call the module lets go of the input, the position cache (the trace build fills it
  // for every event) and the tracer, so that no memory is held for the last input.
  const newTail = tail.slice(0, t0) +
    `  const peg$throw = peg$success ? undefined : peg$makeThrow([${saved.join(", ")}]);\n` +
    release.map((r) => `  ${r}\n`).join("") +
    tail.slice(t1 + "\n  }\n".length);
  const makeThrow = `function peg$makeThrow(peg$callState) {\n  return function peg$throw() {\n` +
    `    [${saved.join(", ")}] = peg$callState;\n    try {\n` +
    tail.slice(t0 + throwHead.length, t1).split("\n").map((l) => (l ? "  " + l : l)).join("\n") +
    "\n    } finally {\n" + release.map((r) => `      ${r}\n`).join("") + "    }\n  };\n}";
  hoisted.push(makeThrow.split("\n").map((l) => "  " + l).join("\n"));

  const dedent = (s) => s.split("\n").map((l) => l.startsWith("  ") ? l.slice(2) : l).join("\n");
  const module =
    `// Module-level state of the parse in progress (scripts/optimize-parser.mjs, hoistConstants).\n` +
    `let input;\n${state.map((n) => `let ${n};`).join("\n")}\n\n` +
    hoisted.map(dedent).join("\n\n") + "\n\n" +
    `function peg$parse(peg$input, options) {\n  input = peg$input;\n` + reset.join("\n") + "\n\n" + newTail;
  return js.slice(0, a) + module;
}

/** Replaces each class regex test on one character with a 128-entry table lookup. */
export function classTables(js, { keepChar = true } = {}) {
  const regexes = new Map();
  for (const m of js.matchAll(/^(\s*)const (peg\$r\d+) = (\/\^\[.*\]\/i?);$/gm)) regexes.set(m[2], m[3]);
  if (regexes.size === 0) fail("classTables", "no class regexes found");
  const tables = [];
  for (const [name, source] of regexes) {
    // A case-insensitive class ([ab]i, or "v"i / "w"i merged by peggy) keeps its flag: the table
    // holds what the RegExp matches.
    const flags = source.endsWith("/i") ? "i" : "";
    const re = new RegExp(source.slice(1, flags ? -2 : -1), flags);
    const members = [];
    for (let c = 0; c < 0x10000; c++) {
      if (re.test(String.fromCharCode(c))) {
        if (c >= 128) fail("classTables", `${name} matches a non-ASCII character`);
        members.push(c);
      }
    }
    tables.push(`const ${name.replace("$r", "$t")} = peg$table([${members.join(", ")}]); // ${source}`);
  }
  let count = 0;
  const out = js.replace(
    /^( *)(s\d+) = input\.charAt\(peg\$currPos\);\n\1if \((peg\$r\d+)\.test\(\2\)\) \{\n/gm,
    (_, ind, v, r) => {
      count++;
      return `${ind}${v} = input.charCodeAt(peg$currPos);\n` +
        `${ind}if (${v} < 128 && ${r.replace("$r", "$t")}[${v}] === 1) {\n` +
        (keepChar ? `${ind}  ${v} = input.charAt(peg$currPos);\n` : "");
    });
  if (count === 0) fail("classTables", "no class tests found");
  if (/peg\$r\d+\.test/.test(out)) fail("classTables", "a class test was left unconverted");
  const anchor = "const peg$FAILED = {};\n";
  if (out.split(anchor).length !== 2) fail("classTables", "peg$FAILED not found at module level (run hoistConstants first)");
  return out.replace(anchor, () => anchor +
    "\n// Character classes as 128-entry tables (scripts/optimize-parser.mjs, classTables).\n" +
    "function peg$table(codes) {\n  const t = new Uint8Array(128);\n  for (const c of codes) t[c] = 1;\n  return t;\n}\n" +
    tables.join("\n") + "\n");
}

/**
 * peggy's error message (SyntaxError.buildMessage, on every rejected input outside library mode:
 * the trace build's errors) escapes every character of every expected class through a dozen regex
 * replacements. The escapes of short strings are pure functions of the string, so they are
 * remembered in one table per module (at most one entry per string of up to two code units).
 */
export function messageEscapes(js) {
  let count = 0;
  const out = js.replace(/^ {4}function (literalEscape|classEscape)\(s\) \{\n/gm, (_, name) => {
    count++;
    return `    function ${name}(s) {\n` +
      `      if (s.length <= 2) {\n` +
      `        const key = "${name[0]}" + s;\n` +
      `        let escaped = peg$escapes.get(key);\n` +
      `        if (escaped === undefined) peg$escapes.set(key, escaped = ${name}Uncached(s));\n` +
      `        return escaped;\n      }\n      return ${name}Uncached(s);\n    }\n\n` +
      `    function ${name}Uncached(s) {\n`;
  });
  const cls = "class peg$SyntaxError extends SyntaxError {\n";
  if (count !== 2 || js.split(cls).length !== 2) fail("messageEscapes", "literalEscape and classEscape not found");
  return out.replace(cls, () => "// Escapes of short strings in error messages (scripts/optimize-parser.mjs, messageEscapes).\n" +
    "const peg$escapes = new Map();\n\n" + cls);
}

/**
 * Compares a multi-character literal ("//", "::", "25") code by code instead of cutting the
 * substring out of the input first.
 */
export function literalTests(js) {
  const literals = new Map();
  for (const m of js.matchAll(/^const (peg\$c\d+) = ("(?:[^"\\]|\\.)*");$/gm)) literals.set(m[1], JSON.parse(m[2]));
  let count = 0;
  const out = js.replace(/input\.substr\(peg\$currPos, (\d+)\) === (peg\$c\d+)/g, (whole, n, c) => {
    const text = literals.get(c);
    if (text === undefined || text.length !== Number(n)) fail("literalTests", `literal ${c} not found`);
    count++;
    return "(" + [...text].map((ch, i) => `input.charCodeAt(peg$currPos${i ? " + " + i : ""}) === ${ch.charCodeAt(0)}`).join(" && ") + ")";
  });
  if (count === 0) fail("literalTests", "no multi-character literal found");
  return out;
}

/**
 * Replaces the arrays of repetitions and sequences by one shared empty array, function by
 * function; where a bounded repetition reads the length of its array, the array becomes a count
 * (the value of such a repetition is then its count, which nothing reads either).
 */
export function dropLists(js) {
  const anchor = "const peg$FAILED = {};\n";
  if (js.split(anchor).length !== 2) fail("dropLists", "peg$FAILED not found at module level (run hoistConstants first)");
  let pushes = 0;
  let literals = 0;
  const out = js.replace(/^function (peg\$parse\w+)\(\) \{\n[\s\S]*?^\}\n/gm, (fn) => {
    const counted = new Set([...fn.matchAll(/\b(s\d+)\.length\b/g)].map((m) => m[1]));
    return fn
      .replace(/^( *)(s\d+) = \[\];\n/gm, (line, ind, v) => `${ind}${v} = ${counted.has(v) ? "0" : "peg$LIST"};\n`)
      .replace(/^( *)(s\d+)\.push\(s\d+\);\n/gm, (line, ind, v) => { pushes++; return counted.has(v) ? `${ind}${v}++;\n` : ""; })
      .replace(/\b(s\d+)\.length\b/g, (m, v) => v)
      .replace(/^( *)(s\d+) = \[(s\d+(?:, s\d+)+)\];\n/gm, (line, ind, v) => { literals++; return `${ind}${v} = peg$LIST;\n`; });
  });
  if (pushes === 0 || literals === 0) fail("dropLists", "no repetitions or sequences found");
  if (/\.push\(s\d+\)|\bs\d+\.length\b|= \[s\d+/.test(out.slice(out.indexOf("function peg$parse")))) fail("dropLists", "an array of matches remains");
  return out.replace(anchor, () => anchor +
    "// The result of every repetition and sequence: nothing reads their elements (scripts/optimize-parser.mjs, dropLists).\n" +
    "const peg$LIST = Object.freeze([]);\n");
}

/**
 * The fast and match builds build only the values that actions read, and build some of them
 * differently from peggy: a sequence without a pluck is the shared empty array (dropLists,
 * compile-rules), a class is its code in peggy's bodies (classTables). This walks the grammar:
 * every label an action reads must produce text ($), a literal, an action's result, a choice /
 * option / pluck of those, or a repetition of those (an array, which the compiled rules build).
 */
export function checkActionInputs(grammarText) {
  const ast = peggy.parser.parse(grammarText, { grammarSource: "grammar" });
  const rules = new Map(ast.rules.map((r) => [r.name, r]));
  const visiting = new Set();
  function scalar(node) {
    switch (node.type) {
      case "action": case "text": case "literal": case "any": return true;
      case "rule_ref": {
        if (visiting.has(node.name)) return false;
        visiting.add(node.name);
        const ok = scalar(rules.get(node.name).expression);
        visiting.delete(node.name);
        return ok;
      }
      case "named": case "labeled": case "group": case "optional": return scalar(node.expression);
      case "zero_or_more": case "one_or_more": return scalar(node.expression);
      case "repeated": return !node.delimiter && scalar(node.expression);
      case "choice": return node.alternatives.every(scalar);
      case "sequence": {
        const plucked = node.elements.filter((e) => e.type === "labeled" && e.pick);
        return plucked.length === 1 && scalar(plucked[0].expression);
      }
      default: return false; // classes, lookaheads, sequences without one pluck
    }
  }
  const problems = [];
  function visit(node, rule) {
    if (!node || typeof node !== "object") return;
    if (node.type === "action") {
      const expr = node.expression;
      const elements = expr.type === "sequence" ? expr.elements : [expr];
      for (const e of elements) {
        if (e.type === "labeled" && e.label && !scalar(e.expression)) problems.push(`${rule}: label ${e.label}`);
      }
    }
    for (const key of ["expression", "alternatives", "elements"]) {
      const child = node[key];
      if (Array.isArray(child)) child.forEach((c) => visit(c, rule));
      else if (child) visit(child, rule);
    }
  }
  for (const r of ast.rules) visit(r.expression, r.name);
  if (problems.length) {
    throw new Error(`optimize-parser checkActionInputs: these action inputs are values the compiled rules do not build as peggy does: ${problems.join("; ")}`);
  }
}

// ----- The peggy plugin (fast build only: these passes remove rule calls, so the trace build,
// whose tracer reports rule calls, does not get them) -----
//
//   flattenChoices       a call of a small rule whose whole body is an action-free choice is
//                        replaced by that choice, and a choice among alternatives by its
//                        alternatives (a PEG choice is associative): query's "pchar / [/?]"
//                        becomes "unreserved / escaped / [;:@&=+$,] / [/?]", segment's "pchar*"
//                        becomes "(unreserved / escaped / [;:@&=+$,])*".
//   hoistClassAlternatives  alternatives that match exactly one character of a set move to the
//                        front of their choice when no other alternative can start with one of
//                        those characters (then at most one alternative can match, so the order
//                        does not matter): "unreserved / escaped / [;:@&=+$,]" becomes
//                        "unreserved / [;:@&=+$,] / escaped", which peggy's own
//                        mergeCharacterClasses pass then turns into one class, one table lookup.
//   inlineClassRules     a call of a rule that is one character class (ALPHA, HEXDIG, alphanum)
//                        becomes the class itself (after peggy merged the classes).
//   deferOptionalPrefix  "(A S)? T" becomes "T !X / (A S) T / !(A S) T", where S is a literal, T the
//                        rest of the sequence, and X the class of every character A can match
//                        and the first character of S, when no match of T can contain S's
//                        first character (server's [ userinfo "@" ] hostport: most servers
//                        have no userinfo, which was read first every time). Runs first.
//   fuseLoops            "B* (L B*)*" becomes "(B / L)*" when neither B nor L can match the
//                        empty string: both read any sequence of B's and L's, trying B first at
//                        every position, so they match the same prefix of any input. Runs first:
//                        path-segments' "segment ("/" segment)*", with segment = pchar*,
//                        becomes "(pchar / "/")*", which the passes below turn into one class
//                        and escaped: one loop over a whole path instead of one per segment.

/** The rule bodies by name. */
const ruleMap = (ast) => new Map(ast.rules.map((r) => [r.name, r]));

/** The set of character codes a node matches when it always matches exactly one character. */
function charSet(node, rules, seen = new Set()) {
  switch (node.type) {
    case "class": {
      if (node.inverted || node.ignoreCase || node.unicode) return null;
      const set = new Set();
      for (const part of node.parts) {
        if (Array.isArray(part)) {
          if (typeof part[0] !== "string" || typeof part[1] !== "string") return null;
          for (let c = part[0].charCodeAt(0); c <= part[1].charCodeAt(0); c++) set.add(c);
        } else if (typeof part === "string" && part.length === 1) set.add(part.charCodeAt(0));
        else return null;
      }
      return set;
    }
    case "literal":
      return !node.ignoreCase && node.value.length === 1 ? new Set([node.value.charCodeAt(0)]) : null;
    case "rule_ref": {
      const rule = rules.get(node.name);
      if (!rule || seen.has(node.name)) return null;
      seen.add(node.name);
      const set = charSet(rule.expression, rules, seen);
      seen.delete(node.name);
      return set;
    }
    case "group": case "named": return charSet(node.expression, rules, seen);
    case "choice": {
      const set = new Set();
      for (const alt of node.alternatives) {
        const s = charSet(alt, rules, seen);
        if (!s) return null;
        for (const c of s) set.add(c);
      }
      return set;
    }
    default: return null;
  }
}

/** The characters a node can start with, when it cannot match the empty string; null if unknown. */
function firstSet(node, rules, seen = new Set()) {
  const one = charSet(node, rules);
  if (one) return one;
  switch (node.type) {
    case "literal":
      return !node.ignoreCase && node.value.length > 0 ? new Set([node.value.charCodeAt(0)]) : null;
    case "sequence": return node.elements.length ? firstSet(node.elements[0], rules, seen) : null;
    case "group": case "named": case "labeled": case "text": case "action":
      return firstSet(node.expression, rules, seen);
    case "rule_ref": {
      const rule = rules.get(node.name);
      if (!rule || seen.has(node.name)) return null;
      seen.add(node.name);
      const set = firstSet(rule.expression, rules, seen);
      seen.delete(node.name);
      return set;
    }
    case "choice": {
      const set = new Set();
      for (const alt of node.alternatives) {
        const s = firstSet(alt, rules, seen);
        if (!s) return null;
        for (const c of s) set.add(c);
      }
      return set;
    }
    default: return null;
  }
}

/** True when the node builds no value anything reads: no action, label, text or predicate code. */
function pure(node) {
  switch (node.type) {
    case "literal": case "class": case "any": case "rule_ref": return true;
    case "action": case "labeled": case "text": case "semantic_and": case "semantic_not": return false;
    case "choice": return node.alternatives.every(pure);
    case "sequence": return node.elements.every(pure);
    case "repeated": return pure(node.expression) && (!node.delimiter || pure(node.delimiter)) &&
      (node.min == null || node.min.type === "constant") && (node.max == null || node.max.type === "constant");
    case "group": case "named": case "optional": case "zero_or_more": case "one_or_more":
    case "simple_and": case "simple_not":
      return pure(node.expression);
    default: return false;
  }
}

/** Calls fn on every node below root (children first), replacing a node by what fn returns. */
function rewrite(node, fn) {
  if (!node || typeof node !== "object") return node;
  for (const key of ["expression", "delimiter"]) {
    if (node[key] && typeof node[key] === "object" && node[key].type) node[key] = rewrite(node[key], fn);
  }
  for (const key of ["alternatives", "elements"]) {
    if (Array.isArray(node[key])) node[key] = node[key].map((c) => rewrite(c, fn));
  }
  return fn(node);
}

const clone = (node) => structuredClone(node);

/** Inlining is limited to small rules: at most this many nodes (size, from compile-rules.mjs). */
const INLINE_LIMIT = 16;

function flattenChoices(ast) {
  const rules = ruleMap(ast);
  const inlinable = (name, from) => {
    const target = rules.get(name);
    return target && target.name !== from && target.expression.type === "choice" &&
      pure(target.expression) && size(target.expression) <= INLINE_LIMIT ? target : null;
  };
  for (const rule of ast.rules) {
    rule.expression = rewrite(rule.expression, (node) => {
      // A call of a small action-free choice anywhere else (the body of a repetition: pchar*)
      // becomes that choice, so that its classes can be merged in place.
      if (node.type === "rule_ref") {
        const target = inlinable(node.name, rule.name);
        return target ? { ...clone(target.expression), location: node.location } : node;
      }
      if (node.type !== "choice") return node;
      const alternatives = [];
      for (const alt of node.alternatives) {
        if (alt.type === "choice") {
          alternatives.push(...alt.alternatives);
        } else {
          alternatives.push(alt);
        }
      }
      node.alternatives = alternatives;
      return node;
    });
  }
}

function hoistClassAlternatives(ast) {
  const rules = ruleMap(ast);
  for (const rule of ast.rules) {
    rule.expression = rewrite(rule.expression, (node) => {
      if (node.type !== "choice") return node;
      const classes = [];
      const others = [];
      const union = new Set();
      for (const alt of node.alternatives) {
        const set = charSet(alt, rules);
        if (set) { classes.push(alt); for (const c of set) union.add(c); } else others.push(alt);
      }
      if (classes.length < 2 || others.length === 0) return node;
      for (const alt of others) {
        const first = firstSet(alt, rules);
        if (!first || [...first].some((c) => union.has(c))) return node;
      }
      node.alternatives = [...classes, ...others];
      return node;
    });
  }
}

function inlineClassRules(ast) {
  const rules = ruleMap(ast);
  for (const rule of ast.rules) {
    rule.expression = rewrite(rule.expression, (node) => {
      if (node.type !== "rule_ref") return node;
      const target = rules.get(node.name);
      if (!target || target === rule) return node;
      const body = target.expression;
      if ((body.type === "class" && !body.inverted) || (body.type === "literal" && body.value.length === 1)) {
        return { ...clone(body), location: node.location };
      }
      return node;
    });
  }
}

/** The same expression, wherever it stands (location and inferred results aside). */
const same = (a, b) => {
  const key = (n) => JSON.stringify(n, (k, v) => (k === "location" || k === "match" ? undefined : v));
  return key(a) === key(b);
};

function fuseLoops(ast) {
  const rules = ruleMap(ast);
  // The B of an element that is B*, or a call of an action-free rule whose body is B*.
  const repeated = (node) => {
    const body = node.type === "rule_ref" ? rules.get(node.name)?.expression : node;
    return body && body.type === "zero_or_more" && pure(body) ? body.expression : null;
  };
  const unwrap = (node) => (node.type === "group" ? node.expression : node);
  // Only in action-free rules: the value of the fused loop differs from the original's, and
  // nothing reads the value of such a rule (compile-rules checkRuleValues).
  for (const rule of ast.rules.filter((r) => pure(r.expression))) {
    rule.expression = rewrite(rule.expression, (node) => {
      if (node.type !== "sequence") return node;
      const els = node.elements;
      for (let i = 0; i + 1 < els.length; i++) {
        const b = repeated(els[i]);
        const next = els[i + 1];
        if (!b || next.type !== "zero_or_more") continue;
        const round = unwrap(next.expression);
        if (round.type !== "sequence" || round.elements.length !== 2) continue;
        const [l, again] = round.elements;
        if (!same(again, els[i]) || !pure(l) || mayMatchEmpty(l, rules) || mayMatchEmpty(b, rules)) continue;
        els.splice(i, 2, {
          type: "zero_or_more",
          expression: { type: "choice", alternatives: [clone(b), clone(l)], location: round.location },
          location: els[i].location,
        });
      }
      return els.length === 1 ? els[0] : node;
    });
  }
}

/**
 * The characters that a match of the node can contain: every character of every literal and
 * class it can reach through its rules (lookaheads match none); null when that is not a known
 * finite set (an inverted or case-insensitive class or literal, any character ".").
 */
export function charsOf(node, rules, seen = new Set()) {
  const union = (nodes) => {
    const set = new Set();
    for (const n of nodes) {
      const s = charsOf(n, rules, seen);
      if (!s) return null;
      for (const c of s) set.add(c);
    }
    return set;
  };
  switch (node.type) {
    case "literal":
      return node.ignoreCase ? null : new Set([...node.value].map((ch) => ch.charCodeAt(0)));
    case "class": {
      if (node.inverted || node.ignoreCase || node.unicode) return null;
      const set = new Set();
      for (const part of node.parts) {
        const [from, to] = Array.isArray(part) ? part : [part, part];
        if (typeof from !== "string" || typeof to !== "string" || from.length !== 1 || to.length !== 1) return null;
        for (let c = from.charCodeAt(0); c <= to.charCodeAt(0); c++) set.add(c);
      }
      return set;
    }
    case "rule_ref": {
      // A rule being read already (recursion) adds nothing new: its characters are those of the
      // literals and classes reachable from it, which the first visit collects.
      if (seen.has(node.name)) return new Set();
      const rule = rules.get(node.name);
      if (!rule) return null;
      seen.add(node.name);
      const set = charsOf(rule.expression, rules, seen);
      seen.delete(node.name);
      return set;
    }
    case "simple_and": case "simple_not": case "semantic_and": case "semantic_not":
      return new Set();
    case "sequence": return union(node.elements);
    case "choice": return union(node.alternatives);
    case "repeated": return union(node.delimiter ? [node.expression, node.delimiter] : [node.expression]);
    case "group": case "named": case "labeled": case "text": case "action": case "optional":
    case "zero_or_more": case "one_or_more":
      return charsOf(node.expression, rules, seen);
    default: return null;
  }
}

/** A class node of the given character codes, as peggy's parser writes one: ranges and single characters. */
function classOf(codes, location) {
  const sorted = [...codes].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    const [a, b] = [String.fromCharCode(sorted[i]), String.fromCharCode(sorted[j])];
    parts.push(j > i ? [a, b] : a);
    i = j + 1;
  }
  return { type: "class", parts, inverted: false, ignoreCase: false, unicode: false, location };
}

/**
 * A sequence that begins with an optional prefix ending in a literal, (A S)? T (T the elements
 * after it), tries A first at every position: where most matches have no prefix, A reads the
 * text of T before it finds no S, and then T reads it again. This tries T first:
 *
 *   (A S)? T   becomes   T !X / (A S) T / !(A S) T,   X = [the characters of A, and the first of S]
 *
 * Precondition, checked from the grammar: no match of T contains s, the first character of S
 * (charsOf(T)), and the characters of A are a known set. Then the two agree at every position:
 * - where (A S) matches at p, S's s stands at q, after A's text; a match of T at p cannot cross
 *   q (it has no s), so it ends at some r <= q, before a character of A's text or at s: X
 *   matches there, the first alternative fails, and the second is the original's own path;
 * - where (A S) does not match at p, the original matches T at p: the first alternative does
 *   where X does not follow, the second fails, and the third is T at p again (its lookahead
 *   keeps it from matching where (A S) matched and T after it did not: the original fails there).
 * The third alternative is reached only where T matched and a character of X followed it but
 * no prefix did (an authority "h:1:2"): rare, and each part is still read a bounded number of
 * times.
 * The value changes (a choice, not a sequence), so the rewrite is made only where nothing reads
 * it: the sequence is the whole expression of an action, which each alternative gets (the
 * label of the prefix, when it has one, is null where the prefix is absent, as an absent option's
 * value is), or it stands in an action-free rule (checkRuleValues: nothing reads its value).
 */
function deferOptionalPrefix(ast) {
  const rules = ruleMap(ast);
  const unwrap = (node) => (node.type === "group" ? unwrap(node.expression) : node);
  // The prefix in a lookahead, whose value nothing reads: without its labels and texts.
  const bare = (node) => rewrite(node, (n) => (n.type === "labeled" || n.type === "text" ? n.expression : n));
  for (const rule of ast.rules) {
    const actionFree = pure(rule.expression);
    rule.expression = rewrite(rule.expression, (node) => {
      const action = node.type === "action" ? node : null;
      const seq = action ? node.expression : node;
      if (seq.type !== "sequence" || seq.elements.length < 2 || (!action && !actionFree)) return node;
      let [first, ...tail] = seq.elements;
      let label = null;
      if (first.type === "labeled") {
        if (first.pick || !first.label) return node;
        label = first.label;
        first = first.expression;
      }
      if (first.type !== "optional") return node;
      const prefix = unwrap(first.expression);
      if (prefix.type !== "sequence" || prefix.elements.length < 2) return node;
      const sep = prefix.elements[prefix.elements.length - 1];
      if (sep.type !== "literal" || sep.ignoreCase || sep.value.length === 0) return node;
      const s = sep.value.charCodeAt(0);
      const charsA = charsOf({ type: "sequence", elements: prefix.elements.slice(0, -1) }, rules);
      const charsT = charsOf({ type: "sequence", elements: tail }, rules);
      if (!charsA || !charsT || charsT.has(s)) return node;
      const x = { type: "simple_not", expression: classOf(new Set([...charsA, s]), first.location), location: first.location };
      const taken = { type: "group", expression: clone(first.expression), location: first.location };
      const sequence = (elements) => ({ type: "sequence", elements, location: seq.location });
      const alternatives = [
        sequence([...tail.map(clone), x]),
        sequence([label ? { ...clone(seq.elements[0]), expression: taken } : taken, ...tail.map(clone)]),
        sequence([{ type: "simple_not", expression: bare(clone(first.expression)), location: first.location }, ...tail.map(clone)]),
      ];
      if (!action) return { type: "choice", alternatives, location: node.location };
      // Where the prefix is absent, its label is null, as the absent option's value was (a block,
      // so that it may shadow a label of the same name from an enclosing sequence).
      const absent = label ? `{ const ${label} = null;${action.code}}` : action.code;
      return {
        type: "choice",
        alternatives: alternatives.map((expression, i) => ({ ...action, expression, code: i === 1 ? action.code : absent })),
        location: node.location,
      };
    });
  }
}

/**
 * The match build ({"uriMatchOnly": true}): the grammar without its actions, texts ($) and labels,
 * for matches() and validate(), which ask only whether the whole input matches a rule. It accepts
 * exactly the same strings; it builds no record and no substring.
 */
function stripActions(ast) {
  for (const rule of ast.rules) {
    rule.expression = rewrite(rule.expression, (node) =>
      node.type === "action" || node.type === "text" || node.type === "labeled" ? node.expression : node);
  }
}

/** peggy plugin entry point: used by scripts/build-grammar.mjs for the fast and match builds. */
export function use(config, options) {
  const transform = config.passes.transform;
  const merge = transform.findIndex((p) => p.name === "mergeCharacterClasses");
  if (merge < 0) fail("plugin", "peggy has no mergeCharacterClasses pass");
  transform.splice(merge + 1, 0, inlineClassRules);
  transform.splice(merge, 0, deferOptionalPrefix, fuseLoops, flattenChoices, hoistClassAlternatives);
  if (options && options.uriMatchOnly) transform.unshift(stripActions);
}

/**
 * The fast parser (compiled with the plugin): every pass, then every rule compiled from ast (the
 * grammar after the same transform passes) by scripts/compile-rules.mjs.
 */
export function optimizeFast(js, grammarText, ast) {
  checkActionInputs(grammarText);
  return compileParser(dropLists(literalTests(classTables(hoistConstants(js), { keepChar: false }))), ast);
}

/** The match parser (compiled with the plugin and {"uriMatchOnly": true}): as the fast parser. */
export function optimizeMatch(js, ast) {
  return compileParser(dropLists(literalTests(classTables(hoistConstants(js), { keepChar: false }))), ast);
}

/** The trace build: the passes that keep every tracer event as peggy emits it. */
export function optimizeTrace(js) {
  return messageEscapes(literalTests(classTables(hoistConstants(js))));
}
