// RFC 3987's operations on strings or parsed references, for the edition "rfc3987": each string is
// parsed once with the edition's grammar (src/operations.ts), as RFC 3986's are. Resolution and
// recomposition are RFC 3986's (6.5: "the algorithms of [RFC3986] can be applied directly");
// normalization, comparison and audit are RFC 3987's (5.3, 8), and the mappings of section 3 are
// added (iriToUriIn, uriToIriIn).
import { requireString } from "../../args.js";
import type { AuditFinding } from "../../audit-codes.js";
import { readOptions } from "../../audit-checks.js";
import type { Edition } from "../../edition.js";
import { LADDERS } from "../../ladder.js";
import type { Operations } from "../../model.js";
import { booleanOption, oneOfOption, optionsOf } from "../../options.js";
import { parseIn } from "../../parse.js";
import { syntaxOf } from "../../syntax.js";
import { OPERATIONS as URI_OPERATIONS, referenceIn } from "../rfc3986/operations.js";
import type { Reference } from "../rfc3986/types.js";
import { auditIriReference } from "./audit.js";
import { iriToUri, requireUriAscii, uriToIri } from "./mapping.js";
import { CHARACTER_NORMALIZATIONS, equivalentIriReferences, normalizeIriReference } from "./normalize.js";

/** 5.3.2 and 5.3.3 on one IRI reference (a string is parsed with the edition's grammar). */
export function normalizeIn(edition: Edition, iri: unknown, options: unknown, fn: string): Reference {
  const o = optionsOf(options, fn);
  const scheme = booleanOption(o, "scheme", true, fn);
  const characters = oneOfOption(o, "characters", CHARACTER_NORMALIZATIONS, "as-is", fn);
  const ref = referenceIn(edition, iri, `${fn}: uri`);
  return normalizeIriReference(ref, { scheme, characters, syntax: syntaxOf(edition) });
}

/** 5.3: the comparison ladder for IRIs, each side parsed once. */
export function equivalentIn(edition: Edition, a: unknown, b: unknown, options: unknown, fn = "equivalent"): boolean {
  const o = optionsOf(options, fn);
  const ladder = oneOfOption(o, "ladder", LADDERS, "scheme", fn);
  const ignoreFragment = booleanOption(o, "ignoreFragment", false, fn);
  const characters = oneOfOption(o, "characters", CHARACTER_NORMALIZATIONS, "as-is", fn);
  return equivalentIriReferences(referenceIn(edition, a, `${fn}: a`), referenceIn(edition, b, `${fn}: b`),
    { ladder, ignoreFragment, characters, syntax: syntaxOf(edition) });
}

/** audit() in the edition: the input parsed as its reference rule, then RFC 3986's checks and RFC 3987's. */
export function auditIn(edition: Edition, input: unknown, options: unknown, fn: string): AuditFinding[] {
  requireString(input, `${fn}: input`);
  readOptions(options, fn); // a bad option is a TypeError before the input's syntax is checked
  const ref = parseIn(edition, input, edition.requireRule(edition.roles.reference)) as Reference;
  return auditIriReference(edition, input, ref, options, syntaxOf(edition), fn);
}

/**
 * iriToUri() of the package in the edition: the IRI checked against the edition's reference rule
 * (`IRI-reference`; UriSyntaxError where it is not one), then mapped (mapping.ts, 3.1). With
 * `ascii: "percent-encode"` the text may hold the printable US-ASCII characters 3.1 allows a
 * system to convert, so the URI it maps to is checked instead.
 */
export function iriToUriIn(edition: Edition, iri: unknown, options: unknown, fn = "iriToUri"): string {
  requireString(iri, `${fn}: iri`);
  const o = optionsOf(options, fn);
  const rule = edition.requireRule(edition.roles.reference);
  const lenient = o.ascii === "percent-encode";
  if (!lenient) parseIn(edition, iri, rule);
  const uri = iriToUri(iri, { ...o, syntax: syntaxOf(edition) } as never);
  if (lenient) parseIn(edition, uri, rule);
  return uri;
}

/**
 * uriToIri() of the package in the edition: the URI checked (US-ASCII, 3.2 step 1: IriMappingError
 * "not-ascii"; the edition's reference rule: UriSyntaxError), then converted (mapping.ts, 3.2).
 */
export function uriToIriIn(edition: Edition, uri: unknown, options: unknown, fn = "uriToIri"): string {
  requireString(uri, `${fn}: uri`);
  const o = optionsOf(options, fn);
  const syntax = syntaxOf(edition);
  // The US-ASCII check first, so that an IRI given here is named as such.
  requireUriAscii(uri);
  parseIn(edition, uri, edition.requireRule(edition.roles.reference));
  return uriToIri(uri, { ...o, syntax } as never);
}

/** The operations of the rfc3987 edition: RFC 3986's, with RFC 3987's normalization, comparison and audit. */
export const OPERATIONS: Operations = {
  ...URI_OPERATIONS,
  normalize: normalizeIn,
  equivalent: equivalentIn,
  audit: auditIn,
};
