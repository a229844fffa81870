// parse, validate, matches: the grammar as an acceptor, and its components as typed objects.
import { DEFAULT_EDITION, type Edition } from "./edition.js";
import { diagnose } from "./diagnose.js";
import type { UriSyntaxError } from "./errors.js";
import { requireOptions, requireRule, requireString, type RuleInfo, type RuleName } from "./rules.js";
import { UriReference, type Authority, type UriReferenceParts } from "./types.js";

/** The rules whose matches parse() can split into components. */
export type ReferenceRuleName = "URI-reference" | "absolute-URI-reference" | "absolute-URI" | "relative-URI";

const REFERENCE_RULES: readonly ReferenceRuleName[] = ["URI-reference", "absolute-URI-reference", "absolute-URI", "relative-URI"];

export interface ParseOptions {
  /** The rule the whole input must match; default "URI-reference". */
  rule?: ReferenceRuleName;
}

export interface RuleOptions {
  /** The rule the whole input must match; default "URI-reference". */
  rule?: RuleName;
}

export type ValidationResult = { valid: true } | { valid: false; error: UriSyntaxError };

/**
 * The record the grammar's component-boundary actions build for a reference (null where a
 * component is absent; UriReference reads null as absent). Its authority and host are already
 * in their typed form (src/types.ts): the grammar's actions give a hostname its labels, an
 * IPv4address its octets, an IPv6reference its address.
 */
interface RawReference {
  scheme: string | null;
  authority: Authority | null;
  path: string;
  opaque: boolean;
  query: string | null;
  fragment: string | null;
}

const edition: Edition = DEFAULT_EDITION;
// Read once: the parsers' exports, and the start rule parse() uses unless told otherwise.
const runParser = edition.parser.run;
const FAILED = edition.parser.FAILED;
const acceptsRule = edition.matcher.accepts;
const URI_REFERENCE = requireRule("URI-reference");

/**
 * Parses a URI reference into its components. Throws UriSyntaxError, which says where the input
 * stops matching the grammar and why; a TypeError for input that is not a string.
 */
export function parse(input: string, options?: ParseOptions): UriReference {
  requireString(input, "parse: input");
  let start = URI_REFERENCE;
  if (options !== undefined) {
    requireOptions(options, "parse: options");
    start = referenceRule(options?.rule);
  }
  const raw = runParser(input, start.pegName);
  if (raw === FAILED) throw diagnose(edition, input, start);
  // UriReference reads the record's nulls as absent components.
  return new UriReference(raw as RawReference as unknown as UriReferenceParts);
}

/** Checks the whole input against any rule of the grammar; the error says where and why. */
export function validate(input: string, options?: RuleOptions): ValidationResult {
  requireString(input, "validate: input");
  requireOptions(options, "validate: options");
  const start = requireRule(options?.rule ?? "URI-reference", "validate: options.rule");
  if (accepts(input, start)) return { valid: true };
  return { valid: false, error: diagnose(edition, input, start) };
}

/** True when the whole input matches the rule ("IPv6address", "reg-name", ...). */
export function matches(rule: RuleName, input: string): boolean {
  const start = requireRule(rule, "matches: rule");
  requireString(input, "matches: input");
  return accepts(input, start);
}

function referenceRule(rule: unknown): RuleInfo {
  if (rule === undefined) return URI_REFERENCE;
  if (!REFERENCE_RULES.includes(rule as ReferenceRuleName)) {
    throw new TypeError(`parse: options.rule must be one of ${REFERENCE_RULES.map((r) => JSON.stringify(r)).join(", ")}` +
      ` (use validate() or matches() for other rules), got ${JSON.stringify(rule)}`);
  }
  return requireRule(rule);
}

/**
 * Runs the action-free build of the same grammar: only whether the whole input matched. The
 * builds' entries (run, accepts) keep no expectations and build no error object for a reject,
 * since an error is diagnosed by the trace build (diagnose.ts).
 */
function accepts(input: string, start: RuleInfo): boolean {
  return acceptsRule(input, start.pegName);
}

/**
 * One reference and one error of each shape parse() builds, kept for the life of the module.
 * V8 compiles parse() for the shapes (hidden classes) of the objects it makes, and throws that
 * code away when a full garbage collection finds no object of a shape alive; the next calls then
 * run slowly until V8 has compiled them again. A program that parses in batches (and the
 * benchmark, which collects garbage between passes) would pay that after every such collection.
 */
const SHAPES: readonly unknown[] = ["http://u@a.b:1/p?q#f", "http://1.2.3.4/", "http://[::1]/", "//a@b@c/x", "file:///", "mailto:a@b", "a", "%"]
  .map((input) => {
    try {
      return parse(input);
    } catch (e) {
      return e;
    }
  });
void SHAPES;
