// 5.2 step 7: "The resulting URI components, including any inherited from the base URI, are
// recombined to give the absolute form of the URI reference", as the RFC's pseudocode writes it.
// Appendix B: "going in the opposite direction, we can recreate a URI reference from its
// components using the algorithm in step 7 of Section 5.2".
import type { ReferenceParts } from "./types.js";

/**
 * Recombines a reference from its components (section 5.2, step 7): the scheme and ":", "//" and
 * the authority (its `raw` text), the path, "?" and the query, "#" and the fragment, each only
 * where it is defined. "We must be careful to preserve the distinction between a component that
 * is undefined ... and a component that is empty": an empty component keeps its separator. It
 * does not validate. Throws TypeError when `parts` is not an object of components.
 */
export function recompose(parts: ReferenceParts): string {
  if (parts === null || typeof parts !== "object") {
    throw new TypeError(`recompose: parts must be a Reference, got ${parts === null ? "null" : typeof parts}`);
  }
  if (typeof parts.path !== "string") {
    throw new TypeError("recompose: parts.path must be a string (the path is never undefined, section 5.2)");
  }
  // result = ""
  let result = "";
  // if scheme is defined then append scheme to result, append ":" to result
  if (parts.scheme !== undefined) {
    result += parts.scheme;
    result += ":";
  }
  // if authority is defined then append "//" to result, append authority to result
  if (parts.authority !== undefined) {
    if (typeof parts.authority.raw !== "string") {
      throw new TypeError("recompose: parts.authority.raw must be a string (the authority as written)");
    }
    result += "//";
    result += parts.authority.raw;
  }
  // append path to result
  result += parts.path;
  // if query is defined then append "?" to result, append query to result
  if (parts.query !== undefined) {
    result += "?";
    result += parts.query;
  }
  // if fragment is defined then append "#" to result, append fragment to result
  if (parts.fragment !== undefined) {
    result += "#";
    result += parts.fragment;
  }
  // return result
  return result;
}
