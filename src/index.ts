// uri-grammar: the URI generic syntax of draft-fielding-uri-rfc2396bis-01, executable.
export { parse, validate, matches } from "./parse.js";
export type { ParseOptions, RuleOptions, ValidationResult, ReferenceRuleName } from "./parse.js";
export { explain, CHARACTER_RULES, EXPLAIN_MAX_LENGTH } from "./explain.js";
export type { ParseTree, ExplainOptions } from "./explain.js";
export { format } from "./format.js";
export { RULES, ruleInfo } from "./rules.js";
export type { RuleInfo, RuleName } from "./rules.js";
export { UriSyntaxError, ResolveError } from "./errors.js";
export { UriReference } from "./types.js";
export type {
  Authority, ServerAuthority, RegNameAuthority, Host, IPv6referenceHost, IPv4addressHost, HostnameHost,
  UriReferenceParts,
} from "./types.js";
export { EDITIONS, DEFAULT_EDITION } from "./edition.js";
export type { Edition } from "./edition.js";
export { resolve, resolveReference, merge } from "./resolve.js";
export type { ResolveOptions, Resolution, DotSegments } from "./resolve.js";
export { normalize, equivalent } from "./normalize.js";
export type { NormalizeOptions, EquivalentOptions, Ladder } from "./normalize.js";
export { SCHEMES, schemeInfo } from "./schemes.js";
export type { SchemeInfo } from "./schemes.js";
export { audit, AUDIT_SEVERITIES, DEFAULT_SERVER_SCHEMES, WELL_KNOWN_PORTS } from "./audit.js";
export type { AuditFinding, AuditOptions, AuditSeverity, AuditCode } from "./audit.js";
export { extract } from "./extract.js";
export type { ExtractedUri, ExtractOptions, ExtractDelimiter } from "./extract.js";
export { readInetAton } from "./ipv4-forms.js";
export type { IPv4Reading } from "./ipv4-forms.js";
