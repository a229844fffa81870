// Recomposition, written once for the models whose references are the five components (RFC 2396's
// 5.2 step 7, the 2003 draft's end of 5.2, RFC 3986's 5.3): the scheme and ":", "//" and the
// authority, the path, "?" and the query, "#" and the fragment, each only where it is defined. An
// empty component keeps its delimiter; an undefined one is not written ("careful to preserve the
// distinction"). A part of the wrong type is a TypeError naming it, never text such as "null:".
import { describe } from "./args.js";

/** The five components, as a model's reference has them. */
export interface Components<A> {
  readonly scheme?: string;
  readonly authority?: A;
  readonly path: string;
  readonly query?: string;
  readonly fragment?: string;
}

/**
 * The reference's text. `name` is how messages call the argument ("ref", "parts"); `authority`
 * writes the model's authority (its raw text, or composed from its parts); `pathSection` names the
 * section that says the path is never undefined.
 */
export function recomposeComponents<A>(ref: Components<A>, name: string, pathSection: string, authority: (a: A) => string): string {
  if (ref === null || typeof ref !== "object") throw new TypeError(`recompose: ${name} must be a Reference, got ${describe(ref)}`);
  if (typeof ref.path !== "string") {
    throw new TypeError(`recompose: ${name}.path must be a string (the path is never undefined, section ${pathSection}), got ${describe(ref.path)}`);
  }
  let result = "";
  if (ref.scheme !== undefined) result += defined(ref.scheme, `${name}.scheme`) + ":";
  if (ref.authority !== undefined) result += "//" + authority(ref.authority);
  result += ref.path;
  if (ref.query !== undefined) result += "?" + defined(ref.query, `${name}.query`);
  if (ref.fragment !== undefined) result += "#" + defined(ref.fragment, `${name}.fragment`);
  return result;
}

/** A defined component: a string, else a TypeError naming it (`undefined` is the absent component). */
export function defined(value: unknown, what: string): string {
  if (typeof value !== "string") throw new TypeError(`recompose: ${what} must be a string or undefined (absent), got ${describe(value)}`);
  return value;
}

/** An authority as written: its raw text, else a TypeError naming it. */
export function rawAuthority(name: string): (authority: { readonly raw?: unknown }) => string {
  return (authority) => {
    if (authority === null || typeof authority !== "object") {
      throw new TypeError(`recompose: ${name}.authority must be an Authority ({ raw, ... }) or undefined (absent), got ${describe(authority)}`);
    }
    if (typeof authority.raw !== "string") {
      throw new TypeError(`recompose: ${name}.authority.raw must be a string (the authority as written), got ${describe(authority.raw)}`);
    }
    return authority.raw;
  };
}

/** The components a resolution assigns (the fragment kept apart), where a path may be opaque. */
export interface ResolutionComponents<A> {
  scheme?: string;
  authority?: A;
  path: string;
  opaque: boolean;
  query?: string;
}

/**
 * What a reference resolves to in the models that tell the current document apart (RFC 2396 5.2
 * step 2, the 2003 draft's 4.2): an absolute URI `uri` without the fragment, which is `fragment`;
 * or the current document (an empty reference, or one with only a fragment).
 */
export type ResolutionOf<U> =
  | { kind: "uri"; uri: U; fragment?: string }
  | { kind: "current-document"; fragment?: string };
