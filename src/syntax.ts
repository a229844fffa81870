// An edition's grammar as the normalization of a model asks it: does this input match this rule?
import type { Edition } from "./edition.js";

/** Whether the whole input matches the rule (by the edition's own name). */
export interface Syntax {
  accepts(rule: string, input: string): boolean;
}

const SYNTAX = new WeakMap<Edition, Syntax>();

/** The edition's grammar as a Syntax, one object per edition (normalize.ts caches its tables by it). */
export function syntaxOf(edition: Edition): Syntax {
  let syntax = SYNTAX.get(edition);
  if (syntax === undefined) {
    syntax = { accepts: (rule, input) => edition.accepts(input, edition.requireRule(rule)) };
    SYNTAX.set(edition, syntax);
  }
  return syntax;
}
