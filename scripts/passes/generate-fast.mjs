// Generate pass (fast build): the whole parser module, written from the AST after the transform
// passes. It replaces peggy's generate stage (generateBytecode, generateJS) for this build: every
// rule becomes a function of emit.mjs, and the module around them is written here.
//
// The module exports
//   run(input, startRule)      the start rule's value when the whole input matches, else FAILED
//                              (an action-free rule's value is peg$LIST)
//   parse(input, options)      peggy's entry: options.startRule, and options.peg$library for
//                              peggy's library-mode result ({ peg$success, peg$currPos,
//                              peg$result, ... }); outside library mode a failure throws a
//                              SyntaxError that says where the start rule's match ended. This
//                              build records no expectations: the trace build says where and why.
//   StartRules, FAILED, SyntaxError
// The parse in progress keeps its input in a module variable: none of these is re-entrant (no
// action here calls the parser), and each lets go of its input when it returns.
//
// Actions may call text(), offset(), range() and location(), as in peggy; a grammar whose actions
// call expected() or error(), read options, or that has a per-parse initializer is refused (no
// grammar here does). range() returns one object, set anew at each call, not a new one: every
// record's span is read from it at once ({ rule, start: range.start, end: range.end }), and an
// object made for that alone cost parse() about 3%. An action that kept it would see it change;
// test/build-passes.test.ts compares every edition's records with those of peggy's own build,
// where range() makes a new object, and would find the spans wrong.
import { fail as stop } from "./ast.mjs";
import { compileRules } from "./emit.mjs";

const fail = (what) => stop("generateFast", what);

/** The helpers an action may call, as peggy defines them for actions. */
/**
 * A class with the flag u as a test of the character at p (RFC 3987's ucschar and iprivate):
 * ranges are [first, last] code points in order; the test reads a surrogate pair as one code point
 * and a lone surrogate as itself, and gives the code units the character takes when the class holds
 * it (inverted: when it does not), else 0. ASCII is looked up in a table, the rest found by halves.
 */
const CODE_POINTS = `
// Classes of code points (flag u), as tests of the character at p.
function peg$codePoints(inverted, flat) {
  const ascii = new Uint8Array(128);
  const firsts = [];
  const lasts = [];
  for (let i = 0; i < flat.length; i += 2) {
    for (let c = flat[i]; c <= flat[i + 1] && c < 128; c++) ascii[c] = 1;
    if (flat[i + 1] >= 128) { firsts.push(Math.max(flat[i], 128)); lasts.push(flat[i + 1]); }
  }
  const hit = inverted ? 0 : 1;
  return function (s, p, n) {
    let c = s.charCodeAt(p);
    if (c < 128) return ascii[c] === hit ? 1 : 0;
    let w = 1;
    if (c >= 0xd800 && c <= 0xdbff && p + 1 < n) {
      const d = s.charCodeAt(p + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { c = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000; w = 2; }
    }
    let lo = 0;
    let hi = firsts.length - 1;
    let found = 0;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (c < firsts[mid]) hi = mid - 1;
      else if (c > lasts[mid]) lo = mid + 1;
      else { found = 1; break; }
    }
    return found === hit ? w : 0;
  };
}
`;

const HELPERS = {
  text: "function text() {\n  return input.substring(peg$savedPos, peg$currPos);\n}\n",
  offset: "function offset() {\n  return peg$savedPos;\n}\n",
  range: "const peg$range = { source: undefined, start: 0, end: 0 };\nfunction range() {\n  peg$range.start = peg$savedPos;\n  peg$range.end = peg$currPos;\n  return peg$range;\n}\n",
  location: "function peg$position(offset) {\n  let line = 1;\n  let column = 1;\n" +
    "  for (let i = 0; i < offset; i++) {\n    if (input.charCodeAt(i) === 10) { line++; column = 1; } else column++;\n  }\n" +
    "  return { offset, line, column };\n}\n\n" +
    "function location() {\n  return { source: undefined, start: peg$position(peg$savedPos), end: peg$position(peg$currPos) };\n}\n",
};

