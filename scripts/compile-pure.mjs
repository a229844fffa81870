// Build-time pass (run by scripts/build-grammar.mjs on the fast and match builds): compiles every
// action-free rule of the grammar into a position function, and makes the rule's peggy function
// call it.
//
// peggy generates one function per rule that keeps its position in a shared variable, builds a
// value for every expression (an array for every repetition and sequence, a substring for every
// character), records what it expected at every failure, and reaches the next rule through a
// call that saves and restores that shared state. An action-free rule only has to say whether it
// matches at a position and where the match ends. So each one is compiled here, from the same PEG
// (the AST after peggy's and our plugin's transform passes), into
//
//   function peg$m_<rule>(p) { ...; return end; }   // end of the match at p, or -1
//
// with the PEG's operators translated one for one: a sequence is its elements in order, an
// ordered choice tries its alternatives in order from the same position and keeps the first that
// matches, e? e* e+ e|m..n| are greedy and never give back, &e and !e test without consuming, a
// rule reference calls that rule's function. A single-character expression (a class, a one-
// character literal, or a choice of them) is one test of one code unit: a comparison, a range or
// a 128-entry table. Nothing else is optimized: the control flow is the PEG's, so the language
// is the PEG's (and the differential check of issue 2 runs against both builds).
//
// The rule's peggy function becomes a wrapper with peggy's contract: on a match it moves
// peg$currPos to the end and returns peg$LIST (the value dropLists gives every repetition; no
// action reads it: checkCompiledValues); on a failure it returns peg$FAILED and leaves
// peg$currPos alone. Compiled rules record no expectations: the fast and match builds run with
// expectations off (src/parse.ts), and a rejected input is diagnosed by the trace build, which
// this pass does not touch.

const PURE_TYPES = new Set(["literal", "class", "any", "rule_ref", "sequence", "choice", "optional",
  "zero_or_more", "one_or_more", "repeated", "simple_and", "simple_not", "group", "named"]);

function fail(what) {
  throw new Error(`compile-pure: ${what} (did the peggy output change?)`);
}

function children(node) {
  const out = [];
  for (const key of ["expression", "delimiter"]) if (node[key] && node[key].type) out.push(node[key]);
  for (const key of ["alternatives", "elements"]) if (Array.isArray(node[key])) out.push(...node[key]);
  return out;
}

/** True when the expression has no action, label, text, semantic predicate or code boundary. */
function pureNode(node) {
  if (!PURE_TYPES.has(node.type)) return false;
  if (node.type === "class" && (node.ignoreCase || node.unicode)) return false;
  if (node.type === "literal" && node.ignoreCase) return false;
  if (node.type === "repeated") {
    if (node.delimiter) return false;
    if (node.min && node.min.type !== "constant") return false;
    if (node.max.type !== "constant") return false;
  }
  return children(node).every(pureNode);
}

/** The rules that can be compiled: pure bodies that reference only compilable rules. */
export function compilableRules(ast) {
  const byName = new Map(ast.rules.map((r) => [r.name, r]));
  const ok = new Set(ast.rules.filter((r) => pureNode(r.expression)).map((r) => r.name));
  const refs = (node, out = []) => {
    if (node.type === "rule_ref") out.push(node.name);
    for (const c of children(node)) refs(c, out);
    return out;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (const name of [...ok]) {
      if (refs(byName.get(name).expression).some((r) => !ok.has(r))) { ok.delete(name); changed = true; }
    }
  }
  return ok;
}

/**
 * The code units a node matches when it always matches exactly one code unit (a class, a
 * one-character literal, or a choice or group of those); null otherwise.
 */
function unitSet(node) {
  switch (node.type) {
    case "class": {
      if (node.ignoreCase || node.unicode) return null;
      const set = new Set();
      for (const part of node.parts) {
        if (Array.isArray(part)) {
          if (part[0].length !== 1 || part[1].length !== 1) return null;
          for (let c = part[0].charCodeAt(0); c <= part[1].charCodeAt(0); c++) set.add(c);
        } else if (typeof part === "string" && part.length === 1) {
          set.add(part.charCodeAt(0));
        } else {
          return null;
        }
      }
      if (!node.inverted) return set;
      const inverted = new Set();
      for (let c = 0; c < 0x10000; c++) if (!set.has(c)) inverted.add(c);
      return inverted;
    }
    case "literal":
      return !node.ignoreCase && node.value.length === 1 ? new Set([node.value.charCodeAt(0)]) : null;
    case "group": case "named":
      return unitSet(node.expression);
    case "choice": {
      const set = new Set();
      for (const alt of node.alternatives) {
        const s = unitSet(alt);
        if (!s) return null;
        for (const c of s) set.add(c);
      }
      return set;
    }
    default:
      return null;
  }
}

