// The JavaScript emitter of the fast build (generate-fast.mjs): every rule of the grammar, from
// its PEG (the AST after the transform passes), as a plain JavaScript function.
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
// a 128-entry table; a multi-character literal is compared code by code; a test that comes right
// after a loop over one character or a one-character lookahead, at the same position, takes the
// character that stopped it from c instead of reading it again (peek); a repeated (C &D), with D
// a one-character set within C, tests each character once (lookaheadPair). Values follow peggy:
// $e is the matched text, label:e binds e's value for the actions after it in its sequence, @e
// plucks, e? is null when absent, and an action is called with the labels in scope, after
// peg$savedPos and peg$currPos are set so that text() and location() work. A repetition whose
// value is read (through a label, a pluck or as the rule's value) builds the array of its
// elements' values, as peggy does; any other repetition builds nothing. The value of a sequence
// without a pluck and of an action-free rule is peg$LIST, a shared empty array: no action reads
// one (check-action-inputs.mjs, check-rule-values.mjs). The rules record no expectations: a
// rejected input is diagnosed by the trace build.
import { asciiLower, children, fail as stop, firstSet, hasAction, lowerCasePreimage, positionRules, unitSet, unwrap } from "./ast.mjs";

const fail = (what) => stop("emit", what);

const VALUED = new Set(["literal", "class", "any", "rule_ref", "sequence", "choice", "optional",
  "zero_or_more", "one_or_more", "repeated", "simple_and", "simple_not", "group", "named", "action", "labeled", "text"]);

