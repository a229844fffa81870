// Resolving relative references to absolute form (section 5.2), as the draft writes it: the
// pseudocode with its own names (R, Base, T) and nesting, and the merge routine as its steps 1-8.
// This is not RFC 3986's algorithm: an absolute-path reference is taken as it is ("/./g" gives
// "http://a/./g"), and the base's query is never inherited by an empty path ("?y" keeps d;p).
import { describe, requireString } from "../../args.js";
import type { DotSegments } from "../../options.js";
import type { Edition } from "../../edition.js";
import { ResolveError, UriSyntaxError } from "../../errors.js";
import type { ResolutionComponents, ResolutionOf } from "../../compose.js";
import { mergeBuffer, readMergeOptions } from "../../merge-buffer.js";
import { recompose } from "./recompose.js";
import { parseIn } from "../../parse.js";
import { UriReference, type Authority } from "./types.js";

/**
 * What merge step 7 does with ".." segments left at the start of the buffer (src/options.ts):
 * "retain" keeps them in the path ("../../../g" gives "http://a/../g", the draft's Appendix C
 * answer), "remove" drops them ("http://a/g"), "error" throws a ResolveError naming step 7.
 */
export type { DotSegments };

export interface ResolveOptions {
  /**
   * true (the default): a validating parser, so a reference with a scheme is absolute even when
   * it is the base's scheme ("http:g" stays "http:g"). false: the draft's non-validating parser,
   * which ignores a reference's scheme when it is the base's ("http:g" gives "http://a/b/c/g");
   * Appendix C calls this a loophole kept for backwards compatibility. It applies to "the scheme
   * name ... present in a relative URI": where what follows the scheme is no relative-URI
   * ("http:[", "http:g:h"), the reference is the absolute URI it reads as ("http:["), as with
   * `strict: true`, since without its scheme it would give a target that is no URI.
   */
  strict?: boolean;
  /** What merge step 7 does with leading ".." segments; default "retain". */
  dotSegments?: DotSegments;
}

/**
 * The target of a reference (section 5.2 returns "(T, fragment)"): an absolute URI, or the current
 * document (section 4.2: an empty reference, or one with only a fragment). `uri` never carries the
 * fragment; the reference's fragment, if any, is `fragment`.
 */
export type Resolution = ResolutionOf<UriReference>;

/** The four components of section 5.2 (a fragment is kept apart). */
export type Components = ResolutionComponents<Authority>;

export const STEP_PARSE_BASE = "5.1 base URI";
const STEP_PARSE_R = "5.2 parse(R)";

/**
 * Resolves `ref` against `base` (section 5.2) in an edition of the draft's model, and recomposes
 * the target. For the current document (an empty or fragment-only reference) the string is the
 * base without its fragment, plus the reference's fragment: "#s" against "http://a/b/c/d;p?q" is
 * "http://a/b/c/d;p?q#s".
 */
export function resolveText(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): string {
  const { Base, result } = run(edition, base, ref, options, fn);
  const fragment = result.fragment === undefined ? "" : "#" + result.fragment;
  if (result.kind === "current-document") return recompose({ ...Base, fragment: undefined }) + fragment;
  return recompose(result.uri) + fragment;
}

/** Resolves `ref` against `base` (section 5.2) and says what the target is. */
export function resolveReferenceIn(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): Resolution {
  return run(edition, base, ref, options, fn).result;
}

function run(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): { Base: Components; result: Resolution } {
  const { strict, dotSegments } = readOptions(options, fn);
  const Base = parseBase(edition, reference(edition, base, `${fn}: base`));
  return { Base, result: resolveParsed(edition, Base, reference(edition, ref, `${fn}: ref`), strict, dotSegments) };
}