/**
 * True when a failed match of the node may leave the position moved (so a choice, option or
 * repetition must restore it before going on). Single tests, literals (compared before the
 * position moves), predicates and rule calls never move on failure.
 */
function movesOnFailure(node) {
  if (unitSet(node)) return false;
  switch (node.type) {
    case "literal": case "any": case "rule_ref": case "simple_and": case "simple_not":
    case "optional": case "zero_or_more":
      return false;
    case "group": case "named": case "one_or_more":
      return movesOnFailure(node.expression);
    case "choice":
      return movesOnFailure(node.alternatives[node.alternatives.length - 1]);
    case "sequence":
      return node.elements.length > 1 || node.elements.some(movesOnFailure);
    case "repeated": {
      const min = node.min ? node.min.value : node.max.value;
      return min > 1 || (min === 1 && movesOnFailure(node.expression));
    }
    default:
      return true;
  }
}

/** A compiler for one grammar: the rule functions and the tables they share. */
class Compiler {
  constructor(compiled) {
    this.compiled = compiled;
    this.tables = new Map(); // member list -> table name
  }

  /** A JS condition that is true when the code unit at p is in the set. */
  test(set) {
    const codes = [...set].sort((a, b) => a - b);
    if (codes.length === 0x10000) return "p < n";
    if (codes.length === 1) return `p < n && s.charCodeAt(p) === ${codes[0]}`;
    const lo = codes[0];
    const hi = codes[codes.length - 1];
    if (hi - lo + 1 === codes.length) return `p < n && (c = s.charCodeAt(p)) >= ${lo} && c <= ${hi}`;
    if (hi >= 128) fail(`a character set reaches beyond ASCII (${hi})`);
    const key = codes.join(",");
    let name = this.tables.get(key);
    if (!name) {
      name = `peg$k${this.tables.size}`;
      this.tables.set(key, name);
    }
    return `p < n && (c = s.charCodeAt(p)) < 128 && ${name}[c] === 1`;
  }

  /** Statements that match node at p: on success p is the end; on failure they run onFail. */
  gen(node, onFail, ind) {
    const set = unitSet(node);
    if (set) return `${ind}if (${this.test(set)}) p++; else { ${onFail} }\n`;
    switch (node.type) {
      case "group": case "named":
        return this.gen(node.expression, onFail, ind);
      case "any":
        return `${ind}if (p < n) p++; else { ${onFail} }\n`;
      case "literal": {
        const v = node.value;
        if (v.length === 0) return "";
        const cond = [...v].map((ch, i) => `s.charCodeAt(p${i ? " + " + i : ""}) === ${ch.charCodeAt(0)}`).join(" && ");
        if ([...v].length !== v.length) fail("a literal outside the BMP");
        return `${ind}if (p + ${v.length} <= n && ${cond}) p += ${v.length}; else { ${onFail} }\n`;
      }
      case "rule_ref": {
        if (!this.compiled.has(node.name)) fail(`rule ${node.name} is not compiled`);
        return `${ind}if ((r = peg$m_${node.name}(p)) < 0) { ${onFail} }\n${ind}p = r;\n`;
      }
      case "sequence":
        return node.elements.map((e) => this.gen(e, onFail, ind)).join("");
      case "choice": {
        const label = this.label("choice");
        const save = node.alternatives.slice(0, -1).some(movesOnFailure);
        const q = save ? this.saved() : null;
        let out = `${ind}${label}: {\n`;
        if (save) out += `${ind}  const ${q} = p;\n`;
        node.alternatives.forEach((alt, i) => {
          if (i === node.alternatives.length - 1) {
            out += this.gen(alt, onFail, ind + "  ");
            return;
          }
          const next = this.label("alt");
          out += `${ind}  ${next}: {\n${this.gen(alt, `break ${next};`, ind + "    ")}${ind}    break ${label};\n${ind}  }\n`;
          if (movesOnFailure(alt)) out += `${ind}  p = ${q};\n`;
        });
        return out + `${ind}}\n`;
      }
      case "optional":
        return this.optional(node.expression, ind);
      case "zero_or_more":
        return this.loop(node.expression, null, ind);
      case "one_or_more":
        return this.gen(node.expression, onFail, ind) + this.loop(node.expression, null, ind);
      case "repeated": {
        const min = node.min ? node.min.value : node.max.value;
        const max = node.max.value; // null: no upper bound
        let out = "";
        for (let i = 0; i < min; i++) out += this.gen(node.expression, onFail, ind);
        if (max === null) return out + this.loop(node.expression, null, ind);
        const extra = max - min;
        if (extra <= 0) return out;
        if (extra === 1) return out + this.optional(node.expression, ind);
        return out + this.loop(node.expression, extra, ind);
      }
      case "simple_and": case "simple_not": {
        // A lookahead of one character: test it where it stands, nothing to restore.
        const one = node.expression.type === "any" ? "p < n" : unitSet(node.expression) && this.test(unitSet(node.expression));
        if (one) return `${ind}if (${node.type === "simple_and" ? "!" : ""}(${one})) { ${onFail} }\n`;
        if (node.type === "simple_not") return this.not(node.expression, onFail, ind);
        const q = this.saved();
        return `${ind}{\n${ind}  const ${q} = p;\n${this.gen(node.expression, onFail, ind + "  ")}${ind}  p = ${q};\n${ind}}\n`;
      }
      default:
        return fail(`cannot compile a ${node.type} node`);
    }
  }

