import fc from "fast-check";
import { recompose } from "../../../src/models/rfc2396/recompose.js";
import { Reference, segmentsOf, type Segment } from "../../../src/models/rfc2396/types.js";
import { EDITIONS, audit, parse, recompose as recomposeApi } from "../../../src/index.js";
import { syntaxOf } from "../../../src/models/rfc2396/operations.js";

const EDITION = { edition: "rfc2396" } as const;
/** RFC 2396's compiled grammar, asked rule by rule. */
const syntax = syntaxOf(EDITIONS.rfc2396);

/** A reference parsed by RFC 2396's grammar. */
function reference(text: string) {
  return parse(text, EDITION);
}

describe("kinds: the rule the reference matched (section 4), narrowing the type", () => {
  it("absoluteURI has a scheme string; opaque narrows it further", () => {
    const hier = reference("http://a/b;p?q#f");
    expect(hier).toBeInstanceOf(Reference);
    expect([hier.kind, hier.opaque]).toEqual(["absoluteURI", false]);
    if (hier.kind === "absoluteURI" && !hier.opaque) {
      const scheme: string = hier.scheme; // a string, not string | undefined
      const segments: readonly Segment[] = hier.segments; // always present on a hierarchical path
      expect([scheme, segments.length]).toEqual(["http", 1]);
    }
    const opaque = reference("mailto:a@b?subject=x#f");
    expect([opaque.kind, opaque.opaque, opaque.path, opaque.query, opaque.segments, opaque.fragment])
      .toEqual(["absoluteURI", true, "a@b?subject=x", undefined, undefined, "f"]);
    if (opaque.kind === "absoluteURI" && opaque.opaque) {
      const none: undefined = opaque.segments;
      expect(none).toBeUndefined();
    }
  });

  it("relativeURI has no scheme and is never opaque; so are the empty and fragment-only references", () => {
    for (const text of ["g", "/g", "//g", "g?y", "", "#s"]) {
      const ref = reference(text);
      expect([text, ref.kind, ref.scheme, ref.opaque]).toEqual([text, "relativeURI", undefined, false]);
      if (ref.kind === "relativeURI") {
        const none: undefined = ref.scheme;
        expect(none).toBeUndefined();
        expect(Array.isArray(ref.segments)).toBe(true);
      }
    }
  });

  it("keeps an empty component apart from an undefined one (5.2)", () => {
    expect(reference("http://a?").query).toBe("");
    expect(reference("http://a").query).toBeUndefined();
    expect(reference("g#").fragment).toBe("");
    expect(reference("g").fragment).toBeUndefined();
    expect(reference("http://a").path).toBe("");
  });
});

describe("authority = server | reg_name (3.2), host = hostname | IPv4address (3.2.2)", () => {
  it("types a server's userinfo, host and port", () => {
    expect(reference("ftp://u;x:pw@Ftp.Is.Co.Za.:021/").authority).toEqual({
      kind: "server", raw: "u;x:pw@Ftp.Is.Co.Za.:021", userinfo: "u;x:pw",
      host: { kind: "hostname", raw: "Ftp.Is.Co.Za.", labels: ["Ftp", "Is", "Co", "Za"] }, port: "021",
    });
    expect(reference("http://a:/").authority).toEqual({ kind: "server", raw: "a:", host: { kind: "hostname", raw: "a", labels: ["a"] }, port: "" });
  });

  it("an IPv4address has four digit groups as written, with no range", () => {
    for (const [text, groups] of [["1.2.3.999", ["1", "2", "3", "999"]], ["001.02.3.4", ["001", "02", "3", "4"]],
      ["99999999999999999999.0.0.0", ["99999999999999999999", "0", "0", "0"]]] as const) {
      expect(syntax.accepts("ipv4", text)).toBe(true);
      expect(reference(`http://${text}/`).authority).toMatchObject({ kind: "server", host: { kind: "IPv4address", raw: text, groups } });
    }
  });

  it("a toplabel starts with an alpha, a domainlabel may start with a digit", () => {
    expect(reference("http://1a.b2/").authority).toMatchObject({ kind: "server", host: { kind: "hostname", labels: ["1a", "b2"] } });
    // Neither a hostname nor an IPv4address: the authority is a reg_name.
    expect(reference("http://a.1/").authority).toEqual({ kind: "reg_name", raw: "a.1" });
    expect(reference("http://a.1b/").authority).toEqual({ kind: "reg_name", raw: "a.1b" });
    expect(reference("http://1.2.3.4./").authority).toEqual({ kind: "reg_name", raw: "1.2.3.4." });
  });

  it("an authority that is no server is a reg_name", () => {
    expect(reference("//a@b@c/").authority).toEqual({ kind: "reg_name", raw: "a@b@c" });
    expect(reference("//h:1:2/").authority).toEqual({ kind: "reg_name", raw: "h:1:2" });
    expect(reference("http://u@/").authority).toEqual({ kind: "reg_name", raw: "u@" });
    expect(reference("foo://Reg_Name/").authority).toEqual({ kind: "reg_name", raw: "Reg_Name" });
    expect(reference("http://%7Eu/").authority).toEqual({ kind: "reg_name", raw: "%7Eu" });
  });

  it("an empty server has no host (server = [ ... ])", () => {
    expect(reference("file:///etc").authority).toEqual({ kind: "server", raw: "" });
    expect(reference("file:///etc").path).toBe("/etc");
  });
});

