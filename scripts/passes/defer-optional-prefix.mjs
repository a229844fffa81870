// Transform pass (fast build): an optional prefix tried last.
//
// A sequence that begins with an optional prefix ending in a literal, (A S)? T (T the elements
// after it), tries A first at every position: where most matches have no prefix, A reads the
// text of T before it finds no S, and then T reads it again. This tries T first:
//
//   (A S)? T   becomes   T !X / (A S) T / !(A S) T,   X = [the characters of A, and the first of S]
//
// Precondition, checked from the grammar: no match of T contains s, the first character of S
// (charsOf(T)), and the characters of A are a known set. Then the two agree at every position:
// - where (A S) matches at p, S's s stands at q, after A's text; a match of T at p cannot cross
//   q (it has no s), so it ends at some r <= q, before a character of A's text or at s: X
//   matches there, the first alternative fails, and the second is the original's own path;
// - where (A S) does not match at p, the original matches T at p: the first alternative does
//   where X does not follow, the second fails, and the third is T at p again (its lookahead
//   keeps it from matching where (A S) matched and T after it did not: the original fails there).
// The third alternative is reached only where T matched and a character of X followed it but
// no prefix did (an authority "h:1:2"): rare, and each part is still read a bounded number of
// times.
// The value changes (a choice, not a sequence), so the rewrite is made only where nothing reads
// it: the sequence is the whole expression of an action, which each alternative gets (the
// label of the prefix, when it has one, is null where the prefix is absent, as an absent option's
// value is), or it stands in an action-free rule (check-rule-values.mjs: nothing reads its value).
//
// server = [ [ userinfo "@" ] hostport ] (the draft's and RFC 2396's): most servers have no
// userinfo, which was read first every time.
import { charsOf, classOf, clone, rewrite, ruleMap, structural, unwrap } from "./ast.mjs";

export function deferOptionalPrefix(ast) {
  const rules = ruleMap(ast);
  // The prefix in a lookahead, whose value nothing reads: without its labels and texts.
  const bare = (node) => rewrite(node, (n) => (n.type === "labeled" || n.type === "text" ? n.expression : n));
  for (const rule of ast.rules) {
    const actionFree = structural(rule.expression);
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
