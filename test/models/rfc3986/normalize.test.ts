import fc from "fast-check";
import {
  equivalentReferences, normalizePercentEncoding, normalizeReference, type Ladder, type Syntax,
} from "../../../src/models/rfc3986/normalize.js";
import { Reference } from "../../../src/models/rfc3986/types.js";
import { SCHEMES } from "../../../src/schemes.js";
import { reference, syntax } from "../../support/rfc3986.js";

function normalize(text: string, scheme = true): string {
  return normalizeReference(reference(text), { syntax, scheme }).toString();
}

function equivalent(a: string, b: string, ladder?: Ladder, ignoreFragment?: boolean): boolean {
  return equivalentReferences(reference(a), reference(b), { syntax, ladder, ignoreFragment });
}

const hex = (code: number): string => code.toString(16).toUpperCase().padStart(2, "0");
const ASCII = Array.from({ length: 0x80 }, (_, code) => code);

describe("6.2.2 syntax-based normalization", () => {
  it("the RFC's example pair is equivalent, and normalizes to the first", () => {
    const [a, b] = ["example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"];
    expect(equivalent(a, b, "syntax")).toBe(true);
    expect(equivalent(a, b, "simple")).toBe(false);
    expect(normalize(b, false)).toBe(a);
    expect(normalize(a, false)).toBe(a);
  });

  describe("6.2.2.1 case normalization", () => {
    it.each([
      ["HTTP://www.EXAMPLE.com/", "http://www.example.com/"], // the RFC's example
      ["http://a/%3a", "http://a/%3A"], // "%3a" versus "%3A"
      ["http://User:Pw@Host.Example/Path?Query#Frag", "http://User:Pw@host.example/Path?Query#Frag"],
      ["foo://Reg_Name.Example/", "foo://reg_name.example/"], // a reg-name is a host: case-insensitive
      ["foo://A%3aB%c3%A9/", "foo://a%3Ab%C3%A9/"], // the host in lower case, its hex digits in upper
      ["http://[FE80::A:B]/", "http://[fe80::a:b]/"],
      ["http://[::FFFF:192.0.2.1]/", "http://[::ffff:192.0.2.1]/"],
      ["http://[V7.ABC:D]/", "http://[v7.abc:d]/"],
      ["//HOST/P", "//host/P"],
    ])("%s -> %s", (input, expected) => {
      expect(normalize(input, false)).toBe(expected);
    });

    it("rebuilds the host and the authority as values", () => {
      const n = normalizeReference(reference("s://U@[V7.AB]:1/"), { syntax });
      expect(n.authority).toEqual({ raw: "U@[v7.ab]:1", userinfo: "U", host: { kind: "IPvFuture", raw: "[v7.ab]", version: "7", address: "ab" }, port: "1" });
      const six = normalizeReference(reference("s://[::A]/"), { syntax }).authority?.host;
      expect(six).toEqual({ kind: "IPv6address", raw: "[::a]", address: "::a" });
    });
  });

  describe("6.2.2.2 percent-encoding normalization", () => {
    it.each([
      ["http://a/%7e", "http://a/~"], // the RFC's "%7E" example, in either case
      ["http://a/%7E", "http://a/~"],
      ["http://a/%41%5a%61%7A%30%39", "http://a/AZaz09"], // case kept outside the host
      ["http://a/%2D%2e%5F%7e", "http://a/-._~"],
      ["http://a/%21%24%26%27%28%29%2a%2b%2c%3b%3d", "http://a/%21%24%26%27%28%29%2A%2B%2C%3B%3D"], // sub-delims stay
      ["http://a/%2f%3f%23%5b%5d%40%3a%25%20", "http://a/%2F%3F%23%5B%5D%40%3A%25%20"], // gen-delims, "%", space
      ["http://a/%c3%a9", "http://a/%C3%A9"], // octets beyond ASCII are never unreserved
      ["http://%75%7e@a/?%61#%62", "http://u~@a/?a#b"], // every component
      ["http://ex%41mple.COM/", "http://example.com/"], // a decoded letter in the host is lower-cased too
    ])("%s -> %s", (input, expected) => {
      expect(normalize(input, false)).toBe(expected);
    });

    it("decodes exactly the characters the grammar's unreserved accepts", () => {
      for (const code of ASCII) {
        const ch = String.fromCharCode(code);
        const expected = syntax.accepts("unreserved", ch) ? ch : "%" + hex(code);
        expect(normalizePercentEncoding("%" + hex(code).toLowerCase(), syntax)).toBe(expected);
      }
      // ALPHA / DIGIT / "-" / "." / "_" / "~", as the grammar says
      expect(ASCII.filter((c) => syntax.accepts("unreserved", String.fromCharCode(c))).length).toBe(26 + 26 + 10 + 4);
    });

    it("takes the set from the Syntax it is given, asking each ASCII character once per Syntax", () => {
      const asked: string[] = [];
      const onlyTilde: Syntax = { accepts: (rule, input) => { asked.push(rule); return rule === "unreserved" && input === "~"; } };
      expect(normalizePercentEncoding("%7e%41%2d", onlyTilde)).toBe("~%41%2D");
      expect(asked).toHaveLength(0x80);
      expect(new Set(asked)).toEqual(new Set(["unreserved"]));
      expect(normalizePercentEncoding("%61", onlyTilde)).toBe("%61");
      expect(asked).toHaveLength(0x80); // cached
    });

    it("a reg-name that decodes to an IPv4address becomes one (host = IP-literal / IPv4address / reg-name)", () => {
      const n = normalizeReference(reference("http://%31.2.3.%34/"), { syntax });
      expect(n.toString()).toBe("http://1.2.3.4/");
      expect(n.authority?.host).toEqual({ kind: "IPv4address", raw: "1.2.3.4", octets: [1, 2, 3, 4] });
      expect(normalizeReference(reference("http://%31.2.3.400/"), { syntax }).authority?.host.kind).toBe("reg-name");
    });

    it("leaves a \"%\" that starts no percent-encoding alone", () => {
      expect(normalizePercentEncoding("%zz%4%7e", syntax)).toBe("%zz%4~");
    });
  });

  describe("6.2.2.3 path segment normalization", () => {
    it.each([
      ["http://a/b/c/./../../g", "http://a/g"],
      ["http://a/b/c/.", "http://a/b/c/"],
      ["http://a/b/c/..", "http://a/b/"],
      ["http://a/../../g", "http://a/g"], // extra ".." removed, as 5.2.4 does
      ["http://a/b/%2E%2E/c", "http://a/c"], // decoded first (6.2.2.2), so the dots are dots
      ["http://a/.g/g./..g/g..", "http://a/.g/g./..g/g.."],
      ["http://a/b?x/../y#z/./w", "http://a/b?x/../y#z/./w"], // only the path
      ["foo:a/../../b", "foo:/b"], // a URI's path, rootless or not
      ["foo:.", "foo:"],
      ["//h/a/./b/..", "//h/a/"], // an authority: 5.2.2 removes them unmerged
      ["/a/../b", "/b"], // an absolute path: likewise
      ["../a/./b", "../a/./b"], // a relative path means something only against a base
      ["a/..", "a/.."],
      ["foo:/.//g", "foo:/.//g"], // "//g" without an authority would be read as one: left alone
      ["/.//g", "/.//g"],
      ["http://a/.//g", "http://a//g"],
    ])("%s -> %s", (input, expected) => {
      expect(normalize(input, false)).toBe(expected);
    });
  });
});

