// RFC 2396's operations on strings or parsed references, for src/models.ts: each string is parsed
// once with the edition's grammar, and a syntax error becomes the error of the step that needed it.
import { describe } from "../args.js";
import type { Edition } from "../edition.js";
import { ResolveError, UriSyntaxError } from "../errors.js";
import { parseIn } from "../parse.js";
import { syntaxOf } from "../syntax.js";

export { syntaxOf };
import { equivalentReferences, normalizeReference } from "./normalize.js";
import { recompose } from "./recompose.js";
import { readOptions, resolveReference, type Resolution } from "./resolve.js";
import { resolveSteps, type StepName } from "./steps.js";
import { requireStepsLength, type ResolutionSteps } from "../steps.js";
import { Reference } from "./types.js";


/**
 * RFC 2396's relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ] needs a path, yet
 * Appendix C.1 resolves "?y"; the steps of 5.2 take its components as a Reference value.
 */
const QUERY_ONLY = ". RFC 2396's relativeURI needs a path (section 5), although Appendix C.1 resolves \"?y\" " +
  "(to http://a/b/c/?y): to resolve such a reference, give its components as a Reference " +
  "(new Rfc2396.Reference({ path: \"\", query: \"y\" }))";

/** A reference given as a string (parsed; UriSyntaxError where it is not one) or as a Reference (taken as it is). */
export function referenceIn(edition: Edition, value: unknown, what: string): Reference {
  if (value instanceof Reference) return value;
  if (typeof value !== "string") throw new TypeError(`${what} must be a string or a Reference of ${edition.document}, got ${describe(value)}`);
  return parseIn(edition, value, edition.requireRule(edition.roles.reference)) as Reference;
}

/**
 * 5.2: what `ref` resolves to against `base`. A string that is not a URI-reference of the edition
 * is a ResolveError ("invalid-base" or "invalid-reference") with the UriSyntaxError as its cause.
 */
export function resolveIn(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): Resolution {
  return run(edition, base, ref, options, fn).result;
}

/**
 * 5.2, recombined (step 7) with the fragment. For a reference to the current document (step 2:
 * "" or "#s") it is the base URI without its fragment, then the reference's fragment: "#s"
 * against "http://a/b/c/d;p?q" is "http://a/b/c/d;p?q#s" (section 4.2: an empty reference
 * "represents the base URI of the current document").
 */
export function resolveText(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): string {
  const { Base, result } = run(edition, base, ref, options, fn);
  const fragment = result.fragment === undefined ? "" : "#" + result.fragment;
  if (result.kind === "current-document") return recompose({ ...partsOf(Base), fragment: undefined }) + fragment;
  return recompose(result.uri) + fragment;
}

function run(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): { Base: Reference; result: Resolution } {
  const checked = readOptions(options, fn);
  const { Base, R } = readPair(edition, base, ref, fn);
  return { Base, result: resolveReference(Base, R, checked) };
}

/** 5.2 step by step (steps.ts): the target and the steps that give it. */
export function resolveStepsIn(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): ResolutionSteps<StepName> {
  const { strict, dotSegments } = readOptions(options, fn);
  const { Base, R } = readPair(edition, base, ref, fn, requireStepsLength);
  for (const [value, what] of [[Base, "base"], [R, "ref"]] as const) requireStepsLength(recompose(value), `${fn}: ${what}`);
  return resolveSteps(Base, R, strict, dotSegments);
}

/** The base and the reference of 5.2, parsed; syntax errors become ResolveErrors naming the step. */
function readPair(edition: Edition, base: unknown, ref: unknown, fn: string, check?: (text: string, what: string) => void) {
  const read = (value: unknown, what: string, code: "invalid-base" | "invalid-reference", step: string): Reference => {
    if (check !== undefined && typeof value === "string") check(value, `${fn}: ${what}`);
    try {
      return referenceIn(edition, value, `${fn}: ${what}`);
    } catch (error) {
      if (!(error instanceof UriSyntaxError)) throw error;
      throw new ResolveError(code, step,
        `the ${what} ${JSON.stringify(value)} is not a ${edition.roles.reference} of ${edition.document}: ${error.message}` +
        (code === "invalid-reference" && typeof value === "string" && value.startsWith("?") ? QUERY_ONLY : ""), error);
    }
  };
  return { Base: read(base, "base", "invalid-base", "5.2 base URI"), R: read(ref, "ref", "invalid-reference", "5.2 step 1") };
}

/** Section 6 (and 2.3) on one reference. */
export function normalizeIn(edition: Edition, uri: unknown, options: unknown, fn: string): Reference {
  const ref = referenceIn(edition, uri, `${fn}: uri`);
  if (options !== undefined && options !== null && typeof options !== "object") {
    throw new TypeError(`${fn}: options must be an object, got ${describe(options)}`);
  }
  return normalizeReference(ref, { ...(options as object | undefined), syntax: syntaxOf(edition) });
}

/** Section 6: equivalence, each side parsed once. */
export function equivalentIn(edition: Edition, a: unknown, b: unknown, options: unknown): boolean {
  if (options !== undefined && options !== null && typeof options !== "object") {
    throw new TypeError(`equivalent: options must be an object, got ${describe(options)}`);
  }
  return equivalentReferences(referenceIn(edition, a, "equivalent: a"), referenceIn(edition, b, "equivalent: b"),
    { ...(options as object | undefined), syntax: syntaxOf(edition) });
}

function partsOf(ref: Reference) {
  return { scheme: ref.scheme, authority: ref.authority, path: ref.path, query: ref.query, fragment: ref.fragment };
}

export { recompose };
