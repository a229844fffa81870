// resolveSteps(): the steps of each edition's resolution, as its document numbers and words them.
// Its target must be resolve()'s for every input: every row of every resolution vector table of
// grammar/ (found by its header, so an edition's new table joins in), in every edition, with every
// option, gives the same target or the same error. The worked example of RFC 3986 5.2.4 is read
// from its vector table (grammar/rfc3986/vectors/remove-dot-segments-5.2.4.tsv), as the RFC prints it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  EDITIONS, RESOLVE_STEPS_MAX_LENGTH, ResolveError, parse, resolve, resolveSteps, type EditionId, type ResolutionStep,
} from "../src/index.js";
import { removeDotSegmentsSteps } from "../src/models/rfc3986/steps.js";
import { Reference as Rfc2396Reference } from "../src/models/rfc2396/types.js";

const ROOT = join(__dirname, "..");
const EDITION_IDS = Object.keys(EDITIONS) as EditionId[];
const RESOLUTION_HEADER = "section\tref\texpected\tparser\tnote";

/** Every resolution vector table of grammar/: its edition, its base (named in its header comment) and its rows. */
function resolutionTables(): { file: string; base: string; refs: string[] }[] {
  const tables = [];
  for (const edition of readdirSync(join(ROOT, "grammar"))) {
    const dir = join(ROOT, "grammar", edition, "vectors");
    for (const name of readdirSync(dir).filter((f) => f.endsWith(".tsv"))) {
      const lines = readFileSync(join(dir, name), "utf8").split("\n");
      const comments = lines.filter((l) => l.startsWith("#")).join(" ");
      const rows = lines.filter((l) => l !== "" && !l.startsWith("#"));
      if (rows[0] !== RESOLUTION_HEADER) continue;
      const base = /the base (\S+?)\.?(?:\s|$)/.exec(comments)?.[1];
      if (base === undefined) throw new Error(`grammar/${edition}/vectors/${name}: the header comment names no base`);
      tables.push({ file: `grammar/${edition}/vectors/${name}`, base, refs: rows.slice(1).map((r) => r.split("\t")[1]) });
    }
  }
  return tables;
}

/** The target, or the error as what a caller can see of it. */
function outcome(f: () => string): unknown {
  try {
    return f();
  } catch (e) {
    const error = e as Error & { code?: string; step?: string };
    return { name: error.name, code: error.code, step: error.step, message: error.message.replace(/^(resolve|resolveReference|resolveSteps): /, "") };
  }
}

const OPTIONS = [{}, { strict: false }, { dotSegments: "remove" }, { dotSegments: "error" }, { strict: false, dotSegments: "error" }];

describe("the target of resolveSteps() is resolve()'s", () => {
  const tables = resolutionTables();
  test("the resolution tables are found: RFC 2396's, the draft's and RFC 3986's at least", () => {
    expect(tables.map((t) => t.file)).toEqual(expect.arrayContaining([
      "grammar/rfc2396/vectors/resolution-appendix-c.tsv", "grammar/rfc2396bis-01/vectors/appendix-c.tsv",
      "grammar/rfc3986/vectors/resolution-5.4.tsv",
    ]));
    expect(tables.every((t) => t.base === "http://a/b/c/d;p?q")).toBe(true);
  });
  const cases = tables.flatMap((t) => EDITION_IDS.map((edition) => ({ ...t, edition })));
  test.each(cases)("every row of $file, in $edition, with every option", ({ base, refs, edition }) => {
    let targets = 0;
    for (const ref of refs) {
      for (const options of OPTIONS) {
        const o = { ...options, edition } as never;
        const expected = outcome(() => resolve(base, ref, o));
        expect([ref, options, outcome(() => resolveSteps(base, ref, o).target)]).toEqual([ref, options, expected]);
        if (typeof expected === "string") targets++;
      }
    }
    expect(targets).toBeGreaterThan(refs.length); // most rows resolve: the comparison is of targets, not only of errors
  });
});