describe("6.2.3 scheme-based normalization", () => {
  const four = ["http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/"];

  it("the RFC's four http URIs are equivalent, and the second is the normal form", () => {
    for (const a of four) {
      expect(normalize(a)).toBe("http://example.com/");
      for (const b of four) expect(equivalent(a, b, "scheme")).toBe(true);
    }
    expect(four.filter((b) => equivalent(four[0], b, "syntax"))).toEqual([four[0]]);
  });

  it("does not remove an empty query's delimiter, nor touch the fragment", () => {
    expect(normalize("http://example.com/?")).toBe("http://example.com/?");
    expect(equivalent("http://example.com/?", four[1])).toBe(false);
    expect(equivalent("http://example.com/#", four[1])).toBe(false);
  });

  it.each([
    ["HTTPS://Example.com:443", "https://example.com/"],
    ["http://example.com:080/", "http://example.com/"],
    ["http://example.com:8080", "http://example.com:8080/"],
    ["https://example.com:80/", "https://example.com:80/"],
    ["ftp://u@ftp.example:21/f", "ftp://u@ftp.example/f"],
    ["ftp://ftp.example", "ftp://ftp.example"], // only http and https make an empty path "/"
    ["ws://w.example:80/chat", "ws://w.example/chat"],
    ["foo://f.example:80/", "foo://f.example:80/"], // no default known for foo
    ["foo://f.example:/", "foo://f.example/"], // an empty port is removed for every scheme (3.2.3)
    ["//example.com:/", "//example.com/"],
    ["//example.com:80/", "//example.com:80/"], // no scheme, no default port
    ["http://[::1]:80", "http://[::1]/"],
    ["http://u@:80", "http://u@/"],
  ])("%s -> %s", (input, expected) => {
    expect(normalize(input)).toBe(expected);
  });

  it("reads the project's scheme table for every row", () => {
    for (const info of SCHEMES.values()) {
      const upper = info.scheme.toUpperCase();
      expect(normalize(`${upper}://h:${info.defaultPort}`)).toBe(`${info.scheme}://h${info.emptyPathIsSlash ? "/" : ""}`);
    }
  });

  it("is off with scheme: false", () => {
    expect(normalize("http://example.com:80", false)).toBe("http://example.com:80");
    expect(normalize("http://example.com:", false)).toBe("http://example.com:");
  });
});

