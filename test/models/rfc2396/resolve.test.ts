import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { ResolveError, UriSyntaxError } from "../../../src/errors.js";
import { matches, parse, resolve as resolveText, resolveReference as resolveApi, type ResolveOptions } from "../../../src/index.js";
import { merge, resolveReference, type DotSegments } from "../../../src/models/rfc2396/resolve.js";
import { step6 } from "../../../src/models/rfc2396/steps.js";
import { Reference } from "../../../src/models/rfc2396/types.js";

const BASE = "http://a/b/c/d;p?q";
const EDITION = { edition: "rfc2396" } as const;

/** A reference parsed by RFC 2396's grammar. */
function reference(text: string): Reference {
  return parse(text, EDITION);
}

function resolve(base: string, ref: string, options?: Omit<ResolveOptions<"rfc2396">, "edition">): string {
  return resolveText(base, ref, { ...EDITION, ...options });
}
const CURRENT = "(current document)";

interface ExampleRow { section: string; ref: string; expected: string; parser: "both" | "strict" | "non-strict"; note: string }

function appendixC(): ExampleRow[] {
  const lines = readFileSync(join(__dirname, "..", "..", "..", "grammar", "rfc2396", "vectors", "resolution-appendix-c.tsv"), "utf8").split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"));
  const [header, ...rows] = lines;
  expect(header.split("\t")).toEqual(["section", "ref", "expected", "parser", "note"]);
  return rows.map((line) => {
    const [section, ref, expected, parser, note] = line.split("\t");
    return { section, ref, expected, parser: parser as ExampleRow["parser"], note };
  });
}

/** A row's note marks a reference outside RFC 2396's grammar that Appendix C resolves anyway. */
const OUTSIDE_GRAMMAR = "not a URI-reference";

/** RFC 2396 Appendix B. */
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;

/**
 * The components section 4.3 (Appendix B) splits a reference into, for a reference the grammar
 * rejects: only the forms Appendix C needs (no scheme, no authority).
 */
function components(text: string): Reference {
  const m = APPENDIX_B.exec(text)!;
  if (m[2] !== undefined || m[3] !== undefined) throw new Error(`components() takes a relative path reference, got ${text}`);
  return new Reference({ path: m[5], query: m[7], fragment: m[9] });
}


function thrown(fn: () => unknown): unknown {
  try { fn(); } catch (e) { return e; }
  throw new Error("expected an exception");
}

