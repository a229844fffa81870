// The fast build (scripts/passes/, fastBuild: the rules compiled by emit.mjs, in a module written
// by generate-fast.mjs) against peggy itself, on random grammars: for every rule of every grammar
// and every short string, the fast build and peggy's parser must agree on whether the whole string
// matches and, for rules whose value is built by actions and text, on that value. Each grammar is
// compiled twice: with the generator alone, and with every pass of the fast build (the transform
// passes that rewrite the AST for speed too). Prints a JSON summary; run by
// test/compile-rules.test.ts.
//
// Usage: node test/support/compile-rules-check.mjs [grammars] [seed]
import { createRequire } from "node:module";
import { isDeepStrictEqual } from "node:util";
import { actionInputProblems } from "../../scripts/passes/check-action-inputs.mjs";
import { fastBuild } from "../../scripts/passes/index.mjs";

const require = createRequire(import.meta.url);
const peggy = require("peggy");

const GRAMMARS = Number(process.argv[2] ?? 300);
let seed = Number(process.argv[3] ?? 1);
const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
const int = (n) => Math.floor(random() * n);
const pick = (xs) => xs[int(xs.length)];

const RULES = 4;
// "A" and "\u00e9" for the case-insensitive literals and classes ("a"i, "Ab"i, [ab]i, "\u00c9"i).
const ALPHABET = ["a", "b", "c", "A", "\u00e9"];

/** A random expression of rule `rule` (it refers only to later rules: no left recursion). */
function expression(rule, depth, labels) {
  const leaf = () => pick([
    () => pick(['"a"', '"b"', '"ab"', '"ba"', '""']),
    () => pick(["[ab]", "[^a]", "[a-c]", "[bc]", "[^ab]"]),
    // Case-insensitive: "\u00c9"i lowercases to a non-ASCII letter (peggy's own test is kept).
    () => pick(['"a"i', '"A"i', '"Ab"i', '"bA"i', "[ab]i", "[^a]i", '"\u00c9"i', '"a\u00c9"i']),
    () => ".",
    () => (rule + 1 < RULES ? `r${rule + 1 + int(RULES - rule - 1)}` : '"c"'),
  ])();
  if (depth <= 0) return leaf();
  const sub = () => expression(rule, depth - 1, labels);
  switch (int(19)) {
    case 0: case 1: return leaf();
    case 2: return `${sub()} ${sub()}`;
    case 3: return `(${sub()} ${sub()} ${sub()})`;
    case 4: return `(${sub()} / ${sub()})`;
    case 5: return `(${sub()} / ${sub()} / ${sub()})`;
    case 6: return `(${sub()})?`;
    case 7: return `(${sub()})*`;
    case 8: return `(${sub()})+`;
    case 9: return `(${sub()})${pick(["|1..2|", "|2|", "|..2|", "|0..3|"])}`;
    case 10: return `${pick(["&", "!"])}(${sub()})`;
    case 11: return `$(${sub()})`;
    case 12: {
      // An action over labeled text and a nested value; it returns what it saw.
      const x = `x${labels.n++}`;
      const y = `y${labels.n++}`;
      return `(${x}:$(${sub()}) ${y}:(${sub()} { return text(); }) { return [${x}, ${y}, text(), location().start.offset]; })`;
    }
    case 13: {
      // A repeated choice whose first alternative is one character (compiled as a loop of its own).
      const unit = pick(['"a"', "[ab]", "[^a]", "[a-c]", "[^ab]", '("a" / [bc])']);
      return `(${unit} / ${sub()}${int(2) ? ` / ${sub()}` : ""})${pick(["*", "+"])}`;
    }
    case 14: {
      // An action over the array of a repetition (the compiled rules build it where it is read).
      const x = `x${labels.n++}`;
      const element = pick([`$(${sub()})`, `(@$(${sub()}) ${sub()})`, `(${sub()} { return text(); })`]);
      return `(${x}:(${element})${pick(["*", "+", "|..2|", "|1..3|", "|2|"])} { return [${x}, text()]; })`;
    }
    case 15: case 16: {
      // A test that leaves the next character in c (a loop over one character, a lookahead of
      // one), then a choice whose first alternative may fail after reading further: the
      // alternatives after it must not take c for the character where they start.
      const unit = pick(['"a"', "[ab]", "[^a]", "[a-c]", "[bc]"]);
      const before = pick([`(${unit})*`, `&${unit}`, `!${unit}`, `${unit}+`, '([ab] / "c" [ab])*', `(${unit} / [^a] [bc] .)*`,
        `([ab] &${unit})|0..3|`, `(${unit} ![bc])*`, `(. [ab] !${unit})*`, `(${unit} &.)|..3|`, `([ab] ![bc] [a-c])*`]);
      const first = pick(["[ab] [bc]", '"a" [a-c]', "[^a] [ab] [ab]", `${unit} ${sub()}`, "[a-c]* [ab]"]);
      return `(${before} ((${first}) / ${sub()}${int(2) ? ` / ${sub()}` : ""}))`;
    }
    case 17: {
      // A loop of one character and a lookahead of one (C &D), D often within C: then the compiled
      // rule tests C at the first character only and each one after it as D (compile-rules:
      // lookaheadPair); and where D is not within C, the rounds as written.
      const units = ['"a"', "[ab]", "[^a]", "[a-c]", "[bc]", "[^ab]"];
      const c = pick(units);
      const d = int(2) ? c : pick(units);
      return `((${c} &${d})${pick(["*", "+", "|0..3|", "|..2|", "|1..3|", "|2..|", "|2|"])} ${sub()})`;
    }
    default: return `(@$(${sub()}) ${sub()})`;
  }
}

