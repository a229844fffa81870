// 5.2 Resolving Relative References to Absolute Form, as RFC 2396 writes it: steps 1 to 7 in
// order, with step 6's string buffer and its operations (a) to (h). Where RFC 2396 answers
// differently from its revisions, this follows RFC 2396:
// - a reference with an empty path and a query ("?y") is not a reference to the current
//   document (step 2) and goes through step 6 with an empty path: "http://a/b/c/?y"
//   (Appendix C.1), where RFC 1808, the draft of 2003 and RFC 3986 keep the base's path;
// - an absolute-path reference is taken as it is (step 5): "/./g" gives "http://a/./g";
// - ".." segments left at the start of the buffer are an error the implementation may handle in
//   one of three ways (step 6g): the option `dotSegments`, default "retain" ("../../../g" gives
//   "http://a/../g", Appendix C.2).
//
// Values, not strings: the base and the reference are parsed Reference values. Parsing and
// validating text is the caller's part (operations.ts).
import { describe, requireString } from "../../args.js";
import { ResolveError } from "../../errors.js";
import { DOT_SEGMENTS, type DotSegments } from "../../options.js";
import { schemeInfo } from "../../schemes.js";
import type { ResolutionComponents, ResolutionOf } from "../../compose.js";
import { mergeBuffer, readMergeOptions } from "../../merge-buffer.js";
import { recompose } from "./recompose.js";
import { Reference, type Authority } from "./types.js";

export type { DotSegments };

export interface ResolveOptions {
  /**
   * true (the default): a validating parser, so a reference with a scheme is an absolute URI even
   * when the scheme is the base's ("http:g" stays "http:g"): step 3's note, "Validating parsers
   * should mark such a misformed relative reference as an error", and Appendix C.2 "for
   * validating parsers". false: the work-around step 3 allows "for backwards compatibility ...
   * by removing the scheme if it matches that of the base URI and the scheme is known to always
   * use the <hier_part> syntax" ("http:g" gives "http://a/b/c/g"). The schemes known here are
   * those of the library's table (src/schemes.ts): each has a default port, so a server
   * authority, so a net_path, which only hier_part has. Scheme names are compared
   * case-insensitively (section 3.1).
   */
  strict?: boolean;
  /**
   * What step 6g does when the buffer "still begins with one or more complete path segments of
   * '..'" ("the reference is considered to be in error"): "retain" (the default) keeps them,
   * "treating them as part of the final URI" ("../../../g" gives "http://a/../g", the answer of
   * Appendix C.2); "remove" drops them, "discarding relative levels above the root"
   * ("http://a/g"); "error" is "avoiding traversal of the reference": a ResolveError with the
   * code "dot-segments".
   */
  dotSegments?: DotSegments;
}

/**
 * What a reference resolves to. Step 2: a reference "to the current document", when its path is
 * empty and its scheme, authority and query are undefined ("" and "#s"; section 4.2); otherwise
 * an absolute URI. `uri` is the absolute form of step 7 without the fragment, which is apart in
 * `fragment` (section 4: "the URI" that results from a reference "includes only the absolute URI
 * after the fragment identifier (if any) is removed").
 */
export type Resolution = ResolutionOf<Reference>;

/** The components of section 5.2, as the steps assign them (the fragment is kept apart). */
export type Components = ResolutionComponents<Authority>;

const STEP_BASE = "5.2 base URI";
const STEP_3 = "5.2 step 3";
const STEP_6G = "5.2 step 6g";
const STEP_7 = "5.2 step 7";

/**
 * Resolves `ref` against `base` by the steps of section 5.2.
 *
 * The base must have a scheme ("only the scheme component is required to be present in the base
 * URI"), else a ResolveError "relative-base"; its query and fragment are not used. A reference
 * that needs the base's hierarchy (any reference without a scheme, other than one to the current
 * document) cannot be resolved against an opaque base: section 5, "relative URI cannot be used
 * within a document that has an unsuitable base URI" (ResolveError "opaque-base").
 *
 * Every `uri` recombines (step 7) to a URI with the same components. Two results of the steps
 * would not, and are a ResolveError "ambiguous-path" rather than a wrong answer: a path that does
 * not begin with "/" after an authority (step 6a copies nothing from a base with an authority
 * and no path, "http://a" and "g" give the path "g", and "http://a" + "g" is "http://ag": RFC
 * 2396 does not provide for a base without a path), and a path beginning with "//" without an
 * authority, which would be read back as one (section 4.3: "the authority component wins").
 * Throws TypeError when `base` or `ref` is not a Reference, or for malformed options.
 */
