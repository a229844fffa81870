// Semantic pass (fast build; after the transform passes): an action may read the value of an
// action-free rule only through $ (text) or through another action. Such a rule is compiled into a
// position function (emit.mjs), and its value is peg$LIST, not what peggy would have built; the
// transform passes also change the value of action-free rules (fuse-loops.mjs,
// defer-optional-prefix.mjs).
import { children, fail, positionRules } from "./ast.mjs";

export function checkRuleValues(ast) {
  const position = positionRules(ast);
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
  if (problems.length) fail("checkRuleValues", `an action reads the value of an action-free rule: ${problems.join("; ")}`);
}
