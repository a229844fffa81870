// What every model's operations do with their arguments, written once: a reference given as a
// string is parsed with the edition's grammar, one given as the model's own value is taken as it
// is; for resolution, a syntax error becomes the ResolveError of the step that needed the string.
import { describe } from "./args.js";
import type { Edition } from "./edition.js";
import { ResolveError, UriSyntaxError } from "./errors.js";
import { parseIn } from "./parse.js";

/** A model's reference class, as its operations recognize it. */
export interface ReferenceKind<R> {
  /** True for a value of the model's reference class. */
  is(value: unknown): value is R;
  /** Its name in messages: "a Reference", "a UriReference", "a Url". */
  readonly name: string;
}

/** A reference given as a string (parsed; UriSyntaxError where it is not one) or as the model's value (taken as it is). */
export function referenceIn<R>(edition: Edition, value: unknown, what: string, kind: ReferenceKind<R>): R {
  if (kind.is(value)) return value;
  if (typeof value !== "string") throw new TypeError(`${what} must be a string or ${kind.name} of ${edition.document}, got ${describe(value)}`);
  return parseIn(edition, value, edition.requireRule(edition.roles.reference)) as R;
}

/** How a model's resolution reads its base and reference. */
export interface PairReading<R> {
  readonly kind: ReferenceKind<R>;
  /** The step of the model's document that reads the base, and the one that reads the reference. */
  readonly steps: readonly [base: string, ref: string];
  /** A check of each string before it is read (the length limit of resolveSteps()). */
  readonly check?: (text: string, what: string) => void;
  /** The reference a string the grammar rejects may still be, as the model's document reads it. */
  readonly otherwise?: (edition: Edition, text: string) => R | undefined;
}

/** The base and the reference of a resolution, parsed; a syntax error is a ResolveError naming the step. */
export function readPair<R>(edition: Edition, base: unknown, ref: unknown, fn: string, how: PairReading<R>): { Base: R; R: R } {
  const read = (value: unknown, what: "base" | "ref", code: "invalid-base" | "invalid-reference", step: string): R => {
    if (how.check !== undefined && typeof value === "string") how.check(value, `${fn}: ${what}`);
    try {
      return referenceIn(edition, value, `${fn}: ${what}`, how.kind);
    } catch (error) {
      if (!(error instanceof UriSyntaxError)) throw error;
      const other = what === "ref" && typeof value === "string" ? how.otherwise?.(edition, value) : undefined;
      if (other !== undefined) return other;
      throw new ResolveError(code, step,
        `the ${what} ${JSON.stringify(value)} is not a ${edition.roles.reference} of ${edition.document}: ${error.message}`, error);
    }
  };
  return { Base: read(base, "base", "invalid-base", how.steps[0]), R: read(ref, "ref", "invalid-reference", how.steps[1]) };
}

/**
 * recompose()'s check of its argument: the model's reference, or with `parts` any object of
 * components (whose parts the model's recomposition checks one by one); else a TypeError.
 */
export function recomposeChecked<R>(kind: ReferenceKind<R>, recompose: (ref: R) => string, parts: boolean): (ref: unknown) => string {
  return (ref) => {
    if (!kind.is(ref) && !(parts && ref !== null && typeof ref === "object")) {
      throw new TypeError(`recompose: ref must be ${kind.name}, got ${describe(ref)}`);
    }
    return recompose(ref as R);
  };
}
