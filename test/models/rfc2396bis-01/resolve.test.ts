import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { merge, resolve, resolveReference, type DotSegments } from "../../../src/index.js";
import { ResolveError, UriSyntaxError } from "../../../src/errors.js";
import { parse } from "../../../src/index.js";
import { mergeSteps } from "../../../src/models/rfc2396bis-01/steps.js";
import { UriReference } from "../../../src/models/rfc2396bis-01/types.js";

const BASE = "http://a/b/c/d;p?q";
const CURRENT = "(current document)";

interface AppendixRow { section: string; ref: string; expected: string; parser: "both" | "strict" | "non-strict"; note: string }

function appendixC(): AppendixRow[] {
  const lines = readFileSync(join(__dirname, "..", "..", "..", "grammar", "rfc2396bis-01", "vectors", "appendix-c.tsv"), "utf8").split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"));
  const [header, ...rows] = lines;
  expect(header.split("\t")).toEqual(["section", "ref", "expected", "parser", "note"]);
  return rows.map((line) => {
    const [section, ref, expected, parser, note] = line.split("\t");
    return { section, ref, expected, parser: parser as AppendixRow["parser"], note };
  });
}

describe("Appendix C: the draft's answers against " + BASE, () => {
  const rows = appendixC();
  it("has every example of C.1 and C.2", () => {
    expect(rows.filter((r) => r.section === "C.1")).toHaveLength(22);
    expect(rows.filter((r) => r.section === "C.2")).toHaveLength(21); // 20 references, "http:g" twice (strict and not)
  });
  const cases = rows.flatMap((row) =>
    (row.parser === "both" ? [true, false] : [row.parser === "strict"]).map((strict) => ({ ...row, strict })));
  it.each(cases)("$section $ref -> $expected (strict: $strict)", ({ ref, expected, strict }) => {
    const result = resolveReference(BASE, ref, { strict });
    if (expected.startsWith(CURRENT)) {
      const fragment = expected.length > CURRENT.length ? expected.slice(CURRENT.length + 1) : undefined;
      expect(result).toEqual(fragment === undefined ? { kind: "current-document" } : { kind: "current-document", fragment });
      expect(resolve(BASE, ref, { strict })).toBe(BASE + (fragment === undefined ? "" : "#" + fragment));
    } else {
      expect(result.kind).toBe("uri");
      expect(resolve(BASE, ref, { strict })).toBe(expected);
    }
  });
});

describe("resolveReference", () => {
  it("returns T without the fragment, and the fragment apart", () => {
    const r = resolveReference(BASE, "g?y#s");
    expect(r.kind).toBe("uri");
    if (r.kind !== "uri") return;
    expect(r.uri).toBeInstanceOf(UriReference);
    expect(r.uri.fragment).toBeUndefined();
    expect(r.uri.toString()).toBe("http://a/b/c/g?y");
    expect(r.uri.scheme).toBe("http");
    expect(r.uri.authority).toMatchObject({ kind: "server", raw: "a" });
    expect(r.uri.path).toBe("/b/c/g");
    expect(r.uri.query).toBe("y");
    expect(r.fragment).toBe("s");
  });

  it("keeps an empty fragment apart from an absent one", () => {
    expect(resolveReference(BASE, "#")).toEqual({ kind: "current-document", fragment: "" });
    expect(resolve(BASE, "#")).toBe(BASE + "#");
    expect(resolve(BASE, "g#")).toBe("http://a/b/c/g#");
    expect(resolve(BASE, "?")).toBe("http://a/b/c/d;p?");
  });

  it("accepts UriReference objects for base and reference", () => {
    const r = resolveReference(parse(BASE), parse("../g"));
    expect(r.kind === "uri" && r.uri.toString()).toBe("http://a/b/g");
  });

  it("ignores the base's fragment", () => {
    expect(resolve(BASE + "#frag", "g")).toBe("http://a/b/c/g");
    expect(resolve(BASE + "#frag", "")).toBe(BASE);
    expect(resolve(BASE + "#frag", "#s")).toBe(BASE + "#s");
  });

  it("takes an absolute reference as it is, dot segments and all", () => {
    expect(resolve(BASE, "ftp://x/./y/../z")).toBe("ftp://x/./y/../z");
    expect(resolve(BASE, "//g/./h")).toBe("http://g/./h");
  });

  it("uses the base's query only never: an empty path with a query keeps the base path", () => {
    expect(resolve("http://a/b/c/d;p?q", "?y")).toBe("http://a/b/c/d;p?y");
    expect(resolve("http://a", "?y")).toBe("http://a?y");
  });

  it("copies \"/\" for an empty base path (merge step 1)", () => {
    expect(resolve("http://a", "g")).toBe("http://a/g");
    expect(resolve("http://a?q", "./g/..")).toBe("http://a/");
    expect(resolve("foo:", "g")).toBe("foo:/g");
  });
});

