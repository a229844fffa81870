// A reference given as an object is checked as a string is: every function that takes a reference
// object (recompose, resolve, resolveReference, resolveSteps, normalize, equivalent) recomposes it
// with the edition's recomposition, parses that text with the edition's grammar, and goes on with
// what the grammar read, so that what it returns is valid in the edition whatever object it was
// given: a part of the wrong type is a TypeError that names the function and the part, a part the
// grammar does not allow where it stands (a path "/a b\r\nX: y", a host label "evil/#", a host of
// a kind the edition lacks) a TypeError that says so, and parts that read back as other parts (a
// path "//evil/x" without an authority, which the grammar reads as an authority) too.
import type { Edition } from "./edition.js";
import { UriSyntaxError } from "./errors.js";
import { definitionOf, modelOf } from "./model.js";
import { parseIn } from "./parse.js";
import { quote } from "./printable.js";

/** The components of the hierarchical models, compared as text (the rest of an object is derived from them). */
const COMPONENTS = ["scheme", "authority", "path", "query", "fragment"] as const;

/**
 * The reference object `value` checked against the edition: its text (the edition's
 * recomposition) and the reference the edition's grammar reads from that text, which stands for
 * `value` from then on. `what` names the argument in messages ("normalize: uri"). Throws a
 * TypeError that begins with `what`:
 * - for a part of the wrong type (as recompose() finds it: "normalize: uri.path must be a string");
 * - when the text is not a reference of the edition (the UriSyntaxError is the cause);
 * - when a component reads back as another: the text's components, as the grammar reads them,
 *   must be the object's (compared as text: an authority by its text, as recomposition writes it).
 */
export function checkReference(edition: Edition, value: object, what: string): { text: string; reference: unknown } {
  const text = recomposeAs(edition, value, what);
  let reference: unknown;
  try {
    reference = parseIn(edition, text, edition.requireRule(edition.roles.reference));
  } catch (e) {
    if (!(e instanceof UriSyntaxError)) throw e;
    // A reference the model takes beyond its grammar is held to the object as any other is.
    reference = definitionOf(edition).beyondGrammar?.(edition, text);
    if (reference === undefined) {
      throw new TypeError(`${what} is not a reference of ${edition.document}: its parts recompose to ${quote(text)}, where ` +
        `${e.message}`, { cause: e });
    }
  }
  const given = value as Record<string, unknown>;
  const read = reference as Record<string, unknown>;
  if (definitionOf(edition).readBack === "parts") {
    for (const key of Object.keys(read)) {
      if (!sameValue(given[key], read[key])) mismatch(what, key, given[key], read[key], text);
    }
  } else {
    for (const key of COMPONENTS) {
      const mine = key === "authority" ? authorityText(edition, given.authority, what) : given[key];
      const theirs = key === "authority" ? (read.authority as { raw: string } | undefined)?.raw : read[key];
      if (mine !== theirs) mismatch(what, key, mine, theirs, text);
    }
  }
  return { text, reference };
}

/**
 * The value as the function goes on with it: a reference object of the edition's model checked
 * (checkReference's reference), anything else as it is (a string is parsed by the function, a
 * value of another type refused there).
 */
export function checkedArgument(edition: Edition, value: unknown, what: string): unknown {
  if (value === null || typeof value !== "object" || !modelOf(edition).isReference(value)) return value;
  return checkReference(edition, value, what).reference;
}

/** The edition's recomposition of the value, its TypeError worded for the function that was called. */
function recomposeAs(edition: Edition, value: object, what: string): string {
  try {
    return modelOf(edition).recompose(value);
  } catch (e) {
    // "recompose: ref.path must be ..." is "normalize: uri.path must be ..." here.
    if (e instanceof TypeError && !what.startsWith("recompose:")) {
      throw new TypeError(e.message.replace(/^recompose: (?:(?:ref|url|parts)\b)?/, (m) => (m.length > 11 ? what : `${what}: `)), { cause: e });
    }
    throw e;
  }
}

/** An authority as recomposition writes it ("//" and this), or undefined when absent. */
function authorityText(edition: Edition, authority: unknown, what: string): string | undefined {
  if (authority === undefined) return undefined;
  return recomposeAs(edition, { path: "", authority }, what).slice(2);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  return a === b;
}

function mismatch(what: string, key: string, mine: unknown, theirs: unknown, text: string): never {
  const show = (v: unknown) => (v === undefined ? "absent" : typeof v === "string" ? quote(v) : quote(JSON.stringify(v) ?? String(v)));
  throw new TypeError(`${what}.${key} is ${show(mine)}, but its parts recompose to ${quote(text)}, which the grammar reads with ` +
    `${key} ${show(theirs)}: a part holds what the grammar reads as another part`);
}
