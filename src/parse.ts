// parse, validate, matches: the grammar as an acceptor, and its components as typed objects.
import { DEFAULT_EDITION, type Edition, type PegLibraryResult } from "./edition.js";
import { diagnose } from "./diagnose.js";
import type { UriSyntaxError } from "./errors.js";
import { requireRule, requireString, type RuleInfo, type RuleName } from "./rules.js";
import { UriReference, type Authority, type Host } from "./types.js";

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

/** The record the grammar's component-boundary actions build (null = absent). */
interface RawReference {
  scheme: string | null;
  authority: RawAuthority | null;
  path: string;
  opaque: boolean;
  query: string | null;
  fragment?: string | null;
}

type RawAuthority =
  | { kind: "server"; raw: string; userinfo: string | null; host: { kind: Host["kind"]; raw: string } | null; port: string | null }
  | { kind: "reg-name"; raw: string };

const edition: Edition = DEFAULT_EDITION;

/**
 * Parses a URI reference into its components. Throws UriSyntaxError, which says where the input
 * stops matching the grammar and why; a TypeError for input that is not a string.
 */
export function parse(input: string, options?: ParseOptions): UriReference {
  requireString(input, "parse: input");
  const start = referenceRule(options?.rule);
  const result = run(input, start);
  if (!result.peg$success) throw diagnose(edition, input, start);
  return toReference(result.peg$result as RawReference);
}

/** Checks the whole input against any rule of the grammar; the error says where and why. */
export function validate(input: string, options?: RuleOptions): ValidationResult {
  requireString(input, "validate: input");
  const start = requireRule(options?.rule ?? "URI-reference", "validate: options.rule");
  if (run(input, start).peg$success) return { valid: true };
  return { valid: false, error: diagnose(edition, input, start) };
}

/** True when the whole input matches the rule ("IPv6address", "reg-name", ...). */
export function matches(rule: RuleName, input: string): boolean {
  const start = requireRule(rule, "matches: rule");
  requireString(input, "matches: input");
  return run(input, start).peg$success;
}

function referenceRule(rule: unknown): RuleInfo {
  if (rule === undefined) return requireRule("URI-reference");
  if (!REFERENCE_RULES.includes(rule as ReferenceRuleName)) {
    throw new TypeError(`parse: options.rule must be one of ${REFERENCE_RULES.map((r) => JSON.stringify(r)).join(", ")}` +
      ` (use validate() or matches() for other rules), got ${JSON.stringify(rule)}`);
  }
  return requireRule(rule);
}

/** Runs the fast parser in peggy's library mode: no exception, no error object for a reject. */
function run(input: string, start: RuleInfo): PegLibraryResult {
  return edition.parser.parse(input, { startRule: start.pegName, peg$library: true }) as PegLibraryResult;
}

function toReference(raw: RawReference): UriReference {
  return new UriReference({
    scheme: raw.scheme ?? undefined,
    authority: raw.authority ? toAuthority(raw.authority) : undefined,
    path: raw.path,
    opaque: raw.opaque,
    query: raw.query ?? undefined,
    fragment: raw.fragment ?? undefined,
  });
}

function toAuthority(raw: RawAuthority): Authority {
  if (raw.kind === "reg-name") return { kind: "reg-name", raw: raw.raw };
  const authority: { -readonly [K in keyof Authority]?: unknown } & Record<string, unknown> = { kind: "server", raw: raw.raw };
  if (raw.userinfo !== null) authority.userinfo = raw.userinfo;
  if (raw.host !== null) authority.host = toHost(raw.host);
  if (raw.port !== null) authority.port = raw.port;
  return authority as Authority;
}

function toHost(raw: { kind: Host["kind"]; raw: string }): Host {
  switch (raw.kind) {
    case "IPv6reference":
      return { kind: "IPv6reference", raw: raw.raw, address: raw.raw.slice(1, -1) };
    case "IPv4address": {
      const [a, b, c, d] = raw.raw.split(".").map(Number);
      return { kind: "IPv4address", raw: raw.raw, octets: [a, b, c, d] };
    }
    case "hostname": {
      const labels = raw.raw.split(".");
      if (labels[labels.length - 1] === "") labels.pop(); // the trailing "." of "example.com."
      return { kind: "hostname", raw: raw.raw, labels };
    }
  }
}
