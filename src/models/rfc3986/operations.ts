// RFC 3986's operations on strings or parsed references, for src/models.ts: each string is parsed
// once with the edition's grammar, and a syntax error becomes the error of the step that needed it.
import { describe } from "../../args.js";
import { booleanOption, oneOfOption, optionsOf } from "../../options.js";
import { LADDERS } from "../rfc2396bis-01/normalize.js";
import type { Edition } from "../../edition.js";
import { ResolveError, UriSyntaxError } from "../../errors.js";
import { parseIn } from "../../parse.js";
import { syntaxOf } from "../../syntax.js";

export { syntaxOf };
import { equivalentReferences, normalizeReference } from "./normalize.js";
import { recompose } from "./recompose.js";
import { readOptions, resolveReference } from "./resolve.js";
import { resolveSteps, type StepName } from "./steps.js";
import { requireStepsLength, type ResolutionSteps } from "../../steps.js";
import { Reference } from "./types.js";


/** A reference given as a string (parsed) or as a Reference (taken as it is). */
export function referenceIn(edition: Edition, value: unknown, what: string): Reference {
  if (value instanceof Reference) return value;
  if (typeof value !== "string") throw new TypeError(`${what} must be a string or a Reference of ${edition.document}, got ${describe(value)}`);
  return parseIn(edition, value, edition.requireRule(edition.roles.reference)) as Reference;
}

/** The base and the reference of 5.2, parsed; syntax errors become ResolveErrors naming the step. */
function readPair(edition: Edition, base: unknown, ref: unknown, fn: string, check?: (text: string, what: string) => void) {
  const read = (value: unknown, what: string, code: "invalid-base" | "invalid-reference", step: string) => {
    if (check !== undefined && typeof value === "string") check(value, `${fn}: ${what}`);
    try {
      return referenceIn(edition, value, `${fn}: ${what}`);
    } catch (error) {
      if (!(error instanceof UriSyntaxError)) throw error;
      throw new ResolveError(code, step, `the ${what} ${JSON.stringify(value)} is not a URI-reference of ${edition.document}: ${error.message}`, error);
    }
  };
  return { Base: read(base, "base", "invalid-base", "5.2.1 pre-parse the base URI"), R: read(ref, "ref", "invalid-reference", "5.2.2 parse(R)") };
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

export { recompose };
