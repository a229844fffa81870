// Transform pass (fast build; right before peggy's mergeCharacterClasses): every class with the
// flag u (RFC 3987's ucschar and iprivate, classes of code points) is put in a group, which peggy's
// pass does not take for a class, so it is never merged with another class.
//
// Why: peggy 5.1's mergeCharacterClasses orders and joins the parts of the classes it merges by
// UTF-16 code unit (cleanParts compares the parts as strings and takes a part's first code unit
// plus one for its neighbour). In a class of code points, U+D7FF and U+10000 (whose first unit is
// U+D800) are then neighbours: RFC 3987's iunreserved merged with ucschar became one range from
// U+00A0 to U+DFFFD, which holds the lone surrogates, U+FFFE and every plane's last two code
// points. Left apart, an ASCII class and a class of code points are tested one after the other:
// the same language (a choice of single characters), and ASCII is still one table lookup.
import { rewrite } from "./ast.mjs";

export function keepCodePointClasses(ast) {
  for (const rule of ast.rules) {
    rule.expression = rewrite(rule.expression, (node) =>
      node.type === "class" && node.unicode ? { type: "group", expression: node, location: node.location } : node);
  }
}
