// 5.2 Resolving Relative References to Absolute Form, step by step, as RFC 2396 writes it: the
// base, then "the following steps are performed in order", 1 to 7, step 6 with its string buffer
// and its operations (a) to (h), the state after each step recorded. This is the literal reading
// of the text ((c) to (f) are string replacements, (e) repeated until nothing matches);
// resolve.ts gives the same target from a segment stack in linear time, and resolve() does not
// come here.
import { shown, type ResolutionStep, type ResolutionSteps, type StepState } from "../../steps.js";
import { recompose } from "./recompose.js";
import {
  baseComponents, dotSegmentsError, requireHierarchicalBase, requireRecombinable, sameHierarchicalScheme, withoutScheme,
  type Components, type DotSegments,
} from "./resolve.js";
import type { Reference } from "./types.js";

type Component = "scheme" | "authority" | "path" | "query";

/**
 * The names of the values RFC 2396's steps work on: the base URI's four components, the
 * reference's four components and fragment identifier as the steps define them or inherit them
 * from the base, step 6's buffer, and step 7's `result`.
 */
export type StepName = `base ${Component}` | Component | "fragment" | "buffer" | "result";

type Step = ResolutionStep<StepName>;

const COMPONENTS: readonly Component[] = ["scheme", "authority", "path", "query"];

function componentsState(c: Partial<Components>, fragment: string | undefined, prefix = ""): StepState<StepName> {
  const state: Record<string, string | undefined> = {};
  for (const component of COMPONENTS) state[prefix + component] = component === "authority" ? c.authority?.raw : c[component];
  if (prefix === "") state.fragment = fragment;
  return state as StepState<StepName>;
}

/**
 * The steps of resolving `ref` against `base` (both parsed), and the target they give (as
 * resolve() gives it). Throws the ResolveErrors of resolveReference() at the same steps.
 */