/** The pseudocode of section 5.2, line by line. */
function resolveParsed(edition: Edition, Base: Components & { scheme: string }, ref: UriReference | string, strict: boolean,
  dotSegments: DotSegments): Resolution {
  // (R.scheme, R.authority, R.path, R.query, fragment) = parse(R);
  const refText = typeof ref === "string" ? ref : recompose(ref);
  const parsed = parseR(edition, ref, refText);
  let R = componentsOf(parsed);
  const fragment = parsed.fragment;

  // if ((not validating) and (R.scheme == Base.scheme)) then undefine(R.scheme);
  // Scheme names are compared case-insensitively: section 3.1 asks programs to treat upper case
  // letters in a scheme as equal to lower case ("HTTP" is the scheme "http").
  if (!strict && R.scheme !== undefined && R.scheme.toLowerCase() === Base.scheme.toLowerCase()) {
    R = undefineScheme(edition, R);
  }

  const T: Components = { path: "", opaque: false };
  if (R.scheme !== undefined) {
    T.scheme = R.scheme;
    T.authority = R.authority;
    T.path = R.path;
    T.opaque = R.opaque;
    T.query = R.query;
  } else {
    if (R.authority !== undefined) {
      T.authority = R.authority;
      T.path = R.path;
      T.query = R.query;
    } else {
      if (R.path === "") {
        if (R.query !== undefined) {
          T.path = hierarchicalPath(Base, "a query-only reference takes the base's path");
          T.query = R.query;
        } else {
          // An empty reference refers to the current document.
          return fragment === undefined ? { kind: "current-document" } : { kind: "current-document", fragment };
        }
      } else {
        if (R.path.startsWith("/")) {
          T.path = R.path;
        } else {
          T.path = merge(hierarchicalPath(Base, "a relative-path reference is merged with the base's path"), R.path, dotSegments);
        }
        T.query = R.query;
      }
      T.authority = Base.authority;
    }
    T.scheme = Base.scheme;
  }
  requireRecomposable(T, refText);
  const uri = new UriReference({ scheme: T.scheme, authority: T.authority, path: T.path, opaque: T.opaque, query: T.query });
  return fragment === undefined ? { kind: "uri", uri } : { kind: "uri", uri, fragment };
}

/**
 * The merge routine of section 5.2: the target path of a relative-path reference. Steps 1 and 2
 * make the buffer here; steps 3 to 8 are RFC 2396's operations (c) to (h) of its step 6 too,
 * written once (src/merge-buffer.ts): the documents differ in step 1, which copies a single "/"
 * for an empty base path where RFC 2396's (a) copies nothing. Time and memory linear.
 */
export function merge(basePath: string, refPath: string, dotSegments: DotSegments = "retain"): string {
  requireString(basePath, "merge: basePath");
  requireString(refPath, "merge: refPath");
  // step 1: all but the last segment of the base path (everything up to and including its last
  // "/"); a single "/" when the base path is empty. step 2: the reference's path is appended.
  const buffer = (basePath === "" ? "/" : basePath.slice(0, basePath.lastIndexOf("/") + 1)) + refPath;
  // steps 3 to 8, with step 7's choice: "retain", "remove", or an error.
  return mergeBuffer(buffer, dotSegments, () => dotSegmentsError(basePath, refPath));
}

/** parse(R): the reference, parsed where it is a string; a syntax error is a ResolveError of this line. */
export function parseR(edition: Edition, ref: UriReference | string, refText: string): UriReference {
  try {
    return typeof ref === "string" ? parseReference(edition, ref) : ref;
  } catch (error) {
    if (!(error instanceof UriSyntaxError)) throw error;
    throw new ResolveError("invalid-reference", STEP_PARSE_R,
      `the reference ${JSON.stringify(refText)} is not a ${edition.roles.reference} (section 4): ${error.message}`, error);
  }
}

/** Merge step 7 with dotSegments "error": the merged path would begin with "..". */
export function dotSegmentsError(basePath: string, refPath: string): ResolveError {
  return new ResolveError("dot-segments", "5.2 merge step 7",
    `the reference path ${JSON.stringify(refPath)} goes above the root of the base path ` +
    `${JSON.stringify(basePath)}: the merged path would begin with ".." (section 5.2, merge step 7)`);
}

