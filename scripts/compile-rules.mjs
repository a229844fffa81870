// Build-time pass (run by scripts/build-grammar.mjs on the fast and match builds): compiles every
// rule of the grammar from its PEG into a plain JavaScript function, and makes the rule's peggy
// function a wrapper around it.
//
// peggy generates one function per rule that keeps its position in a shared variable, builds a
// value for every expression (an array for every repetition and sequence, a substring for every
// character), records what it expected at every failure, and reaches the next rule through a
// call that saves and restores that shared state. Here each rule is compiled, from the same PEG
// (the AST after peggy's and our plugin's transform passes), into
//
//   function peg$m_<rule>(p) { ...; return end; }     an action-free rule: the end of its
//                                                     match at p, or -1
//   function peg$v_<rule>(p) { ...; return value; }   a rule with actions: its value (peg$end is
//                                                     the end of the match), or peg$FAILED
//
// with the PEG's operators translated one for one: a sequence is its elements in order, an
// ordered choice tries its alternatives in order from the same position and keeps the first that
// matches, e? e* e+ e|m..n| are greedy and never give back, &e and !e test without consuming, a
// rule reference calls that rule's function. A single-character expression (a class, a one-
// character literal, or a choice of them) is one test of one code unit: a comparison, a range or
// a 128-entry table; a test that comes right after a loop over one character or a one-character
// lookahead, at the same position, takes the character that stopped it from c instead of reading
// it again (peek); a repeated (C &D), with D a one-character set within C, tests each character
// once (lookaheadPair). Values follow peggy: $e is the matched text, label:e binds e's value for
// the actions after it in its sequence, @e plucks, e? is null when absent, and an action is
// called with the labels in scope, after peg$savedPos and peg$currPos are set so that text()
// and location() work. A repetition whose value is read (through a label, a pluck or as the
// rule's value: the labels of a hostname) builds the array of its elements' values, as peggy
// does; any other repetition builds nothing. The value of a sequence without a pluck and of an
// action-free rule is peg$LIST, as in the fast build after dropLists (no action reads one:
// checkActionInputs, checkRuleValues).
//
// The rule's peggy function keeps peggy's contract (on a match it moves peg$currPos to the end
// and returns the value; on a failure it returns peg$FAILED and leaves peg$currPos alone), so
// peggy's parse() still works. Compiled rules record no expectations: the fast and match builds
// run with expectations off (src/parse.ts), and a rejected input is diagnosed by the trace
// build, which this pass does not touch. After the rewrite, peggy's functions and constants that
// nothing uses any more are removed.

const STRUCTURAL = new Set(["literal", "class", "any", "rule_ref", "sequence", "choice", "optional",
  "zero_or_more", "one_or_more", "repeated", "simple_and", "simple_not", "group", "named"]);
const VALUED = new Set([...STRUCTURAL, "action", "labeled", "text"]);

function fail(what) {
  throw new Error(`compile-rules: ${what}`);
}

function children(node) {
  const out = [];
  for (const key of ["expression", "delimiter"]) if (node[key] && node[key].type) out.push(node[key]);
  for (const key of ["alternatives", "elements"]) if (Array.isArray(node[key])) out.push(...node[key]);
  return out;
}

/** What the compiler cannot translate (it stops the build): the first such node, described. */
function unsupported(node) {
  if (!VALUED.has(node.type)) return `a ${node.type} node`;
  if (node.type === "class" && node.unicode) return "a unicode class";
  if (node.type === "repeated") {
    if (node.delimiter) return "a repetition with a delimiter";
    if ((node.min && node.min.type !== "constant") || node.max.type !== "constant") return "a repetition with a variable bound";
  }
  for (const c of children(node)) {
    const u = unsupported(c);
    if (u) return u;
  }
  return null;
}

/** True when the expression builds no value anything could read: no action, label or text. */
function structural(node) {
  return STRUCTURAL.has(node.type) && children(node).every(structural);
}

/**
 * The rules compiled into position functions: structural bodies that reference only such rules.
 * Every other rule is compiled into a value function.
 */
export function positionRules(ast) {
  const byName = new Map(ast.rules.map((r) => [r.name, r]));
  const ok = new Set(ast.rules.filter((r) => structural(r.expression)).map((r) => r.name));
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
 * The code units that peggy's case-insensitive literal test takes for the one code unit ch of the
 * literal's lower case: those whose toLowerCase() is ch ("v": V and v; "k": K, k and the Kelvin
 * sign U+212A). Found by asking toLowerCase() about every code unit, as peggy's test does.
 *
 * peggy matches a case-insensitive literal by input.substr(p, L).toLowerCase() === lower, where
 * lower is the literal's lower case and L its length. Where lower is ASCII, that holds exactly when
 * each of the L code units at p, alone, lowercases to the code unit of lower at its place: the
 * lower case of a string is that of each of its characters, except U+0130 (two code units, the
 * second non-ASCII), a final capital sigma (a Greek letter) and a surrogate pair (never an ASCII
 * character, and a lone surrogate is its own lower case); none of them gives an ASCII character.
 */
const lowerCasePreimages = new Map();
function lowerCasePreimage(ch) {
  let codes = lowerCasePreimages.get(ch);
  if (!codes) {
    codes = [];
    for (let c = 0; c < 0x10000; c++) if (String.fromCharCode(c).toLowerCase() === ch) codes.push(c);
    lowerCasePreimages.set(ch, codes);
  }
  return codes;
}

/** True when the lower case of the case-insensitive literal is ASCII (then lowerCasePreimage applies). */
const asciiLower = (value) => /^[\x00-\x7f]*$/.test(value.toLowerCase());