export function resolveSteps(base: Reference, ref: Reference, strict: boolean, dotSegments: DotSegments): ResolutionSteps<StepName> {
  const steps: Step[] = [];
  const step = (n: string, did: string, state: StepState<StepName>, routine?: Step[]) => {
    steps.push(routine === undefined ? { section: "5.2", label: `step ${n}`, did, state } : { section: "5.2", label: `step ${n}`, did, state, steps: routine });
  };

  // The base URI is established according to the rules of Section 5.1 and parsed into the four
  // main components as described in Section 3.
  const Base = baseComponents(base);
  steps.push({
    section: "5.2", label: "The base URI is ... parsed into the four main components",
    did: "The base URI is parsed into its components (only the scheme is required); its query is not used by the steps.",
    state: componentsState({ ...Base, query: base.query }, undefined, "base "),
  });

  // 1) The URI reference is parsed into the potential four components and fragment identifier, as
  // described in Section 4.3.
  let R: Components = { scheme: ref.scheme, authority: ref.authority, path: ref.path, opaque: ref.opaque, query: ref.query };
  const fragment = ref.fragment;
  step("1", "The URI reference is parsed into the potential four components and fragment identifier (section 4.3).",
    componentsState(R, fragment));

  // 2) If the path component is empty and the scheme, authority, and query components are
  // undefined, then it is a reference to the current document and we are done. Otherwise, the
  // reference URI's query and fragment components are defined as found (or not found) within the
  // URI reference and not inherited from the base URI.
  if (R.path === "" && R.scheme === undefined && R.authority === undefined && R.query === undefined) {
    step("2", "The path is empty and the scheme, authority and query are undefined: a reference to the current document, and " +
      "we are done (written as the base URI without its fragment, then the reference's fragment if it has one).",
    componentsState(R, fragment));
    const target = recompose({ ...base, fragment: undefined }) + (fragment === undefined ? "" : "#" + fragment);
    return { target, steps };
  }
  step("2", `Not a reference to the current document: the query ${shown(R.query)} and fragment ${shown(fragment)} are as ` +
    "found in the reference, not inherited from the base URI.", componentsState(R, fragment));
  const T: Partial<Components> = { query: R.query };

  // 3) If the scheme component is defined, indicating that the reference starts with a scheme
  // name, then the reference is interpreted as an absolute URI and we are done. Otherwise, the
  // reference URI's scheme is inherited from the base URI's scheme component.
  let did: string;
  if (R.scheme !== undefined) {
    if (strict || !sameHierarchicalScheme(R.scheme, Base.scheme)) {
      step("3", `The scheme ${shown(R.scheme)} is defined: the reference is interpreted as an absolute URI, and we are done.`,
        componentsState(R, fragment));
      const target = recompose({ ...R, fragment });
      return { target, steps };
    }
    // The work-around for backwards compatibility.
    did = `The scheme ${shown(R.scheme)} is the base URI's and always uses <hier_part>: for backwards compatibility it is ` +
      "removed and the steps continue with the rest of the reference, ";
    R = withoutScheme(R);
    T.query = R.query;
  } else {
    did = "The scheme is undefined: ";
  }
  requireHierarchicalBase(base, ref);
  T.scheme = Base.scheme;
  step("3", did + `the reference URI's scheme is inherited from the base URI's, ${shown(Base.scheme)}.`,
    componentsState({ ...R, ...T }, fragment));

  // 4) If the authority component is defined, then the reference is a network-path and we skip to
  // step 7. Otherwise, the reference URI's authority is inherited from the base URI's authority
  // component, which will also be undefined if the URI scheme does not use an authority component.
  if (R.authority !== undefined) {
    T.authority = R.authority;
    T.path = R.path;
    step("4", `The authority ${shown(R.authority.raw)} is defined: the reference is a network-path, and we skip to step 7.`,
      componentsState(T, fragment));
  } else {
    T.authority = Base.authority;
    step("4", `The authority is undefined: it is inherited from the base URI's, ${shown(Base.authority?.raw)}.`,
      componentsState({ ...T, path: R.path }, fragment));
    // 5) If the path component begins with a slash character ("/"), then the reference is an
    // absolute-path and we skip to step 7.
    if (R.path.startsWith("/")) {
      T.path = R.path;
      step("5", `The path ${shown(R.path)} begins with "/": the reference is an absolute-path, and we skip to step 7.`,
        componentsState(T, fragment));
    } else {
      step("5", `The path ${shown(R.path)} does not begin with "/".`, componentsState({ ...T, path: R.path }, fragment));
      // 6) If this step is reached, then we are resolving a relative-path reference. The relative
      // path needs to be merged with the base URI's path.
      const merged = step6(Base.path, R.path, dotSegments);
      T.path = merged.path;
      step("6", `A relative-path reference: its path ${shown(R.path)} is merged with the base URI's path ${shown(Base.path)} ` +
        "in a string buffer, (a) to (h).", componentsState(T, fragment), merged.steps);
    }
  }

  // 7) The resulting URI components, including any inherited from the base URI, are recombined to
  // give the absolute form of the URI reference.
  const TT: Components = { scheme: T.scheme, authority: T.authority, path: T.path ?? "", opaque: false, query: T.query };
  requireRecombinable(TT, base, ref);
  const result = recompose({ ...TT, fragment });
  step("7", "The resulting URI components, including those inherited from the base URI, are recombined into the absolute " +
    "form of the URI reference.", { result });
  return { target: result, steps };
}

/**
 * Step 6 (a) to (h) as the RFC words them: string replacements on one buffer, each repeated where
 * the RFC says so, each with the buffer after it. A complete path segment starts after a "/", or
 * at the start of the buffer when the buffer (b) builds is a relative path: the "/" that starts an
 * abs_path separates no segments (C.2: "/b/c/../../../g" keeps "/../g"), while a relative
 * buffer's first segment stays its first even when (e) leaves it empty ("b/..//../" loses
 * "b/../", then "/../"). Time quadratic in the length of the paths; merge() gives the same path in
 * linear time. Throws the ResolveError of merge() at (g) when `dotSegments` is "error".
 */