describe("merge step 7: leading \"..\" segments", () => {
  it.each<[string, DotSegments, string]>([
    ["../../../g", "retain", "http://a/../g"],
    ["../../../../g", "retain", "http://a/../../g"],
    ["../../../g", "remove", "http://a/g"],
    ["../../../../g", "remove", "http://a/g"],
    ["../../../", "remove", "http://a/"],
    ["../../..", "remove", "http://a/"],
    ["../../..", "retain", "http://a/.."],
    ["../../g", "error", "http://a/g"],
  ])("%s with %s -> %s", (ref, dotSegments, expected) => {
    expect(resolve(BASE, ref, { dotSegments })).toBe(expected);
  });

  it("'error' throws a ResolveError naming step 7", () => {
    let caught: unknown;
    try { resolve(BASE, "../../../g", { dotSegments: "error" }); } catch (e) { caught = e; }
    expect(caught).toBeInstanceOf(ResolveError);
    expect(caught).toMatchObject({ code: "dot-segments", step: "5.2 merge step 7" });
    expect((caught as Error).message).toMatch(/"\.\.\/\.\.\/\.\.\/g".*step 7/);
  });

  it("does not apply to absolute-path references, which are never merged", () => {
    expect(resolve(BASE, "/../g", { dotSegments: "remove" })).toBe("http://a/../g");
    expect(resolve(BASE, "/../g", { dotSegments: "error" })).toBe("http://a/../g");
  });
});

describe("strict: false, the non-validating parser's loophole", () => {
  it("treats a reference in the base's scheme as relative", () => {
    expect(resolve(BASE, "http:g", { strict: false })).toBe("http://a/b/c/g");
    expect(resolve(BASE, "http:g", { strict: true })).toBe("http:g");
  });

  it("compares schemes case-insensitively (section 3.1) and keeps the base's spelling", () => {
    expect(resolve(BASE, "HTTP:g", { strict: false })).toBe("http://a/b/c/g");
    expect(resolve("HTTP://a/b/c/d;p?q", "http:g", { strict: false })).toBe("HTTP://a/b/c/g");
    expect(resolve(BASE, "HTTP://x/y", { strict: false })).toBe("http://x/y");
  });

  it("reads the opaque part as a path and a query", () => {
    expect(resolve(BASE, "http:g?y#s", { strict: false })).toBe("http://a/b/c/g?y#s");
    expect(resolve(BASE, "http:?y", { strict: false })).toBe("http://a/b/c/d;p?y");
    expect(resolve(BASE, "http:/g", { strict: false })).toBe("http://a/g");
    expect(resolve(BASE, "http:../g:h", { strict: false })).toBe("http://a/b/g:h");
  });

  it("makes a bare same scheme the current document", () => {
    expect(resolveReference(BASE, "http:", { strict: false })).toEqual({ kind: "current-document" });
    expect(resolveReference(BASE, "http:#s", { strict: false })).toEqual({ kind: "current-document", fragment: "s" });
    expect(resolve(BASE, "http:", { strict: true })).toBe("http:");
  });

  it("leaves other schemes alone", () => {
    expect(resolve(BASE, "https:g", { strict: false })).toBe("https:g");
  });

  it("applies only where what follows the scheme is a relative-URI: else the reference is the absolute URI it reads as", () => {
    // Square brackets are allowed in an opaque part and nowhere in the hierarchical syntax (Appendix G.1).
    expect(resolve("http://a/b", "http:[", { strict: false })).toBe("http:[");
    expect(resolve("urn://a/b", "URN:]x", { strict: false })).toBe("URN:]x");
    expect(resolve(BASE, "http:g?[#s", { strict: false })).toBe("http:g?[#s");
    // A relative-URI's first segment cannot hold ":" (section 5); "./g:h" can.
    expect(resolve(BASE, "http:g:h", { strict: false })).toBe("http:g:h");
    expect(resolve(BASE, "http:./g:h", { strict: false })).toBe("http://a/b/c/g:h");
  });
});