/** The RegExp source of a class, anchored at the start as peggy writes it: ^[...] (every part escaped). */
function classSource(node) {
  const unit = (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`;
  const parts = node.parts.map((part) => (Array.isArray(part) ? `${unit(part[0])}-${unit(part[1])}` : unit(part))).join("");
  return `^[${node.inverted ? "^" : ""}${parts}]`;
}

/**
 * The members of a case-insensitive class, as peggy's RegExp (flag i, no u) tests them: every
 * code unit is asked. { ascii, high } as unitSet; null when the members from 128 up are neither
 * none nor all (a non-u RegExp never folds a code unit from 128 up onto an ASCII one, so a class
 * of ASCII parts has none; inverted, all).
 */
const foldedClasses = new Map();
function foldedClass(node) {
  const source = classSource(node);
  if (foldedClasses.has(source)) return foldedClasses.get(source);
  const re = new RegExp(source, "i");
  const ascii = new Set();
  let high = 0;
  for (let c = 0; c < 0x10000; c++) {
    if (!re.test(String.fromCharCode(c))) continue;
    if (c < 128) ascii.add(c); else high++;
  }
  const set = high === 0 ? { ascii, high: false } : high === 0x10000 - 128 ? { ascii, high: true } : null;
  foldedClasses.set(source, set);
  return set;
}

/**
 * The code units a node matches when it always matches exactly one code unit (a class, a
 * one-character literal, or a choice or group of those): { ascii, high }, the members below 128
 * and whether every code unit from 128 up is a member; null otherwise (or for a class that
 * names some but not all code units from 128 up, which no grammar here does).
 */
function unitSet(node) {
  switch (node.type) {
    case "class": {
      if (node.unicode) return null;
      if (node.ignoreCase) return foldedClass(node);
      const ascii = new Set();
      for (const part of node.parts) {
        const [from, to] = Array.isArray(part) ? part : [part, part];
        if (typeof from !== "string" || from.length !== 1 || to.length !== 1) return null;
        for (let c = from.charCodeAt(0); c <= to.charCodeAt(0); c++) {
          if (c >= 128) return null;
          ascii.add(c);
        }
      }
      if (!node.inverted) return { ascii, high: false };
      const inverted = new Set();
      for (let c = 0; c < 128; c++) if (!ascii.has(c)) inverted.add(c);
      return { ascii: inverted, high: true };
    }
    case "literal": {
      if (node.ignoreCase) {
        // "v"i: the code units that lowercase to "v", when they are all ASCII.
        if (node.value.length !== 1 || !asciiLower(node.value)) return null;
        const codes = lowerCasePreimage(node.value.toLowerCase());
        return codes.every((c) => c < 128) ? { ascii: new Set(codes), high: false } : null;
      }
      return node.value.length === 1 && node.value.charCodeAt(0) < 128
        ? { ascii: new Set([node.value.charCodeAt(0)]), high: false } : null;
    }
    case "group": case "named":
      return unitSet(node.expression);
    case "choice": {
      const ascii = new Set();
      let high = false;
      for (const alt of node.alternatives) {
        const s = unitSet(alt);
        if (!s) return null;
        for (const c of s.ascii) ascii.add(c);
        high ||= s.high;
      }
      return { ascii, high };
    }
    default:
      return null;
  }
}

/**
 * For a repeated choice whose first alternative is one code unit (segment = *( unreserved /
 * escaped / ... ) after the classes are merged: [...] / "%" HEXDIG HEXDIG): that unit's set and
 * the choice of the other alternatives; null for any other expression.
 */
function runFirst(expr) {
  while (expr.type === "group" || expr.type === "named") expr = expr.expression;
  if (expr.type !== "choice" || expr.alternatives.length < 2) return null;
  const set = unitSet(expr.alternatives[0]);
  if (!set) return null;
  const others = expr.alternatives.slice(1);
  return { set, rest: others.length === 1 ? others[0] : { type: "choice", alternatives: others } };
}

/**
 * True when the expression is a sequence that ends with a one-character lookahead (&C or !C),
 * which leaves the character after the match in c (Compiler.test with assign).
 */
function endsWithLookahead(expr) {
  while (expr.type === "group" || expr.type === "named") expr = expr.expression;
  if (expr.type !== "sequence" || expr.elements.length === 0) return false;
  const last = expr.elements[expr.elements.length - 1];
  if (last.type !== "simple_and" && last.type !== "simple_not") return false;
  const set = unitSet(last.expression);
  return Boolean(set) && Compiler.assigns(set);
}

/**
 * For a sequence of one character C and a lookahead of one character &D where every character of
 * D is one of C (domainlabel's (alphanum / "-") &(alphanum / "-")): the two sets; null for any
 * other expression.
 */
function lookaheadPair(expr) {
  while (expr.type === "group" || expr.type === "named") expr = expr.expression;
  if (expr.type !== "sequence" || expr.elements.length !== 2) return null;
  const [first, ahead] = expr.elements;
  if (ahead.type !== "simple_and") return null;
  const c = unitSet(first);
  const d = unitSet(ahead.expression);
  if (!c || !d || (d.high && !c.high) || [...d.ascii].some((code) => !c.ascii.has(code))) return null;
  return { c, d };
}

/** True when matching the node may call an action. */
const hasAction = (node) => node.type === "action" || children(node).some(hasAction);

/** True when the node always matches (peggy's inferenceMatchResult: ALWAYS_MATCH is 1). */
const alwaysMatches = (node) => node.match === 1;

/**
 * True when a failed match of the node may leave the position moved (so a choice, option or
 * repetition must restore it before going on). Single tests, literals (compared before the
 * position moves), predicates and rule calls never move on failure.
 */
function movesOnFailure(node) {
  if (unitSet(node)) return false;
  switch (node.type) {
    case "literal": case "class": case "any": case "rule_ref": case "simple_and": case "simple_not":
    case "optional": case "zero_or_more":
      return false;
    case "group": case "named": case "one_or_more": case "labeled": case "text": case "action":
      return movesOnFailure(node.expression);
    case "choice":
      return movesOnFailure(node.alternatives[node.alternatives.length - 1]);
    case "sequence": {
      // It fails after moving only if an element after the first can fail.
      const els = node.elements;
      return els.length > 0 && (movesOnFailure(els[0]) || els.slice(1).some((e) => !alwaysMatches(e)));
    }
    case "repeated": {
      const min = node.min ? node.min.value : node.max.value;
      return min > 1 || (min === 1 && movesOnFailure(node.expression));
    }
    default:
      return true;
  }
}

/**
 * What an expression can begin with: { ascii, high, nullable }: the code units below 128 its
 * first character can be, whether it can be one from 128 up, and whether it can match the empty
 * string (then it may begin with anything). null when not known (a rule that refers back to
 * itself before consuming). rules maps names to rules; memo caches each rule's answer.
 */
function firstSet(node, rules, memo, active = new Set()) {
  const set = unitSet(node);
  if (set) return { ascii: set.ascii, high: set.high, nullable: false };
  const union = (parts, nullable) => {
    if (parts.some((x) => x === null)) return null;
    const ascii = new Set();
    let high = false;
    for (const x of parts) { for (const c of x.ascii) ascii.add(c); high ||= x.high; }
    return { ascii, high, nullable };
  };
  const empty = { ascii: new Set(), high: false, nullable: true };
  switch (node.type) {
    case "literal":
      if (node.value === "") return empty;
      if (node.ignoreCase) {
        if (!asciiLower(node.value)) return null;
        const codes = lowerCasePreimage(node.value.toLowerCase()[0]);
        return { ascii: new Set(codes.filter((c) => c < 128)), high: codes.some((c) => c >= 128), nullable: false };
      }
      return firstSet({ type: "literal", value: node.value[0] }, rules, memo, active);
    case "class":
      return null; // a class unitSet does not take (case-insensitive, unicode)
    case "any":
      return { ascii: new Set(Array.from({ length: 128 }, (_, i) => i)), high: true, nullable: false };
    case "rule_ref": {
      if (memo.has(node.name)) return memo.get(node.name);
      if (active.has(node.name) || !rules.has(node.name)) return null;
      active.add(node.name);
      const f = firstSet(rules.get(node.name).expression, rules, memo, active);
      active.delete(node.name);
      memo.set(node.name, f);
      return f;
    }
    case "simple_and": case "simple_not":
      return empty;
    case "optional": case "zero_or_more": {
      const f = firstSet(node.expression, rules, memo, active);
      return f && { ...f, nullable: true };
    }
    case "repeated": {
      const f = firstSet(node.expression, rules, memo, active);
      const min = node.min ? node.min.value : node.max.value;
      return f && { ...f, nullable: f.nullable || min === 0 };
    }
    case "choice": {
      const parts = node.alternatives.map((a) => firstSet(a, rules, memo, active));
      return union(parts, parts.some((x) => x && x.nullable));
    }
    case "sequence": {
      const parts = [];
      for (const e of node.elements) {
        const f = firstSet(e, rules, memo, active);
        parts.push(f);
        if (!f || !f.nullable) return union(parts, false);
      }
      return union(parts, true);
    }
    default: // group, named, one_or_more, labeled, text, action
      return node.expression ? firstSet(node.expression, rules, memo, active) : null;
  }
}

/**
 * True when the expression may match the empty string, or when that is not known (a rule that
 * refers back to itself before consuming). rules maps names to rules.
 */
export function mayMatchEmpty(node, rules) {
  const first = firstSet(node, rules, new Map());
  return first === null || first.nullable;
}

/** A compiler for one grammar: the rule functions and the tables and actions they share. */
class Compiler {
  constructor(ast) {
    this.ast = ast;
    this.position = positionRules(ast);
    this.byName = new Map(ast.rules.map((r) => [r.name, r]));
    this.firsts = new Map();
    this.tables = new Map(); // member list -> table name
    this.regexes = new Map(); // RegExp literal -> name (classes unitSet does not take)
    this.actions = []; // action functions, in the order compiled
  }

  /**
   * A JS condition that is true when the code unit at p is in the set. With peek, c already
   * holds that code unit (when p < n) and is not read again; with assign, the condition leaves
   * it in c whenever p < n, so that the test after it may peek.
   */
  test({ ascii, high }, { peek = false, assign = false } = {}) {
    const codes = [...ascii].sort((a, b) => a - b);
    const unit = peek ? "c" : "(c = s.charCodeAt(p))";
    if (high && codes.length === 128) return "p < n";
    if (high) {
      if (codes.length === 0) return `p < n && ${peek || assign ? unit : "s.charCodeAt(p)"} >= 128`;
      return `p < n && (${unit} >= 128 || ${this.table(codes)}[c] === 1)`;
    }
    if (codes.length === 0) return "false";
    if (codes.length === 1) return `p < n && ${peek || assign ? unit : "s.charCodeAt(p)"} === ${codes[0]}`;
    const lo = codes[0];
    const hi = codes[codes.length - 1];
    if (hi - lo + 1 === codes.length) return `p < n && ${unit} >= ${lo} && c <= ${hi}`;
    return `p < n && ${unit} < 128 && ${this.table(codes)}[c] === 1`;
  }

  /** Whether a test of the set reads the code unit into c (then the next test at p may peek). */
  static assigns({ ascii, high }) {
    return !(high && ascii.size === 128);
  }

  table(codes) {
    const key = codes.join(",");
    let name = this.tables.get(key);
    if (!name) {
      name = `peg$k${this.tables.size}`;
      this.tables.set(key, name);
    }
    return name;
  }

  /** The name of a module-level RegExp that tests one code unit as the class does (as peggy's). */
  regex(node) {
    const literal = `/${classSource(node)}/${node.ignoreCase ? "i" : ""}`;
    let name = this.regexes.get(literal);
    if (!name) {
      name = `peg$x${this.regexes.size}`;
      this.regexes.set(literal, name);
    }
    return name;
  }

  /** A fresh name in the current function. */
  fresh(prefix) {
    return `${prefix}${this.counter++}`;
  }

  /** A fresh variable of the current function, declared at its top. */
  variable(prefix) {
    const name = this.fresh(prefix);
    this.locals.push(name);
    return name;
  }

  /**
   * Statements that match node at p. On success p is the end of the match, and `target` (a
   * variable, or null when nothing reads the value) holds its value; on failure they run onFail.
   * env maps the labels in scope to the variables that hold their values.
   */
  gen(node, onFail, ind, env, target = null) {
    // peek: c holds the code unit at p (when p < n), as the code just before left it. Only the
    // first test of this node may use it; every node says, by this.peek, whether its code
    // leaves c so on every path out of it that goes on to the next node.
    const peek = this.peek;
    this.peek = false;
    const set = unitSet(node);
    if (set) {
      const value = target ? ` ${target} = s.charAt(p);` : "";
      return `${ind}if (${this.test(set, { peek })}) {${value} p++; } else { ${onFail} }\n`;
    }
    const assign = (v) => (target ? `${ind}${target} = ${v};\n` : "");
    switch (node.type) {
      case "group":
        // A group is a scope: its labels are not seen after it.
        this.peek = peek;
        return this.gen(node.expression, onFail, ind, new Map(env), target);
      case "named":
        this.peek = peek;
        return this.gen(node.expression, onFail, ind, env, target);
      case "any":
        return `${ind}if (p < n) {${target ? ` ${target} = s.charAt(p);` : ""} p++; } else { ${onFail} }\n`;
      case "class": {
        // A class with members from 128 up but not all of them ([a\u00c9]i): peggy's own test.
        const re = this.regex(node);
        return `${ind}if (p < n && ${re}.test(s.charAt(p))) {${target ? ` ${target} = s.charAt(p);` : ""} p++; } else { ${onFail} }\n`;
      }
      case "literal": {
        const v = node.value;
        if (v.length === 0) return assign('""');
        if (node.ignoreCase) return this.literalIgnoringCase(v, onFail, ind, target, peek);
        const cond = [...v].map((ch, i) => `${i === 0 && peek ? "c" : `s.charCodeAt(p${i ? " + " + i : ""})`} === ${ch.charCodeAt(0)}`).join(" && ");
        return `${ind}if (p + ${v.length} <= n && ${cond}) p += ${v.length}; else { ${onFail} }\n` + assign(JSON.stringify(v));
      }
      case "rule_ref": {
        if (!this.byName.has(node.name)) fail(`rule ${node.name} is not defined`);
        if (this.position.has(node.name)) {
          const call = `peg$m_${node.name}(p)`;
          if (alwaysMatches(node)) return `${ind}p = ${call};\n` + assign("peg$LIST");
          // A rule that cannot match the empty string fails where its first character cannot
          // begin it: that is tested before the call (host's IPv4address, on a hostname).
          const first = firstSet(node, this.byName, this.firsts);
          const guard = first && !first.nullable && !(first.high && first.ascii.size === 128) ? `!(${this.test(first, { peek })}) || ` : "";
          return `${ind}if (${guard}(r = ${call}) < 0) { ${onFail} }\n${ind}p = r;\n` + assign("peg$LIST");
        }
        const v = target ?? this.variable("v");
        return `${ind}if ((${v} = peg$v_${node.name}(p)) === peg$FAILED) { ${onFail} }\n${ind}p = peg$end;\n`;
      }
      case "sequence": {
        let out = "";
        let plucked = null;
        for (const e of node.elements) {
          if (e.type === "labeled" && e.pick) {
            if (plucked) fail("a sequence with more than one pluck");
            plucked = e;
          }
        }
        // The text of a labeled $e is cut out of the input only when something may read it: before
        // the next element that calls an action, or when the whole sequence has matched. (Cutting
        // it out moves neither p nor c, so a peek goes on from element to element.)
        let pending = [];
        let pluckedVar = null;
        const flush = () => {
          for (const [v, from, to] of pending) out += `${ind}${v} = s.substring(${from}, ${to});\n`;
          pending = [];
        };
        this.peek = peek;
        for (const e of node.elements) {
          if (hasAction(e)) flush();
          if (e.type === "labeled") {
            const v = this.variable(`l_${e.label ?? "pick"}`);
            if (e.expression.type === "text") {
              const [from, to] = [this.fresh("t"), this.fresh("t")];
              out += `${ind}const ${from} = p;\n` + this.gen(e.expression.expression, onFail, ind, env, null) + `${ind}const ${to} = p;\n`;
              pending.push([v, from, to]);
            } else {
              out += this.gen(e.expression, onFail, ind, env, v);
            }
            if (e.label) env.set(e.label, v);
            if (e === plucked) pluckedVar = v;
          } else {
            out += this.gen(e, onFail, ind, env, null);
          }
        }
        flush();
        if (target) out += `${ind}${target} = ${pluckedVar ?? "peg$LIST"};\n`;
        return out;
      }
      case "labeled": {
        // A label outside a sequence: its value is the expression's.
        const v = this.variable(`l_${node.label ?? "pick"}`);
        this.peek = peek;
        const out = this.gen(node.expression, onFail, ind, env, v);
        if (node.label) env.set(node.label, v);
        return out + assign(v);
      }
      case "text": {
        const start = this.fresh("t");
        this.peek = peek;
        return `${ind}const ${start} = p;\n` + this.gen(node.expression, onFail, ind, env, null) +
          assign(`s.substring(${start}, p)`);
      }
      case "action": {
        const scope = new Map(env);
        const start = this.fresh("a");
        this.peek = peek;
        const body = this.gen(node.expression, onFail, ind, scope, null);
        const params = [...scope.keys()];
        const name = `peg$a${this.actions.length}`;
        this.actions.push(`function ${name}(${params.join(", ")}) {${node.code}}`);
        return `${ind}const ${start} = p;\n` + body +
          `${ind}peg$savedPos = ${start};\n${ind}peg$currPos = p;\n` +
          (target ? `${ind}${target} = ` : ind) + `${name}(${params.map((k) => scope.get(k)).join(", ")});\n`;
      }
      case "choice": {
        const label = this.fresh("choice");
        const save = node.alternatives.slice(0, -1).some(movesOnFailure);
        const q = save ? this.fresh("q") : null;
        let out = `${ind}${label}: {\n`;
        if (save) out += `${ind}  const ${q} = p;\n`;
        node.alternatives.forEach((alt, i) => {
          // Only the first alternative starts where the code before left c; after a failed
          // one, c may hold a later code unit.
          this.peek = i === 0 && peek;
          if (i === node.alternatives.length - 1) {
            out += this.gen(alt, onFail, ind + "  ", new Map(env), target);
            return;
          }
          const next = this.fresh("alt");
          out += `${ind}  ${next}: {\n${this.gen(alt, `break ${next};`, ind + "    ", new Map(env), target)}${ind}    break ${label};\n${ind}  }\n`;
          if (movesOnFailure(alt)) out += `${ind}  p = ${q};\n`;
        });
        this.peek = false;
        return out + `${ind}}\n`;
      }
      case "optional":
        this.peek = peek;
        return this.optional(node.expression, ind, env, target);
      case "zero_or_more":
        if (target) return this.collect(node.expression, 0, null, onFail, ind, env, target);
        return this.loop(node.expression, null, ind, env);
      case "one_or_more":
        if (target) return this.collect(node.expression, 1, null, onFail, ind, env, target);
        this.peek = peek;
        return this.gen(node.expression, onFail, ind, new Map(env)) + this.loop(node.expression, null, ind, env);
      case "repeated": {
        const min = node.min ? node.min.value : node.max.value;
        const max = node.max.value; // null: no upper bound
        if (target) return this.collect(node.expression, min, max, onFail, ind, env, target);
        let out = "";
        this.peek = peek;
        for (let i = 0; i < min; i++) out += this.gen(node.expression, onFail, ind, new Map(env));
        this.peek = false;
        if (max === null) out += this.loop(node.expression, null, ind, env);
        else if (max - min === 1) out += this.optional(node.expression, ind, env, null);
        else if (max - min > 1) out += this.loop(node.expression, max - min, ind, env);
        return out;
      }
      case "simple_and": case "simple_not": {
        const positive = node.type === "simple_and";
        const unit = node.expression.type === "any" ? null : unitSet(node.expression);
        const one = node.expression.type === "any" ? "p < n" : unit && this.test(unit, { peek, assign: true });
        let out;
        if (one) {
          // A lookahead of one character: test it where it stands, nothing to restore; it
          // leaves that character in c for the next test.
          out = `${ind}if (${positive ? "!" : ""}(${one})) { ${onFail} }\n`;
          this.peek = unit ? Compiler.assigns(unit) || peek : peek;
        } else if (positive) {
          const q = this.fresh("q");
          // Restored on failure too, so that a lookahead never moves the position.
          const restoreFail = movesOnFailure(node.expression) ? `p = ${q}; ${onFail}` : onFail;
          out = `${ind}{\n${ind}  const ${q} = p;\n${this.gen(node.expression, restoreFail, ind + "  ", new Map(env))}${ind}  p = ${q};\n${ind}}\n`;
        } else {
          const label = this.fresh("not");
          const q = this.fresh("q");
          out = `${ind}{\n${ind}  const ${q} = p;\n${ind}  ${label}: {\n` +
            this.gen(node.expression, `break ${label};`, ind + "    ", new Map(env)) +
            `${ind}    p = ${q};\n${ind}    ${onFail}\n${ind}  }\n` +
            (movesOnFailure(node.expression) ? `${ind}  p = ${q};\n` : "") + `${ind}}\n`;
        }
        if (!one) this.peek = false;
        return out + assign("undefined");
      }
      default:
        return fail(`cannot compile a ${node.type} node`);
    }
  }

  /**
   * A case-insensitive literal ("v"i) longer than one code unit, or one whose code units are not
   * all ASCII: its value is the input's text, as peggy's. Where its lower case is ASCII, each code
   * unit is compared with those that lowercase to it (lowerCasePreimage); otherwise the test is
   * peggy's own, substr(p, L).toLowerCase() === lower.
   */
  literalIgnoringCase(v, onFail, ind, target, peek) {
    const lower = v.toLowerCase();
    const value = target ? `${ind}  ${target} = s.substring(p, p + ${v.length});\n` : "";
    if (asciiLower(v)) {
      const cond = [...lower].map((ch, i) => {
        const codes = lowerCasePreimage(ch);
        const unit = i === 0 && peek ? "c" : `s.charCodeAt(p${i ? " + " + i : ""})`;
        if (codes.length === 1) return `${unit} === ${codes[0]}`;
        const first = i === 0 && peek ? "c" : `(c = ${unit})`;
        return `(${codes.map((code, k) => `${k === 0 ? first : "c"} === ${code}`).join(" || ")})`;
      }).join(" && ");
      return `${ind}if (p + ${v.length} <= n && ${cond}) {\n${value}${ind}  p += ${v.length};\n${ind}} else { ${onFail} }\n`;
    }
    return `${ind}if (s.substr(p, ${lower.length}).toLowerCase() === ${JSON.stringify(lower)}) {\n` +
      `${value}${ind}  p += ${v.length};\n${ind}} else { ${onFail} }\n`;
  }

  /** e? : one attempt; on failure the position is where it was and the value null. */
  optional(expr, ind, env, target) {
    const attempt = this.fresh("opt");
    const done = this.fresh("optDone");
    const moves = movesOnFailure(expr);
    if (!moves && !target) {
      const out = `${ind}${attempt}: {\n${this.gen(expr, `break ${attempt};`, ind + "  ", new Map(env))}${ind}}\n`;
      this.peek = false;
      return out;
    }
    const q = moves ? this.fresh("q") : null;
    const body = this.gen(expr, `break ${attempt};`, ind + "    ", new Map(env), target);
    this.peek = false;
    return `${ind}${done}: {\n` + (moves ? `${ind}  const ${q} = p;\n` : "") + `${ind}  ${attempt}: {\n` + body +
      `${ind}    break ${done};\n${ind}  }\n` + (moves ? `${ind}  p = ${q};\n` : "") +
      (target ? `${ind}  ${target} = null;\n` : "") + `${ind}}\n`;
  }

  /**
   * A repetition whose value something reads (a label, a pluck, the rule's value): at least min
   * and at most max (null: no bound) matches of expr, greedy, and target the array of their
   * values, as peggy builds it (the hostname's labels).
   */
  collect(expr, min, max, onFail, ind, env, target) {
    const list = this.fresh("list");
    const item = this.variable("e");
    let out = `${ind}const ${list} = [];\n`;
    for (let i = 0; i < min; i++) out += this.gen(expr, onFail, ind, new Map(env), item) + `${ind}${list}.push(${item});\n`;
    if (max === null || max > min) {
      const label = this.fresh("loop");
      out += `${ind}${label}: while (${max === null ? "true" : `${list}.length < ${max}`}) {\n` +
        this.attempt(expr, label, ind, env, item, `${ind}    ${list}.push(${item});\n`) + `${ind}}\n`;
    }
    this.peek = false;
    return out + `${ind}${target} = ${list};\n`;
  }

  /** e* (limit null) or up to `limit` more matches of e, greedy. */
  loop(expr, limit, ind, env) {
    const set = unitSet(expr);
    if (set && limit === null) {
      // The loop ends on the first code unit not in the set, which it leaves in c.
      this.peek = Compiler.assigns(set);
      return `${ind}while (${this.test(set, { assign: true })}) p++;\n`;
    }
    const run = limit === null && runFirst(expr);
    if (run) {
      // ( C / rest )* where C is one code unit: the characters of C are taken in a loop of their
      // own, and rest is tried only where C fails, as the ordered choice does on every round;
      // rest's first test reads the code unit that stopped that loop from c.
      const label = this.fresh("loop");
      let out = `${ind}${label}: for (;;) {\n${ind}  while (${this.test(run.set, { assign: true })}) p++;\n`;
      this.peek = Compiler.assigns(run.set);
      if (!movesOnFailure(run.rest)) {
        out += this.gen(run.rest, `break ${label};`, ind + "  ", new Map(env)) + `${ind}}\n`;
      } else {
        out += this.attempt(run.rest, label, ind, env, null, "") + `${ind}}\n`;
      }
      this.peek = false;
      return out;
    }
    const pair = lookaheadPair(expr);
    if (pair) {
      // (C &D)* or (C &D)|..limit| with D within C: a round takes the character at p when the
      // one after it is in D, and that one is then in C, as the next round needs. So C is tested
      // at the first character only, and each character after it once, as D; the loop stops
      // before the first character not in D and gives back the last one it took, the lookahead's.
      const count = limit === null ? null : this.fresh("k");
      const bound = count ? `${count} < ${limit} && ` : "";
      this.peek = false;
      return `${ind}if (${this.test(pair.c)}) {\n${ind}  p++;\n` + (count ? `${ind}  let ${count} = 0;\n` : "") +
        `${ind}  while (${bound}${this.test(pair.d)}) { p++;${count ? ` ${count}++;` : ""} }\n${ind}  p--;\n${ind}}\n`;
    }
    const label = this.fresh("loop");
    const count = limit === null ? null : this.fresh("k");
    let out = count ? `${ind}let ${count} = 0;\n` : "";
    // A round that ends with a one-character lookahead leaves the character where the next
    // round starts in c (IPv6address's (h4 ":" !":")|..3|): read it once before the first
    // round, and every round's first test peeks.
    const primed = endsWithLookahead(expr);
    if (primed) out += `${ind}if (p < n) c = s.charCodeAt(p);\n`;
    out += `${ind}${label}: while (${count ? `${count} < ${limit}` : "true"}) {\n`;
    this.peek = primed;
    if (!movesOnFailure(expr)) {
      out += this.gen(expr, `break ${label};`, ind + "  ", new Map(env));
      if (count) out += `${ind}  ${count}++;\n`;
      this.peek = false;
      return out + `${ind}}\n`;
    }
    out += this.attempt(expr, label, ind, env, null, count ? `${ind}    ${count}++;\n` : "") + `${ind}}\n`;
    this.peek = false;
    return out;
  }

  /**
   * One round of a loop labeled `label` whose element may fail after moving: on a match, `after`
   * runs and the loop goes on; on a failure, the position is restored and the loop ends.
   */
  attempt(expr, label, ind, env, target, after) {
    const item = this.fresh("item");
    const q = this.fresh("q");
    return `${ind}  const ${q} = p;\n${ind}  ${item}: {\n` + this.gen(expr, `break ${item};`, ind + "    ", new Map(env), target) +
      after + `${ind}    continue ${label};\n${ind}  }\n${ind}  p = ${q};\n${ind}  break;\n`;
  }

  rule(rule) {
    this.counter = 0;
    this.locals = [];
    this.peek = false;
    const position = this.position.has(rule.name);
    const value = position ? null : this.variable("value");
    const body = this.gen(rule.expression, position ? "return -1;" : "return peg$FAILED;", "  ", new Map(), value);
    const uses = (v) => new RegExp(`\\b${v.replace(/\$/g, "\\$")}\\b`).test(body);
    const locals = ["c", "r", ...this.locals].filter(uses);
    const head = `function peg$${position ? "m" : "v"}_${rule.name}(p) {\n  const s = input;\n` +
      (uses("n") ? "  const n = s.length;\n" : "") + (locals.length ? `  let ${locals.join(", ")};\n` : "");
    return head + body + (position ? "  return p;\n}\n" : `  peg$end = p;\n  return ${value};\n}\n`);
  }
}

/**
 * An action may read a position rule's value only through $ (text) or through another action:
 * its value is peg$LIST, not what peggy would have built.
 */
export function checkRuleValues(ast, position) {
  const problems = [];
  const reads = (n) => n.type === "rule_ref" ? [n.name]
    : ["group", "named", "optional", "labeled", "zero_or_more", "one_or_more", "repeated"].includes(n.type) ? reads(n.expression)
    : n.type === "choice" ? n.alternatives.flatMap(reads)
    : n.type === "sequence" ? n.elements.filter((e) => e.type === "labeled" && e.pick).flatMap(reads) : [];
  const visit = (node, rule) => {
    if (node.type === "labeled" && node.label !== null) {
      for (const name of reads(node.expression)) if (position.has(name)) problems.push(`${rule}: label ${node.label} reads ${name}`);
    }
    for (const c of children(node)) visit(c, rule);
  };
  for (const r of ast.rules) visit(r.expression, r.name);
  if (problems.length) throw new Error(`compile-rules: an action reads the value of an action-free rule: ${problems.join("; ")}`);
}

/** The number of nodes of an expression. */
export const size = (node) => 1 + children(node).reduce((n, c) => n + size(c), 0);

/** Position rules this small are compiled in place where they are used, not called. */
const INLINE_SIZE = 6;

/**
 * Replaces each reference to a small position rule (escaped = "%" HEXDIG HEXDIG, h4, port) by a
 * copy of that rule's expression: the same PEG, without the call. Position rules bind no labels
 * and call no actions, so nothing else changes. Works on a copy of the AST.
 */
function inlineSmallRules(ast, position) {
  const copy = { ...ast, rules: ast.rules.map((r) => ({ ...r, expression: structuredClone(r.expression) })) };
  const byName = new Map(copy.rules.map((r) => [r.name, r]));
  const small = new Set([...position].filter((name) => size(byName.get(name).expression) <= INLINE_SIZE));
  const rewrite = (node) => {
    for (const key of ["expression", "delimiter"]) if (node[key] && node[key].type) node[key] = rewrite(node[key]);
    for (const key of ["alternatives", "elements"]) if (Array.isArray(node[key])) node[key] = node[key].map(rewrite);
    if (node.type === "rule_ref" && small.has(node.name)) {
      return { type: "group", expression: rewrite(structuredClone(byName.get(node.name).expression)), match: node.match };
    }
    return node;
  };
  for (const r of copy.rules) r.expression = rewrite(r.expression);
  return copy;
}

/** The compiled rules as standalone code: tables, action functions and rule functions. */
export function compileRules(ast) {
  for (const r of ast.rules) {
    const u = unsupported(r.expression);
    if (u) fail(`rule ${r.name}: cannot compile ${u}`);
  }
  checkRuleValues(ast, positionRules(ast));
  ast = inlineSmallRules(ast, positionRules(ast));
  const compiler = new Compiler(ast);
  const functions = ast.rules.map((r) => compiler.rule(r));
  const tables = [...compiler.tables].map(([key, name]) => `const ${name} = peg$table([${key}]);`)
    .concat([...compiler.regexes].map(([literal, name]) => `const ${name} = ${literal};`));
  return {
    position: compiler.position,
    code: [...tables, "", ...compiler.actions, "", ...functions].join("\n"),
  };
}

/**
 * Removes the module-level functions and constants of peggy's output that nothing refers to
 * any more (the bodies of the compiled rules used them), until none is left.
 */
export function removeUnused(js) {
  for (let changed = true; changed;) {
    changed = false;
    const declared = [...js.matchAll(/^(?:const|function) (peg\$(?:[a-z]\d+|parse\w+))\b/gm)].map((m) => m[1]);
    for (const name of declared) {
      const uses = js.split(new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`)).length - 1;
      if (uses !== 1) continue;
      const fn = new RegExp(`^function ${name.replace(/\$/g, "\\$")}\\([^)]*\\) \\{(?:.*\\}\\n|\\n[\\s\\S]*?^\\}\\n)\\n?`, "m");
      const constant = new RegExp(`^const ${name.replace(/\$/g, "\\$")} = .*;(?: //.*)?\\n`, "m");
      const next = js.replace(fn, "").replace(constant, "");
      if (next !== js) { js = next; changed = true; }
    }
  }
  return js;
}

