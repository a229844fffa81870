import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { ResolveError } from "../../../src/errors.js";
import { recompose } from "../../../src/models/rfc3986/recompose.js";
import { merge, removeDotSegments, resolveReference } from "../../../src/models/rfc3986/resolve.js";
import { removeDotSegmentsSteps } from "../../../src/models/rfc3986/steps.js";
import { Reference } from "../../../src/models/rfc3986/types.js";
import { reference, syntax } from "../../support/rfc3986.js";

const BASE = "http://a/b/c/d;p?q";

interface ExampleRow { section: string; ref: string; expected: string; parser: "both" | "strict" | "non-strict"; note: string }

function section54(): ExampleRow[] {
  const lines = readFileSync(join(__dirname, "..", "..", "..", "grammar", "rfc3986", "vectors", "resolution-5.4.tsv"), "utf8").split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"));
  const [header, ...rows] = lines;
  expect(header.split("\t")).toEqual(["section", "ref", "expected", "parser", "note"]);
  return rows.map((line) => {
    const [section, ref, expected, parser, note] = line.split("\t");
    return { section, ref, expected, parser: parser as ExampleRow["parser"], note };
  });
}

function resolve(base: string, ref: string, strict = true): string {
  return resolveReference(reference(base), reference(ref), { strict }).toString();
}

function thrown(fn: () => unknown): unknown {
  try { fn(); } catch (e) { return e; }
  throw new Error("expected an exception");
}

describe("5.4: the RFC's examples against " + BASE, () => {
  const rows = section54();
  it("has every example of 5.4.1 and 5.4.2", () => {
    expect(rows.filter((r) => r.section === "5.4.1")).toHaveLength(23);
    expect(rows.filter((r) => r.section === "5.4.2")).toHaveLength(20); // 19 references, "http:g" twice (strict and not)
    expect(rows.filter((r) => r.parser !== "both").map((r) => [r.ref, r.parser])).toEqual([["http:g", "strict"], ["http:g", "non-strict"]]);
  });
  const cases = rows.flatMap((row) =>
    (row.parser === "both" ? [true, false] : [row.parser === "strict"]).map((strict) => ({ ...row, strict })));
  it.each(cases)("$section $ref -> $expected (strict: $strict)", ({ ref, expected, strict }) => {
    const T = resolveReference(reference(BASE), reference(ref), { strict });
    expect(T).toBeInstanceOf(Reference);
    expect(T.kind).toBe("URI");
    expect(T.toString()).toBe(expected);
    // T's components are the ones the expected string parses into.
    const again = reference(expected);
    expect([T.scheme, T.authority?.raw, T.path, T.query, T.fragment])
      .toEqual([again.scheme, again.authority?.raw, again.path, again.query, again.fragment]);
  });
});

describe("5.2.2 transform references", () => {
  it("T.fragment = R.fragment, an empty one kept apart from an absent one", () => {
    const T = resolveReference(reference(BASE), reference("g?y#s"));
    expect([T.scheme, T.authority?.raw, T.path, T.query, T.fragment]).toEqual(["http", "a", "/b/c/g", "y", "s"]);
    expect(resolve(BASE, "#")).toBe(BASE + "#");
    expect(resolve(BASE, "g#")).toBe("http://a/b/c/g#");
    expect(resolveReference(reference(BASE), reference("g")).fragment).toBeUndefined();
  });

  it("an empty path keeps the base's path, and its query unless R has one (even an empty one)", () => {
    expect(resolve(BASE, "")).toBe(BASE);
    expect(resolve(BASE, "?")).toBe("http://a/b/c/d;p?");
    expect(resolve("http://a", "")).toBe("http://a");
    expect(resolve("http://a", "#f")).toBe("http://a#f");
    expect(resolve("http://a/b/../c?x", "")).toBe("http://a/b/../c?x"); // T.path = Base.path, as it is
  });

  it("strips the base's fragment (5.1) and never reads it", () => {
    expect(resolve(BASE + "#frag", "g")).toBe("http://a/b/c/g");
    expect(resolve(BASE + "#frag", "")).toBe(BASE);
    expect(resolve(BASE + "#frag", "#s")).toBe(BASE + "#s");
  });

  it("removes dot segments from a reference with a scheme or an authority", () => {
    expect(resolve(BASE, "ftp://x/./y/../z")).toBe("ftp://x/z");
    expect(resolve(BASE, "//g/./h/..")).toBe("http://g/");
    expect(resolve(BASE, "g:a/../../b")).toBe("g:/b");
    expect(resolve(BASE, "g:.")).toBe("g:");
  });

  it("takes the authority from R, with the base's scheme", () => {
    const T = resolveReference(reference(BASE), reference("//u@[::1]:8/x?"));
    expect(T.toString()).toBe("http://u@[::1]:8/x?");
    expect(T.authority).toEqual({ raw: "u@[::1]:8", userinfo: "u", host: { kind: "IPv6address", raw: "[::1]", address: "::1" }, port: "8" });
  });

  it("shares the base's authority value, unchanged", () => {
    const base = reference("http://User@Example.COM:80/a");
    expect(resolveReference(base, reference("b")).authority).toBe(base.authority);
  });
});

