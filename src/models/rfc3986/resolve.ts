// 5.2 Relative Resolution, as RFC 3986 writes it: 5.2.1 the base, 5.2.2 the transform with the
// RFC's own names (R, Base, T) and nesting, 5.2.3 merge, 5.2.4 remove_dot_segments with its steps
// lettered A to E. Unlike the draft of 2003, dot segments are removed from every path the
// transform takes from the reference (an absolute-path "/./g" gives "http://a/g"), ".." never
// climbs above the root ("../../../g" gives "http://a/g"), and an empty reference keeps the
// base's query ("" gives "http://a/b/c/d;p?q").
//
// Values, not strings: the base and the reference are parsed Reference values, and the target is
// one. Parsing and validating text is the caller's part.
import { ResolveError } from "../../errors.js";
import { describe, requireString } from "../../args.js";
import { booleanOption, optionsOf } from "../../options.js";
import { recompose } from "./recompose.js";
import { Reference, type Authority, type ReferenceParts } from "./types.js";

export interface ResolveOptions {
  /**
   * true (the default): a strict parser, so a reference with a scheme is a URI even when it is
   * the base's scheme ("http:g" stays "http:g"). false: the non-strict parser of 5.2.2's note,
   * which undefines R.scheme when it is the base's scheme ("http:g" gives "http://a/b/c/g");
   * section 5.4.2 calls this a loophole whose "use should be avoided but is allowed for backward
   * compatibility". Scheme names are compared case-insensitively (section 3.1).
   */
  strict?: boolean;
}

const STEP_BASE = "5.2.1 pre-parse the base URI";
const STEP_RECOMPOSE = "5.3 component recomposition";

/** The five components of R, Base and T (a mutable record, as the pseudocode assigns them). */
export interface Components {
  scheme?: string;
  authority?: Authority;
  path: string;
  query?: string;
  fragment?: string;
}

/**
 * Transforms the reference `ref` into its target URI T against `base` (section 5.2.2) and
 * returns T, fragment included (T.fragment = R.fragment).
 *
 * The base must be a URI: only its scheme is required (5.2.1), and a reference without one is a
 * ResolveError "relative-base" (section 5.1: a base "must conform to the <absolute-URI> syntax
 * rule"). The base's fragment, if any, is not used: 5.1 strips it before use, and the transform
 * never reads Base.fragment. Normalizing the base first is optional (5.2.1) and not done here.
 *
 * Every result is a URI; when the transform gives a path starting with "//" and no authority
 * (base "f:/a", reference ".//g"), recomposing T would make that "//" start an authority (a
 * different URI), so it is a ResolveError "ambiguous-path" rather than a wrong answer.
 * Throws TypeError when `base` or `ref` is not a Reference, or for malformed options.
 */
export function resolveReference(base: Reference, ref: Reference, options?: ResolveOptions): Reference {
  if (!(base instanceof Reference)) throw new TypeError(`resolveReference: base must be a Reference, got ${describe(base)}`);
  if (!(ref instanceof Reference)) throw new TypeError(`resolveReference: ref must be a Reference, got ${describe(ref)}`);
  const { strict } = readOptions(options, "resolveReference");
  const Base = preParseBase(base);

  // (R.scheme, R.authority, R.path, R.query, R.fragment) = parse(R);
  const R: Components = {
    scheme: ref.scheme, authority: ref.authority, path: ref.path, query: ref.query, fragment: ref.fragment,
  };

  // -- A non-strict parser may ignore a scheme in the reference
  // -- if it is identical to the base URI's scheme.
  if (!strict && R.scheme !== undefined && R.scheme.toLowerCase() === Base.scheme.toLowerCase()) {
    R.scheme = undefined; // undefine(R.scheme)
  }

  const T: Components = { path: "" };
  if (R.scheme !== undefined) {
    T.scheme = R.scheme;
    T.authority = R.authority;
    T.path = removeDotSegments(R.path);
    T.query = R.query;
  } else {
    if (R.authority !== undefined) {
      T.authority = R.authority;
      T.path = removeDotSegments(R.path);
      T.query = R.query;
    } else {
      if (R.path === "") {
        T.path = Base.path;
        if (R.query !== undefined) {
          T.query = R.query;
        } else {
          T.query = Base.query;
        }
      } else {
        if (R.path.startsWith("/")) {
          T.path = removeDotSegments(R.path);
        } else {
          T.path = merge(Base, R.path);
          T.path = removeDotSegments(T.path);
        }
        T.query = R.query;
      }
      T.authority = Base.authority;
    }
    T.scheme = Base.scheme;
  }
  T.fragment = R.fragment;

  requireRecomposable(T, ref);
  return new Reference({ scheme: T.scheme, authority: T.authority, path: T.path, query: T.query, fragment: T.fragment });
}

/**
 * 5.2.3 Merge Paths: the path of a relative-path reference joined to the base's.
 * - If the base has a defined authority component and an empty path: "/" and the reference's
 *   path ("http://a" and "g" give "/g");
 * - otherwise the reference's path appended to all but the last segment of the base's path,
 *   that is, to everything up to and including its right-most "/", or to nothing when the base
 *   path holds no "/" ("foo:x" and "g" give "g").
 * The result still holds the reference's dot segments; remove_dot_segments comes after.
 */
