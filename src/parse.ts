// parse, validate, matches: the grammar as an acceptor, and its components as typed objects, for
// any edition. Each function takes the edition it works in; src/api.ts reads it from the options.
import { requireOptions, requireString } from "./args.js";
import { diagnose } from "./diagnose.js";
import type { Edition, RuleInfo } from "./edition.js";
import type { UriSyntaxError } from "./errors.js";
import { builderOf, spanTypingOf, type Builder } from "./model.js";
import { TaggedAutomaton } from "./tagged.js";

export type ValidationResult = { valid: true } | { valid: false; error: UriSyntaxError };

/**
 * What validate() gives for every valid input: one object, frozen, so that a call on a valid
 * input allocates nothing (the common case of a validating loop).
 */
export const VALID: ValidationResult = Object.freeze({ valid: true });

/**
 * The rule parse() splits into components: the edition's reference rule unless `rule` names
 * another of its parse rules (edition.json "roles.parse", whose actions build the record).
 */
export function parseRule(edition: Edition, rule: unknown, what: string): RuleInfo {
  if (rule === undefined) return edition.requireRule(edition.roles.reference);
  if (typeof rule !== "string" || !edition.roles.parse.includes(rule)) {
    throw new TypeError(`${what} must be one of ${edition.roles.parse.map((r) => JSON.stringify(r)).join(", ")}` +
      ` in ${edition.document} (use validate() or matches() for other rules), got ${JSON.stringify(rule)}`);
  }
  return edition.requireRule(rule);
}

/**
 * Parses a URI reference into the edition's components. Throws UriSyntaxError, which says where
 * the input stops matching the grammar and why.
 */
export function parseIn(edition: Edition, input: string, start: RuleInfo): unknown {
  if (start.name === edition.roles.reference) {
    const tagged = taggedOf(edition);
    if (tagged !== null) {
      const parsed = tagged.parse(input);
      if (parsed === null) throw diagnose(edition, input, start);
      // A model whose typing makes the reference itself needs no builder (SpanTyping.reference).
      return lastBuilder === undefined ? parsed : lastBuilder(parsed, input, edition);
    }
  }
  const record = edition.parser.run(input, start.pegName);
  if (record === edition.parser.FAILED) throw diagnose(edition, input, start);
  return builderOf(edition)(record, input, edition);
}

/** Each edition's tagged DFA (null for an edition without one), decoded when first used. */
const TAGGED = new WeakMap<Edition, TaggedAutomaton | null>();
// The last edition asked for, its tagged DFA and its builder (a program parses in one edition).
let lastEdition: Edition | undefined;
let lastTagged: TaggedAutomaton | null = null;
let lastBuilder: Builder | undefined;

/** The edition's tagged DFA of its reference rule, or null. */
export function taggedOf(edition: Edition): TaggedAutomaton | null {
  if (edition === lastEdition) return lastTagged;
  let tagged = TAGGED.get(edition);
  if (tagged === undefined) {
    const tables = edition.taggedTables;
    tagged = tables === null ? null : new TaggedAutomaton(tables, edition.roles, spanTypingOf(edition));
    TAGGED.set(edition, tagged);
  }
  lastEdition = edition;
  lastTagged = tagged;
  lastBuilder = tagged?.makesReference === true ? undefined : builderOf(edition);
  return tagged;
}

/** Checks the whole input against a rule; the error says where and why. */
export function validateIn(edition: Edition, input: string, start: RuleInfo): ValidationResult {
  if (edition.accepts(input, start)) return VALID;
  return { valid: false, error: diagnose(edition, input, start) };
}

/** The arguments of parse(): the input (a string) and the options (an object or nothing). */
export function checkParseArguments(input: unknown, options: unknown, fn: string): asserts input is string {
  requireString(input, `${fn}: input`);
  requireOptions(options, `${fn}: options`);
}