/**
 * The code of the actions: what may call the helpers and read the options of a parse (the
 * top-level initializer, outside any parse, sees neither, in peggy as here).
 */
function actionCode(ast) {
  const codes = [];
  const visit = (node) => {
    if (!node || typeof node !== "object") return;
    if (node.type === "action") codes.push(node.code);
    for (const key of ["expression", "delimiter"]) if (node[key]) visit(node[key]);
    for (const key of ["alternatives", "elements"]) if (Array.isArray(node[key])) node[key].forEach(visit);
  };
  for (const rule of ast.rules) visit(rule.expression);
  return codes;
}

export function generateFast(ast, options) {
  const format = options.format ?? "bare";
  if (format !== "commonjs" && format !== "bare") fail(`format ${JSON.stringify(format)}: only "commonjs" and "bare" are written`);
  if ([].concat(ast.initializer ?? []).length) fail("a per-parse initializer ({ ... } before the rules) is not supported");
  if (ast.imports && ast.imports.length) fail("grammar imports are not supported");
  const code = actionCode(ast);
  for (const unsupported of ["expected", "error"]) {
    if (code.some((c) => new RegExp(`\\b${unsupported}\\s*\\(`).test(c))) fail(`an action calls ${unsupported}(), which this build does not provide`);
  }
  if (code.some((c) => /\boptions\b/.test(c))) fail("an action reads the parse options, which this build does not have");
  const helpers = Object.keys(HELPERS).filter((h) => code.some((c) => new RegExp(`\\b${h}\\s*\\(`).test(c)));

  const startRules = options.allowedStartRules;
  const { position, tables, actions, functions } = compileRules(ast);
  const header = `// @generated by ${options.generatedBy ?? "scripts/passes/generate-fast.mjs"}\n`;
  const body = [
    ...[].concat(ast.topLevelInitializer ?? []).map((i) => i.code.replace(/^\n+/, "").trimEnd() + "\n"),
    "// The parse in progress: the input and its length, the positions that text() and location()\n" +
    "// read, and the end of the match of the last peg$v_* function.\n" +
    "let input;\nlet peg$length = 0;\nlet peg$savedPos = 0;\nlet peg$currPos = 0;\nlet peg$end = 0;\n" +
    "// The input's characters and texts are read through String.prototype's own functions: inputs\n" +
    "// come as strings of many internal kinds, and V8 compiles `s.charCodeAt(p)` at a call site that\n" +
    "// has seen more than four of them as a generic lookup and call (src/tagged.ts says more).\n" +
    "const peg$charCodeAt = String.prototype.charCodeAt;\nconst peg$substring = String.prototype.substring;\n",
    "const peg$FAILED = {};\n" +
    "// The value of every sequence without a pluck and of every action-free rule: nothing reads it.\n" +
    "const peg$LIST = Object.freeze([]);\n",
    "// Character classes as 128-entry tables.\nfunction peg$table(codes) {\n  const t = new Uint8Array(128);\n" +
    "  for (const c of codes) t[c] = 1;\n  return t;\n}\n" + (tables.some((t) => t.includes("peg$codePoints(")) ? CODE_POINTS : "") + (tables.length ? "\n" + tables.join("\n") + "\n" : ""),
    ...helpers.map((h) => HELPERS[h]),
    "// The actions of the grammar, with the labels in scope as parameters.\n" + actions.join("\n") + "\n",
    "// The rules: peg$m_* return the end of the match at p or -1; peg$v_* return the value (peg$end\n" +
    "// is the end of the match) or peg$FAILED.\n" + functions.join("\n"),
    entryPoints(startRules, position),
  ].join("\n");
  const exports = "{\n  StartRules: [" + startRules.map((r) => JSON.stringify(r)).join(", ") + "],\n" +
    "  SyntaxError: peg$SyntaxError,\n  parse: peg$parse,\n  FAILED: peg$FAILED,\n  run: peg$run,\n}";
  ast.code = format === "commonjs"
    ? `${header}"use strict";\n\n${body}\nmodule.exports = ${exports};\n`
    : `${header}(function() {\n"use strict";\n\n${body}\nreturn ${exports};\n})()\n`;
}