describe("equivalentReferences: the comparison ladder", () => {
  const pair = ["example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"] as const;
  it.each<[string, string, Ladder, boolean]>([
    [pair[0], pair[1], "simple", false],
    [pair[0], pair[1], "syntax", true],
    [pair[0], pair[1], "scheme", true],
    ["http://example.com/", "http://example.com:80/", "simple", false],
    ["http://example.com/", "http://example.com:80/", "syntax", false],
    ["http://example.com/", "http://example.com:80/", "scheme", true],
    ["http://example.com/a", "http://example.com/a", "simple", true],
    ["http://example.com/a", "http://example.com/A", "scheme", false],
    ["http://example.com/%2D", "http://example.com/-", "syntax", true],
    ["http://example.com/%2F", "http://example.com//", "scheme", false],
    ["mailto:Joe@Example.COM", "mailto:Joe@example.com", "scheme", false], // a path: case-sensitive here
  ])("%s vs %s at %s: %s", (a, b, ladder, expected) => {
    expect(equivalent(a, b, ladder)).toBe(expected);
    expect(equivalent(b, a, ladder)).toBe(expected);
  });

  it("defaults to the scheme rung", () => {
    expect(equivalentReferences(reference("http://example.com/"), reference("HTTP://EXAMPLE.COM:80"), { syntax })).toBe(true);
  });

  it("compares fragments unless told not to (6.1)", () => {
    expect(equivalent("http://a/b#x", "http://a/b#y")).toBe(false);
    expect(equivalent("http://a/b#x", "http://a/b#y", undefined, true)).toBe(true);
    expect(equivalent("http://a/b#x", "http://a/b", "simple", true)).toBe(true);
    expect(equivalent("http://a/b#", "http://a/b")).toBe(false);
  });
});

describe("errors", () => {
  it("TypeError for what is not a Reference, a missing or malformed Syntax, and bad options", () => {
    const ref = reference("http://a/");
    expect(() => normalizeReference("http://a/" as never, { syntax })).toThrow(/ref must be a Reference/);
    expect(() => normalizeReference(ref, undefined as never)).toThrow(/options must be an object/);
    expect(() => normalizeReference(ref, {} as never)).toThrow(/options.syntax must be a Syntax/);
    expect(() => normalizeReference(ref, { syntax, scheme: "yes" } as never)).toThrow(/options.scheme/);
    expect(() => normalizeReference(ref, { syntax: { accepts: () => "yes" } } as never)).toThrow(/must return a boolean/);
    expect(() => equivalentReferences(ref, "x" as never, { syntax })).toThrow(/b must be a Reference/);
    expect(() => equivalentReferences(ref, ref, { syntax, ladder: "fuzzy" } as never)).toThrow(/options.ladder/);
    expect(() => equivalentReferences(ref, ref, { syntax, ignoreFragment: 1 } as never)).toThrow(/ignoreFragment/);
    expect(() => equivalentReferences(ref, ref, {} as never)).toThrow(/options.syntax/);
    expect(() => normalizePercentEncoding(5 as never, syntax)).toThrow(TypeError);
    expect(() => normalizePercentEncoding("%41", null as never)).toThrow(/syntax must be a Syntax/);
  });
});

