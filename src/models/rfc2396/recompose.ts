// 5.2 step 7: "The resulting URI components, including any inherited from the base URI, are
// recombined to give the absolute form of the URI reference", as the RFC's pseudocode writes it.
// Appendix B: "going in the opposite direction, we can recreate a URI reference from its
// components using the algorithm in step 7 of Section 5.2".
import { describe } from "../../args.js";
import type { ReferenceParts } from "./types.js";

/**
 * Recombines a reference from its components (section 5.2, step 7): the scheme and ":", "//" and
 * the authority (its `raw` text), the path, "?" and the query, "#" and the fragment, each only
 * where it is defined. "We must be careful to preserve the distinction between a component that
 * is undefined ... and a component that is empty": an empty component keeps its separator. It
 * does not validate the text against the grammar. Throws TypeError, naming the part, when `parts` is not
 * an object of components or a part has the wrong type (null, a number, an authority without its raw text).
 */
export function recompose(parts: ReferenceParts): string {
  if (parts === null || typeof parts !== "object") {
    throw new TypeError(`recompose: parts must be a Reference, got ${describe(parts)}`);
  }
  if (typeof parts.path !== "string") {
    throw new TypeError(`recompose: parts.path must be a string (the path is never undefined, section 5.2), got ${describe(parts.path)}`);
  }
  // result = ""
  let result = "";
  // if scheme is defined then append scheme to result, append ":" to result
  if (parts.scheme !== undefined) {
    result += defined(parts.scheme, "parts.scheme");
    result += ":";
  }
  // if authority is defined then append "//" to result, append authority to result
  if (parts.authority !== undefined) {
    const authority: unknown = parts.authority;
    if (authority === null || typeof authority !== "object") {
      throw new TypeError(`recompose: parts.authority must be an Authority ({ raw, ... }) or undefined (absent), got ${describe(authority)}`);
    }
    if (typeof parts.authority.raw !== "string") {
      throw new TypeError(`recompose: parts.authority.raw must be a string (the authority as written), got ${describe(parts.authority.raw)}`);
    }
    result += "//";
    result += parts.authority.raw;
  }
  // append path to result
  result += parts.path;
  // if query is defined then append "?" to result, append query to result
  if (parts.query !== undefined) {
    result += "?";
    result += defined(parts.query, "parts.query");
  }
  // if fragment is defined then append "#" to result, append fragment to result
  if (parts.fragment !== undefined) {
    result += "#";
    result += defined(parts.fragment, "parts.fragment");
  }
  // return result
  return result;
}

/** A defined component: a string, else a TypeError naming it (`undefined` is the absent component). */
function defined(value: unknown, what: string): string {
  if (typeof value !== "string") throw new TypeError(`recompose: ${what} must be a string or undefined (absent), got ${describe(value)}`);
  return value;
}
