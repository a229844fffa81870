// 5.2 Relative Resolution, step by step, as RFC 3986 writes it: 5.2.1 the base, each line of the
// 5.2.2 pseudocode that runs, 5.2.3 merge and 5.2.4 remove_dot_segments with its two string
// buffers and its rules A to E, the state after each step recorded, then 5.3 recomposition. This
// is the literal reading of the text (remove_dot_segments rewrites the input buffer at every
// step, as the RFC's table in 5.2.4 shows it); resolve.ts gives the same target from segment
// stacks in linear time, and resolve() does not come here.
import { copier, shown, type ResolutionStep, type ResolutionSteps, type StepState } from "../../steps.js";
import { recompose } from "./recompose.js";
import { preParseBase, requireRecomposable, type Components } from "./resolve.js";
import type { Reference } from "./types.js";

type Component = "scheme" | "authority" | "path" | "query" | "fragment";

/**
 * The names of the values RFC 3986's steps work on: the components of Base (5.2.1: its fragment
 * is stripped, 5.1), R and T (5.2.2), the string merge returns (5.2.3), the two buffers of
 * remove_dot_segments (5.2.4) and the result of recomposition (5.3).
 */
export type StepName =
  | `Base.${Exclude<Component, "fragment">}` | `R.${Component}` | `T.${Component}`
  | "merge(Base.path, R.path)" | "output buffer" | "input buffer" | "result";

type Step = ResolutionStep<StepName>;

const COMPONENTS: readonly Component[] = ["scheme", "authority", "path", "query", "fragment"];

/** The components as a state: "R.scheme", "R.authority" (as written), ... */
function componentsState(name: "Base" | "R" | "T", c: Partial<Components>, components = COMPONENTS): StepState<StepName> {
  const state: Record<string, string | undefined> = {};
  for (const component of components) {
    state[`${name}.${component}`] = component === "authority" ? c.authority?.raw : c[component];
  }
  return state as StepState<StepName>;
}

/**
 * The steps of resolving `ref` against `base` (both parsed), and the target they give. Throws the
 * ResolveErrors of resolveReference() at the same steps ("relative-base", "ambiguous-path").
 */
export function resolveSteps(base: Reference, ref: Reference, strict: boolean): ResolutionSteps<StepName> {
  const steps: Step[] = [];

  // 5.2.1 Pre-parse the Base URI
  const Base = preParseBase(base);
  steps.push({
    section: "5.2.1", label: "Pre-parse the Base URI",
    did: "The base URI is parsed into its components (only the scheme is required)" +
      (base.fragment === undefined ? "." : `; its fragment ${shown(base.fragment)} is stripped (5.1).`),
    state: componentsState("Base", Base, ["scheme", "authority", "path", "query"]),
  });

  // 5.2.2 Transform References
  const R: Components = { scheme: ref.scheme, authority: ref.authority, path: ref.path, query: ref.query, fragment: ref.fragment };
  const T: Partial<Components> = {};
  const line = (label: string, did: string, routine?: Step[]) => {
    const step: Step = { section: "5.2.2", label, did, state: componentsState("T", T) };
    steps.push(routine === undefined ? step : { ...step, steps: routine });
  };
  steps.push({
    section: "5.2.2", label: "(R.scheme, R.authority, R.path, R.query, R.fragment) = parse(R);",
    did: "The URI reference is parsed into the five URI components.", state: componentsState("R", R),
  });

  if (!strict && R.scheme !== undefined && R.scheme.toLowerCase() === Base.scheme.toLowerCase()) {
    R.scheme = undefined;
    steps.push({
      section: "5.2.2", label: "undefine(R.scheme);",
      did: `A non-strict parser ignores R's scheme ${shown(ref.scheme)}: it is the base URI's.`, state: componentsState("R", R),
    });
  }

  const copy = copier(T, line);
  // T.path = remove_dot_segments(path), with the steps of 5.2.4 under the line.
  const removeDots = (path: string, label: string, did: string) => {
    const removed = removeDotSegmentsSteps(path);
    T.path = removed.output;
    line(label, did, removed.steps);
  };
  const fromR = `R's path ${shown(R.path)} without its dot segments (5.2.4).`;
  if (R.scheme !== undefined) {
    copy("scheme", "R", R, `R.scheme is defined (${shown(R.scheme)}): R is a URI, and T takes its components.`);
    copy("authority", "R", R);
    removeDots(R.path, "T.path = remove_dot_segments(R.path);", fromR);
    copy("query", "R", R);
  } else {
    if (R.authority !== undefined) {
      copy("authority", "R", R, `R has no scheme but an authority, ${shown(R.authority.raw)}: a network-path reference, ` +
        "whose authority T takes.");
      removeDots(R.path, "T.path = remove_dot_segments(R.path);", fromR);
      copy("query", "R", R);
    } else {
      if (R.path === "") {
        copy("path", "Base", Base, "R has no scheme, no authority and an empty path: T keeps the base URI's path.");
        if (R.query !== undefined) copy("query", "R", R, `R has a query, ${shown(R.query)}, which T takes.`);
        else copy("query", "Base", Base, `R has no query: T keeps the base URI's query, ${shown(Base.query)}.`);
      } else {
        if (R.path.startsWith("/")) {
          removeDots(R.path, "T.path = remove_dot_segments(R.path);", `R has no scheme and no authority, and its path ${shown(R.path)} ` +
            "begins with \"/\": an absolute-path reference, whose path T takes without its dot segments (5.2.4).");
        } else {
          const merged = mergeStep(Base, R.path);
          T.path = merged.path;
          line("T.path = merge(Base.path, R.path);", `R has no scheme and no authority, and its path ${shown(R.path)} does not ` +
            "begin with \"/\": a relative-path reference, whose path is merged with the base URI's (5.2.3).", [merged.step]);
          removeDots(merged.path, "T.path = remove_dot_segments(T.path);", `The merged path ${shown(merged.path)} without its dot segments (5.2.4).`);
        }
        copy("query", "R", R);
      }
      copy("authority", "Base", Base);
    }
    copy("scheme", "Base", Base);
  }
  copy("fragment", "R", R);

  // 5.3 Component Recomposition
  const target: Components = { ...T, path: T.path ?? "" };
  requireRecomposable(target, ref);
  const result = recompose(target);
  steps.push({
    section: "5.3", label: "Component Recomposition", did: "T's components are recomposed into the target URI.",
    state: { result },
  });
  return { target: result, steps };
}

