// An edition's grammar as the normalization of a model asks it: does this input match the rule
// that plays this role (edition.json "roles": "unreserved", "ipv4", "server", "scheme", ...)?
// The model names the role; the edition's manifest names its rule ("unreserved" is RFC 3987's
// iunreserved, "server" draft -01's server in its site).
import type { Edition } from "./edition.js";

/** Whether the whole input matches the edition's rule of that role. */
export interface Syntax {
  accepts(role: string, input: string): boolean;
}

const SYNTAX = new WeakMap<Edition, Syntax>();

/** The edition's grammar as a Syntax, one object per edition (normalize.ts caches its tables by it). */
export function syntaxOf(edition: Edition): Syntax {
  let syntax = SYNTAX.get(edition);
  if (syntax === undefined) {
    syntax = { accepts: (role, input) => edition.accepts(input, edition.requireRule(ruleOfRole(edition, role))) };
    SYNTAX.set(edition, syntax);
  }
  return syntax;
}

/** The edition's rule of a role that names one rule (edition.json "roles"); a role it lacks is an internal error. */
export function ruleOfRole(edition: Edition, role: string): string {
  const rule = (edition.roles as unknown as Readonly<Record<string, unknown>>)[role];
  if (typeof rule !== "string") throw new Error(`internal error: edition ${edition.id} has no rule of the role ${JSON.stringify(role)}`);
  return rule;
}