describe("the path: segments and their params (3.3)", () => {
  it("splits an abs_path after its leading slash, and each segment at ';'", () => {
    expect(reference("http://a/b;p;q=1/c/;x/").segments).toEqual([
      { name: "b", params: ["p", "q=1"] }, { name: "c", params: [] }, { name: "", params: ["x"] }, { name: "", params: [] },
    ]);
    expect(reference("http://a/").segments).toEqual([{ name: "", params: [] }]);
    expect(reference("http://a").segments).toEqual([]);
    expect(reference("a;;/b;").segments).toEqual([{ name: "a", params: ["", ""] }, { name: "b", params: [""] }]);
  });

  it("reads a rel_path's rel_segment as a segment too", () => {
    expect(reference(";x").segments).toEqual([{ name: "", params: ["x"] }]);
    expect(reference("g;x=1/../y").segments).toEqual([{ name: "g", params: ["x=1"] }, { name: "..", params: [] }, { name: "y", params: [] }]);
  });

  it("gives an opaque_part no segments", () => {
    expect(reference("news:comp.infosystems.www.servers.unix").segments).toBeUndefined();
  });

  it("joined back, the segments are the path (property)", () => {
    const piece = fc.constantFrom("a", "%7e", ":", "@", "=", "", ".", "..");
    const segment = fc.tuple(fc.array(piece, { maxLength: 3 }), fc.array(fc.array(piece, { maxLength: 2 }), { maxLength: 3 }))
      .map(([name, params]) => [name.join(""), ...params.map((p) => p.join(""))].join(";"));
    fc.assert(fc.property(fc.boolean(), fc.array(segment, { minLength: 1, maxLength: 5 }), (absolute, segments) => {
      const path = (absolute ? "/" : "") + segments.join("/");
      const joined = segmentsOf(path).map((s) => [s.name, ...s.params].join(";")).join("/");
      // A path that begins with "/" is an abs_path, whose leading "/" is no separator.
      expect((path.startsWith("/") ? "/" : "") + joined).toBe(path);
    }));
  });

  it("are frozen", () => {
    const ref = reference("/a;p");
    expect(Object.isFrozen(ref.segments)).toBe(true);
    expect(Object.isFrozen(ref.segments![0].params)).toBe(true);
  });
});

describe("toString(): step 7's recombination", () => {
  it("gives back the text of every reference the grammar accepts (property)", () => {
    const text = fc.tuple(
      fc.option(fc.constantFrom("http", "Foo+1.-"), { nil: undefined }),
      fc.option(fc.constantFrom("", "h", "u;p:w@H.example.:8", "1.2.3.999", "h:", "a@b@c", "r$n,"), { nil: undefined }),
      fc.array(fc.constantFrom("a", "B", "%7e", ".", "..", ":", "@", ";p", ""), { maxLength: 4 }).map((s) => s.join("/")),
      fc.boolean(),
      fc.option(fc.constantFrom("", "q", "a=/?"), { nil: undefined }),
      fc.option(fc.constantFrom("", "f", "/?"), { nil: undefined }),
    ).map(([scheme, authority, path, slash, query, fragment]) =>
      (scheme === undefined ? "" : scheme + ":") + (authority === undefined ? "" : "//" + authority) +
      (slash ? "/" : "") + path + (query === undefined ? "" : "?" + query) + (fragment === undefined ? "" : "#" + fragment));
    let accepted = 0;
    fc.assert(fc.property(text, (t) => {
      if (!syntax.accepts("reference", t)) return;
      accepted++;
      const ref = reference(t);
      expect(ref.toString()).toBe(t);
      expect(recompose(ref)).toBe(t);
    }), { numRuns: 2000 });
    expect(accepted).toBeGreaterThan(500);
  });
});

describe("new Reference(parts)", () => {
  it("checks the kinds of its parts", () => {
    expect(() => new Reference(null as never)).toThrow(TypeError);
    expect(() => new Reference({} as never)).toThrow(/path/);
    expect(() => new Reference({ path: "", query: 1 } as never)).toThrow(/query/);
    expect(() => new Reference({ path: "", authority: { kind: "reg-name", raw: "a" } } as never)).toThrow(/authority/);
    expect(() => new Reference({ path: "x", opaque: "yes" } as never)).toThrow(/opaque/);
  });

  it("an opaque_part belongs to an absoluteURI without authority or query (section 3)", () => {
    expect(() => new Reference({ path: "a", opaque: true })).toThrow(/opaque/);
    expect(() => new Reference({ scheme: "x", path: "a", opaque: true, query: "q" })).toThrow(/opaque/);
    expect(() => new Reference({ scheme: "x", path: "a", opaque: true, authority: { kind: "reg_name", raw: "r" } })).toThrow(/opaque/);
    expect(new Reference({ scheme: "x", path: "a?q", opaque: true }).toString()).toBe("x:a?q");
  });

  it("reads null as undefined", () => {
    const ref = new Reference({ scheme: null, path: "g", query: null, fragment: null } as never);
    expect([ref.kind, ref.scheme, ref.query, ref.fragment]).toEqual(["relativeURI", undefined, undefined, undefined]);
  });
});

describe("the public API", () => {
  it("parses with the edition's reference rules, each giving its kind", () => {
    expect(parse("http://a/", { ...EDITION, rule: "absoluteURI" }).kind).toBe("absoluteURI");
    expect(parse("../g;p", { ...EDITION, rule: "relativeURI" }).segments).toEqual([{ name: "..", params: [] }, { name: "g", params: ["p"] }]);
    expect(recomposeApi(reference("g;x?y#s"), EDITION)).toBe("g;x?y#s");
  });

  it("audit makes the checks RFC 2396's own sections name, and cites them", () => {
    expect(audit("http://a/", EDITION)).toEqual([]);
    expect(audit("http://u:pw@a:25/", EDITION).map((f) => [f.code, f.section])).toEqual([["password", "7"], ["port-other-protocol", "7"]]);
  });
});
