// The grammar editions this library knows. Everything specific to one edition of the URI grammar
// lives in its grammar files (grammar/NAME.abnf, grammar/NAME.peggy) and in what
// scripts/build-grammar.mjs compiles from them (generated/NAME*.js); this file only lists them.
import * as rfc2396bis01 from "../generated/rfc2396bis-01.js";
import * as rfc2396bis01Match from "../generated/rfc2396bis-01.match.js";
import * as rfc2396bis01Trace from "../generated/rfc2396bis-01.trace.js";
import * as rfc2396bis01Rules from "../generated/rfc2396bis-01.rules.js";
import type { RuleRecord } from "../generated/rfc2396bis-01.rules.js";

/** One expectation of a peggy parser at the failure offset. */
export interface PegExpectation {
  type: "literal" | "class" | "any" | "end" | "other";
  text?: string;
  parts?: (string | [string, string])[];
  inverted?: boolean;
  ignoreCase?: boolean;
  description?: string;
}

/** The error a generated parser throws. */
export interface PegSyntaxError extends Error {
  expected: PegExpectation[] | null;
  found: string | null;
  location: { start: { offset: number }; end: { offset: number } };
}

/** What a generated parser returns in peggy's library mode. */
export interface PegLibraryResult {
  peg$result: unknown;
  peg$currPos: number;
  peg$FAILED: unknown;
  peg$maxFailExpected: PegExpectation[];
  peg$maxFailPos: number;
  peg$success: boolean;
}

export interface TraceEvent {
  type: "rule.enter" | "rule.match" | "rule.fail" | "fail";
  rule?: string;
  location?: { start: { offset: number }; end: { offset: number } };
  expected?: PegExpectation;
  offset?: number;
}

interface GeneratedParser {
  parse(input: string, options?: Record<string, unknown>): unknown;
  SyntaxError: new (...args: never[]) => PegSyntaxError;
}

/** The fast build: peggy's parse(), and run(), its entry without error bookkeeping. */
interface FastParser extends GeneratedParser {
  /** What run() returns when the input does not match. */
  readonly FAILED: unknown;
  /** The start rule's value when the whole input matches it, else FAILED. */
  run(input: string, startRule: string): unknown;
}

/** The match build: every rule compiled to a position function. */
interface MatchParser extends FastParser {
  /** Whether the whole input matches the start rule. */
  accepts(input: string, startRule: string): boolean;
}

/** A compiled edition of the grammar. */
export interface Edition {
  /** The edition's name, the basename of its grammar files. */
  readonly name: string;
  /** The fast parser: every rule is a start rule. */
  readonly parser: FastParser;
  /** The same grammar without its actions: only whether a rule matches (matches(), validate()). */
  readonly matcher: MatchParser;
  /** The same grammar with tracer hooks, for explain() and error paths. */
  readonly tracer: GeneratedParser;
  /** The rule table: section, ABNF, PEG. */
  readonly rules: readonly RuleRecord[];
}

export const EDITIONS: Readonly<Record<string, Edition>> = Object.freeze({
  "rfc2396bis-01": Object.freeze({
    name: "rfc2396bis-01",
    parser: rfc2396bis01 as unknown as FastParser,
    matcher: rfc2396bis01Match as unknown as MatchParser,
    tracer: rfc2396bis01Trace as unknown as GeneratedParser,
    rules: rfc2396bis01Rules.RULES,
  }),
});

/** The edition this library implements by default: draft-fielding-uri-rfc2396bis-01. */
export const DEFAULT_EDITION: Edition = EDITIONS["rfc2396bis-01"];
