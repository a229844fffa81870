// Transform pass (fast build): alternatives that match exactly one character of a set move to the
// front of their choice when no other alternative can start with one of those characters or match
// the empty string (then at most one alternative can match, so the order does not matter):
// "unreserved / escaped / [;:@&=+$,]" becomes "unreserved / [;:@&=+$,] / escaped", which peggy's
// own mergeCharacterClasses pass, right after this one, turns into one class: one table lookup.
import { firstSet, rewrite, ruleMap, unitSet } from "./ast.mjs";

export function hoistClassAlternatives(ast) {
  const rules = ruleMap(ast);
  const firsts = new Map();
  for (const rule of ast.rules) {
    rule.expression = rewrite(rule.expression, (node) => {
      if (node.type !== "choice") return node;
      const classes = [];
      const others = [];
      const union = new Set();
      for (const alt of node.alternatives) {
        // A set of ASCII characters as written (the classes peggy merges): no case-insensitive
        // or inverted class.
        const set = unitSet(alt, { rules, exact: true });
        if (set && !set.high) { classes.push(alt); for (const c of set.ascii) union.add(c); } else others.push(alt);
      }
      if (classes.length < 2 || others.length === 0) return node;
      for (const alt of others) {
        const first = firstSet(alt, rules, firsts);
        if (!first || first.nullable || [...first.ascii].some((c) => union.has(c))) return node;
      }
      node.alternatives = [...classes, ...others];
      return node;
    });
  }
}
