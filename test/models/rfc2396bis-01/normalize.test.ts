import fc from "fast-check";
import { equivalent, normalize, type Ladder } from "../../../src/index.js";
import { SCHEMES, schemeInfo } from "../../../src/schemes.js";
import { ResolveError, UriSyntaxError } from "../../../src/errors.js";
import { parse, validate } from "../../../src/index.js";

describe("6.2.2 syntax-based normalization", () => {
  it.each([
    // 6.2.2.1 case: scheme and host only
    ["HTTP://www.EXAMPLE.com/Path?Query#Frag", "http://www.example.com/Path?Query#Frag"],
    ["http://User:Pw@Host.Example/", "http://User:Pw@host.example/"],
    ["http://[FE80::A:B]/", "http://[fe80::a:b]/"],
    ["http://[::FFFF:192.0.2.1]/", "http://[::ffff:192.0.2.1]/"],
    ["foo://Reg_Name.Example/", "foo://Reg_Name.Example/"], // a reg-name is not a hostname
    // 6.2.2.2 escapes: hex upper case; only ALPHA DIGIT _ ~ unescaped
    ["http://a/%7a%5A%30%5f%7E", "http://a/zZ0_~"],
    ["http://a/%2d%2e%21%2a%27%28%29", "http://a/%2D%2E%21%2A%27%28%29"], // the other marks stay escaped
    ["http://a/%2f%3f%23%25%20", "http://a/%2F%3F%23%25%20"],
    ["http://%41b@h/?%61#%62", "http://Ab@h/?a#b"],
    ["http://ex%41mple.COM/", "http://example.com/"], // unescaping makes a hostname, then lower case
    // 6.2.2.3 path segments, the draft's way
    ["http://a/b/c/./../../g", "http://a/g"],
    ["http://a/b/c/.", "http://a/b/c/"],
    ["http://a/b/c/..", "http://a/b/"],
    ["http://a/b/c/g;x=1/../y", "http://a/b/c/y"],
    ["http://a/../g", "http://a/../g"], // step 7: retained by default
    ["http://a//../g", "http://a//../g"], // the right half "/../g" is an absolute-path reference
    ["http://a/.g/g./..g/g..", "http://a/.g/g./..g/g.."],
    ["http://a/b?x/../y#z/./w", "http://a/b?x/../y#z/./w"], // query and fragment untouched
    ["foo:/a/./b/../c", "foo:/a/c"],
    ["foo:/.//g", "foo:/.//g"], // "//g" without authority would become an authority: left alone
    // opaque parts: case and escapes only
    ["MAILTO:Joe@Example.COM?subject=%7ehi%2e", "mailto:Joe@Example.COM?subject=~hi%2E"],
    ["urn:a/./b/../c", "urn:a/./b/../c"],
    // relative references: case and escapes only
    ["../A/./%7a", "../A/./z"],
    ["//HOST/%3a/./x", "//host/%3A/./x"],
    ["", ""],
    ["#%7e", "#~"],
  ])("%s -> %s", (input, expected) => {
    expect(normalize(input, { scheme: false })).toBe(expected);
  });

  it("the draft's example pair normalizes to one form", () => {
    expect(normalize("example://a/b/c/%7A")).toBe("example://a/b/c/z");
    expect(normalize("eXAMPLE://a/./b/../b/c/%7a")).toBe("example://a/b/c/z");
  });

  it("dotSegments decides what step 7 does in an absolute path", () => {
    expect(normalize("http://a/../../g/./h", { dotSegments: "remove" })).toBe("http://a/g/h");
    expect(normalize("http://a/../../g/./h")).toBe("http://a/../../g/h");
    expect(() => normalize("http://a/../g", { dotSegments: "error" })).toThrow(ResolveError);
    expect(normalize("http://a/b/../g", { dotSegments: "error" })).toBe("http://a/g");
  });
});

