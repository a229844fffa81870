// The 1993 URL draft defines no normalization and no comparison: its section UNIQUENESS says "a
// possible ambiguity will always exist", and URLs are compared as written. normalize() and
// equivalent() say so with a NotDefinedError naming an edition that defines them.
import type { Edition } from "../../edition.js";
import { NotDefinedError } from "../../errors.js";

/** What the draft does not define: a NotDefinedError that says so. */
export function undefinedBy1993(edition: Edition, operation: string, sections: string): never {
  throw new NotDefinedError(operation, edition.id,
    `${operation}: the 1993 URL draft ("Uniform Resource Locators (URL)", October 1993) defines no ${sections}; ` +
    `use an edition that does (edition "rfc3986")`);
}

/** normalize(): not defined by the draft. */
export function normalizeIn(edition: Edition): never {
  return undefinedBy1993(edition, "normalize", "normalization (its URLs are compared as written)");
}

/** equivalent(): not defined by the draft (section UNIQUENESS). */
export function equivalentIn(edition: Edition): never {
  return undefinedBy1993(edition, "equivalent", "equivalence of URLs (section UNIQUENESS: \"a possible ambiguity will always exist\")");
}
