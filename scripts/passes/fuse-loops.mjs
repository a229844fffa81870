// Transform pass (fast build): "B* (L B*)*" becomes "(B / L)*" when neither B nor L can match the
// empty string: both read any sequence of B's and L's, trying B first at every position, so they
// match the same prefix of any input. path-segments' "segment ("/" segment)*", with
// segment = pchar*, becomes "(pchar / "/")*", which the passes after it turn into one class and
// escaped: one loop over a whole path instead of one per segment.
//
// Only in action-free rules: the value of the fused loop differs from the original's, and nothing
// reads the value of such a rule (check-rule-values.mjs).
import { clone, mayMatchEmpty, rewrite, ruleMap, same, structural } from "./ast.mjs";

export function fuseLoops(ast) {
  const rules = ruleMap(ast);
  // The B of an element that is B*, or a call of an action-free rule whose body is B*.
  const repeated = (node) => {
    const body = node.type === "rule_ref" ? rules.get(node.name)?.expression : node;
    return body && body.type === "zero_or_more" && structural(body) ? body.expression : null;
  };
  const unwrapGroup = (node) => (node.type === "group" ? node.expression : node);
  for (const rule of ast.rules.filter((r) => structural(r.expression))) {
    rule.expression = rewrite(rule.expression, (node) => {
      if (node.type !== "sequence") return node;
      const els = node.elements;
      for (let i = 0; i + 1 < els.length; i++) {
        const b = repeated(els[i]);
        const next = els[i + 1];
        if (!b || next.type !== "zero_or_more") continue;
        const round = unwrapGroup(next.expression);
        if (round.type !== "sequence" || round.elements.length !== 2) continue;
        const [l, again] = round.elements;
        if (!same(again, els[i]) || !structural(l) || mayMatchEmpty(l, rules) || mayMatchEmpty(b, rules)) continue;
        els.splice(i, 2, {
          type: "zero_or_more",
          expression: { type: "choice", alternatives: [clone(b), clone(l)], location: round.location },
          location: els[i].location,
        });
      }
      return els.length === 1 ? els[0] : node;
    });
  }
}
