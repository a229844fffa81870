// parse, validate, matches: the grammar as an acceptor, and its components as typed objects.
import { DEFAULT_EDITION, type Edition } from "./edition.js";
import { diagnose } from "./diagnose.js";
import type { UriSyntaxError } from "./errors.js";
import { requireOptions, requireRule, requireString, type RuleInfo, type RuleName } from "./rules.js";
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
  requireOptions(options, "parse: options");
  const start = referenceRule(options?.rule);
  const raw = run(input, start);
  if (raw === undefined) throw diagnose(edition, input, start);
  return toReference(raw);
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
  if (rule === undefined) return requireRule("URI-reference");
  if (!REFERENCE_RULES.includes(rule as ReferenceRuleName)) {
    throw new TypeError(`parse: options.rule must be one of ${REFERENCE_RULES.map((r) => JSON.stringify(r)).join(", ")}` +
      ` (use validate() or matches() for other rules), got ${JSON.stringify(rule)}`);
  }
  return requireRule(rule);
}

/**
 * Runs the fast parser from the rule: the actions' record when the whole input matched, else
 * undefined. run() is the build's entry without expectation bookkeeping and without an error
 * object for a reject, since an error is diagnosed by the trace build (diagnose.ts).
 */
function run(input: string, start: RuleInfo): RawReference | undefined {
  const result = edition.parser.run(input, start.pegName);
  return result === edition.parser.FAILED ? undefined : (result as RawReference);
}

/** Runs the action-free build of the same grammar: only whether the whole input matched. */
function accepts(input: string, start: RuleInfo): boolean {
  return edition.matcher.accepts(input, start.pegName);
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
  const text = raw.raw;
  switch (raw.kind) {
    case "IPv6reference":
      return { kind: "IPv6reference", raw: text, address: text.slice(1, -1) };
    case "IPv4address":
      return { kind: "IPv4address", raw: text, octets: octets(text) };
    case "hostname":
      return { kind: "hostname", raw: text, labels: labels(text) };
  }
}

/** The labels of a hostname, split at "."; the trailing "." of "example.com." adds no empty label. */
function labels(hostname: string): string[] {
  // A loop is faster for the host names of real references; the builtin for very long ones.
  if (hostname.length > 255) {
    const all = hostname.split(".");
    if (all[all.length - 1] === "") all.pop();
    return all;
  }
  const out: string[] = [];
  let from = 0;
  for (;;) {
    const dot = hostname.indexOf(".", from);
    if (dot < 0) {
      if (from < hostname.length) out.push(hostname.slice(from));
      return out;
    }
    out.push(hostname.slice(from, dot));
    from = dot + 1;
  }
}

/** The four dec-octets of an IPv4address the grammar matched: digits and three dots. */
function octets(address: string): [number, number, number, number] {
  const out: [number, number, number, number] = [0, 0, 0, 0];
  for (let i = 0, k = 0; i < address.length; i++) {
    const c = address.charCodeAt(i);
    if (c === 46) k++;
    else out[k] = out[k] * 10 + (c - 48);
  }
  return out;
}