// ----- properties -----

const triplet = fc.constantFrom("%7a", "%7A", "%41", "%2d", "%2e", "%2E%2e", "%5f", "%7e", "%2F", "%3a", "%25", "%C3%a9", "%31");
const seg = fc.array(fc.oneof(fc.constantFrom("", ".", "..", "a", "B", "-", "~", ":", "@", ";x=1"), triplet), { maxLength: 3 }).map((p) => p.join(""));
const path = fc.array(seg, { maxLength: 6 }).map((s) => s.join("/"));
const authority = fc.constantFrom("Example.COM", "a", "1.2.3.4", "%31.2.3.4", "[FE80::A]", "[::1.2.3.4]", "[V1.X]", "ex%41mple",
  "Reg_Name", "", "%61", "a:80", "h:", "u%7e@H:0443", "U@:21");
const scheme = fc.constantFrom("http", "HTTPS", "ftp", "ws", "Foo+bar", "mailto", "urn");
const tail = fc.option(fc.array(fc.oneof(fc.constantFrom("a", "/", "?", "..", "="), triplet), { maxLength: 4 }).map((p) => p.join("")), { nil: undefined });
const uriReference = fc.tuple(fc.option(scheme, { nil: undefined }), fc.option(authority, { nil: undefined }), path, fc.boolean(), tail, tail)
  .map(([s, a, p, rooted, q, f]) => {
    let text = s === undefined ? "" : s + ":";
    if (a !== undefined) text += "//" + a;
    text += (a !== undefined || rooted) ? "/" + p : p;
    if (q !== undefined) text += "?" + q;
    if (f !== undefined) text += "#" + f;
    return text;
  })
  .filter((t) => syntax.accepts("reference", t));

describe("properties (fast-check)", () => {
  it("the generator reaches every kind of reference and host", () => {
    const kinds = new Set<string>();
    fc.assert(fc.property(uriReference, (t) => {
      const r = reference(t);
      kinds.add(r.kind + (r.authority ? " " + r.authority.host.kind : r.path.startsWith("/") ? " absolute path" : " other path"));
    }), { numRuns: 3000 });
    expect([...kinds].sort()).toEqual([
      "URI IPv4address", "URI IPv6address", "URI IPvFuture", "URI absolute path", "URI other path", "URI reg-name",
      "relative-ref IPv4address", "relative-ref IPv6address", "relative-ref IPvFuture", "relative-ref absolute path",
      "relative-ref other path", "relative-ref reg-name",
    ]);
  });

  it("normalization is idempotent, its result a URI-reference that parses back to the same value", () => {
    fc.assert(fc.property(uriReference, fc.boolean(), (t, s) => {
      const once = normalizeReference(reference(t), { syntax, scheme: s });
      const text = once.toString();
      expect(syntax.accepts("reference", text)).toBe(true);
      expect(reference(text)).toEqual(once);
      expect(normalizeReference(once, { syntax, scheme: s })).toEqual(once);
    }), { numRuns: 3000 });
  });

  it("normalization keeps the kind of reference and which components are defined", () => {
    fc.assert(fc.property(uriReference, fc.boolean(), (t, s) => {
      const before = reference(t);
      const after = normalizeReference(before, { syntax, scheme: s });
      expect(after).toBeInstanceOf(Reference);
      expect(after.kind).toBe(before.kind);
      expect([after.authority, after.query, after.fragment].map((c) => c === undefined))
        .toEqual([before.authority, before.query, before.fragment].map((c) => c === undefined));
    }), { numRuns: 2000 });
  });

  it("the ladder only climbs, each rung reflexive and symmetric, and a reference is equivalent to its normal form", () => {
    fc.assert(fc.property(uriReference, uriReference, (a, b) => {
      for (const ladder of ["simple", "syntax", "scheme"] as const) {
        expect(equivalent(a, a, ladder)).toBe(true);
        expect(equivalent(a, b, ladder)).toBe(equivalent(b, a, ladder));
      }
      if (equivalent(a, b, "simple")) expect(equivalent(a, b, "syntax")).toBe(true);
      if (equivalent(a, b, "syntax")) expect(equivalent(a, b, "scheme")).toBe(true);
      expect(equivalent(a, normalize(a))).toBe(true);
      expect(equivalent(a, normalize(a, false), "syntax")).toBe(true);
    }), { numRuns: 1000 });
  });
});
