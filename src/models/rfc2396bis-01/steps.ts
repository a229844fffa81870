// Section 5.2 of the draft, step by step: the base, each line of the pseudocode that runs, the
// merge routine's steps 1-8 on its string buffer, the state after each step recorded, then the
// recombination. This is the literal reading of the text (steps 3 to 6 are string replacements,
// step 5 repeated until nothing matches); resolve.ts gives the same target from a segment stack
// in linear time, and resolve() does not come here.
import type { Edition } from "../../edition.js";
import { recompose } from "./recompose.js";
import {
  componentsOf, dotSegmentsError, hierarchicalPath, parseBase, parseR, readOptions, reference, requireRecomposable,
  undefineScheme, type Components, type DotSegments,
} from "./resolve.js";
import { copier, requireStepsLength, shown, type ResolutionStep, type ResolutionSteps, type StepState } from "../../steps.js";

type Component = "scheme" | "authority" | "path" | "query";

/**
 * The names of the values the draft's steps work on: the components of Base and R, R's fragment
 * (the pseudocode calls it `fragment`), the components of T, the merge routine's buffer, and the
 * `result` of recombination.
 */
export type StepName = `Base.${Component}` | `R.${Component}` | "fragment" | `T.${Component}` | "buffer" | "result";

type Step = ResolutionStep<StepName>;

const COMPONENTS: readonly Component[] = ["scheme", "authority", "path", "query"];

function componentsState(name: "Base" | "R" | "T", c: Partial<Components>): Record<string, string | undefined> {
  const state: Record<string, string | undefined> = {};
  for (const component of COMPONENTS) state[`${name}.${component}`] = component === "authority" ? c.authority?.raw : c[component];
  return state;
}