describe("Appendix C: the RFC's answers against " + BASE, () => {
  const rows = appendixC();
  it("has every example of C.1 and C.2", () => {
    expect(rows.filter((r) => r.section === "C.1")).toHaveLength(22);
    expect(rows.filter((r) => r.section === "C.2")).toHaveLength(21); // 20 references, "http:g" twice (strict and not)
    expect(rows.filter((r) => r.parser !== "both").map((r) => [r.ref, r.parser])).toEqual([["http:g", "strict"], ["http:g", "non-strict"]]);
  });
  const cases = rows.flatMap((row) =>
    (row.parser === "both" ? [true, false] : [row.parser === "strict"]).map((strict) => ({ ...row, strict })));
  it.each(cases)("$section $ref -> $expected (strict: $strict)", ({ ref, expected, note, strict }) => {
    const outside = note.startsWith(OUTSIDE_GRAMMAR);
    // The grammar accepts exactly the references whose note does not say otherwise.
    expect(matches("URI-reference", ref, EDITION)).toBe(!outside);
    // Outside the grammar, the string resolves as Appendix C prints it: step 1 of 5.2 reads it into
    // its components as section 4.3 does (src/models/rfc2396/operations.ts); so do its components.
    if (outside) expect(resolve(BASE, ref, { strict })).toBe(expected);
    const R: string | Reference = outside ? components(ref) : ref;
    const options = { ...EDITION, strict };
    const result = resolveApi(BASE, R, options);
    if (expected.startsWith(CURRENT)) {
      const fragment = expected.length > CURRENT.length ? expected.slice(CURRENT.length + 1) : undefined;
      expect(result).toEqual(fragment === undefined ? { kind: "current-document" } : { kind: "current-document", fragment });
      expect(resolveText(BASE, R, options)).toBe(BASE + (fragment === undefined ? "" : "#" + fragment));
    } else {
      expect(result.kind).toBe("uri");
      expect(resolveText(BASE, R, options)).toBe(expected);
      if (result.kind !== "uri") return;
      // The target's components are the ones the expected string parses into.
      const again = reference(expected);
      expect(result.uri.kind).toBe("absoluteURI");
      expect([result.uri.scheme, result.uri.authority?.raw, result.uri.path, result.uri.opaque, result.uri.query, result.fragment])
        .toEqual([again.scheme, again.authority?.raw, again.path, again.opaque, again.query, again.fragment]);
    }
  });

  it('C.2: "some implementations strip leading relative symbolic elements": dotSegments "remove"', () => {
    // "Thus, the above two references will be interpreted as "http://a/g" by some implementations."
    expect(resolve(BASE, "../../../g", { dotSegments: "remove" })).toBe("http://a/g");
    expect(resolve(BASE, "../../../../g", { dotSegments: "remove" })).toBe("http://a/g");
    expect(resolve(BASE, "../../../g", { dotSegments: "retain" })).toBe("http://a/../g");
    // Step 5 takes an absolute path as it is, whatever the option.
    expect(resolve(BASE, "/../g", { dotSegments: "remove" })).toBe("http://a/../g");
  });

  it('step 6g: dotSegments "error" avoids traversal of the reference', () => {
    const e = thrown(() => resolve(BASE, "../../../g", { dotSegments: "error" }));
    expect(e).toBeInstanceOf(ResolveError);
    expect((e as ResolveError).code).toBe("dot-segments");
    expect((e as ResolveError).step).toBe("5.2 step 6g");
    expect((e as ResolveError).message).toContain('"/../g"');
    // Only a buffer left beginning with "..": the other examples resolve as before.
    expect(resolve(BASE, "../../g", { dotSegments: "error" })).toBe("http://a/g");
    expect(resolve(BASE, "/../g", { dotSegments: "error" })).toBe("http://a/../g");
  });
});

