// Check pass (fast build): every value an action reads is one the compiled rules build as peggy
// does. They build only the values that actions read, and some differently from peggy: a sequence
// without a pluck is the shared empty array peg$LIST (emit.mjs). So every label an action reads
// must produce text ($), a literal, an action's result, a choice / option / pluck of those, or a
// repetition of those (an array, which the compiled rules build where it is read).
import { fail, ruleMap, visitor } from "./ast.mjs";

/** The labels of the grammar's actions that read a value the compiled rules do not build as peggy does. */
export function actionInputProblems(ast) {
  const rules = ruleMap(ast);
  const visiting = new Set();
  function scalar(node) {
    switch (node.type) {
      case "action": case "text": case "literal": case "any": return true;
      case "rule_ref": {
        if (visiting.has(node.name)) return false;
        visiting.add(node.name);
        const ok = scalar(rules.get(node.name).expression);
        visiting.delete(node.name);
        return ok;
      }
      case "named": case "labeled": case "group": case "optional": return scalar(node.expression);
      case "zero_or_more": case "one_or_more": return scalar(node.expression);
      case "repeated": return !node.delimiter && scalar(node.expression);
      case "choice": return node.alternatives.every(scalar);
      case "sequence": {
        const plucked = node.elements.filter((e) => e.type === "labeled" && e.pick);
        return plucked.length === 1 && scalar(plucked[0].expression);
      }
      default: return false; // classes, lookaheads, sequences without one pluck
    }
  }
  const problems = [];
  let rule = null;
  const visit = visitor.build({
    rule(node) { rule = node.name; visit(node.expression); },
    action(node) {
      const expr = node.expression;
      for (const e of expr.type === "sequence" ? expr.elements : [expr]) {
        if (e.type === "labeled" && e.label && !scalar(e.expression)) problems.push(`${rule}: label ${e.label}`);
      }
      visit(expr);
    },
  });
  visit(ast);
  return problems;
}

export function checkActionInputs(ast) {
  const problems = actionInputProblems(ast);
  if (problems.length) {
    fail("checkActionInputs", `these action inputs are values the compiled rules do not build as peggy does: ${problems.join("; ")}`);
  }
}