/** 5.2 step by step: the target of `ref` against `base` (as resolve() gives it) and the steps. */
export function resolveStepsIn(edition: Edition, base: unknown, ref: unknown, options: unknown, fn: string): ResolutionSteps<StepName> {
  const { strict, dotSegments } = readOptions(options, fn);
  const baseRef = reference(edition, base, `${fn}: base`);
  const refRef = reference(edition, ref, `${fn}: ref`);
  const refText = typeof refRef === "string" ? refRef : recompose(refRef);
  requireStepsLength(typeof baseRef === "string" ? baseRef : recompose(baseRef), `${fn}: base`);
  requireStepsLength(refText, `${fn}: ref`);
  const steps: Step[] = [];

  // The base URI is established according to the rules of Section 5.1 and parsed into the four
  // main components as described in Section 3.
  const Base = parseBase(edition, baseRef);
  steps.push({
    section: "5.2", label: "The base URI is ... parsed into the four main components",
    did: "The base URI is parsed into its components (only the scheme is required); its fragment, if any, is not part of it.",
    state: componentsState("Base", Base) as StepState<StepName>,
  });

  // (R.scheme, R.authority, R.path, R.query, fragment) = parse(R);
  const parsed = parseR(edition, refRef, refText);
  let R = componentsOf(parsed);
  const fragment = parsed.fragment;
  const rState = () => ({ ...componentsState("R", R), fragment }) as StepState<StepName>;
  steps.push({
    section: "5.2", label: "(R.scheme, R.authority, R.path, R.query, fragment) = parse(R);",
    did: "The URI reference is parsed into the four components and fragment identifier (section 4.3).", state: rState(),
  });

  // if ((not validating) and (R.scheme == Base.scheme)) then undefine(R.scheme);
  if (!strict && R.scheme !== undefined && R.scheme.toLowerCase() === Base.scheme.toLowerCase()) {
    const opaque = R.opaque;
    R = undefineScheme(edition, R);
    steps.push({
      section: "5.2", label: "undefine(R.scheme);",
      did: R.scheme === undefined
        ? `A non-validating parser ignores R's scheme ${shown(parsed.scheme)}: it is the base URI's` +
          (opaque ? "; the rest is read as a path and a query." : ".")
        : `R's scheme ${shown(parsed.scheme)} is the base URI's, but what follows it is no ${edition.roles.relative}; the ` +
          `loophole is for "the scheme name ... present in a relative URI" (Appendix C), so R stays the absolute URI it reads as.`,
      state: rState(),
    });
  }

  const T: Partial<Components> = {};
  const line = (label: string, did: string, routine?: Step[]) => {
    const step: Step = { section: "5.2", label, did, state: componentsState("T", T) as StepState<StepName> };
    steps.push(routine === undefined ? step : { ...step, steps: routine });
  };
  const copy = copier(T, line);
  if (R.scheme !== undefined) {
    copy("scheme", "R", R, `R.scheme is defined (${shown(R.scheme)}): R is absolute, and T takes its components.`);
    copy("authority", "R", R);
    T.path = R.path;
    T.opaque = R.opaque;
    line("T.path = R.path;", `T's path is R's: ${shown(R.path)}${R.opaque ? " (an opaque part)" : ""}.`);
    copy("query", "R", R);
  } else {
    if (R.authority !== undefined) {
      copy("authority", "R", R, `R has no scheme but an authority, ${shown(R.authority.raw)}: a network-path reference, ` +
        "whose authority T takes.");
      copy("path", "R", R);
      copy("query", "R", R);
    } else {
      if (R.path === "") {
        if (R.query !== undefined) {
          T.path = hierarchicalPath(Base, "a query-only reference takes the base's path");
          line("T.path = Base.path;", "R has no scheme, no authority and an empty path, but a query: T takes the base URI's path.");
          copy("query", "R", R);
        } else {
          // An empty reference refers to the current document.
          steps.push({
            section: "5.2", label: "return (current-document, fragment);",
            did: "R has no scheme, no authority, an empty path and no query: an empty reference refers to the current " +
              "document (written as the base URI without its fragment, then R's fragment if it has one).",
            state: { fragment } as StepState<StepName>,
          });
          const target = recompose({ ...Base, fragment: undefined }) + (fragment === undefined ? "" : "#" + fragment);
          return { target, steps };
        }
      } else {
        if (R.path.startsWith("/")) {
          copy("path", "R", R, `R has no scheme and no authority, and its path ${shown(R.path)} begins with "/": an ` +
            "absolute-path reference, whose path T takes as it is.");
        } else {
          const basePath = hierarchicalPath(Base, "a relative-path reference is merged with the base's path");
          const merged = mergeSteps(basePath, R.path, dotSegments);
          T.path = merged.path;
          line("T.path = merge(Base.path, R.path);", `R has no scheme and no authority, and its path ${shown(R.path)} does not ` +
            "begin with \"/\": a relative-path reference, whose path is merged with the base URI's (merge steps 1-8).", merged.steps);
        }
        copy("query", "R", R);
      }
      copy("authority", "Base", Base);
    }
    copy("scheme", "Base", Base);
  }
  steps.push({
    section: "5.2", label: "return (T, fragment);", did: "The target T, and R's fragment apart.",
    state: { ...componentsState("T", T), fragment } as StepState<StepName>,
  });

  // The resulting target URI components and fragment can be recombined to provide the absolute
  // form of the URI reference.
  const TT: Components = { scheme: T.scheme, authority: T.authority, path: T.path ?? "", opaque: T.opaque ?? false, query: T.query };
  requireRecomposable(TT, refText);
  const result = recompose(TT) + (fragment === undefined ? "" : "#" + fragment);
  steps.push({
    section: "5.2", label: "The resulting target URI components and fragment can be recombined",
    did: "T's components and the fragment are recombined into the absolute form of the URI reference.",
    state: { result },
  });
  return { target: result, steps };
}

/**
 * The merge routine's steps 1-8 as the draft words them: string replacements on one buffer, step 5
 * repeated until nothing matches, each step with the buffer after it. Time quadratic in the length
 * of the paths; merge() gives the same path in linear time. Throws the ResolveError of merge() at
 * step 7 when `dotSegments` is "error".
 */