describe("5.2 steps 1-7", () => {
  it("step 2: only an empty path with scheme, authority and query undefined is the current document", () => {
    expect(resolveReference(reference(BASE), reference(""))).toEqual({ kind: "current-document" });
    expect(resolveReference(reference(BASE), reference("#"))).toEqual({ kind: "current-document", fragment: "" });
    // A defined, empty query is not undefined: step 6 merges the empty path.
    expect(resolveReference(reference(BASE), new Reference({ path: "", query: "" })))
      .toMatchObject({ kind: "uri", uri: { path: "/b/c/", query: "" } });
    // "//a" has an authority and an empty path: a network-path (step 4).
    expect(resolve(BASE, "//x")).toBe("http://x");
  });

  it("step 2: the query and fragment are the reference's, never the base's", () => {
    expect(resolve(BASE, "g")).toBe("http://a/b/c/g");
    expect(resolve(BASE, "g#")).toBe("http://a/b/c/g#");
    expect(resolve(BASE, "g?")).toBe("http://a/b/c/g?");
    expect(resolve(BASE + "#frag", "g")).toBe("http://a/b/c/g");
    expect(resolve(BASE + "#frag", "")).toBe(BASE);
    expect(resolve(BASE + "#frag", "#s")).toBe(BASE + "#s");
  });

  it("returns the absolute URI without the fragment, and the fragment apart (section 4)", () => {
    const r = resolveReference(reference(BASE), reference("g;x?y#s"));
    expect(r.kind).toBe("uri");
    if (r.kind !== "uri") return;
    expect(r.uri).toBeInstanceOf(Reference);
    expect(r.uri.fragment).toBeUndefined();
    expect(r.fragment).toBe("s");
    expect(r.uri.toString()).toBe("http://a/b/c/g;x?y");
    expect(r.uri.kind === "absoluteURI" && !r.uri.opaque && r.uri.segments).toEqual([
      { name: "b", params: [] }, { name: "c", params: [] }, { name: "g", params: ["x"] },
    ]);
  });

  it("step 3: a reference with a scheme is taken as it is, opaque or not", () => {
    expect(resolve(BASE, "ftp://x/./y/../z")).toBe("ftp://x/./y/../z");
    const r = resolveReference(reference(BASE), reference("mailto:a@b?c#d"));
    expect(r).toMatchObject({ kind: "uri", uri: { kind: "absoluteURI", opaque: true, path: "a@b?c" }, fragment: "d" });
  });

  it("step 3's work-around: only with strict: false, only for the base's scheme, only when it is known to use hier_part", () => {
    expect(resolve(BASE, "http:g", { strict: false })).toBe("http://a/b/c/g");
    expect(resolve(BASE, "HTTP:g", { strict: false })).toBe("http://a/b/c/g"); // section 3.1: case-insensitive
    expect(resolve(BASE, "http:g?y#s", { strict: false })).toBe("http://a/b/c/g?y#s"); // the opaque_part split as 4.3 splits
    expect(resolve(BASE, "http:/g", { strict: false })).toBe("http://a/g");
    expect(resolve(BASE, "http://x/g", { strict: false })).toBe("http://x/g");
    expect(resolve(BASE, "https:g", { strict: false })).toBe("https:g"); // another scheme
    // A scheme the library does not know to always use <hier_part> keeps its reference absolute.
    expect(resolve("foo://a/b/c", "foo:g", { strict: false })).toBe("foo:g");
    expect(resolve("foo://a/b/c", "foo:g")).toBe("foo:g");
  });

  it("step 4: a network-path takes the reference's authority and path as they are", () => {
    expect(resolve(BASE, "//g/./x?y")).toBe("http://g/./x?y");
    expect(resolve(BASE, "//u@h:1")).toBe("http://u@h:1");
  });

  it("step 6a: all but the last segment of the base path; params of the base are dropped with it", () => {
    expect(resolve("http://a/b;p/c;q", "g")).toBe("http://a/b;p/g");
    expect(resolve("http://a/", "g")).toBe("http://a/g");
    expect(resolveText("http://a/b/c/", components("?y"), EDITION)).toBe("http://a/b/c/?y");
    // 3.3: "the presence of a semicolon in a path segment does not affect the relative parsing" (G.4).
    expect(resolve("http://a/b/c;p=1/d", "../g")).toBe("http://a/b/g");
  });

  it('C.1 "?y": step 1 reads the string into its components (section 4.3), though the grammar rejects it', () => {
    expect(matches("URI-reference", "?y", EDITION)).toBe(false);
    expect(resolve(BASE, "?y")).toBe("http://a/b/c/?y");
    expect(resolve(BASE, "?y#s")).toBe("http://a/b/c/?y#s");
    expect(resolve(BASE, "?")).toBe("http://a/b/c/?");
    expect(resolveApi(BASE, "?y", EDITION)).toEqual({ kind: "uri", uri: reference("http://a/b/c/?y") });
    // Each component must still be valid by its rule, and only the reference is read so.
    for (const bad of ["?y z", "?y#s#t", "?%zz"]) {
      const e = thrown(() => resolve(BASE, bad));
      expect(e).toBeInstanceOf(ResolveError);
      expect((e as ResolveError).code).toBe("invalid-reference");
      expect((e as ResolveError).cause).toBeInstanceOf(UriSyntaxError);
    }
    expect((thrown(() => resolve("?y", "g")) as ResolveError).code).toBe("invalid-base");
    expect(() => parse("?y", EDITION)).toThrow(UriSyntaxError);
  });

  it("a base with an authority and no path: step 6a copies nothing, which step 7 cannot recombine", () => {
    const e = thrown(() => resolve("http://a", "g"));
    expect(e).toBeInstanceOf(ResolveError);
    expect((e as ResolveError).code).toBe("ambiguous-path");
    expect((e as ResolveError).step).toBe("5.2 step 7");
    expect((e as ResolveError).message).toContain('"//ag"');
    // The other kinds of reference need no merge.
    expect(resolve("http://a", "/g")).toBe("http://a/g");
    expect(resolve("http://a", "//b/g")).toBe("http://b/g");
    expect(resolve("http://a", "#s")).toBe("http://a#s");
    // A merged path that is empty recombines.
    expect(resolve("http://a", ".")).toBe("http://a");
  });

  it("a path beginning with // without an authority is not recombined into an authority", () => {
    const e = thrown(() => resolve("foo:/a", ".//g"));
    expect(e).toBeInstanceOf(ResolveError);
    expect((e as ResolveError).code).toBe("ambiguous-path");
    expect(resolve("foo:/a/b", "./g")).toBe("foo:/a/g");
  });

  it("the base must have a scheme (5.2), and relative references need a hierarchical base (section 5)", () => {
    const relative = thrown(() => resolve("/a/b", "g"));
    expect(relative).toBeInstanceOf(ResolveError);
    expect((relative as ResolveError).code).toBe("relative-base");
    const opaque = reference("mailto:a@b");
    for (const ref of [reference("g"), reference("/g"), reference("//g"), components("?y")]) {
      const e = thrown(() => resolveReference(opaque, ref));
      expect(e).toBeInstanceOf(ResolveError);
      expect((e as ResolveError).code).toBe("opaque-base");
    }
    expect(resolve("mailto:a@b", "#s")).toBe("mailto:a@b#s");
    expect(resolve("mailto:a@b", "news:x")).toBe("news:x");
  });

  it("checks its arguments", () => {
    expect(() => resolveReference("http://a/" as never, reference("g"))).toThrow(TypeError);
    expect(() => resolveReference(reference(BASE), {} as never)).toThrow(TypeError);
    expect(() => resolveReference(reference(BASE), reference("g"), { strict: "no" } as never)).toThrow(/options.strict/);
    expect(() => resolveReference(reference(BASE), reference("g"), { dotSegments: "drop" } as never)).toThrow(/options.dotSegments/);
    expect(() => resolveReference(reference(BASE), reference("g"), 5 as never)).toThrow(TypeError);
    expect(() => merge("/a", "g", "drop" as never)).toThrow(TypeError);
    expect(() => merge(1 as never, "g")).toThrow(TypeError);
  });
});