/**
 * Rewrites a generated parser (after hoistConstants, classTables and dropLists): the peggy
 * function of every rule becomes a wrapper of its compiled function, and the module gets the
 * entry points run() and accepts().
 */
export function compileParser(js, ast) {
  const { code, position } = compileRules(ast);
  let replaced = 0;
  let out = js.replace(/^function peg\$parse(\w+)\(\) \{\n[\s\S]*?^\}\n/gm, (fn, name) => {
    replaced++;
    if (position.has(name)) {
      return `function peg$parse${name}() {\n  const end = peg$m_${name}(peg$currPos);\n` +
        `  if (end < 0) return peg$FAILED;\n  peg$currPos = end;\n  return peg$LIST;\n}\n`;
    }
    // An action inside may have moved peg$currPos (for text()) before the rule failed.
    return `function peg$parse${name}() {\n  const start = peg$currPos;\n  const value = peg$v_${name}(start);\n` +
      `  peg$currPos = value === peg$FAILED ? start : peg$end;\n  return value;\n}\n`;
  });
  if (replaced !== ast.rules.length) fail(`${replaced} of ${ast.rules.length} rule functions found (did the peggy output change?)`);
  const anchor = "\nfunction peg$parse(peg$input, options) {\n";
  if (out.split(anchor).length !== 2) fail("peg$parse not found (did the peggy output change?)");
  if (!/^const peg\$LIST = /m.test(out) || !/^function peg\$table\(/m.test(out)) fail("run dropLists and classTables first");
  out = out.replace(anchor, () =>
    "\n// The rules compiled from the PEG (scripts/compile-rules.mjs): peg$m_* return the end of the\n" +
    "// match at p or -1; peg$v_* return the value (peg$end is the end of the match) or peg$FAILED.\n" +
    "let peg$end = 0;\n\n" + code + "\n" + entryPoints(ast, position) + anchor);
  const exports = "module.exports = {\n";
  if (out.split(exports).length !== 2) fail("module.exports not found (did the peggy output change?)");
  out = out.replace(exports, () => exports + "  FAILED: peg$FAILED,\n  run: peg$run,\n  accepts: peg$accepts,\n");
  return removeUnused(out);
}

/**
 * The entry points src/parse.ts uses, beside peggy's parse(): they start from a rule, match the
 * whole input, and build no result object, error or position cache.
 *   run(input, rule)      the start rule's value when the whole input matches, else FAILED
 *   accepts(input, rule)  whether the whole input matches
 */
function entryPoints(ast, position) {
  const entry = (r) => position.has(r.name)
    ? `(p) => { const end = peg$m_${r.name}(p); if (end < 0) return peg$FAILED; peg$end = end; return peg$LIST; }`
    : `peg$v_${r.name}`;
  return "// Entry points without peggy's per-call bookkeeping (scripts/compile-rules.mjs).\n" +
    "const peg$entries = new Map([\n" +
    ast.rules.map((r) => `  [${JSON.stringify(r.name)}, ${entry(r)}],\n`).join("") + "]);\n\n" +
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
    "  input = peg$input;\n" +
    "  try {\n    const value = entry(0);\n" +
    "    return value !== peg$FAILED && peg$end === peg$input.length ? value : peg$FAILED;\n" +
    "  } finally {\n    input = undefined;\n  }\n}\n\n" +
    "const peg$matchers = new Map([\n" +
    ast.rules.map((r) => position.has(r.name) ? `  [${JSON.stringify(r.name)}, peg$m_${r.name}],\n` : "").join("") + "]);\n\n" +
    "let peg$lastMatchRule = null;\nlet peg$lastMatcher;\n\n" +
    "function peg$accepts(peg$input, startRule) {\n" +
    "  let match = peg$lastMatcher;\n" +
    "  if (startRule !== peg$lastMatchRule) {\n" +
    "    match = peg$matchers.get(startRule);\n" +
    "    peg$lastMatchRule = startRule;\n    peg$lastMatcher = match;\n  }\n" +
    "  if (match === undefined) return peg$run(peg$input, startRule) !== peg$FAILED;\n" +
    "  input = peg$input;\n" +
    "  try {\n    return match(0) === peg$input.length;\n  } finally {\n    input = undefined;\n  }\n}\n";
}

/** Declarations of the entry points, appended to the build's .d.ts. */
export function entryPointDeclarations() {
  return "\n// Entry points added by scripts/compile-rules.mjs.\n" +
    "/** The value run() returns when the input does not match. */\n" +
    "export declare const FAILED: unknown;\n" +
    "/** The start rule's value when the whole input matches it, else FAILED (no error is built). */\n" +
    "export declare function run(input: string, startRule: string): unknown;\n" +
    "/** Whether the whole input matches the start rule. */\n" +
    "export declare function accepts(input: string, startRule: string): boolean;\n";
}

/**
 * A standalone matcher for a grammar AST (peggy.generate(..., { output: "ast" })), for tests of
 * this compiler against peggy: the source of a function (startRule, input) => value or FAILED.
 */
export function standaloneSource(ast) {
  const { code, position } = compileRules(ast);
  return "let input;\nlet peg$savedPos = 0;\nlet peg$currPos = 0;\nconst peg$FAILED = {};\n" +
    "const peg$LIST = Object.freeze([]);\n" +
    "function peg$table(codes) {\n  const t = new Uint8Array(128);\n  for (const c of codes) t[c] = 1;\n  return t;\n}\n" +
    "function text() {\n  return input.substring(peg$savedPos, peg$currPos);\n}\n" +
    "function location() {\n  return { start: { offset: peg$savedPos }, end: { offset: peg$currPos } };\n}\n" +
    (ast.topLevelInitializer ? [].concat(ast.topLevelInitializer).map((i) => i.code).join("\n") + "\n" : "") +
    "let peg$end = 0;\n" + code + "\n" + entryPoints(ast, position) +
    "return { run: peg$run, accepts: peg$accepts, FAILED: peg$FAILED };\n";
}