/** The rows of grammar/rfc3986/vectors/remove-dot-segments-5.2.4.tsv, by path: [step, output buffer, input buffer]. */
function table524(): Map<string, string[][]> {
  const lines = readFileSync(join(ROOT, "grammar", "rfc3986", "vectors", "remove-dot-segments-5.2.4.tsv"), "utf8").split("\n")
    .filter((l) => l !== "" && !l.startsWith("#"));
  expect(lines[0]).toBe("path\tstep\toutput buffer\tinput buffer");
  const byPath = new Map<string, string[][]>();
  for (const [path, ...row] of lines.slice(1).map((l) => l.split("\t"))) byPath.set(path, [...(byPath.get(path) ?? []), row]);
  return byPath;
}

const rows = (steps: readonly ResolutionStep[]) => steps.map((s) => [s.label, s.state["output buffer"], s.state["input buffer"]]);

describe("RFC 3986 5.2.4: the buffers after each step, as the RFC's table shows them", () => {
  const examples = [...table524()];
  test("the table holds the RFC's two examples", () => {
    expect(examples.map(([path]) => path)).toEqual(["/a/b/c/./../../g", "mid/content=5/../6"]);
  });
  test.each(examples)("remove_dot_segments(%j)", (path, expected) => {
    expect(rows(removeDotSegmentsSteps(path).steps)).toEqual(expected);
    expect(removeDotSegmentsSteps(path).steps.every((s) => s.section === "5.2.4")).toBe(true);
    // Through the API: a URI with that path (absolute or rootless) is T.path = remove_dot_segments(R.path).
    const { steps } = resolveSteps("x:", `x:${path}`, { edition: "rfc3986" });
    const line = steps.find((s) => s.label === "T.path = remove_dot_segments(R.path);")!;
    expect(rows(line.steps!)).toEqual(expected);
    expect(line.state["T.path"]).toBe(expected[expected.length - 1][1]);
  });
});

const BASE = "http://a/b/c/d;p?q";
const labels = (steps: readonly ResolutionStep[]): unknown[] =>
  steps.map((s) => (s.steps === undefined ? s.label : [s.label, s.steps.map((sub) => sub.label)]));