describe("6.2.3 scheme-based normalization", () => {
  it.each([
    ["http://example.com:80/", "http://example.com/"],
    ["http://example.com:/", "http://example.com/"],
    ["http://example.com", "http://example.com/"],
    ["HTTPS://Example.com:443", "https://example.com/"],
    ["http://example.com:080/", "http://example.com/"],
    ["http://example.com:8080", "http://example.com:8080/"],
    ["https://example.com:80/", "https://example.com:80/"],
    ["ftp://u@ftp.example:21/f", "ftp://u@ftp.example/f"],
    ["ftp://ftp.example", "ftp://ftp.example"], // only http and https make an empty path "/"
    ["gopher://g.example:70/1", "gopher://g.example/1"],
    ["telnet://t.example:23", "telnet://t.example"],
    ["ws://w.example:80/chat", "ws://w.example/chat"],
    ["wss://w.example:443/chat", "wss://w.example/chat"],
    ["foo://f.example:80/", "foo://f.example:80/"],
    ["http://a_b:80", "http://a_b:80/"], // a reg-name has no port to remove
    ["//example.com:80/", "//example.com:80/"], // no scheme, no scheme rules
  ])("%s -> %s", (input, expected) => {
    expect(normalize(input)).toBe(expected);
  });

  it("is off with scheme: false", () => {
    expect(normalize("http://example.com:80", { scheme: false })).toBe("http://example.com:80");
  });

  it("has one table, with a source for each row", () => {
    expect([...SCHEMES.keys()].sort()).toEqual(["ftp", "gopher", "http", "https", "telnet", "ws", "wss"]);
    for (const info of SCHEMES.values()) expect(info.source).toMatch(/^RFC \d+/);
    expect(schemeInfo("HTTP")?.defaultPort).toBe("80");
    expect(schemeInfo("nope")).toBeUndefined();
  });
});

describe("equivalent: the comparison ladder", () => {
  const pair = ["example://a/b/c/%7A", "eXAMPLE://a/./b/../b/c/%7a"] as const;
  it.each<[string, string, Ladder, boolean]>([
    [pair[0], pair[1], "simple", false],
    [pair[0], pair[1], "syntax", true],
    [pair[0], pair[1], "scheme", true],
    ["http://example.com/", "http://example.com:80/", "simple", false],
    ["http://example.com/", "http://example.com:80/", "syntax", false],
    ["http://example.com/", "http://example.com:80/", "scheme", true],
    ["http://example.com/a", "http://example.com/a", "simple", true],
    ["http://example.com/a", "http://example.com/A", "scheme", false],
    ["http://example.com/%2D", "http://example.com/-", "scheme", false],
  ])("%s vs %s at %s: %s", (a, b, ladder, expected) => {
    expect(equivalent(a, b, { ladder })).toBe(expected);
    expect(equivalent(b, a, { ladder })).toBe(expected);
  });

  it("defaults to the 'scheme' rung", () => {
    expect(equivalent("http://example.com/", "HTTP://EXAMPLE.COM:80")).toBe(true);
  });

  it("compares fragments unless told not to", () => {
    expect(equivalent("http://a/b#x", "http://a/b#y")).toBe(false);
    expect(equivalent("http://a/b#x", "http://a/b#y", { ignoreFragment: true })).toBe(true);
    expect(equivalent("http://a/b#x", "http://a/b", { ignoreFragment: true, ladder: "simple" })).toBe(true);
    expect(equivalent("http://a/b#", "http://a/b")).toBe(false);
  });

  it("throws for input that is not a URI reference, and for bad arguments", () => {
    expect(() => equivalent("http://a b", "http://a")).toThrow(UriSyntaxError);
    expect(() => equivalent("http://a", 3 as unknown as string)).toThrow(TypeError);
    expect(() => equivalent("a", "a", { ladder: "fuzzy" as Ladder })).toThrow(/options.ladder/);
    expect(() => equivalent("a", "a", { ignoreFragment: 1 as unknown as boolean })).toThrow(/ignoreFragment/);
  });
});

describe("normalize: errors", () => {
  it("throws UriSyntaxError, with the offset, for invalid input", () => {
    let caught: unknown;
    try { normalize("http://a/%zz"); } catch (e) { caught = e; }
    expect(caught).toBeInstanceOf(UriSyntaxError);
    expect((caught as UriSyntaxError).offset).toBe(10);
  });
  it("throws TypeError for non-strings and bad options", () => {
    expect(() => normalize(undefined as unknown as string)).toThrow(TypeError);
    expect(() => normalize("a", { scheme: "yes" as unknown as boolean })).toThrow(/options.scheme/);
    expect(() => normalize("a", { dotSegments: "drop" as never })).toThrow(/options.dotSegments/);
  });
});

// ----- properties -----

