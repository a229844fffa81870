// RFC 3986's operations on strings or parsed references: each string is parsed once with the
// edition's grammar (src/operations.ts), and a syntax error becomes the error of the step that
// needed it.
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
import { readOptions, resolveReference } from "./resolve.js";
import { resolveSteps, type StepName } from "./steps.js";
import { Reference } from "./types.js";

export { syntaxOf, recompose };

/** RFC 3986's reference class. */
export const REFERENCE: ReferenceKind<Reference> = { is: (value): value is Reference => value instanceof Reference, name: "a Reference" };

/** A reference given as a string (parsed) or as a Reference (taken as it is). */
export function referenceIn(edition: Edition, value: unknown, what: string): Reference {
  return referenceOf(edition, value, what, REFERENCE);
}

/** The base and the reference of 5.2, parsed; syntax errors become ResolveErrors naming the step. */
function readPair(edition: Edition, base: unknown, ref: unknown, fn: string, check?: (text: string, what: string) => void) {
  return readPairOf(edition, base, ref, fn, { kind: REFERENCE, steps: ["5.2.1 pre-parse the base URI", "5.2.2 parse(R)"], check });
}

/** 5.2: the target of `ref` against `base`; syntax errors become ResolveErrors naming the step. */
export function resolveIn(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): Reference {
  // The options first, read in the name of the function called, as every model reads them.
  const checked = readOptions(options, fn);
  const { Base, R } = readPair(edition, base, ref, fn);
  return resolveReference(Base, R, checked);
}

/** 5.2 step by step (steps.ts): the target and the steps that give it. */
export function resolveStepsIn(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): ResolutionSteps<StepName> {
  const { strict } = readOptions(options, fn);
  const { Base, R } = readPair(edition, base, ref, fn, requireStepsLength);
  for (const [value, what] of [[Base, "base"], [R, "ref"]] as const) requireStepsLength(recompose(value), `${fn}: ${what}`);
  return resolveSteps(Base, R, strict);
}

/** 6.2.2 and 6.2.3 on one reference. */
export function normalizeIn(edition: Edition, uri: unknown, options: unknown, fn: string): Reference {
  const o = optionsOf(options, fn);
  const ref = referenceIn(edition, uri, `${fn}: uri`);
  return normalizeReference(ref, { scheme: booleanOption(o, "scheme", true, fn), syntax: syntaxOf(edition) });
}

/** 6.2: the comparison ladder, each side parsed once. */
export function equivalentIn(edition: Edition, a: unknown, b: unknown, options: unknown, fn = "equivalent"): boolean {
  const o = optionsOf(options, fn);
  const ladder = oneOfOption(o, "ladder", LADDERS, "scheme", fn);
  const ignoreFragment = booleanOption(o, "ignoreFragment", false, fn);
  return equivalentReferences(referenceIn(edition, a, `${fn}: a`), referenceIn(edition, b, `${fn}: b`),
    { ladder, ignoreFragment, syntax: syntaxOf(edition) });
}

/** The operations of RFC 3986's model. */
export const OPERATIONS: Operations = {
  isReference: REFERENCE.is,
  recompose: recomposeChecked(REFERENCE, recompose, true),
  resolve: (edition, base, ref, options, fn) => recompose(resolveIn(edition, base, ref, options, fn)),
  resolveReference: resolveIn,
  resolveSteps: resolveStepsIn,
  normalize: normalizeIn,
  equivalent: equivalentIn,
  audit: auditIn,
};