describe("RFC 3986: 5.2.1, the lines of the 5.2.2 pseudocode that run, 5.2.3, 5.2.4 and 5.3", () => {
  const o = { edition: "rfc3986" } as const;
  const PARSE = "(R.scheme, R.authority, R.path, R.query, R.fragment) = parse(R);";
  const TAIL = ["T.fragment = R.fragment;", "Component Recomposition"];
  test("a relative-path reference: merge (5.2.3), then remove_dot_segments (5.2.4)", () => {
    const { target, steps } = resolveSteps(BASE, "../g?y#s", o);
    expect(target).toBe("http://a/b/g?y#s");
    expect(steps.map((s) => s.section)).toEqual(["5.2.1", "5.2.2", "5.2.2", "5.2.2", "5.2.2", "5.2.2", "5.2.2", "5.2.2", "5.3"]);
    expect(labels(steps)).toEqual(["Pre-parse the Base URI", PARSE,
      ["T.path = merge(Base.path, R.path);", ["otherwise, return ... the reference's path component appended to all but the last segment of the base URI's path"]],
      ["T.path = remove_dot_segments(T.path);", ["1", "2E", "2E", "2C", "2E"]],
      "T.query = R.query;", "T.authority = Base.authority;", "T.scheme = Base.scheme;", ...TAIL]);
    expect(steps[0].state).toEqual({ "Base.scheme": "http", "Base.authority": "a", "Base.path": "/b/c/d;p", "Base.query": "q" });
    expect(steps[1].state).toEqual({ "R.scheme": undefined, "R.authority": undefined, "R.path": "../g", "R.query": "y", "R.fragment": "s" });
    expect(steps[2].steps![0].state).toEqual({ "merge(Base.path, R.path)": "/b/c/../g" });
    expect(steps[7].state).toEqual({ "T.scheme": "http", "T.authority": "a", "T.path": "/b/g", "T.query": "y", "T.fragment": "s" });
    expect(steps[8].state).toEqual({ result: target });
    // Each step says what it did.
    expect(steps[2].did).toMatch(/relative-path reference/);
    expect(steps[3].steps![3].did).toBe("The prefix \"/../\" is replaced with \"/\" in the input buffer, and the last segment \"/c\" is removed from the output buffer.");
  });
  test("each branch of the pseudocode", () => {
    expect(labels(resolveSteps(BASE, "g:h", o).steps).slice(2)).toEqual(["T.scheme = R.scheme;", "T.authority = R.authority;",
      ["T.path = remove_dot_segments(R.path);", ["1", "2E"]], "T.query = R.query;", ...TAIL]);
    expect(labels(resolveSteps(BASE, "//g", o).steps).slice(2)).toEqual(["T.authority = R.authority;",
      ["T.path = remove_dot_segments(R.path);", ["1"]], "T.query = R.query;", "T.scheme = Base.scheme;", ...TAIL]);
    expect(labels(resolveSteps(BASE, "?y", o).steps).slice(2)).toEqual(["T.path = Base.path;", "T.query = R.query;",
      "T.authority = Base.authority;", "T.scheme = Base.scheme;", ...TAIL]);
    expect(labels(resolveSteps(BASE, "", o).steps).slice(2)).toEqual(["T.path = Base.path;", "T.query = Base.query;",
      "T.authority = Base.authority;", "T.scheme = Base.scheme;", ...TAIL]);
    expect(labels(resolveSteps(BASE, "/./g", o).steps).slice(2)).toEqual([["T.path = remove_dot_segments(R.path);", ["1", "2B", "2E"]],
      "T.query = R.query;", "T.authority = Base.authority;", "T.scheme = Base.scheme;", ...TAIL]);
    expect(labels(resolveSteps(BASE, "http:g", { ...o, strict: false }).steps).slice(1, 4)).toEqual([PARSE, "undefine(R.scheme);",
      ["T.path = merge(Base.path, R.path);", ["otherwise, return ... the reference's path component appended to all but the last segment of the base URI's path"]]]);
    expect(resolveSteps("http://a", "g", o).steps[2].steps![0]).toMatchObject({
      label: "If the base URI has a defined authority component and an empty path", state: { "merge(Base.path, R.path)": "/g" },
    });
  });
  test("the base's fragment is stripped (5.1), and said so", () => {
    expect(resolveSteps(BASE + "#f", "g", o).steps[0].did).toMatch(/its fragment "f" is stripped \(5\.1\)/);
  });
});