  /** !e : fails where e matches; the position never moves. */
  not(expr, onFail, ind) {
    const label = this.label("not");
    const q = this.saved();
    return `${ind}{\n${ind}  const ${q} = p;\n${ind}  ${label}: {\n` +
      this.gen(expr, `break ${label};`, ind + "    ") +
      `${ind}    p = ${q};\n${ind}    ${onFail}\n${ind}  }\n` +
      (movesOnFailure(expr) ? `${ind}  p = ${q};\n` : "") + `${ind}}\n`;
  }


  /** e? : one attempt; on failure the position is where it was. */
  optional(expr, ind) {
    const attempt = this.label("opt");
    if (!movesOnFailure(expr)) {
      return `${ind}${attempt}: {\n${this.gen(expr, `break ${attempt};`, ind + "  ")}${ind}}\n`;
    }
    const done = this.label("optDone");
    const q = this.saved();
    return `${ind}${done}: {\n${ind}  const ${q} = p;\n${ind}  ${attempt}: {\n` +
      this.gen(expr, `break ${attempt};`, ind + "    ") +
      `${ind}    break ${done};\n${ind}  }\n${ind}  p = ${q};\n${ind}}\n`;
  }

  /** e* (limit null) or up to limit more matches of e, greedy. */
  loop(expr, limit, ind) {
    const set = unitSet(expr);
    if (set && limit === null) return `${ind}while (${this.test(set)}) p++;\n`;
    const label = this.label("loop");
    const n = limit === null ? null : this.saved("n");
    let out = n ? `${ind}let ${n} = 0;\n` : "";
    out += `${ind}${label}: while (${n ? `${n} < ${limit}` : "true"}) {\n`;
    if (!movesOnFailure(expr)) {
      out += this.gen(expr, `break ${label};`, ind + "  ");
      if (n) out += `${ind}  ${n}++;\n`;
      return out + `${ind}}\n`;
    }
    const attempt = this.label("item");
    const q = this.saved();
    out += `${ind}  const ${q} = p;\n${ind}  ${attempt}: {\n` + this.gen(expr, `break ${attempt};`, ind + "    ") +
      (n ? `${ind}    ${n}++;\n` : "") + `${ind}    continue ${label};\n${ind}  }\n${ind}  p = ${q};\n${ind}  break;\n${ind}}\n`;
    return out;
  }

  label(kind) {
    return `${kind}${this.counter++}`;
  }

  saved(prefix = "q") {
    return `${prefix}${this.counter++}`;
  }

  rule(rule) {
    this.counter = 0;
    const body = this.gen(rule.expression, "return -1;", "  ");
    const uses = (v) => new RegExp(`\\b${v}\\b`).test(body);
    const locals = ["c", "r"].filter(uses);
    const n = /\bn\b/.test(body) ? "  const n = s.length;\n" : "";
    return `function peg$m_${rule.name}(p) {\n  const s = input;\n${n}` +
      (locals.length ? `  let ${locals.join(", ")};\n` : "") + body + "  return p;\n}\n";
  }

  tableCode() {
    return [...this.tables].map(([key, name]) => `const ${name} = peg$table([${key}]);`).join("\n");
  }
}

/**
 * An action may read a rule's value only through $ (text) or through another action: a compiled
 * rule's value is peg$LIST, not what peggy would have built.
 */
export function checkCompiledValues(ast, compiled) {
  const problems = [];
  const visit = (node, rule, underText) => {
    if (node.type === "text") underText = true;
    if (node.type === "labeled" && node.label !== null) {
      const reads = (n) => n.type === "rule_ref" ? [n.name]
        : ["group", "named", "optional"].includes(n.type) ? reads(n.expression)
        : n.type === "choice" ? n.alternatives.flatMap(reads) : [];
      if (!underText && node.expression.type !== "text") {
        for (const name of reads(node.expression)) if (compiled.has(name)) problems.push(`${rule}: label ${node.label} reads ${name}`);
      }
    }
    for (const c of children(node)) visit(c, rule, underText);
  };
  for (const r of ast.rules) visit(r.expression, r.name, false);
  if (problems.length) throw new Error(`compile-pure: an action reads the value of a compiled rule: ${problems.join("; ")}`);
}

