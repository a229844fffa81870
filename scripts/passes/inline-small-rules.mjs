// Transform pass (fast build; the last before peggy's inferenceMatchResult): each reference to a
// small action-free rule (escaped = "%" HEXDIG HEXDIG, h4, port) becomes a copy of that rule's
// expression: the same PEG, without the call. Such rules bind no labels and call no actions, so
// nothing else changes.
import { clone, positionRules, rewrite, ruleMap, size } from "./ast.mjs";

/** Action-free rules this small are compiled in place where they are used, not called. */
const INLINE_SIZE = 6;

export function inlineSmallRules(ast) {
  const rules = ruleMap(ast);
  const small = new Set([...positionRules(ast)].filter((name) => size(rules.get(name).expression) <= INLINE_SIZE));
  const body = new Map([...small].map((name) => [name, clone(rules.get(name).expression)]));
  // A rule is not inlined into its own copy (a rule that refers to itself stays a call there).
  const inline = (node, active) => rewrite(node, (n) => {
    if (n.type !== "rule_ref" || !small.has(n.name) || active.has(n.name)) return n;
    return { type: "group", expression: inline(clone(body.get(n.name)), new Set([...active, n.name])), location: n.location };
  });
  for (const rule of ast.rules) rule.expression = inline(rule.expression, new Set());
}
