// Generate pass (trace build, after hoistConstants; textual, see text.mjs): a multi-character
// literal ("//", "::") is compared code by code rather than by cutting a substring out of the
// input and comparing strings.
import { refuse, textPass } from "./text.mjs";

export function literalTestsText(js) {
  const literals = new Map();
  for (const m of js.matchAll(/^const (peg\$c\d+) = ("(?:[^"\\]|\\.)*");$/gm)) literals.set(m[1], JSON.parse(m[2]));
  let count = 0;
  const out = js.replace(/input\.substr\(peg\$currPos, (\d+)\) === (peg\$c\d+)/g, (whole, n, c) => {
    const text = literals.get(c);
    if (text === undefined || text.length !== Number(n)) refuse("literalTests", `literal ${c} not found`);
    count++;
    return "(" + [...text].map((ch, i) => `input.charCodeAt(peg$currPos${i ? " + " + i : ""}) === ${ch.charCodeAt(0)}`).join(" && ") + ")";
  });
  if (count === 0) refuse("literalTests", "no multi-character literal found");
  return out;
}

export const literalTests = textPass("literalTests", literalTestsText);
