// The rule table of the grammar: every rule with its section, ABNF and PEG text.
import type { RuleRecord, RuleName } from "../generated/rfc2396bis-01.rules.js";
import { DEFAULT_EDITION } from "./edition.js";

export type { RuleName };

/** One rule of the grammar, as collected in grammar/*.abnf and transcribed in grammar/*.peggy. */
export interface RuleInfo {
  /** The draft's name of the rule ("IPv6address", "reg-name"). */
  readonly name: RuleName;
  /** The draft's section the rule comes from ("3.2.2"), or "RFC 2234" for core rules. */
  readonly section: string;
  /** The rule's ABNF, as collected (RFC 2234 syntax). */
  readonly abnf: string;
  /** The draft's own text of the rule where it was not valid ABNF and had to be corrected. */
  readonly draft?: string;
  /** The PEG transcription, as it stands in the .peggy grammar. */
  readonly peg: string;
  /** The name of the PEG rule ("-" becomes "_"). */
  readonly pegName: string;
  /** Why the PEG differs in form from the ABNF, where it does. */
  readonly pegNote?: string;
  /** Rules this rule refers to. */
  readonly uses: readonly RuleName[];
  /** Rules that refer to this rule. */
  readonly usedBy: readonly RuleName[];
}

/** Every rule of the grammar, in the order a reader of the draft meets them. */
export const RULES: readonly RuleInfo[] = DEFAULT_EDITION.rules as readonly RuleRecord[] as readonly RuleInfo[];

const BY_NAME = new Map<string, RuleInfo>(RULES.map((r) => [r.name, r]));
const BY_PEG_NAME = new Map<string, RuleInfo>(RULES.map((r) => [r.pegName, r]));

/** The rule of that name (the draft's spelling), or undefined. */
export function ruleInfo(name: string): RuleInfo | undefined {
  requireString(name, "ruleInfo: name");
  return BY_NAME.get(name);
}

/** The rule of a PEG rule name ("dec_octet"), or undefined. */
export function ruleByPegName(pegName: string): RuleInfo | undefined {
  return BY_PEG_NAME.get(pegName);
}

/** True when the name is a rule of the grammar (the draft's spelling). */
export function isRuleName(name: unknown): name is RuleName {
  return typeof name === "string" && BY_NAME.has(name);
}

/** The rule, or a TypeError that lists the rule names. */
export function requireRule(name: unknown, what = "rule"): RuleInfo {
  if (typeof name !== "string") {
    throw new TypeError(`${what} must be a rule name (a string such as "URI-reference"), got ${describe(name)}`);
  }
  const info = BY_NAME.get(name);
  if (!info) {
    const near = RULES.find((r) => r.name.toLowerCase() === name.toLowerCase() || r.pegName === name);
    throw new TypeError(`${what}: unknown rule ${JSON.stringify(name)}` +
      (near ? ` (did you mean ${JSON.stringify(near.name)}?)` : `; rules are: ${RULES.map((r) => r.name).join(", ")}`));
  }
  return info;
}

/** A short description of a value's type, for TypeError messages. */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (typeof value === "string") return "a string";
  if (typeof value === "object") {
    if (value instanceof String) return "a String object";
    if (typeof Buffer !== "undefined" && Buffer.isBuffer(value)) return "a Buffer";
    if (Array.isArray(value)) return "an array";
    return "an object";
  }
  return `a ${typeof value}`;
}

/** Throws a TypeError unless the options argument is undefined, null or an object. */
export function requireOptions(options: unknown, what: string): void {
  if (options !== undefined && options !== null && (typeof options !== "object" || Array.isArray(options))) {
    throw new TypeError(`${what} must be an object of options, got ${describe(options)}`);
  }
}

/** Throws a TypeError unless the value is a primitive string. */
export function requireString(value: unknown, what: string): asserts value is string {
  if (typeof value !== "string") {
    throw new TypeError(`${what} must be a string, got ${describe(value)}`);
  }
}