/** run() and parse(), from the start rules. */
function entryPoints(startRules, position) {
  const entry = (name) => position.has(name)
    ? `(p) => { const end = peg$m_${name}(p); if (end < 0) return peg$FAILED; peg$end = end; return peg$LIST; }`
    : `peg$v_${name}`;
  return "// The entry of each start rule: its value at 0 (peg$end the end of the match), or peg$FAILED.\n" +
    "const peg$entries = new Map([\n" +
    startRules.map((name) => `  [${JSON.stringify(name)}, ${entry(name)}],\n`).join("") + "]);\n\n" +
    "// The last start rule and its entry: a program checks many inputs against the same rule.\n" +
    "let peg$lastRule = null;\nlet peg$lastEntry = null;\n\n" +
    "function peg$entry(startRule) {\n" +
    "  if (startRule === peg$lastRule) return peg$lastEntry;\n" +
    "  const entry = peg$entries.get(startRule);\n" +
    "  if (entry === undefined) throw new Error(\"Can't start parsing from rule \\\"\" + startRule + \"\\\".\");\n" +
    "  peg$lastRule = startRule;\n  peg$lastEntry = entry;\n" +
    "  return entry;\n}\n\n" +
    "function peg$run(peg$input, startRule) {\n" +
    "  const entry = peg$entry(startRule);\n" +
    "  input = peg$input;\n  peg$length = peg$input.length;\n" +
    "  try {\n    const value = entry(0);\n" +
    "    return value !== peg$FAILED && peg$end === peg$input.length ? value : peg$FAILED;\n" +
    "  } finally {\n    input = undefined;\n  }\n}\n\n" +
    "class peg$SyntaxError extends SyntaxError {\n" +
    "  constructor(message, location) {\n    super(message);\n    this.expected = null;\n    this.found = null;\n" +
    "    this.location = location;\n    this.name = \"SyntaxError\";\n  }\n}\n\n" +
    "// peggy's parse(): the first start rule unless options.startRule names another; peggy's\n" +
    "// library-mode result with options.peg$library.\n" +
    "function peg$parse(peg$input, options) {\n" +
    "  options = options !== undefined ? options : {};\n" +
    `  const startRule = options.startRule ? options.startRule : ${JSON.stringify(startRules[0])};\n` +
    "  const entry = peg$entry(startRule);\n" +
    "  input = peg$input;\n  peg$length = peg$input.length;\n" +
    "  let result;\n" +
    "  try {\n    result = entry(0);\n  } finally {\n    input = undefined;\n  }\n" +
    "  const end = result === peg$FAILED ? 0 : peg$end;\n" +
    "  const success = result !== peg$FAILED && end === peg$input.length;\n" +
    "  const peg$throw = () => {\n" +
    "    const message = result === peg$FAILED\n" +
    "      ? \"The input does not match rule \" + startRule + \" (this build records no expectations)\"\n" +
    "      : \"Rule \" + startRule + \" matches the input only up to offset \" + end + \" (this build records no expectations)\";\n" +
    "    throw new peg$SyntaxError(message, { source: options.grammarSource, start: { offset: end }, end: { offset: end } });\n" +
    "  };\n" +
    "  if (options.peg$library) {\n" +
    "    return { peg$result: result, peg$currPos: end, peg$FAILED, peg$maxFailExpected: [], peg$maxFailPos: end,\n" +
    "      peg$success: success, peg$throw: success ? undefined : peg$throw };\n" +
    "  }\n" +
    "  if (success) return result;\n" +
    "  return peg$throw();\n" +
    "}\n";
}