export function resolveReference(base: Reference, ref: Reference, options?: ResolveOptions): Resolution {
  if (!(base instanceof Reference)) throw new TypeError(`resolveReference: base must be a Reference, got ${describe(base)}`);
  if (!(ref instanceof Reference)) throw new TypeError(`resolveReference: ref must be a Reference, got ${describe(ref)}`);
  const { strict, dotSegments } = readOptions(options, "resolveReference");
  const Base = baseComponents(base);

  // 1) The URI reference is parsed into the potential four components and fragment identifier.
  let R: Components = { scheme: ref.scheme, authority: ref.authority, path: ref.path, opaque: ref.opaque, query: ref.query };
  const fragment = ref.fragment;

  // 2) If the path component is empty and the scheme, authority, and query components are
  // undefined, then it is a reference to the current document and we are done.
  if (R.path === "" && R.scheme === undefined && R.authority === undefined && R.query === undefined) {
    return fragment === undefined ? { kind: "current-document" } : { kind: "current-document", fragment };
  }
  // Otherwise, the reference URI's query and fragment components are defined as found (or not
  // found) within the URI reference and not inherited from the base URI.
  const T: Components = { path: "", opaque: false, query: R.query };

  // 3) If the scheme component is defined, indicating that the reference starts with a scheme
  // name, then the reference is interpreted as an absolute URI and we are done.
  if (R.scheme !== undefined) {
    if (strict || !sameHierarchicalScheme(R.scheme, Base.scheme)) {
      const uri = new Reference({ scheme: R.scheme, authority: R.authority, path: R.path, opaque: R.opaque, query: R.query });
      return fragment === undefined ? { kind: "uri", uri } : { kind: "uri", uri, fragment };
    }
    // The work-around for backwards compatibility: the scheme is removed and "the parser can then
    // continue with the steps below for the remainder of the reference components".
    R = withoutScheme(R);
    T.query = R.query;
  }
  // Otherwise, the reference URI's scheme is inherited from the base URI's scheme component.
  requireHierarchicalBase(base, ref);
  T.scheme = Base.scheme;

  // 4) If the authority component is defined, then the reference is a network-path and we skip
  // to step 7.
  if (R.authority !== undefined) {
    T.authority = R.authority;
    T.path = R.path;
  } else {
    // Otherwise, the reference URI's authority is inherited from the base URI's authority
    // component, which will also be undefined if the URI scheme does not use an authority.
    T.authority = Base.authority;
    if (R.path.startsWith("/")) {
      // 5) If the path component begins with a slash character ("/"), then the reference is an
      // absolute-path and we skip to step 7.
      T.path = R.path;
    } else {
      // 6) If this step is reached, then we are resolving a relative-path reference.
      T.path = merge(Base.path, R.path, dotSegments);
    }
  }

  // 7) The resulting URI components, including any inherited from the base URI, are recombined
  // to give the absolute form of the URI reference (recompose.ts).
  requireRecombinable(T, base, ref);
  const uri = new Reference({ scheme: T.scheme, authority: T.authority, path: T.path, query: T.query });
  return fragment === undefined ? { kind: "uri", uri } : { kind: "uri", uri, fragment };
}

/**
 * Step 6: "The relative path needs to be merged with the base URI's path ... using a separate
 * string buffer", operations (a) to (h); returns the new path (h). (a) and (b) make the buffer
 * here; (c) to (h) are the draft of 2003's merge steps 3 to 8 too, written once (src/merge-buffer.ts):
 * the documents differ in (a), which copies nothing for an empty base path where the draft's step 1
 * copies "/". Time and memory linear in the length of the two paths.
 */