describe("5.2.3 merge paths", () => {
  it("a base with an authority and an empty path gives \"/\" and the reference's path", () => {
    expect(merge(reference("http://a"), "g")).toBe("/g");
    expect(merge(reference("http://a?q"), "../g")).toBe("/../g");
    expect(resolve("http://a", "g")).toBe("http://a/g");
    expect(resolve("http://a?q", "./g/..")).toBe("http://a/");
    expect(resolve("http://", "g")).toBe("http:///g"); // an empty authority is defined
  });

  it("otherwise all but the last segment of the base path, or nothing when it holds no \"/\"", () => {
    expect(merge(reference(BASE), "g")).toBe("/b/c/g");
    expect(merge(reference("http://a/"), "g")).toBe("/g");
    expect(merge(reference("foo:x/y"), "g")).toBe("x/g");
    expect(merge(reference("foo:x"), "g")).toBe("g");
    expect(merge(reference("foo:"), "g")).toBe("g");
    expect(resolve("foo:", "g")).toBe("foo:g");
    expect(resolve("foo:x", "./a:b")).toBe("foo:a:b");
    expect(resolve("foo:a/b", "../../g")).toBe("foo:/g");
  });

  it("checks its arguments", () => {
    expect(() => merge(null as never, "g")).toThrow(TypeError);
    expect(() => merge({ path: 3 } as never, "g")).toThrow(/Base.path must be a string/);
    expect(() => merge(reference(BASE), undefined as never)).toThrow(/refPath must be a string/);
  });
});

describe("strict: false, the non-strict parser of 5.2.2", () => {
  it("undefines R.scheme when it is the base's, compared case-insensitively (3.1)", () => {
    expect(resolve(BASE, "http:g", false)).toBe("http://a/b/c/g");
    expect(resolve(BASE, "HTTP:g", false)).toBe("http://a/b/c/g");
    expect(resolve("HTTP://a/b/c/d;p?q", "http:g", false)).toBe("HTTP://a/b/c/g"); // T.scheme = Base.scheme
    expect(resolve(BASE, "HTTP://x/./y", false)).toBe("http://x/y");
    expect(resolve(BASE, "http:?y", false)).toBe("http://a/b/c/d;p?y");
    expect(resolve(BASE, "http:", false)).toBe(BASE);
    expect(resolve(BASE, "http:#s", false)).toBe(BASE + "#s");
    expect(resolve(BASE, "http:/g/../h", false)).toBe("http://a/h");
  });

  it("leaves other schemes, and the strict parser leaves every scheme, alone", () => {
    expect(resolve(BASE, "https:g", false)).toBe("https:g");
    expect(resolve(BASE, "http:", true)).toBe("http:");
    expect(resolve(BASE, "HTTP:g")).toBe("HTTP:g");
  });
});