/** Step 6 (a)-(h) as the RFC words them, string replacements (src/models/rfc2396/steps.ts, what resolveSteps() shows). */
const literalStep6 = (basePath: string, refPath: string, dotSegments: DotSegments): string => step6(basePath, refPath, dotSegments).path;

function outcome(fn: () => string): string {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ResolveError) return `ResolveError ${e.code}`;
    throw e;
  }
}

describe("step 6: the segment stack and the literal buffer operations", () => {
  it("agree on the examples of Appendix C", () => {
    for (const ref of ["g", "./g", "g/", ".", "./", "..", "../", "../g", "../..", "../../", "../../g", "../../../g",
      "../../../../g", "g.", ".g", "g..", "..g", "./../g", "./g/.", "g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y"]) {
      expect(merge("/b/c/d;p", ref)).toBe(literalStep6("/b/c/d;p", ref, "retain"));
    }
    expect(merge("/b/c/d;p", "../../../g")).toBe("/../g");
  });

  it("give exactly the same buffer, for every option (property)", () => {
    const segment = fc.constantFrom("", ".", "..", "...", "a", "b", ".a", "a.", "..a", "g;x", ";p", "%2E");
    const path = fc.tuple(fc.boolean(), fc.array(segment, { maxLength: 10 }))
      .map(([absolute, s]) => (absolute ? "/" : "") + s.join("/"));
    const anyString = fc.array(fc.constantFrom("/", ".", "a", ";"), { maxLength: 14 }).map((c) => c.join(""));
    const dotSegments = fc.constantFrom<DotSegments>("retain", "remove", "error");
    fc.assert(fc.property(fc.oneof(path, anyString), fc.oneof(path, anyString), dotSegments, (basePath, refPath, option) => {
      expect(outcome(() => merge(basePath, refPath, option))).toBe(outcome(() => literalStep6(basePath, refPath, option)));
    }), { numRuns: 5000 });
  });

  it("handle a long path in one pass", () => {
    // 100,000 segments: the literal operations would rewrite the buffer once per "../".
    const ref = "x/".repeat(50_000) + "../".repeat(50_000) + "g";
    expect(merge("/b/c/d", ref)).toBe("/b/c/g");
    expect(merge("/b/c/d", "../".repeat(100_000) + "g")).toBe("/" + "../".repeat(99_998) + "g");
  });
});
