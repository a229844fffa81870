// fast-check arbitraries built from the collected ABNF (the plain AST of test/support/abnf.ts):
// every value is a string of the rule's language, and fast-check can shrink a failing one.
import fc from "fast-check";
import type { Abnf, AbnfNode } from "./abnf.js";

export interface ArbitraryOptions {
  /** Upper bound for unbounded repetitions ("*", "1*"): min + this. Default 6. */
  extra?: number;
}

export function abnfArbitrary(abnf: Abnf, rule: string, options: ArbitraryOptions = {}): fc.Arbitrary<string> {
  const extra = options.extra ?? 6;
  const memo = new Map<string, fc.Arbitrary<string>>();
  const join = (parts: string[]) => parts.join("");

  const node = (n: AbnfNode): fc.Arbitrary<string> => {
    switch (n.kind) {
      case "str": {
        const chars = [...n.text].map((c) =>
          n.ci && /[A-Za-z]/.test(c) ? fc.constantFrom(c.toLowerCase(), c.toUpperCase()) : fc.constant(c));
        return fc.tuple(...chars).map(join);
      }
      case "range":
        return fc.integer({ min: n.first, max: n.last }).map((code) => String.fromCodePoint(code));
      case "cat":
        return fc.tuple(...n.items.map(node)).map(join);
      case "alt":
        return fc.oneof(...n.items.map(node));
      case "rep":
        return fc.array(node(n.item), { minLength: n.min, maxLength: n.max ?? n.min + extra }).map(join);
      case "ref": {
        let arb = memo.get(n.name);
        if (!arb) {
          // A rule defined through itself (the 1993 draft's "xalphas = xalpha [ xalphas ]"):
          // while its arbitrary is being built, a reference to it is resolved when drawn.
          const name = n.name;
          memo.set(name, fc.constant(null).chain(() => memo.get(name)!));
          arb = node(abnf.rules[name]);
          memo.set(name, arb);
        }
        return arb;
      }
    }
  };
  return node({ kind: "ref", name: rule });
}