function grammar() {
  const labels = { n: 0 };
  const rules = [];
  for (let i = 0; i < RULES; i++) {
    const body = expression(i, 3, labels);
    // Half the rules build a value (compared); the others are structural (verdict compared).
    // The value of a sequence without a pluck is not built by the compiled rules (no action of
    // the URI grammar reads one: check-action-inputs.mjs), so such a body is read through $.
    if (int(2)) {
      let valued = `r${i} = v:(${body}) { return [v, text()]; }`;
      let problems;
      // (A body that refers to a later rule cannot be checked alone: it is read through $ too.)
      try { problems = actionInputProblems(peggy.parser.parse(valued, { grammarSource: "grammar" })); } catch { problems = ["a later rule"]; }
      if (problems.length) valued = `r${i} = v:$(${body}) { return [v, text()]; }`;
      rules.push(valued);
    } else {
      rules.push(`r${i} = ${body}`);
    }
  }
  return rules.join("\n");
}

/** True when the node can match the empty string. */
function nullable(node, rules) {
  switch (node.type) {
    case "literal": return node.value === "";
    case "class": case "any": return false;
    case "rule_ref": return nullable(rules.get(node.name).expression, rules);
    case "sequence": return node.elements.every((e) => nullable(e, rules));
    case "choice": return node.alternatives.some((e) => nullable(e, rules));
    case "optional": case "zero_or_more": case "simple_and": case "simple_not": return true;
    case "repeated": return (node.min ? node.min.value : node.max.value) === 0 || nullable(node.expression, rules);
    default: return nullable(node.expression, rules);
  }
}

/** True when a repetition without an upper bound repeats what can match empty (peggy would loop). */
function loops(ast) {
  const rules = new Map(ast.rules.map((r) => [r.name, r]));
  const visit = (node) => {
    if (["zero_or_more", "one_or_more"].includes(node.type) && nullable(node.expression, rules)) return true;
    return ["expression", "alternatives", "elements"].some((k) =>
      Array.isArray(node[k]) ? node[k].some(visit) : node[k] && node[k].type ? visit(node[k]) : false);
  };
  return ast.rules.some((r) => visit(r.expression));
}

