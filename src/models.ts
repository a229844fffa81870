// The operations each model defines on top of its grammar: resolution (section 5), normalization
// and comparison (section 6), the security checks (section 7). An edition names its model in
// edition.json; editions of one model share these algorithms and differ only in their grammar.
import { auditIn, auditRfc2396, readOptions, rfc2396Sections, SECTION_OF, type AuditCode, type AuditFinding } from "./audit-checks.js";
import type { Edition } from "./edition.js";
import { equivalentIn, normalizeIn } from "./models/rfc2396bis-01/normalize.js";
import { recompose } from "./models/rfc2396bis-01/recompose.js";
import { resolveReferenceIn, resolveText } from "./models/rfc2396bis-01/resolve.js";
import { resolveStepsIn } from "./models/rfc2396bis-01/steps.js";
import type { ResolutionSteps } from "./steps.js";
import { UriReference } from "./models/rfc2396bis-01/types.js";
import { describe, requireString } from "./args.js";
import { parseIn } from "./parse.js";
import { auditReference, SECTION_OF as RFC3986_SECTION_OF } from "./models/rfc3986/audit.js";
import * as rfc3986 from "./models/rfc3986/operations.js";
import { Reference } from "./models/rfc3986/types.js";
import * as url1993 from "./models/url-1993/operations.js";
import { auditUrl, SECTION_OF as URL1993_SECTION_OF } from "./models/url-1993/audit.js";
import { Url } from "./models/url-1993/types.js";
import * as rfc2396 from "./models/rfc2396/operations.js";
import { Reference as Rfc2396Reference } from "./models/rfc2396/types.js";

export interface Model {
  /** True when the value is a reference of this model (as parse() returns them). */
  isReference(value: unknown): boolean;
  /** The reference recomposed (section 5.3 of RFC 3986, the end of 5.2 of the draft). */
  recompose(ref: unknown): string;
  resolve(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): string;
  resolveReference(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): unknown;
  /** The target as resolve() gives it, and the steps of the document's resolution that produced it. */
  resolveSteps(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): ResolutionSteps;
  /** The normalized reference. */
  normalize(edition: Edition, uri: unknown, options: unknown, fn: string): unknown;
  equivalent(edition: Edition, a: unknown, b: unknown, options: unknown): boolean;
  audit(edition: Edition, input: unknown, options: unknown): AuditFinding[];
  /** The section of the edition's document behind each finding audit() reports (a code it lacks is never reported). */
  auditSections(edition: Edition): Readonly<Partial<Record<AuditCode, string>>>;
}

const MODELS: Readonly<Record<string, Model>> = {
  "rfc2396bis-01": {
    isReference: (value) => value instanceof UriReference,
    recompose: (ref) => {
      if (!(ref instanceof UriReference) && (ref === null || typeof ref !== "object")) {
        throw new TypeError(`recompose: ref must be a UriReference, got ${describe(ref)}`);
      }
      return recompose(ref as UriReference);
    },
    resolve: resolveText,
    resolveReference: resolveReferenceIn,
    resolveSteps: resolveStepsIn,
    normalize: normalizeIn,
    equivalent: equivalentIn,
    audit: auditIn,
    auditSections: () => SECTION_OF,
  },
  "rfc3986": {
    isReference: (value) => value instanceof Reference,
    recompose: (ref) => {
      if (ref === null || typeof ref !== "object") throw new TypeError(`recompose: ref must be a Reference, got ${describe(ref)}`);
      return rfc3986.recompose(ref as Reference);
    },
    resolve: (edition, base, ref, options, fn) => rfc3986.recompose(rfc3986.resolveIn(edition, base, ref, options, fn)),
    resolveReference: rfc3986.resolveIn,
    resolveSteps: rfc3986.resolveStepsIn,
    normalize: rfc3986.normalizeIn,
    equivalent: rfc3986.equivalentIn,
    audit: (edition, input, options) => {
      requireString(input, "audit: input");
      readOptions(options); // a bad option is a TypeError before the input's syntax is checked, as in auditIn
      const ref = parseIn(edition, input, edition.requireRule(edition.roles.reference)) as Reference;
      return auditReference(edition, input, ref, options);
    },
    auditSections: () => RFC3986_SECTION_OF,
  },
  // The 1993 URL draft: its partial form (section "PARTIAL FORM"); it defines no normalization
  // and no comparison (NotDefinedError), and of security only that passwords are unwise.
  "url-1993": {
    isReference: (value) => value instanceof Url,
    recompose: (ref) => {
      if (!(ref instanceof Url)) throw new TypeError(`recompose: ref must be a Url of the 1993 URL draft, got ${describe(ref)}`);
      return url1993.recompose(ref);
    },
    resolve: (edition, base, ref, options, fn) => url1993.recompose(url1993.resolveIn(edition, base, ref, options, fn)),
    resolveReference: url1993.resolveIn,
    resolveSteps: url1993.resolveStepsIn,
    normalize: (edition) => url1993.undefinedBy1993(edition, "normalize", "normalization (its URLs are compared as written)"),
    equivalent: (edition) => url1993.undefinedBy1993(edition, "equivalent",
      "equivalence of URLs (section UNIQUENESS: \"a possible ambiguity will always exist\")"),
    audit: auditUrl,
    auditSections: () => URL1993_SECTION_OF,
  },
  "rfc2396": {
    isReference: (value) => value instanceof Rfc2396Reference,
    recompose: (ref) => {
      if (ref === null || typeof ref !== "object") throw new TypeError(`recompose: ref must be a Reference, got ${describe(ref)}`);
      return rfc2396.recompose(ref as Rfc2396Reference);
    },
    resolve: rfc2396.resolveText,
    resolveReference: rfc2396.resolveIn,
    resolveSteps: rfc2396.resolveStepsIn,
    normalize: rfc2396.normalizeIn,
    equivalent: rfc2396.equivalentIn,
    // What the sections of RFC 2396 and its drafts name (section 7 has no subsections): src/audit.ts.
    audit: auditRfc2396,
    auditSections: rfc2396Sections,
  },
};

/** The model of the edition. */
export function modelOf(edition: Edition): Model {
  const model = MODELS[edition.model];
  if (model === undefined) throw new Error(`internal error: no model ${JSON.stringify(edition.model)} for edition ${edition.id}`);
  return model;
}