/** What the compiler cannot translate (it stops the build): the first such node, described. */
function unsupported(node) {
  if (!VALUED.has(node.type)) return `a ${node.type} node`;
  if (node.type === "class" && node.unicode && node.ignoreCase) return "a case-insensitive unicode class";
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

/**
 * For a repeated choice whose first alternative is one code unit (segment = *( unreserved /
 * escaped / ... ) after the classes are merged: [...] / "%" HEXDIG HEXDIG): that unit's set and
 * the choice of the other alternatives; null for any other expression.
 */
function runFirst(expr) {
  expr = unwrap(expr);
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
  expr = unwrap(expr);
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
  expr = unwrap(expr);
  if (expr.type !== "sequence" || expr.elements.length !== 2) return null;
  const [first, ahead] = expr.elements;
  if (ahead.type !== "simple_and") return null;
  const c = unitSet(first);
  const d = unitSet(ahead.expression);
  if (!c || !d || (d.high && !c.high) || [...d.ascii].some((code) => !c.ascii.has(code))) return null;
  return { c, d };
}

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

/** A compiler for one grammar: the rule functions and the tables and actions they share. */
class Compiler {
  constructor(ast) {
    this.ast = ast;
    this.position = positionRules(ast);
    this.byName = new Map(ast.rules.map((r) => [r.name, r]));
    this.firsts = new Map();
    this.tables = new Map(); // member list -> table name
    this.regexes = new Map(); // RegExp literal -> name (classes unitSet does not take)
    this.wides = new Map(); // code point ranges -> name (classes with the flag u)
    this.actions = []; // action functions, in the order compiled
  }

  /**
   * A JS condition that is true when the code unit at p is in the set. With peek, c already
   * holds that code unit (when p < n) and is not read again; with assign, the condition leaves
   * it in c whenever p < n, so that the test after it may peek.
   */
  test({ ascii, high }, { peek = false, assign = false } = {}) {
    const codes = [...ascii].sort((a, b) => a - b);
    const unit = peek ? "c" : "(c = peg$charCodeAt.call(s, p))";
    if (high && codes.length === 128) return "p < n";
    if (high) {
      if (codes.length === 0) return `p < n && ${peek || assign ? unit : "peg$charCodeAt.call(s, p)"} >= 128`;
      return `p < n && (${unit} >= 128 || ${this.table(codes)}[c] === 1)`;
    }
    if (codes.length === 0) return "false";
    if (codes.length === 1) return `p < n && ${peek || assign ? unit : "peg$charCodeAt.call(s, p)"} === ${codes[0]}`;
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

  /**
   * The name of a module-level test of a class with the flag u (RFC 3987's ucschar, iprivate):
   * a function of (s, p, n) that gives the number of code units of the character at p when the
   * class holds it (1, or 2 for a surrogate pair), else 0. A lone surrogate is read as itself.
   */
  wide(node) {
    const ranges = [];
    for (const part of node.parts) {
      const [from, to] = Array.isArray(part) ? part : [part, part];
      if (typeof from !== "string" || typeof to !== "string") fail("a unicode class with a class escape");
      ranges.push([from.codePointAt(0), to.codePointAt(0)]);
    }
    ranges.sort((a, b) => a[0] - b[0]);
    const key = `${node.inverted ? "^" : ""}${ranges.map(([a, b]) => `${a},${b}`).join(",")}`;
    let name = this.wides.get(key);
    if (!name) {
      name = `peg$u${this.wides.size}`;
      this.wides.set(key, name);
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
        if (node.unicode) {
          // A class of code points: the character at p is one or two code units.
          const w = this.variable("w");
          return `${ind}if (p < n && (${w} = ${this.wide(node)}(s, p, n)) !== 0) {${target ? ` ${target} = s.substring(p, p + ${w});` : ""} p += ${w}; } else { ${onFail} }\n`;
        }
        // A class with members from 128 up but not all of them ([a\u00c9]i): peggy's own test.
        const re = this.regex(node);
        return `${ind}if (p < n && ${re}.test(s.charAt(p))) {${target ? ` ${target} = s.charAt(p);` : ""} p++; } else { ${onFail} }\n`;
      }
      case "literal": {
        const v = node.value;
        if (v.length === 0) return assign('""');
        if (node.ignoreCase) return this.literalIgnoringCase(v, onFail, ind, target, peek);
        const cond = [...v].map((ch, i) => `${i === 0 && peek ? "c" : `peg$charCodeAt.call(s, p${i ? " + " + i : ""})`} === ${ch.charCodeAt(0)}`).join(" && ");
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
          for (const [v, from, to] of pending) out += `${ind}${v} = peg$substring.call(s, ${from}, ${to});\n`;
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
          assign(`peg$substring.call(s, ${start}, p)`);
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
    const value = target ? `${ind}  ${target} = peg$substring.call(s, p, p + ${v.length});\n` : "";
    if (asciiLower(v)) {
      const cond = [...lower].map((ch, i) => {
        const codes = lowerCasePreimage(ch);
        const unit = i === 0 && peek ? "c" : `peg$charCodeAt.call(s, p${i ? " + " + i : ""})`;
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
   * values, as peggy builds it.
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
    if (primed) out += `${ind}if (p < n) c = peg$charCodeAt.call(s, p);\n`;
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
      (uses("n") ? "  const n = peg$length;\n" : "") + (locals.length ? `  let ${locals.join(", ")};\n` : "");
    return head + body + (position ? "  return p;\n}\n" : `  peg$end = p;\n  return ${value};\n}\n`);
  }
}

/**
 * The rules compiled: { position, tables, actions, functions }, the position rules' names and the
 * code of the tables, the action functions and the rule functions.
 */
export function compileRules(ast) {
  for (const r of ast.rules) {
    const u = unsupported(r.expression);
    if (u) fail(`rule ${r.name}: cannot compile ${u}`);
  }
  const compiler = new Compiler(ast);
  const functions = ast.rules.map((r) => compiler.rule(r));
  const tables = [...compiler.tables].map(([key, name]) => `const ${name} = peg$table([${key}]);`)
    .concat([...compiler.regexes].map(([literal, name]) => `const ${name} = ${literal};`))
    .concat([...compiler.wides].map(([key, name]) => `const ${name} = peg$codePoints(${key.startsWith("^")}, [${key.replace(/^\^/, "")}]);`));
  return { position: compiler.position, tables, actions: compiler.actions, functions };
}
