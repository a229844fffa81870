// 5.3 Component Recomposition: parsed components back into a URI reference string, as the RFC's
// pseudocode writes it.
import type { ReferenceParts } from "./types.js";

/**
 * Recomposes a reference from its components (section 5.3): the scheme and ":", "//" and the
 * authority (its `raw` text), the path, "?" and the query, "#" and the fragment, each only where
 * it is defined. A component that is empty is kept (its delimiter is written); one that is
 * undefined is not: the RFC is "careful to preserve the distinction". It does not validate.
 * Throws TypeError when `parts` is not an object of components.
 */
export function recompose(parts: ReferenceParts): string {
  if (parts === null || typeof parts !== "object") {
    throw new TypeError(`recompose: parts must be a Reference, got ${parts === null ? "null" : typeof parts}`);
  }
  if (typeof parts.path !== "string") {
    throw new TypeError("recompose: parts.path must be a string (the path is never undefined, section 5.2.1)");
  }
  let result = "";
  if (parts.scheme !== undefined) {
    result += parts.scheme;
    result += ":";
  }
  if (parts.authority !== undefined) {
    if (typeof parts.authority.raw !== "string") {
      throw new TypeError("recompose: parts.authority.raw must be a string (the authority as written)");
    }
    result += "//";
    result += parts.authority.raw;
  }
  result += parts.path;
  if (parts.query !== undefined) {
    result += "?";
    result += parts.query;
  }
  if (parts.fragment !== undefined) {
    result += "#";
    result += parts.fragment;
  }
  return result;
}
