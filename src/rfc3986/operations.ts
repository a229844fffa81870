// RFC 3986's operations on strings or parsed references, for src/models.ts: each string is parsed
// once with the edition's grammar, and a syntax error becomes the error of the step that needed it.
import { describe } from "../args.js";
import type { Edition } from "../edition.js";
import { ResolveError, UriSyntaxError } from "../errors.js";
import { parseIn } from "../parse.js";
import { syntaxOf } from "../syntax.js";

export { syntaxOf };
import { equivalentReferences, normalizeReference } from "./normalize.js";
import { recompose } from "./recompose.js";
import { resolveReference } from "./resolve.js";
import { Reference } from "./types.js";


/** A reference given as a string (parsed) or as a Reference (taken as it is). */
export function referenceIn(edition: Edition, value: unknown, what: string): Reference {
  if (value instanceof Reference) return value;
  if (typeof value !== "string") throw new TypeError(`${what} must be a string or a Reference of ${edition.document}, got ${describe(value)}`);
  return parseIn(edition, value, edition.requireRule(edition.roles.reference)) as Reference;
}

/** 5.2: the target of `ref` against `base`; syntax errors become ResolveErrors naming the step. */
export function resolveIn(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): Reference {
  const read = (value: unknown, what: string, code: "invalid-base" | "invalid-reference", step: string) => {
    try {
      return referenceIn(edition, value, `${fn}: ${what}`);
    } catch (error) {
      if (!(error instanceof UriSyntaxError)) throw error;
      throw new ResolveError(code, step, `the ${what} ${JSON.stringify(value)} is not a URI-reference of ${edition.document}: ${error.message}`, error);
    }
  };
  const Base = read(base, "base", "invalid-base", "5.2.1 pre-parse the base URI");
  const R = read(ref, "ref", "invalid-reference", "5.2.2 parse(R)");
  return resolveReference(Base, R, options as never);
}

/** 6.2.2 and 6.2.3 on one reference. */
export function normalizeIn(edition: Edition, uri: unknown, options: unknown, fn: string): Reference {
  const ref = referenceIn(edition, uri, `${fn}: uri`);
  if (options !== undefined && (options === null || typeof options !== "object")) {
    throw new TypeError(`${fn}: options must be an object, got ${describe(options)}`);
  }
  return normalizeReference(ref, { ...(options as object | undefined), syntax: syntaxOf(edition) });
}

/** 6.2: the comparison ladder, each side parsed once. */
export function equivalentIn(edition: Edition, a: unknown, b: unknown, options: unknown): boolean {
  if (options !== undefined && (options === null || typeof options !== "object")) {
    throw new TypeError(`equivalent: options must be an object, got ${describe(options)}`);
  }
  return equivalentReferences(referenceIn(edition, a, "equivalent: a"), referenceIn(edition, b, "equivalent: b"),
    { ...(options as object | undefined), syntax: syntaxOf(edition) });
}

export { recompose };