export function merge(basePath: string, refPath: string, dotSegments: DotSegments = "retain"): string {
  requireString(basePath, "merge: basePath");
  requireString(refPath, "merge: refPath");
  if (!DOT_SEGMENTS.includes(dotSegments)) {
    throw new TypeError(`merge: dotSegments must be "retain", "remove" or "error", got ${describe(dotSegments)}`);
  }
  // a) All but the last segment of the base URI's path component is copied to the buffer. In
  // other words, any characters after the last (right-most) slash character, if any, are
  // excluded.
  // b) The reference's path component is appended to the buffer string.
  const buffer = basePath.slice(0, basePath.lastIndexOf("/") + 1) + refPath;
  // c) to h), with g)'s choice: "retain", "remove", or an error.
  return mergeBuffer(buffer, dotSegments, (merged) => dotSegmentsError(basePath, refPath, merged));
}

/** The base's components; it must have a scheme. */
export function baseComponents(base: Reference): Components & { scheme: string } {
  if (base.scheme === undefined) {
    throw new ResolveError("relative-base", STEP_BASE,
      `the base ${JSON.stringify(recompose(base))} is a relative reference; a base URI must have a scheme ` +
      `(section 5.2: "only the scheme component is required to be present in the base URI")`);
  }
  return { scheme: base.scheme, authority: base.authority, path: base.path, opaque: base.opaque };
}

/** Step 6g with dotSegments "error": the merged path begins with "..". */
export function dotSegmentsError(basePath: string, refPath: string, buffer: string): ResolveError {
  return new ResolveError("dot-segments", STEP_6G,
    `the reference path ${JSON.stringify(refPath)} goes above the root of the base path ${JSON.stringify(basePath)}: ` +
    `the merged path ${JSON.stringify(buffer)} begins with ".." (section 5.2, step 6g)`);
}

/** Step 3's note: the reference's scheme is the base's and is known to always use hier_part. */
export function sameHierarchicalScheme(scheme: string, baseScheme: string): boolean {
  return scheme.toLowerCase() === baseScheme.toLowerCase() && schemeInfo(scheme) !== undefined;
}

/**
 * The remainder of a reference whose scheme step 3 removed. A reference read as an absoluteURI
 * with an opaque_part ("http:g?y") has no hierarchical components; the remainder is then read as
 * section 4.3 splits any reference ("the four main components", Appendix B): the path ends at the
 * first "?", the query is the rest.
 */
export function withoutScheme(R: Components): Components {
  if (!R.opaque) return { authority: R.authority, path: R.path, opaque: false, query: R.query };
  const q = R.path.indexOf("?");
  return q < 0 ? { path: R.path, opaque: false } : { path: R.path.slice(0, q), opaque: false, query: R.path.slice(q + 1) };
}

/** Section 5: "relative URI cannot be used within a document that has an unsuitable base URI". */
export function requireHierarchicalBase(base: Reference, ref: Reference): void {
  if (!base.opaque) return;
  throw new ResolveError("opaque-base", STEP_3,
    `the reference ${JSON.stringify(recompose(ref))} is relative, but the base ${JSON.stringify(recompose(base))} is opaque ` +
    `(an opaque_part, section 3); section 5: "Documents can only make use of relative URI when their base URI fits within ` +
    `the <hier_part> syntax"`);
}

/** Step 7 must give a URI whose components are T's (see resolveReference). */
export function requireRecombinable(T: Components, base: Reference, ref: Reference): void {
  if (T.authority !== undefined && T.path !== "" && !T.path.startsWith("/")) {
    throw new ResolveError("ambiguous-path", STEP_7,
      `the base ${JSON.stringify(recompose(base))} has an authority and an empty path, so step 6a copies nothing to the ` +
      `buffer and the reference ${JSON.stringify(recompose(ref))} gives the path ${JSON.stringify(T.path)}, which does not ` +
      `begin with "/"; recombined (step 7) it would run into the authority ("//${T.authority.raw}${T.path}"). RFC 2396 ` +
      `does not provide for a base without a path (its revisions merge such a path as "/" followed by the reference's)`);
  }
  if (T.authority === undefined && T.path.startsWith("//")) {
    throw new ResolveError("ambiguous-path", STEP_7,
      `the reference ${JSON.stringify(recompose(ref))} gives the path ${JSON.stringify(T.path)} and no authority; ` +
      `recombined (step 7), "//" would start an authority (section 4.3: "the authority component wins"), so the ` +
      `target cannot be written as a URI`);
  }
}

/** The options of resolution, read in the name of `fn` (src/merge-buffer.ts). */
export const readOptions = readMergeOptions;