/**
 * Rewrites a generated parser (after hoistConstants, classTables and dropLists): the peggy
 * function of every compilable rule of ast becomes a wrapper of its compiled position function.
 */
export function compilePure(js, ast) {
  const compiled = compilableRules(ast);
  if (compiled.size === 0) fail("no action-free rule");
  checkCompiledValues(ast, compiled);
  const compiler = new Compiler(compiled);
  const functions = ast.rules.filter((r) => compiled.has(r.name)).map((r) => compiler.rule(r));
  let replaced = 0;
  let out = js.replace(/^function peg\$parse(\w+)\(\) \{\n[\s\S]*?^\}\n/gm, (fn, name) => {
    if (!compiled.has(name)) return fn;
    replaced++;
    return `function peg$parse${name}() {\n  const end = peg$m_${name}(peg$currPos);\n` +
      `  if (end < 0) return peg$FAILED;\n  peg$currPos = end;\n  return peg$LIST;\n}\n`;
  });
  if (replaced !== compiled.size) fail(`${replaced} of ${compiled.size} rule functions found`);
  const anchor = "\nfunction peg$parse(peg$input, options) {\n";
  if (out.split(anchor).length !== 2) fail("peg$parse not found");
  if (!/^const peg\$LIST = /m.test(out) || !/^function peg\$table\(/m.test(out)) fail("run dropLists and classTables first");
  const all = ast.rules.every((r) => compiled.has(r.name));
  out = out.replace(anchor, () =>
    "\n// The action-free rules as position functions: the end of the match at p, or -1\n" +
    "// (scripts/compile-pure.mjs).\n" + compiler.tableCode() + "\n\n" + functions.join("\n") +
    "\n" + entryPoints(ast, all) + anchor);
  const exports = "module.exports = {\n";
  if (out.split(exports).length !== 2) fail("module.exports not found");
  return out.replace(exports, () => exports + `  FAILED: peg$FAILED,\n  run: peg$run,\n${all ? "  accepts: peg$accepts,\n" : ""}`);
}

/**
 * The entry points src/parse.ts uses, beside peggy's parse(): they start from a rule, match the
 * whole input with expectations off, and build no result object, error or position cache.
 *   run(input, rule)      the start rule's value when the whole input matches, else FAILED
 *   accepts(input, rule)  (when every rule is compiled: the match build) whether it matches
 */
function entryPoints(ast, all) {
  let code = "// Entry points without peggy's per-call bookkeeping (scripts/compile-pure.mjs).\n" +
    "function peg$unknownRule(startRule) {\n" +
    "  return new Error(\"Can't start parsing from rule \\\"\" + startRule + \"\\\".\");\n}\n\n" +
    "function peg$run(peg$input, startRule) {\n" +
    "  const start = peg$startRuleFunctions[startRule];\n" +
    "  if (!Object.hasOwn(peg$startRuleFunctions, startRule)) throw peg$unknownRule(startRule);\n" +
    "  input = peg$input;\n  peg$currPos = 0;\n  peg$savedPos = 0;\n  peg$silentFails = 1;\n" +
    "  try {\n    const result = start();\n" +
    "    return result !== peg$FAILED && peg$currPos === peg$input.length ? result : peg$FAILED;\n" +
    "  } finally {\n    input = undefined;\n  }\n}\n";
  if (all) {
    code += "\nconst peg$matchFunctions = new Map([\n" +
      ast.rules.map((r) => `  [${JSON.stringify(r.name)}, peg$m_${r.name}],\n`).join("") + "]);\n\n" +
      "function peg$accepts(peg$input, startRule) {\n" +
      "  const match = peg$matchFunctions.get(startRule);\n" +
      "  if (match === undefined) throw peg$unknownRule(startRule);\n" +
      "  input = peg$input;\n" +
      "  try {\n    return match(0) === peg$input.length;\n  } finally {\n    input = undefined;\n  }\n}\n";
  }
  return code;
}

/** Declarations of the entry points, appended to the build's .d.ts. */
export function entryPointDeclarations(all) {
  return "\n// Entry points added by scripts/compile-pure.mjs.\n" +
    "/** The value run() returns when the input does not match. */\n" +
    "export declare const FAILED: unknown;\n" +
    "/** The start rule's value when the whole input matches it, else FAILED (no error is built). */\n" +
    "export declare function run(input: string, startRule: string): unknown;\n" +
    (all ? "/** Whether the whole input matches the start rule. */\n" +
      "export declare function accepts(input: string, startRule: string): boolean;\n" : "");
}
