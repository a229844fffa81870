// RFC 2396's operations on strings or parsed references (src/operations.ts): each string is parsed
// once with the edition's grammar, and a syntax error becomes the error of the step that needed it.
import type { Edition } from "../../edition.js";
import { LADDERS } from "../../ladder.js";
import type { Operations } from "../../model.js";
import { readPair as readPairOf, recomposeChecked, referenceIn as referenceOf, type ReferenceKind } from "../../operations.js";
import { booleanOption, oneOfOption, optionsOf } from "../../options.js";
import { requireStepsLength, type ResolutionSteps } from "../../steps.js";
import { syntaxOf } from "../../syntax.js";
import { auditIn } from "./audit.js";
import { equivalentReferences, normalizeReference } from "./normalize.js";
import { recompose } from "./recompose.js";
import { ResolveError } from "../../errors.js";
import { readOptions, resolveReference, type Resolution } from "./resolve.js";
import { resolveSteps, type StepName } from "./steps.js";
import { Reference } from "./types.js";

export { syntaxOf };

/**
 * Section 5.2 step 1 of RFC 2396: "The URI reference is parsed into the potential four components
 * and fragment identifier, as described in Section 4.3", which splits a reference into its
 * components (Appendix B) and then checks each against its rule. The grammar's relativeURI =
 * ( net_path | abs_path | rel_path ) [ "?" query ] needs a path, so "?y" is no URI-reference
 * (`matches("URI-reference", "?y")` is false), yet step 1 reads it as an empty path and the query
 * "y", and Appendix C.1 resolves it to "http://a/b/c/?y". The reference of resolution is read
 * that way: a string the grammar rejects that is a query (and fragment) alone, each valid by its
 * rule, is the Reference of those components. Only resolution reads it so (step 1 is section 5.2's).
 */
export function queryOnlyReference(edition: Edition, text: string): Reference | undefined {
  if (!text.startsWith("?")) return undefined;
  const hash = text.indexOf("#");
  const query = text.slice(1, hash < 0 ? text.length : hash);
  const fragment = hash < 0 ? undefined : text.slice(hash + 1);
  const valid = (role: "query" | "fragment", value: string | undefined) => {
    const name = edition.roles[role];
    return value === undefined || (name !== undefined && edition.accepts(value, edition.requireRule(name)));
  };
  return valid("query", query) && valid("fragment", fragment) ? new Reference({ path: "", query, fragment }) : undefined;
}

/** RFC 2396's reference class. */
export const REFERENCE: ReferenceKind<Reference> = { is: (value): value is Reference => value instanceof Reference, name: "a Reference" };

/** A reference given as a string (parsed; UriSyntaxError where it is not one) or as a Reference (taken as it is). */
export function referenceIn(edition: Edition, value: unknown, what: string): Reference {
  return referenceOf(edition, value, what, REFERENCE);
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
  const result = resolveReference(Base, R, checked);
  requireReadBack(edition, result);
  return { Base, result };
}

/**
 * Step 7 recombines T into a URI, which section 4.3 reads again into the same components, or T
 * cannot be written in the edition. An authority, an empty path and a query is the case the
 * grammar decides: RFC 2396's hier_part = ( net_path | abs_path ) [ "?" query ] reads "http://a?y"
 * with the authority "a", but in the grammars of the 1997-98 drafts a query follows a rel_path only,
 * so the same text is the abs_path "//a" with no authority ("?y" against "http://a"). The text is
 * read again with the edition's grammar, only in that case; where it loses the authority, the
 * target is a ResolveError "ambiguous-path", as for a path that would run into an authority.
 */
function requireReadBack(edition: Edition, result: Resolution): void {
  if (result.kind !== "uri") return;
  const T = result.uri;
  if (T.authority === undefined || T.path !== "" || T.query === undefined) return;
  const text = recompose(T);
  const again = referenceIn(edition, text, "the target");
  if (again.authority !== undefined) return;
  throw new ResolveError("ambiguous-path", "5.2 step 7",
    `the target has the authority ${JSON.stringify(T.authority.raw)}, an empty path and the query ${JSON.stringify(T.query)}; ` +
    `recombined (step 7) as ${JSON.stringify(text)}, the grammar reads it again (section 4.3) as the path ` +
    `${JSON.stringify(again.path)} with no authority, since a query follows only a path in it, so the target cannot be ` +
    `written as a URI of this edition`);
}

/** 5.2 step by step (steps.ts): the target and the steps that give it. */
export function resolveStepsIn(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): ResolutionSteps<StepName> {
  const { strict, dotSegments } = readOptions(options, fn);
  const { Base, R } = readPair(edition, base, ref, fn, requireStepsLength);
  for (const [value, what] of [[Base, "base"], [R, "ref"]] as const) requireStepsLength(recompose(value), `${fn}: ${what}`);
  // The target must read back as it is (requireReadBack), as resolve() requires; a resolution that
  // fails otherwise is left to resolveSteps(), which says at which step.
  let target: Resolution | undefined;
  try {
    target = resolveReference(Base, R, { strict, dotSegments });
  } catch {
    target = undefined;
  }
  if (target !== undefined) requireReadBack(edition, target);
  return resolveSteps(Base, R, strict, dotSegments);
}

/** The base and the reference of 5.2, parsed; syntax errors become ResolveErrors naming the step. */
function readPair(edition: Edition, base: unknown, ref: unknown, fn: string, check?: (text: string, what: string) => void) {
  return readPairOf(edition, base, ref, fn, { kind: REFERENCE, steps: ["5.2 base URI", "5.2 step 1"], check, otherwise: queryOnlyReference });
}

/** Section 6 (and 2.3) on one reference. */
export function normalizeIn(edition: Edition, uri: unknown, options: unknown, fn: string): Reference {
  const o = optionsOf(options, fn);
  const ref = referenceIn(edition, uri, `${fn}: uri`);
  return normalizeReference(ref, { scheme: booleanOption(o, "scheme", true, fn), syntax: syntaxOf(edition) });
}

/** Section 6: equivalence, each side parsed once. */
export function equivalentIn(edition: Edition, a: unknown, b: unknown, options: unknown, fn: string): boolean {
  const o = optionsOf(options, fn);
  const ladder = oneOfOption(o, "ladder", LADDERS, "scheme", fn);
  const ignoreFragment = booleanOption(o, "ignoreFragment", false, fn);
  return equivalentReferences(referenceIn(edition, a, `${fn}: a`), referenceIn(edition, b, `${fn}: b`),
    { ladder, ignoreFragment, syntax: syntaxOf(edition) });
}

function partsOf(ref: Reference) {
  return { scheme: ref.scheme, authority: ref.authority, path: ref.path, query: ref.query, fragment: ref.fragment };
}

export { recompose };

/** The operations of RFC 2396's model. */
export const OPERATIONS: Operations = {
  isReference: REFERENCE.is,
  recompose: recomposeChecked(REFERENCE, recompose, true),
  resolve: resolveText,
  resolveReference: resolveIn,
  resolveSteps: resolveStepsIn,
  normalize: normalizeIn,
  equivalent: equivalentIn,
  audit: auditIn,
};