/** 5.2.3 Merge Paths: its two cases, as one step. */
function mergeStep(Base: Pick<Components, "authority" | "path">, refPath: string): { path: string; step: Step } {
  const name = "merge(Base.path, R.path)";
  if (Base.authority !== undefined && Base.path === "") {
    const path = "/" + refPath;
    return {
      path,
      step: {
        section: "5.2.3", label: "If the base URI has a defined authority component and an empty path",
        did: `The base URI has an authority and an empty path: "/" and the reference's path ${shown(refPath)}.`,
        state: { [name]: path },
      },
    };
  }
  const kept = Base.path.slice(0, Base.path.lastIndexOf("/") + 1);
  const path = kept + refPath;
  return {
    path,
    step: {
      section: "5.2.3", label: "otherwise, return ... the reference's path component appended to all but the last segment of the base URI's path",
      did: `The reference's path ${shown(refPath)} is appended to ${shown(kept)}, the base URI's path ${shown(Base.path)} ` +
        (kept === "" ? "without all of it (it holds no \"/\")." : kept === Base.path ? "(its last segment is empty)." : "without its last segment."),
      state: { [name]: path },
    },
  };
}

/**
 * 5.2.4 Remove Dot Segments as the RFC words it: two string buffers, and at each turn the first of
 * A to E that applies to the start of the input buffer; the steps are labelled as the RFC's table
 * labels them ("1", "2A" to "2E"), each with the buffers after it. Time quadratic in the length of
 * the path (each step rewrites the input buffer); removeDotSegments() gives the same output in
 * linear time.
 */
export function removeDotSegmentsSteps(path: string): { output: string; steps: Step[] } {
  const steps: Step[] = [];
  // 1. The input buffer is initialized with the now-appended path components and the output
  // buffer is initialized to the empty string.
  let input = path;
  let output = "";
  const step = (label: string, did: string) => {
    steps.push({ section: "5.2.4", label, did, state: { "output buffer": output, "input buffer": input } });
  };
  step("1", `The input buffer is initialized with the path ${shown(path)}, the output buffer with the empty string.`);
  // 2. While the input buffer is not empty, loop as follows:
  while (input !== "") {
    if (input.startsWith("../") || input.startsWith("./")) {
      // A. If the input buffer begins with a prefix of "../" or "./", then remove that prefix
      // from the input buffer; otherwise,
      const prefix = input.startsWith("../") ? "../" : "./";
      input = input.slice(prefix.length);
      step("2A", `The prefix ${shown(prefix)} is removed from the input buffer.`);
    } else if (input.startsWith("/./") || input === "/.") {
      // B. if the input buffer begins with a prefix of "/./" or "/.", where "." is a complete
      // path segment, then replace that prefix with "/" in the input buffer; otherwise,
      const prefix = input === "/." ? "/." : "/./";
      input = "/" + input.slice(prefix.length);
      step("2B", `The prefix ${shown(prefix)} is replaced with "/" in the input buffer.`);
    } else if (input.startsWith("/../") || input === "/..") {
      // C. if the input buffer begins with a prefix of "/../" or "/..", where ".." is a complete
      // path segment, then replace that prefix with "/" in the input buffer and remove the last
      // segment and its preceding "/" (if any) from the output buffer; otherwise,
      const prefix = input === "/.." ? "/.." : "/../";
      input = "/" + input.slice(prefix.length);
      const slash = output.lastIndexOf("/");
      const removed = output.slice(Math.max(slash, 0));
      output = output.slice(0, Math.max(slash, 0));
      step("2C", `The prefix ${shown(prefix)} is replaced with "/" in the input buffer, and ` +
        (removed === "" ? "the output buffer has no segment to remove." : `the last segment ${shown(removed)} is removed from the output buffer.`));
    } else if (input === "." || input === "..") {
      // D. if the input buffer consists only of "." or "..", then remove that from the input
      // buffer; otherwise,
      const removed = input;
      input = "";
      step("2D", `The input buffer, only ${shown(removed)}, is emptied.`);
    } else {
      // E. move the first path segment in the input buffer to the end of the output buffer,
      // including the initial "/" character (if any) and any subsequent characters up to, but
      // not including, the next "/" character or the end of the input buffer.
      const next = input.indexOf("/", input.startsWith("/") ? 1 : 0);
      const segment = next < 0 ? input : input.slice(0, next);
      output += segment;
      input = input.slice(segment.length);
      step("2E", `The first path segment ${shown(segment)} is moved to the end of the output buffer.`);
    }
  }
  // 3. Finally, the output buffer is returned as the result of remove_dot_segments.
  return { output, steps };
}