const inputs = [""];
for (let len = 1; len <= 4; len++) {
  for (const s of inputs.filter((x) => x.length === len - 1)) for (const ch of ALPHABET) inputs.push(s + ch);
}

// runLoops counts the grammars compiled with a loop of its own for a repeated choice whose first
// alternative is one character (emit.mjs: runFirst), so the test can see that form is covered.
// lists counts the grammars whose compiled rules build the array of a repetition (emit.mjs:
// collect).
// caseless counts the grammars with a case-insensitive literal or class ("a"i, [ab]i).
// pairs counts the grammars compiled with a loop of its own for (C &D) where D is within C
// (emit.mjs: lookaheadPair).
// peeks counts the grammars whose compiled rules test a character that the test before left in c
// (emit.mjs: peek), instead of reading it again.
// rewritten counts the grammars whose module differs between the two compilations (the transform
// passes changed something).
const summary = { grammars: 0, skipped: 0, rules: 0, cases: 0, matched: 0, valued: 0, runLoops: 0, lists: 0, pairs: 0, peeks: 0, caseless: 0, rewritten: 0, disagreements: [] };
const options = { allowedStartRules: ["*"], output: "source", format: "bare" };
for (let g = 0; g < GRAMMARS; g++) {
  const text = grammar();
  if (process.env.DEBUG_GRAMMAR) process.stderr.write(`--- ${g}\n${text}\n`);
  let parser;
  const builds = {};
  try {
    parser = peggy.generate(text, { allowedStartRules: ["*"], output: "parser" });
    if (loops(peggy.generate(text, { allowedStartRules: ["*"], output: "ast" }))) throw new Error("a repetition of what can match empty");
    // The checks of the fast build refuse what it would not build as peggy does.
    builds.generator = peggy.generate(text, { ...options, plugins: [fastBuild({ rewrite: false })] });
    builds["every pass"] = peggy.generate(text, { ...options, plugins: [fastBuild()] });
  } catch (e) {
    if (process.env.DEBUG_SKIPS) process.stderr.write(`skip: ${e.message}\n`);
    summary.skipped++; // peggy or the fast build refuses it (a repetition of what can match empty, ...)
    continue;
  }
  summary.grammars++;
  const source = builds.generator;
  if (/: for \(;;\) \{\n\s*while \(/.test(source)) summary.runLoops++;
  if (/\.push\(e\d+\)/.test(source)) summary.lists++;
  if (/\n\s*p--;\n/.test(source)) summary.pairs++;
  if (/p < n && \(?c (?:===|<|>=)/.test(source)) summary.peeks++;
  if (/"i|\]i/.test(text)) summary.caseless++;
  if (builds.generator !== builds["every pass"]) summary.rewritten++;
  for (const [build, code] of Object.entries(builds)) {
    const compiled = new Function(`return (\n${code});`)();
    for (let i = 0; i < RULES; i++) {
      const rule = `r${i}`;
      const valued = /^r\d+ = v:/.test(text.split("\n")[i]);
      summary.rules++;
      for (const s of inputs) {
        summary.cases++;
        const want = parser.parse(s, { startRule: rule, peg$library: true });
        const got = compiled.run(s, rule);
        const ok = got !== compiled.FAILED;
        const library = compiled.parse(s, { startRule: rule, peg$library: true });
        if (want.peg$success) summary.matched++;
        let bad = ok !== want.peg$success || library.peg$success !== want.peg$success || library.peg$currPos !== want.peg$currPos;
        if (!bad && ok && valued) {
          summary.valued++;
          bad = !isDeepStrictEqual(got, want.peg$result) || !isDeepStrictEqual(library.peg$result, want.peg$result);
        }
        if (bad && summary.disagreements.length < 5) {
          summary.disagreements.push({ build, grammar: text, rule, input: s, peggy: want.peg$success ? want.peg$result : "no match", compiled: ok ? got : "no match", end: [want.peg$currPos, library.peg$currPos] });
        }
      }
    }
  }
}
process.stdout.write(JSON.stringify(summary) + "\n");
