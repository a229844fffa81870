// uri-grammar: the URI generic syntax, executable, in every edition the package holds.
// The functions read the `edition` option (default: the default edition of EDITIONS).
import { createApi } from "./api.js";
import { selectEdition, type DefaultEditionId } from "./registry.js";

const api = createApi<DefaultEditionId>(selectEdition);

export const {
  parse, validate, matches, explain, recompose, resolve, resolveReference, resolveSteps, normalize, equivalent, audit, extract, RULES,
  ruleInfo,
} = api;

export { EDITIONS, DEFAULT_EDITION } from "./registry.js";
import { EDITIONS as ALL_EDITIONS } from "./registry.js";
import { compareEditionsIn, type CompareEditionsOptions, type EditionVerdict } from "./compare-editions.js";
import type { Edition } from "./edition.js";
export type { CompareEditionsOptions, EditionVerdict };
import { checkEditionPair, diffEditionsIn, type EditionDiff, type ChangedRule } from "./diff-editions.js";
import type { EditionId } from "./registry.js";
export type { EditionDiff, ChangedRule };

/**
 * How the grammar changed from edition `a` to edition `b`: the rules added and removed, the rules
 * renamed (the same role in both manifests, or the same name spelled differently), and the rules
 * whose ABNF changed, with the characters their sets gained and lost and the rules they began or
 * stopped using.
 */
export function diffEditions(a: EditionId, b: EditionId): EditionDiff {
  const [from, to] = checkEditionPair(selectEdition, a, b);
  return diffEditionsIn(from, to);
}

/**
 * The verdict of every edition on the input (or of those named), oldest first: whether it matches
 * each edition's URI-reference (or the rule named), the error for a reject, the components for an
 * accept. Where the editions disagree, each error names the rule and section that decide it.
 */
export function compareEditions(input: string, options?: CompareEditionsOptions): EditionVerdict[] {
  return compareEditionsIn(Object.values(ALL_EDITIONS) as readonly Edition[], input, options);
}
export { tour } from "./tour.js";
export type { TourStop, TourAnswer, TourChange, TourRow } from "./tour.js";
export type { EditionId, DefaultEditionId, EditionOf, RuleNames } from "./registry.js";
export type { Edition, RuleInfo, EditionManifest, Reconstructed } from "./edition.js";
export type {
  Api, ParseOptions, RuleOptions, ExplainOptions, ResolveOptions, NormalizeOptions, EquivalentOptions, Resolution,
  ReferenceOf, EditionOption, ParseRules, StepName, StepsOf,
} from "./api.js";
export { RESOLVE_STEPS_MAX_LENGTH } from "./steps.js";
export type { ResolutionStep, ResolutionSteps, StepState } from "./steps.js";
export type { ValidationResult } from "./parse.js";
export { EXPLAIN_MAX_LENGTH } from "./explain.js";
export type { ParseTree } from "./explain.js";
export { UriSyntaxError, ResolveError, NotDefinedError } from "./errors.js";
export type { UriSyntaxErrorNext, ResolveErrorCode } from "./errors.js";
// The default edition's model, at the top level.
export { UriReference, merge } from "./models/rfc2396bis-01/index.js";
export type {
  Authority, ServerAuthority, RegNameAuthority, Host, IPv6referenceHost, IPv4addressHost, HostnameHost,
  AbsoluteUriReference, RelativeUriReference,
  UriReferenceParts, DotSegments, Ladder,
} from "./models/rfc2396bis-01/index.js";
export { SCHEMES, schemeInfo } from "./schemes.js";
export type { SchemeInfo } from "./schemes.js";
export { AUDIT_SEVERITIES, DEFAULT_SERVER_SCHEMES } from "./audit-codes.js";
export { WELL_KNOWN_PORTS } from "./audit-checks.js";
export type { AuditFinding, AuditOptions, AuditSeverity, AuditCode } from "./audit-codes.js";
export { AUDIT_MAX_FINDINGS_PER_CODE } from "./audit-cap.js";
export type { ExtractedUri, ValidExtractedUri, InvalidExtractedUri, ExtractOptions, ExtractDelimiter } from "./extract.js";
export { readInetAton } from "./ipv4-forms.js";
export type { IPv4Reading } from "./ipv4-forms.js";

/** The rule names of the default edition. */
export type RuleName = import("./registry.js").RuleNames[DefaultEditionId];
export * as Rfc3986 from "./models/rfc3986/index.js";
export * as Rfc3987 from "./models/rfc3987/index.js";
export { IriMappingError } from "./errors.js";
import { iriToUriIn, uriToIriIn } from "./models/rfc3987/operations.js";
import type { IriToUriOptions, UriToIriOptions } from "./models/rfc3987/mapping.js";

/**
 * RFC 3987 section 3.1: the URI an IRI reference maps to: the UTF-8 octets of every ucschar and
 * iprivate character percent-encoded (upper case), the rest as it is; with `host: "idna"` an
 * ireg-name's labels converted with the platform's IDNA ToASCII first. The input must be an
 * IRI-reference of the edition "rfc3987" (UriSyntaxError); a character 3.1 does not convert is an
 * IriMappingError with its offset.
 */
export function iriToUri(iri: string, options?: Omit<IriToUriOptions, "syntax">): string {
  return iriToUriIn(ALL_EDITIONS.rfc3987, iri, options);
}

/**
 * RFC 3987 section 3.2: the IRI a URI reference converts to: each percent-encoded UTF-8 sequence
 * decoded where the character it encodes may stand unescaped in an IRI there, everything else kept
 * (invalid UTF-8, escapes of US-ASCII, bidi formatting characters, iprivate outside the query,
 * look-alikes unless `decodeLookalikes`). The input must be US-ASCII (IriMappingError "not-ascii")
 * and an IRI-reference.
 */
export function uriToIri(uri: string, options?: Omit<UriToIriOptions, "syntax">): string {
  return uriToIriIn(ALL_EDITIONS.rfc3987, uri, options);
}
export type { IriToUriOptions, UriToIriOptions };
export * as Url1993 from "./models/url-1993/index.js";
export * as Rfc2396 from "./models/rfc2396/index.js";
export { differential, DIFFERENTIAL_DEFAULT_EDITION } from "./differential.js";
export type {
  Difference, DifferenceKind, DifferenceSeverity, DifferentialComponent, DifferentialComponents, DifferentialOptions, DifferentialResult,
} from "./differential.js";