describe("draft-fielding-uri-rfc2396bis-01: the lines of the 5.2 pseudocode that run, the merge routine's steps 1-8", () => {
  const o = { edition: "rfc2396bis-01" } as const;
  const BASE_STEP = "The base URI is ... parsed into the four main components";
  const PARSE = "(R.scheme, R.authority, R.path, R.query, fragment) = parse(R);";
  const MERGE = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `merge step ${n}`);
  test("a relative-path reference: merge steps 1-8 on the buffer", () => {
    const { target, steps } = resolveSteps(BASE, "../../../g", o);
    expect(target).toBe("http://a/../g");
    expect(labels(steps)).toEqual([BASE_STEP, PARSE, ["T.path = merge(Base.path, R.path);", MERGE], "T.query = R.query;",
      "T.authority = Base.authority;", "T.scheme = Base.scheme;", "return (T, fragment);",
      "The resulting target URI components and fragment can be recombined"]);
    expect(steps.every((s) => s.section === "5.2")).toBe(true);
    expect(steps[2].steps!.map((s) => s.state.buffer)).toEqual(["/b/c/", "/b/c/../../../g", "/b/c/../../../g", "/b/c/../../../g",
      "/../g", "/../g", "/../g", "/../g"]);
    expect(steps[2].steps![4].did).toBe("Removed, leftmost first: \"c/../\", \"b/../\".");
    expect(steps[2].steps![6].did).toMatch(/retained \(dotSegments "retain"\)/);
    expect(resolveSteps(BASE, "../../../g", { ...o, dotSegments: "remove" }).steps[2].steps![6].state.buffer).toBe("/g");
    expect(steps[6].state).toEqual({ "T.scheme": "http", "T.authority": "a", "T.path": "/../g", "T.query": undefined, fragment: undefined });
    expect(steps[7].state).toEqual({ result: "http://a/../g" });
  });
  test("the current document, and the non-validating parser", () => {
    const current = resolveSteps(BASE, "#s", o);
    expect(current.target).toBe(resolve(BASE, "#s"));
    expect(labels(current.steps)).toEqual([BASE_STEP, PARSE, "return (current-document, fragment);"]);
    expect(current.steps[2].state).toEqual({ fragment: "s" });
    expect(labels(resolveSteps(BASE, "http:g", { ...o, strict: false }).steps).slice(1, 3)).toEqual([PARSE, "undefine(R.scheme);"]);
    expect(labels(resolveSteps(BASE, "http:g", o).steps).slice(2)).toEqual(["T.scheme = R.scheme;", "T.authority = R.authority;",
      "T.path = R.path;", "T.query = R.query;", "return (T, fragment);", "The resulting target URI components and fragment can be recombined"]);
  });
  test("the non-validating parser where what follows the scheme is no relative-URI: R stays absolute, as resolve() keeps it", () => {
    const { target, steps } = resolveSteps("http://a/b", "http:[", { ...o, strict: false });
    expect(target).toBe("http:[");
    expect(target).toBe(resolve("http://a/b", "http:[", { strict: false }));
    expect(steps[2]).toMatchObject({ label: "undefine(R.scheme);", state: { "R.scheme": "http", "R.path": "[" } });
    expect(steps[2].did).toMatch(/what follows it is no relative-URI; the loophole is for "the scheme name \.\.\. present in a relative URI" \(Appendix C\)/);
    expect(steps[3].label).toBe("T.scheme = R.scheme;");
  });
  test("merge step 7 with dotSegments \"error\" is resolve()'s ResolveError", () => {
    expect(() => resolveSteps(BASE, "../../../g", { ...o, dotSegments: "error" })).toThrow(expect.objectContaining({
      code: "dot-segments", step: "5.2 merge step 7",
    }));
  });
});

describe("RFC 2396: steps 1 to 7 in order, step 6's (a) to (h)", () => {
  const o = { edition: "rfc2396" } as const;
  const BASE_STEP = "The base URI is ... parsed into the four main components";
  const SIX = ["a", "b", "c", "d", "e", "f", "g", "h"].map((l) => `step 6${l}`);
  test("a relative path goes through every step", () => {
    const { target, steps } = resolveSteps(BASE, "./g/.", o);
    expect(target).toBe("http://a/b/c/g/");
    expect(labels(steps)).toEqual([BASE_STEP, "step 1", "step 2", "step 3", "step 4", "step 5", ["step 6", SIX], "step 7"]);
    expect(steps[6].steps!.map((s) => s.state.buffer)).toEqual(["/b/c/", "/b/c/./g/.", "/b/c/g/.", "/b/c/g/", "/b/c/g/", "/b/c/g/",
      "/b/c/g/", "/b/c/g/"]);
    expect(steps[6].state).toEqual({ scheme: "http", authority: "a", path: "/b/c/g/", query: undefined, fragment: undefined });
    expect(steps[7].state).toEqual({ result: target });
  });
  test("\"we are done\" and \"skip to step 7\"", () => {
    expect(labels(resolveSteps(BASE, "g:h", o).steps)).toEqual([BASE_STEP, "step 1", "step 2", "step 3"]);
    expect(labels(resolveSteps(BASE, "#s", o).steps)).toEqual([BASE_STEP, "step 1", "step 2"]);
    expect(labels(resolveSteps(BASE, "//g", o).steps)).toEqual([BASE_STEP, "step 1", "step 2", "step 3", "step 4", "step 7"]);
    expect(labels(resolveSteps(BASE, "/g", o).steps)).toEqual([BASE_STEP, "step 1", "step 2", "step 3", "step 4", "step 5", "step 7"]);
    // Appendix C.1's "?y", given as components (RFC 2396's grammar has no query-only reference):
    // step 2 does not stop, and step 6 merges the empty path.
    const queryOnly = resolveSteps(BASE, new Rfc2396Reference({ path: "", query: "y" }), o);
    expect(queryOnly.target).toBe("http://a/b/c/?y");
    expect(labels(queryOnly.steps)[6]).toEqual(["step 6", SIX]);
  });
});

