// Transform pass (fast build): a call of a small rule whose whole body is an action-free choice is
// replaced by that choice, and a choice among alternatives by its alternatives (a PEG choice is
// associative): query's "pchar / [/?]" becomes "unreserved / escaped / [;:@&=+$,] / [/?]",
// segment's "pchar*" becomes "(unreserved / escaped / [;:@&=+$,])*", so that the classes can be
// merged in place (hoist-class-alternatives.mjs, then peggy's mergeCharacterClasses).
import { clone, rewrite, ruleMap, size, structural } from "./ast.mjs";

/** Inlining is limited to small rules: at most this many nodes. */
const INLINE_LIMIT = 16;

export function flattenChoices(ast) {
  const rules = ruleMap(ast);
  const inlinable = (name, from) => {
    const target = rules.get(name);
    return target && target.name !== from && target.expression.type === "choice" &&
      structural(target.expression) && size(target.expression) <= INLINE_LIMIT ? target : null;
  };
  for (const rule of ast.rules) {
    rule.expression = rewrite(rule.expression, (node) => {
      if (node.type === "rule_ref") {
        const target = inlinable(node.name, rule.name);
        return target ? { ...clone(target.expression), location: node.location } : node;
      }
      if (node.type !== "choice") return node;
      node.alternatives = node.alternatives.flatMap((alt) => (alt.type === "choice" ? alt.alternatives : [alt]));
      return node;
    });
  }
}
