// Transform pass (fast build; after peggy's mergeCharacterClasses): a call of a rule that is one
// character class or one character (ALPHA, HEXDIG, alphanum) becomes the class itself.
import { clone, rewrite, ruleMap } from "./ast.mjs";

export function inlineClassRules(ast) {
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