describe("the 1993 URL draft: the PARTIAL FORM rules that apply", () => {
  const o = { edition: "url-1993" } as const;
  const context = "http://info.cern.ch/hypertext/WWW/Addressing/URL.html";
  const FORM = "A partial form can be distinguished from a full form";
  const SCHEME = "If the scheme parts are different ... Otherwise, the scheme is omitted";
  const SAME = "If the access and host parts are the same";
  test("a relative path: the last part of the context's path replaced, then \"/xxx/..\" and \"/.\" removed", () => {
    const { target, steps } = resolveSteps(context, "../TheProject.html", o);
    expect(target).toBe("http://info.cern.ch/hypertext/WWW/TheProject.html");
    expect(steps.every((s) => s.section === "PARTIAL FORM")).toBe(true);
    expect(steps.map((s) => [s.label, s.state])).toEqual([
      [FORM, { "partial form": "../TheProject.html" }],
      [SCHEME, { URL: "http:" }],
      [SAME, { URL: "http://info.cern.ch" }],
      ["The last part of the path of the context locator ... is removed, and the given partial URL appended in its place",
        { URL: "http://info.cern.ch/hypertext/WWW/Addressing/../TheProject.html" }],
      ["Within the result, all occurrences of \"/xxx/..\" or \"/.\" are recursively removed", { URL: target }],
    ]);
  });
  test("a full form, another host, an absolute path", () => {
    expect(labels(resolveSteps(context, "news:comp.text", o).steps)).toEqual([FORM]);
    expect(labels(resolveSteps(context, "//other.host/x", o).steps)).toEqual([FORM, SCHEME, "If the host and/or port parts are the different"]);
    expect(labels(resolveSteps(context, "/./g", o).steps)).toEqual([FORM, SCHEME, SAME, "If a leading slash is present, the path is absolute"]);
  });
});

describe("arguments", () => {
  test("errors, options and parsed references", () => {
    expect(() => resolveSteps("g", "h")).toThrow(expect.objectContaining({ code: "relative-base" }));
    expect(() => resolveSteps(BASE, "a b")).toThrow(ResolveError);
    expect(() => resolveSteps(BASE, "g", { strict: 1 } as never)).toThrow(/^resolveSteps: options.strict must be a boolean/);
    expect(() => resolveSteps(BASE, "g", { edition: "rfc3986", dotSegments: "remove" } as never)).toThrow(/^resolveSteps: options.dotSegments/);
    expect(() => resolveSteps(1 as never, "g")).toThrow(TypeError);
    expect(() => resolveSteps(BASE, "g", { edition: "nope" } as never)).toThrow(TypeError);
    // Parsed references are taken as they are.
    expect(resolveSteps(parse(BASE, { edition: "rfc3986" }), parse("g", { edition: "rfc3986" }), { edition: "rfc3986" }).target)
      .toBe("http://a/b/c/g");
  });
  test.each(EDITION_IDS)("an input over RESOLVE_STEPS_MAX_LENGTH is a RangeError in %s; resolve() takes it", (edition) => {
    const long = "a/".repeat(RESOLVE_STEPS_MAX_LENGTH / 2) + "g";
    expect(() => resolveSteps(BASE, long, { edition } as never)).toThrow(RangeError);
    expect(() => resolveSteps(BASE, long, { edition } as never)).toThrow(/resolveSteps: ref has 2049 characters; .* at most 2048 \(RESOLVE_STEPS_MAX_LENGTH\)/);
    expect(() => resolveSteps(`http://a/${long}`, "g", { edition } as never)).toThrow(/resolveSteps: base has/);
    expect(resolve(BASE, long, { edition } as never)).toMatch(/g$/);
    const fits = "a/".repeat(RESOLVE_STEPS_MAX_LENGTH / 2 - 1) + "g";
    expect(resolveSteps(BASE, fits, { edition } as never).target).toBe(resolve(BASE, fits, { edition } as never));
  });
});