export function mergeSteps(basePath: string, refPath: string, dotSegments: DotSegments): { path: string; steps: Step[] } {
  const steps: Step[] = [];
  // The "/" that starts an abs-path ends no segment: "/../g" holds the segments ".." and "g".
  let lead = "";
  let body = "";
  const step = (n: number, did: string) => {
    steps.push({ section: "5.2", label: `merge step ${n}`, did, state: { buffer: lead + body } });
  };
  // 1. All but the last segment of the base URI's path component is copied to the buffer. In other
  // words, any characters after the last (right-most) slash character, if any, are excluded. If
  // the base URI's path component is the empty string, then a single slash character ("/") is
  // copied to the buffer.
  let buffer = basePath === "" ? "/" : basePath.slice(0, basePath.lastIndexOf("/") + 1);
  [lead, body] = split(buffer);
  step(1, basePath === "" ? "The base URI's path is empty: a single \"/\" is copied to the buffer."
    : `All but the last segment of the base URI's path ${shown(basePath)} is copied to the buffer.`);
  // 2. The reference's path component is appended to the buffer string.
  buffer += refPath;
  [lead, body] = split(buffer);
  step(2, `The reference's path ${shown(refPath)} is appended to the buffer.`);
  // 3. All occurrences of "./", where "." is a complete path segment, are removed from the buffer string.
  const dots = body.match(/(?<=^|\/)\.\//g)?.length ?? 0;
  body = body.replace(/(?<=^|\/)\.\//g, "");
  step(3, dots === 0 ? "The buffer holds no \"./\" where \".\" is a complete path segment."
    : `${times(dots, "occurrence")} of "./", where "." is a complete path segment, removed.`);
  // 4. If the buffer string ends with "." as a complete path segment, that "." is removed.
  const finalDot = /(?:^|\/)\.$/.test(body);
  if (finalDot) body = body.slice(0, -1);
  step(4, finalDot ? "The buffer ended with \".\" as a complete path segment; that \".\" is removed."
    : "The buffer does not end with \".\" as a complete path segment.");
  // 5. All occurrences of "<segment>/../", where <segment> is a complete path segment not equal to
  // "..", are removed from the buffer string. Removal of these path segments is performed
  // iteratively, removing the leftmost matching pattern on each iteration, until no matching
  // pattern remains.
  const step5 = /(?<=^|\/)(?!\.\.\/)[^/]*\/\.\.\//;
  const removed: string[] = [];
  for (let m = step5.exec(body); m !== null; m = step5.exec(body)) {
    removed.push(m[0]);
    body = body.slice(0, m.index) + body.slice(m.index + m[0].length);
  }
  step(5, removed.length === 0 ? "The buffer holds no \"<segment>/../\" where <segment> is a complete path segment not equal to \"..\"."
    : `Removed, leftmost first: ${removed.map((r) => JSON.stringify(r)).join(", ")}.`);
  // 6. If the buffer string ends with "<segment>/..", where <segment> is a complete path segment
  // not equal to "..", that "<segment>/.." is removed.
  const final = /(?<=^|\/)(?!\.\.\/)[^/]*\/\.\.$/.exec(body);
  if (final !== null) body = body.slice(0, final.index);
  step(6, final !== null ? `The buffer ended with ${shown(final[0])}, which is removed.`
    : "The buffer does not end with \"<segment>/..\" where <segment> is a complete path segment not equal to \"..\".");
  // 7. If the resulting buffer string still begins with one or more complete path segments of "..",
  // then the reference is considered to be in error. Implementations may handle this error by
  // retaining these components in the resolved path (i.e., treating them as part of the final
  // URI), by removing them from the resolved path (i.e., discarding relative levels above the
  // root), or by avoiding traversal of the reference.
  if (body === ".." || body.startsWith("../")) {
    if (dotSegments === "error") throw dotSegmentsError(basePath, refPath);
    if (dotSegments === "remove") {
      while (body.startsWith("../")) body = body.slice(3);
      if (body === "..") body = "";
      step(7, "The buffer began with \"..\": the reference is in error, and the \"..\" segments are removed (dotSegments \"remove\").");
    } else {
      step(7, "The buffer begins with \"..\": the reference is in error, and the \"..\" segments are retained (dotSegments \"retain\").");
    }
  } else {
    step(7, "The buffer does not begin with \"..\".");
  }
  // 8. The remaining buffer string is the target URI's path component.
  step(8, "The remaining buffer is the target URI's path component.");
  return { path: lead + body, steps };
}

function split(buffer: string): [string, string] {
  return buffer.startsWith("/") ? ["/", buffer.slice(1)] : ["", buffer];
}

function times(n: number, what: string): string {
  return n === 1 ? `1 ${what}` : `${n} ${what}s`;
}