describe("errors", () => {
  function thrown(fn: () => unknown): unknown {
    try { fn(); } catch (e) { return e; }
    throw new Error("expected an exception");
  }

  it("rejects a relative base (section 5.1)", () => {
    const e = thrown(() => resolve("a/b/c/d", "../e"));
    expect(e).toBeInstanceOf(ResolveError);
    expect(e).toMatchObject({ code: "relative-base", step: "5.1 base URI" });
    expect((e as Error).message).toMatch(/absolute URI/);
    expect(thrown(() => resolve("//a/b", "g"))).toMatchObject({ code: "relative-base" });
    expect(thrown(() => resolve("", "g"))).toMatchObject({ code: "relative-base" });
  });

  it("rejects an invalid base or reference with the syntax error as cause", () => {
    const base = thrown(() => resolve("http://a/b c", "g"));
    expect(base).toMatchObject({ code: "invalid-base" });
    expect((base as ResolveError).cause).toBeInstanceOf(UriSyntaxError);
    expect((base as ResolveError).cause).toMatchObject({ offset: 10 });
    const ref = thrown(() => resolve(BASE, "g h"));
    expect(ref).toMatchObject({ code: "invalid-reference", step: "5.2 parse(R)" });
    expect((ref as ResolveError).cause).toBeInstanceOf(UriSyntaxError);
    expect((ref as Error).message).toMatch(/offset 1/);
  });

  it("rejects an opaque base when the reference needs its path", () => {
    for (const ref of ["g", "./g", "?y", "../x"]) {
      const e = thrown(() => resolve("mailto:a@b.example", ref));
      expect(e).toBeInstanceOf(ResolveError);
      expect(e).toMatchObject({ code: "opaque-base" });
      expect((e as Error).message).toMatch(/opaque/);
    }
  });

  it("resolves what needs no path against an opaque base", () => {
    expect(resolve("mailto:a@b.example", "/g")).toBe("mailto:/g");
    expect(resolve("mailto:a@b.example", "//h/g")).toBe("mailto://h/g");
    expect(resolve("mailto:a@b.example", "#s")).toBe("mailto:a@b.example#s");
    expect(resolve("mailto:a@b.example", "x:y")).toBe("x:y");
  });

  it("refuses a target whose path would be read back as an authority", () => {
    const e = thrown(() => resolve("f:/a", ".//g"));
    expect(e).toMatchObject({ code: "ambiguous-path", step: "5.2 recomposition" });
    expect(thrown(() => resolve("f:/a", "x/..//g"))).toMatchObject({ code: "ambiguous-path" });
    expect(resolve("f://h/a", ".//g")).toBe("f://h//g");
  });

  it("throws TypeError for arguments of the wrong type", () => {
    expect(() => resolve(1 as unknown as string, "g")).toThrow(TypeError);
    expect(() => resolve(BASE, null as unknown as string)).toThrow(TypeError);
    // A parsed reference is taken as it is (values, not strings); anything else is a TypeError.
    expect(resolve(BASE, parse("g"))).toBe("http://a/b/c/g");
    expect(() => resolve(BASE, { path: "g" } as unknown as string)).toThrow(/ref must be a string or a UriReference/);
    expect(() => resolveReference({ path: "/" } as unknown as string, "g")).toThrow(/UriReference/);
    expect(() => resolve(BASE, "g", { strict: "no" } as never)).toThrow(/options.strict/);
    expect(() => resolve(BASE, "g", { dotSegments: "drop" } as never)).toThrow(/options.dotSegments/);
    expect(() => resolve(BASE, "g", 5 as never)).toThrow(TypeError);
  });
});

// ----- merge: the segment stack against a literal reading of steps 1-8 -----

/** Steps 1-8 as the draft words them, string replacements (src/models/rfc2396bis-01/steps.ts, what resolveSteps() shows). */
const literalMerge = (basePath: string, refPath: string, dotSegments: DotSegments): string =>
  mergeSteps(basePath, refPath, dotSegments).path;