export function step6(basePath: string, refPath: string, dotSegments: DotSegments): { path: string; steps: Step[] } {
  const steps: Step[] = [];
  let buffer = "";
  const step = (letter: string, did: string) => {
    steps.push({ section: "5.2", label: `step 6${letter}`, did, state: { buffer } });
  };
  const removeLeftmost = (pattern: RegExp): string[] => {
    const removed: string[] = [];
    for (let m = pattern.exec(buffer); m !== null; m = pattern.exec(buffer)) {
      removed.push(m[0]);
      buffer = buffer.slice(0, m.index) + buffer.slice(m.index + m[0].length);
    }
    return removed;
  };
  const list = (removed: string[]) => removed.map((r) => JSON.stringify(r)).join(", ");
  // a) All but the last segment of the base URI's path component is copied to the buffer. In
  // other words, any characters after the last (right-most) slash character, if any, are excluded.
  buffer = basePath.slice(0, basePath.lastIndexOf("/") + 1);
  step("a", `All but the last segment of the base URI's path ${shown(basePath)} is copied to the buffer.`);
  // b) The reference's path component is appended to the buffer string.
  buffer += refPath;
  step("b", `The reference's path ${shown(refPath)} is appended to the buffer.`);
  const lead = buffer.startsWith("/") ? "/" : "";
  const SEGMENT_START = lead === "/" ? String.raw`(?<=\/)` : String.raw`(?:(?<=\/)|^)`;
  // c) All occurrences of "./", where "." is a complete path segment, are removed from the buffer string.
  const c = removeLeftmost(new RegExp(SEGMENT_START + String.raw`\.\/`));
  step("c", c.length === 0 ? "The buffer holds no \"./\" where \".\" is a complete path segment."
    : `${c.length === 1 ? "1 occurrence" : `${c.length} occurrences`} of "./", where "." is a complete path segment, removed.`);
  // d) If the buffer string ends with "." as a complete path segment, that "." is removed.
  const before = buffer;
  buffer = buffer.replace(new RegExp(SEGMENT_START + String.raw`\.$`), "");
  step("d", buffer !== before ? "The buffer ended with \".\" as a complete path segment; that \".\" is removed."
    : "The buffer does not end with \".\" as a complete path segment.");
  // e) All occurrences of "<segment>/../", where <segment> is a complete path segment not equal to
  // "..", are removed from the buffer string. Removal of these path segments is performed
  // iteratively, removing the leftmost matching pattern on each iteration, until no matching
  // pattern remains.
  const e = removeLeftmost(new RegExp(SEGMENT_START + String.raw`(?!\.\.\/)[^/]*\/\.\.\/`));
  step("e", e.length === 0 ? "The buffer holds no \"<segment>/../\" where <segment> is a complete path segment not equal to \"..\"."
    : `Removed, leftmost first: ${list(e)}.`);
  // f) If the buffer string ends with "<segment>/..", where <segment> is a complete path segment
  // not equal to "..", that "<segment>/.." is removed.
  const f = new RegExp(SEGMENT_START + String.raw`(?!\.\.\/)[^/]*\/\.\.$`).exec(buffer);
  if (f !== null) buffer = buffer.slice(0, f.index);
  step("f", f !== null ? `The buffer ended with ${shown(f[0])}, which is removed.`
    : "The buffer does not end with \"<segment>/..\" where <segment> is a complete path segment not equal to \"..\".");
  // g) If the resulting buffer string still begins with one or more complete path segments of
  // "..", then the reference is considered to be in error. Implementations may handle this error
  // by retaining these components in the resolved path (i.e., treating them as part of the final
  // URI), by removing them from the resolved path (i.e., discarding relative levels above the
  // root), or by avoiding traversal of the reference.
  let rest = buffer.slice(lead.length);
  if (/^\.\.(?:\/|$)/.test(rest)) {
    if (dotSegments === "error") throw dotSegmentsError(basePath, refPath, buffer);
    if (dotSegments === "remove") {
      while (/^\.\.(?:\/|$)/.test(rest)) rest = rest === ".." ? "" : rest.slice(3);
      buffer = lead + rest;
      step("g", "The buffer began with \"..\": the reference is in error, and the \"..\" segments are removed (dotSegments \"remove\").");
    } else {
      step("g", "The buffer begins with \"..\": the reference is in error, and the \"..\" segments are retained (dotSegments \"retain\").");
    }
  } else {
    step("g", "The buffer does not begin with \"..\".");
  }
  // h) The remaining buffer string is the reference URI's new path component.
  step("h", "The remaining buffer is the reference URI's new path component.");
  return { path: buffer, steps };
}