describe("errors", () => {
  it("a base without a scheme is a ResolveError \"relative-base\" (5.1, 5.2.1)", () => {
    for (const base of ["a/b/c/d", "//a/b", "", "#f", "/x"]) {
      const e = thrown(() => resolveReference(reference(base), reference("g")));
      expect(e).toBeInstanceOf(ResolveError);
      expect(e).toMatchObject({ code: "relative-base", step: "5.2.1 pre-parse the base URI" });
      expect((e as Error).message).toContain(JSON.stringify(base));
      expect((e as Error).message).toMatch(/absolute-URI/);
    }
  });

  it("a target whose path would be read back as an authority is a ResolveError \"ambiguous-path\"", () => {
    for (const [base, ref] of [["f:/a", ".//g"], ["f:/a", "x/..//g"], ["f:/a", "/.//g"], ["f:", "f:/.//g"], ["f:a/b", "..//g"]]) {
      const e = thrown(() => resolve(base, ref));
      expect(e).toBeInstanceOf(ResolveError);
      expect(e).toMatchObject({ code: "ambiguous-path", step: "5.3 component recomposition" });
      expect((e as Error).message).toContain(`"//g"`);
    }
    expect(resolve("f://h/a", ".//g")).toBe("f://h//g");
    expect(resolve("f:a", "..//g")).toBe("f:/g"); // the base path holds no "/": merge gives "..//g", rule A "/g"
  });

  it("arguments of the wrong type are TypeErrors", () => {
    const base = reference(BASE);
    expect(() => resolveReference(BASE as never, reference("g"))).toThrow(/base must be a Reference/);
    expect(() => resolveReference(base, "g" as never)).toThrow(/ref must be a Reference/);
    expect(() => resolveReference(base, { path: "g" } as never)).toThrow(TypeError);
    expect(() => resolveReference(base, reference("g"), { strict: "no" } as never)).toThrow(/options.strict/);
    expect(() => resolveReference(base, reference("g"), 5 as never)).toThrow(TypeError);
    expect(resolveReference(base, reference("g"), null as never).toString()).toBe(resolveReference(base, reference("g")).toString()); // null: no options, as everywhere
  });
});

// ----- 5.2.4 remove_dot_segments: the stacks against a literal reading of steps 1-3, A-E -----

/** 5.2.4 as the RFC words it, two string buffers (src/models/rfc3986/steps.ts, what resolveSteps() shows). */
const literalRemoveDotSegments = (path: string): string => removeDotSegmentsSteps(path).output;

describe("5.2.4 remove_dot_segments", () => {
  it("gives the RFC's two worked examples", () => {
    expect(removeDotSegments("/a/b/c/./../../g")).toBe("/a/g");
    expect(removeDotSegments("mid/content=5/../6")).toBe("mid/6");
  });

  it.each([
    ["", ""], ["/", "/"], [".", ""], ["..", ""], ["./", ""], ["../", ""], ["/.", "/"], ["/..", "/"], ["/./", "/"],
    ["/../", "/"], ["a/..", "/"], ["a/.", "a/"], ["../a", "a"], ["./../a", "a"], [".../", ".../"], ["//..", "/"],
    ["/a//../b", "/a/b"], ["a/./b/../../c", "/c"], ["%2E/%2E%2E", "%2E/%2E%2E"], ["/.a/a./..a/a..", "/.a/a./..a/a.."],
    [".//g", "/g"], ["/.//g", "//g"], ["../..", ""], ["a/../..", "/"], ["/foo//", "/foo//"], ["//", "//"], ["/..//a", "//a"],
  ])("%j -> %j, as the literal steps give it", (path, expected) => {
    expect(removeDotSegments(path)).toBe(expected);
    expect(literalRemoveDotSegments(path)).toBe(expected);
  });

  it("the stacks give exactly the string of the literal steps (property)", () => {
    const segment = fc.constantFrom("", ".", "..", "...", "a", "b", ".a", "a.", "..a", "%2E", "c=5");
    const segments = fc.tuple(fc.boolean(), fc.array(segment, { maxLength: 12 }))
      .map(([rooted, s]) => (rooted ? "/" : "") + s.join("/"));
    const anyString = fc.array(fc.constantFrom("/", ".", "a"), { maxLength: 16 }).map((c) => c.join(""));
    fc.assert(fc.property(fc.oneof(segments, anyString), (path) => {
      expect(removeDotSegments(path)).toBe(literalRemoveDotSegments(path));
    }), { numRuns: 20000 });
  });

  it("leaves no complete dot segment, and removing them again changes nothing (property)", () => {
    const path = fc.array(fc.constantFrom("/", ".", "a"), { maxLength: 16 }).map((c) => c.join(""));
    fc.assert(fc.property(path, (p) => {
      const once = removeDotSegments(p);
      expect(once.split("/").filter((s) => s === "." || s === "..")).toEqual([]);
      expect(removeDotSegments(once)).toBe(once);
    }), { numRuns: 5000 });
  });

  it("completes on a path of a million segments (linear, not quadratic)", () => {
    const n = 500_000;
    expect(removeDotSegments("/a".repeat(n) + "/..".repeat(n) + "/g")).toBe("/g");
    expect(removeDotSegments("./".repeat(n) + "x" + "/.".repeat(n))).toBe("x/");
  });

  it("throws TypeError for a non-string", () => {
    expect(() => removeDotSegments(undefined as never)).toThrow(TypeError);
  });
});