const hexCase = fc.constantFrom("%7a", "%7A", "%41", "%2d", "%2e", "%5f", "%7e", "%2F", "%3a", "%25", "%C3%a9");
const seg = fc.array(fc.oneof(fc.constantFrom("", ".", "..", "a", "B", "-", "_", "~", ":", "@", ";x=1"), hexCase), { maxLength: 3 }).map((p) => p.join(""));
const path = fc.array(seg, { maxLength: 6 }).map((s) => s.join("/"));
const host = fc.constantFrom("Example.COM", "a", "1.2.3.4", "[FE80::A]", "[::1.2.3.4]", "ex%41mple", "Reg_Name", "", "%61", "a:80", "h:", "u%7e@H:0443");
const scheme = fc.constantFrom("http", "HTTPS", "ftp", "ws", "Foo+bar", "mailto", "urn");
const query = fc.option(fc.array(fc.oneof(fc.constantFrom("a", "/", "?", "..", "="), hexCase), { maxLength: 4 }).map((p) => p.join("")), { nil: undefined });
const uriReference = fc.tuple(fc.option(scheme, { nil: undefined }), fc.option(host, { nil: undefined }), path, fc.boolean(), query, query)
  .map(([s, h, p, rooted, q, f]) => {
    let text = s === undefined ? "" : s + ":";
    if (h !== undefined) text += "//" + h;
    text += (h !== undefined || rooted) ? "/" + p : p;
    if (q !== undefined) text += "?" + q;
    if (f !== undefined) text += "#" + f;
    return text;
  })
  .filter((t) => validate(t).valid);

describe("properties (fast-check)", () => {
  it("the generator reaches every kind of reference", () => {
    const kinds = new Set<string>();
    fc.assert(fc.property(uriReference, (t) => {
      const r = parse(t);
      kinds.add(r.opaque ? "opaque" : r.scheme ? (r.authority ? "net" : "abs") : r.authority ? "rel-net" : "rel");
    }), { numRuns: 2000 });
    expect([...kinds].sort()).toEqual(["abs", "net", "opaque", "rel", "rel-net"]);
  });

  it("normalize is idempotent and its output is a valid URI reference", () => {
    fc.assert(fc.property(uriReference, fc.boolean(), fc.constantFrom("retain", "remove") as fc.Arbitrary<"retain" | "remove">, (t, s, d) => {
      const once = normalize(t, { scheme: s, dotSegments: d });
      expect(validate(once).valid).toBe(true);
      expect(normalize(once, { scheme: s, dotSegments: d })).toBe(once);
    }), { numRuns: 3000 });
  });

  it("normalize keeps the kind of reference and every component it does not own", () => {
    fc.assert(fc.property(uriReference, (t) => {
      const before = parse(t), after = parse(normalize(t, { scheme: false }));
      expect(after.kind).toBe(before.kind);
      expect(after.opaque).toBe(before.opaque);
      expect(after.authority === undefined).toBe(before.authority === undefined);
      expect(after.query === undefined).toBe(before.query === undefined);
      expect(after.fragment === undefined).toBe(before.fragment === undefined);
      if (before.scheme === undefined) expect(after.path.split("/").length).toBe(before.path.split("/").length);
    }), { numRuns: 2000 });
  });

  it("equivalent is reflexive and symmetric, and the ladder only climbs", () => {
    fc.assert(fc.property(uriReference, uriReference, (a, b) => {
      for (const ladder of ["simple", "syntax", "scheme"] as const) {
        expect(equivalent(a, a, { ladder })).toBe(true);
        expect(equivalent(a, b, { ladder })).toBe(equivalent(b, a, { ladder }));
      }
      if (equivalent(a, b, { ladder: "simple" })) expect(equivalent(a, b, { ladder: "syntax" })).toBe(true);
      if (equivalent(a, b, { ladder: "syntax" })) expect(equivalent(a, b, { ladder: "scheme" })).toBe(true);
    }), { numRuns: 1000 });
  });

  it("equivalent(a, b) whenever normalize(a) === normalize(b), and a is equivalent to its normal form", () => {
    fc.assert(fc.property(uriReference, uriReference, (a, b) => {
      if (normalize(a) === normalize(b)) expect(equivalent(a, b)).toBe(true);
      expect(equivalent(a, normalize(a))).toBe(true);
    }), { numRuns: 1000 });
  });
});