/**
 * undefine(R.scheme), where it applies. The loophole is for "the scheme name ... present in a
 * relative URI" (Appendix C): what follows the scheme must be a relative-URI, read by the grammar
 * as parse(R) reads one (an opaque part "g?y" is the path "g" and the query "y"). Where it is not
 * ("http:[", "http:g:h": square brackets are allowed in an opaque part and nowhere in the
 * hierarchical syntax, Appendix G.1; a first segment cannot hold ":", section 5), the reference is
 * no relative URI with a scheme in front but the absolute URI it reads as, which is what a
 * validating parser makes of it; undefining its scheme would give a target that is no URI
 * ("http://a/[").
 */
export function undefineScheme(edition: Edition, R: Components): Components {
  const rest = recompose({ authority: R.authority, path: R.path, query: R.query });
  let relative: UriReference;
  try {
    relative = parseIn(edition, rest, edition.requireRule(edition.roles.relative)) as UriReference;
  } catch (error) {
    if (error instanceof UriSyntaxError) return R;
    throw error;
  }
  return { authority: relative.authority, path: relative.path, opaque: false, query: relative.query };
}

function parseReference(edition: Edition, text: string): UriReference {
  return parseIn(edition, text, edition.requireRule(edition.roles.reference)) as UriReference;
}

export function parseBase(edition: Edition, base: UriReference | string): Components & { scheme: string } {
  let parsed: UriReference;
  const text = typeof base === "string" ? base : recompose(base);
  try {
    parsed = typeof base === "string" ? parseReference(edition, base) : base;
  } catch (error) {
    if (!(error instanceof UriSyntaxError)) throw error;
    throw new ResolveError("invalid-base", STEP_PARSE_BASE,
      `the base ${JSON.stringify(text)} is not a URI (section 5.1): ${error.message}`, error);
  }
  if (parsed.scheme === undefined) {
    throw new ResolveError("relative-base", STEP_PARSE_BASE,
      `the base ${JSON.stringify(text)} is a relative reference; a base must be an absolute URI with a scheme ` +
      `(section 5.1: "there exists some absolute base URI against which the relative reference is applied")`);
  }
  // A base fragment is not part of the base URI (section 4) and is ignored.
  return { ...componentsOf(parsed), scheme: parsed.scheme };
}

/** The base's path, for the branches that need it; an opaque path cannot serve (section 5). */
export function hierarchicalPath(Base: Components, why: string): string {
  if (Base.opaque) {
    throw new ResolveError("opaque-base", "5.2 T.path",
      `${why}, but the base "${recompose(Base)}" has an opaque part, not a hierarchical path: a relative ` +
      `reference cannot be used with an unsuitable base URI (section 5)`);
  }
  return Base.path;
}

/**
 * T must recompose to itself. Without an authority, a path that begins with "//" would be read
 * back as an authority ("f:/a" and ".//g" merge to the path "//g", written "f://g"): that is a
 * different URI, so it is an error rather than a silent wrong answer.
 */
export function requireRecomposable(T: Components, refText: string): void {
  if (T.authority === undefined && T.path.startsWith("//")) {
    throw new ResolveError("ambiguous-path", "5.2 recomposition",
      `the reference ${JSON.stringify(refText)} gives the path ${JSON.stringify(T.path)} and no authority; ` +
      `recomposed, "//" would start an authority (section 4.3), so the target cannot be written as a URI`);
  }
}

export function componentsOf(ref: UriReference): Components {
  return { scheme: ref.scheme, authority: ref.authority, path: ref.path, opaque: ref.opaque, query: ref.query };
}

/** A reference given as a string (parsed where it is used) or as a parsed UriReference (taken as it is). */
export function reference(edition: Edition, value: unknown, what: string): UriReference | string {
  if (typeof value === "string" || value instanceof UriReference) return value;
  throw new TypeError(`${what} must be a string or a UriReference of ${edition.document}, got ${describe(value)}`);
}

/** The options of resolution, read in the name of `fn` (src/merge-buffer.ts). */
export const readOptions = readMergeOptions;