export function merge(Base: Pick<ReferenceParts, "authority" | "path">, refPath: string): string {
  if (Base === null || typeof Base !== "object") throw new TypeError(`merge: Base must be a Reference, got ${describe(Base)}`);
  requireString(Base.path, "merge: Base.path");
  requireString(refPath, "merge: refPath");
  if (Base.authority !== undefined && Base.path === "") {
    return "/" + refPath;
  }
  return Base.path.slice(0, Base.path.lastIndexOf("/") + 1) + refPath;
}

/**
 * 5.2.4 Remove Dot Segments: the path without its complete "." and ".." segments, interpreted
 * against the hierarchy ("/a/b/c/./../../g" gives "/a/g", "mid/content=5/../6" gives "mid/6").
 * A ".." with nothing left to remove is dropped ("/../g" gives "/g"): the RFC removes extra dot
 * segments "rather than treat them as an error". Segments that only contain dots ("g.", "..g")
 * are kept, and so are percent-encoded dots ("%2E"): decoding them is normalization (6.2.2.2).
 *
 * The RFC describes the routine with two string buffers and the rules A to E, applied to the
 * start of the input buffer until it is empty; done literally, each rule copies the rest of the
 * buffer, which takes time quadratic in the length of the path. As the RFC itself suggests
 * ("two segment stacks rather than strings"), this keeps the output buffer as a stack of the
 * pieces rule E moved ("seg" or "/seg"), reads the input once, and gives exactly the string of
 * the literal rules (a property test checks it against a transcription of them): time and
 * memory linear in the length of the path.
 */
export function removeDotSegments(path: string): string {
  requireString(path, "removeDotSegments: path");
  // 1. The input buffer is the path (read from index i on); the output buffer is empty.
  const output: string[] = [];
  let i = 0;
  const n = path.length;

  // 2. While the input buffer is not empty, loop. Before the input buffer starts with "/",
  // only rules A, D and E can apply:
  // A. a prefix "../" or "./" is removed (repeatedly: "./../g" loses both).
  for (;;) {
    if (path.startsWith("../", i)) i += 3;
    else if (path.startsWith("./", i)) i += 2;
    else break;
  }
  // D. an input buffer that is only "." or ".." is removed.
  if ((n - i === 1 && path[i] === ".") || (n - i === 2 && path.startsWith("..", i))) return "";
  // E. a first segment without "/" before it is moved to the output buffer as it is (after A
  // and D it is neither "." nor "..").
  if (i < n && path[i] !== "/") {
    const next = path.indexOf("/", i);
    const end = next < 0 ? n : next;
    output.push(path.slice(i, end));
    i = end;
  }

  // From here on the input buffer starts with "/" (or is empty), one "/segment" at a time.
  while (i < n) {
    const next = path.indexOf("/", i + 1);
    const end = next < 0 ? n : next;
    const last = next < 0;
    const segment = path.slice(i + 1, end);
    if (segment === ".") {
      // B. "/./" becomes "/"; a final "/." becomes "/", which rule E then moves on its own.
      if (last) output.push("/");
    } else if (segment === "..") {
      // C. "/../" becomes "/", and the last segment and its preceding "/" (if any) are removed
      // from the output buffer; a final "/.." becomes "/", which rule E then moves.
      output.pop();
      if (last) output.push("/");
    } else {
      // E. "/segment" is moved to the end of the output buffer.
      output.push(path.slice(i, end));
    }
    i = end;
  }
  // 3. The output buffer is the result.
  return output.join("");
}

/** 5.1 and 5.2.1: the base must have a scheme; its fragment is not part of the base. */
export function preParseBase(base: Reference): Components & { scheme: string } {
  if (base.scheme === undefined) {
    throw new ResolveError("relative-base", STEP_BASE,
      `the base ${JSON.stringify(recompose(base))} is a relative reference; a base URI must have a scheme ` +
      `(section 5.1: it "must conform to the <absolute-URI> syntax rule"; 5.2.1: "only the scheme component is required")`);
  }
  return { scheme: base.scheme, authority: base.authority, path: base.path, query: base.query };
}

/**
 * T must recompose (5.3) to a URI whose components are T's. Without an authority, a path that
 * begins with "//" would be read back as an authority ("f:/a" and ".//g" give the path "//g",
 * recomposed "f://g"): that is a different URI, so it is an error rather than a silent wrong answer.
 */
export function requireRecomposable(T: Components, ref: Reference): void {
  if (T.authority === undefined && T.path.startsWith("//")) {
    throw new ResolveError("ambiguous-path", STEP_RECOMPOSE,
      `the reference ${JSON.stringify(recompose(ref))} gives the path ${JSON.stringify(T.path)} and no authority; ` +
      `recomposed (section 5.3), "//" would start an authority (section 3.3), so the target cannot be written as a URI`);
  }
}

/** The options of resolution, checked; `fn` names the function in messages. */
export function readOptions(options: unknown, fn: string): { strict: boolean } {
  const o = optionsOf(options, fn);
  if (o.dotSegments !== undefined) {
    throw new TypeError(`${fn}: options.dotSegments is the draft's choice at its merge step 7; RFC 3986's ` +
      "remove_dot_segments (5.2.4) always removes the \"..\" segments that would climb above the root");
  }
  return { strict: booleanOption(o, "strict", true, fn) };
}