const segment = fc.constantFrom("", ".", "..", "a", "b", "..a", ".a", "a.");
const segmentPath = fc.array(segment, { maxLength: 10 }).map((s) => s.join("/"));
const basePath = fc.oneof(fc.constant(""), segmentPath.map((p) => "/" + p));
const mode = fc.constantFrom<DotSegments>("retain", "remove", "error");

function outcome(fn: () => string): string {
  try { return fn(); } catch (e) { return e instanceof ResolveError ? `error ${e.code}` : `crash ${String(e)}`; }
}

describe("merge", () => {
  it("the stack gives exactly the buffer of the literal steps 1-8 (property)", () => {
    fc.assert(fc.property(basePath, segmentPath, mode, (b, r, m) => {
      expect(outcome(() => merge(b, r, m))).toBe(outcome(() => literalMerge(b, r, m)));
    }), { numRuns: 5000 });
  });

  it("agrees on hand-picked buffers, including the one-character corner cases", () => {
    const cases: [string, string][] = [["/", "."], ["/", ".."], ["/a/", "../.."], ["/a//", "../b"], ["/a/b", "..a/../"],
      ["/x/y", "./a/./../b/."], ["", "../"], ["/", "a/b/../../../c/./"]];
    for (const [b, r] of cases) for (const m of ["retain", "remove"] as const) {
      expect(merge(b, r, m)).toBe(literalMerge(b, r, m));
    }
  });

  it("handles a long path in one pass (linear: 200 000 segments)", () => {
    const ref = "a/".repeat(100_000) + "../".repeat(100_000) + "g";
    expect(merge("/b/c", ref)).toBe("/b/g");
  });
});

describe("resolve results are URIs (property)", () => {
  const refPath = fc.array(segment.filter((s) => s !== ""), { minLength: 1, maxLength: 8 }).map((s) => s.join("/"));
  const reference = fc.tuple(
    fc.constantFrom("", "/", "//h"),
    refPath,
    fc.option(fc.constantFrom("", "y", "y/../x"), { nil: undefined }),
    fc.option(fc.constantFrom("", "s", "s/./x"), { nil: undefined }),
  ).map(([prefix, path, query, fragment]) =>
    (prefix === "//h" ? prefix + "/" + path : prefix + path) + (query === undefined ? "" : "?" + query) + (fragment === undefined ? "" : "#" + fragment));
  const base = fc.constantFrom(BASE, "http://a", "foo:", "foo:/x/y", "ftp://u@h:21/a/b/", "x:?q");

  it("every result parses back to the same components as absolute-URI-reference", () => {
    fc.assert(fc.property(base, reference, mode, fc.boolean(), (b, r, m, strict) => {
      let text: string;
      try {
        text = resolve(b, r, { dotSegments: m, strict });
      } catch (e) {
        expect(e).toBeInstanceOf(ResolveError);
        expect(["dot-segments", "ambiguous-path"]).toContain((e as ResolveError).code);
        return;
      }
      const again = parse(text, { rule: "absolute-URI-reference" });
      expect(again.toString()).toBe(text);
      const res = resolveReference(b, r, { dotSegments: m, strict });
      if (res.kind === "uri") {
        expect(again.path).toBe(res.uri.path);
        expect(again.query).toBe(res.uri.query);
        expect(again.fragment).toBe(res.fragment);
      }
    }), { numRuns: 3000 });
  });
});

describe("conformance: CPython's RFC 2396 join vectors (PSF-2.0, copied)", () => {
  const file = JSON.parse(readFileSync(join(__dirname, "..", "..", "conformance", "resolve-cpython-rfc2396.json"), "utf8")) as
    { vectors: { base: string; ref: string; expected: string }[] };
  it("holds all 35 vectors", () => expect(file.vectors).toHaveLength(35));
  it.each(file.vectors)("$ref against $base -> $expected", ({ base, ref, expected }) => {
    expect(resolve(base, ref)).toBe(expected);
  });
  it.each(file.vectors)("rfc2396 edition: $ref against $base -> $expected", ({ base, ref, expected }) => {
    expect(resolve(base, ref, { edition: "rfc2396" })).toBe(expected);
  });
});