// ----- 5.3 component recomposition, and the Reference type -----

describe("5.3 component recomposition", () => {
  it("writes a delimiter for an empty component and none for an undefined one", () => {
    expect(recompose({ path: "" })).toBe("");
    expect(recompose({ scheme: "s", path: "" })).toBe("s:");
    expect(recompose({ scheme: "s", authority: reference("//").authority, path: "", query: "", fragment: "" })).toBe("s://?#");
    expect(recompose({ path: "p", query: undefined, fragment: "f" })).toBe("p#f");
  });

  it("returns the text a reference was parsed from (property)", () => {
    const piece = fc.constantFrom("a", "B", "%7e", ".", "..", ":", "@", "!", "");
    const text = fc.tuple(
      fc.option(fc.constantFrom("http", "Foo+1"), { nil: undefined }),
      fc.option(fc.constantFrom("", "h", "u:p@H:8", "[::1]", "[v1.x]", "1.2.3.4", "h:"), { nil: undefined }),
      fc.array(fc.array(piece, { maxLength: 3 }).map((p) => p.join("")), { maxLength: 4 }).map((s) => s.join("/")),
      fc.boolean(),
      fc.option(fc.constantFrom("", "q", "a=/?"), { nil: undefined }),
      fc.option(fc.constantFrom("", "f", "/?"), { nil: undefined }),
    ).map(([s, a, p, rooted, q, f]) =>
      (s === undefined ? "" : s + ":") + (a === undefined ? "" : "//" + a) + (a !== undefined || rooted ? "/" : "") + p +
      (q === undefined ? "" : "?" + q) + (f === undefined ? "" : "#" + f))
      .filter((t) => syntax.accepts("reference", t));
    let count = 0;
    fc.assert(fc.property(text, (t) => {
      count++;
      const ref = reference(t);
      expect(ref.toString()).toBe(t);
      expect(recompose(ref)).toBe(t);
    }), { numRuns: 2000 });
    expect(count).toBeGreaterThan(1000);
  });

  it("throws TypeError for what is not a reference", () => {
    expect(() => recompose(null as never)).toThrow(TypeError);
    expect(() => recompose({} as never)).toThrow(/path must be a string/);
    expect(() => recompose({ path: "", authority: {} } as never)).toThrow(/authority.raw/);
  });
});

describe("Reference", () => {
  it("is a URI with a scheme, else a relative-ref, and every instance has the same shape", () => {
    const uri = reference("s://h/p?q#f");
    const rel = reference("p");
    expect(uri.kind).toBe("URI");
    expect(rel.kind).toBe("relative-ref");
    expect(Object.keys(uri)).toEqual(["kind", "scheme", "authority", "path", "query", "fragment"]);
    expect(Object.keys(rel)).toEqual(Object.keys(uri));
    expect(rel.scheme).toBeUndefined();
    expect(new Reference({ path: "", scheme: null, query: null } as never).query).toBeUndefined();
  });

  it("takes the host the parser classified (3.2.2)", () => {
    expect(reference("//[v7.x]").authority?.host).toEqual({ kind: "IPvFuture", raw: "[v7.x]", version: "7", address: "x" });
    expect(reference("//1.2.3.4").authority?.host).toEqual({ kind: "IPv4address", raw: "1.2.3.4", octets: [1, 2, 3, 4] });
    expect(reference("//1.2.3.400").authority?.host).toEqual({ kind: "reg-name", raw: "1.2.3.400" });
    expect(reference("//").authority).toEqual({ raw: "", host: { kind: "reg-name", raw: "" } });
  });

  it("throws TypeError for malformed parts", () => {
    expect(() => new Reference(null as never)).toThrow(TypeError);
    expect(() => new Reference({} as never)).toThrow(/path must be a string/);
    expect(() => new Reference({ path: "", scheme: 1 } as never)).toThrow(/scheme must be a string/);
    expect(() => new Reference({ path: "", authority: "h" } as never)).toThrow(/authority must be an Authority/);
  });
});
