// 5.3 Component Recomposition: parsed components back into a URI reference string, as the RFC's
// pseudocode writes it.
import { describe } from "../../args.js";
import type { ReferenceParts } from "./types.js";

/**
 * Recomposes a reference from its components (section 5.3): the scheme and ":", "//" and the
 * authority (its `raw` text), the path, "?" and the query, "#" and the fragment, each only where
 * it is defined. A component that is empty is kept (its delimiter is written); one that is
 * undefined is not: the RFC is "careful to preserve the distinction". It does not validate the
 * text against the grammar. Throws TypeError, naming the part, when `parts` is not an object of
 * components or a part has the wrong type (null, a number, an authority without its raw text).
 */
export function recompose(parts: ReferenceParts): string {
  if (parts === null || typeof parts !== "object") {
    throw new TypeError(`recompose: parts must be a Reference, got ${describe(parts)}`);
  }
  if (typeof parts.path !== "string") {
    throw new TypeError(`recompose: parts.path must be a string (the path is never undefined, section 5.2.1), got ${describe(parts.path)}`);
  }
  let result = "";
  if (parts.scheme !== undefined) {
    result += defined(parts.scheme, "parts.scheme");
    result += ":";
  }
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
  result += parts.path;
  if (parts.query !== undefined) {
    result += "?";
    result += defined(parts.query, "parts.query");
  }
  if (parts.fragment !== undefined) {
    result += "#";
    result += defined(parts.fragment, "parts.fragment");
  }
  return result;
}

/** A defined component: a string, else a TypeError naming it (`undefined` is the absent component). */
function defined(value: unknown, what: string): string {
  if (typeof value !== "string") throw new TypeError(`recompose: ${what} must be a string or undefined (absent), got ${describe(value)}`);
  return value;
}
