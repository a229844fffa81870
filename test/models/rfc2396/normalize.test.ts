import fc from "fast-check";
import {
  equivalentReferences, normalizeReference, unescapeUnreserved, type Ladder, type NormalizeOptions,
} from "../../../src/models/rfc2396/normalize.js";
import { SCHEMES } from "../../../src/schemes.js";
import { EDITIONS, UriSyntaxError, equivalent as equivalentText, normalize as normalizeText, parse } from "../../../src/index.js";
import { syntaxOf } from "../../../src/models/rfc2396/operations.js";

const EDITION = { edition: "rfc2396" } as const;
/** RFC 2396's compiled grammar, asked rule by rule. */
const syntax = syntaxOf(EDITIONS.rfc2396);

/** A reference parsed by RFC 2396's grammar. */
function reference(text: string) {
  return parse(text, EDITION);
}

function normalize(text: string, options: Partial<NormalizeOptions> = {}): string {
  return normalizeReference(reference(text), { syntax, ...options }).toString();
}

function equivalent(a: string, b: string, ladder?: Ladder, ignoreFragment?: boolean): boolean {
  return equivalentReferences(reference(a), reference(b), { syntax, ladder, ignoreFragment });
}

const hex = (code: number): string => code.toString(16).toUpperCase().padStart(2, "0");

describe("section 6: the scheme and hostname are case insensitive", () => {
  it("the RFC's example: <http://www.XEROX.com> is equivalent to <http://www.xerox.com>", () => {
    expect(equivalent("http://www.XEROX.com", "http://www.xerox.com")).toBe(true);
    expect(equivalent("http://www.XEROX.com", "http://www.xerox.com", "syntax")).toBe(true);
    expect(equivalent("http://www.XEROX.com", "http://www.xerox.com", "simple")).toBe(false);
    expect(normalize("http://www.XEROX.com", { scheme: false })).toBe("http://www.xerox.com");
  });

  it("the scheme (3.1: 'allow \"HTTP\" as well as \"http\"'), in every kind of reference", () => {
    expect(normalize("HTTP://a/")).toBe("http://a/");
    expect(normalize("Mailto:X@Y")).toBe("mailto:X@Y");
  });

  it("the hostname, with its labels; nothing else changes case", () => {
    const ref = normalizeReference(reference("HTTP://User:PW@WWW.Example.COM./Path;P?Q#F"), { syntax });
    expect(ref.toString()).toBe("http://User:PW@www.example.com./Path;P?Q#F");
    expect(ref.authority).toEqual({
      kind: "server", raw: "User:PW@www.example.com.", userinfo: "User:PW",
      host: { kind: "hostname", raw: "www.example.com.", labels: ["www", "example", "com"] },
    });
    // A reg_name's structure is the scheme's (3.2.1): its case is kept.
    expect(normalize("foo://Reg_Name/")).toBe("foo://Reg_Name/");
  });
});

describe("section 6: an explicit default port is equivalent to an elided one", () => {
  it("removes the scheme's default port, read in decimal (3.2.2)", () => {
    expect(normalize("http://a:80/")).toBe("http://a/");
    expect(normalize("http://a:0080/")).toBe("http://a/");
    expect(normalize("ftp://a:21/x")).toBe("ftp://a/x");
    expect(normalize("http://a:8080/")).toBe("http://a:8080/");
    expect(normalize("http://a:443/")).toBe("http://a:443/");
    expect(equivalent("http://a:80/b", "http://a/b")).toBe(true);
    expect(equivalent("http://a:80/b", "http://a/b", "syntax")).toBe(false);
  });

  it("only for the schemes whose default port is known (src/schemes.ts)", () => {
    for (const [name, info] of SCHEMES) {
      expect(normalize(`${name}://h:${info.defaultPort}/`)).toBe(`${name}://h/`);
    }
    expect(normalize("foo://a:80/")).toBe("foo://a:80/");
  });

  it("an empty port supplies no number, so the default is assumed (3.2.2), for any scheme", () => {
    expect(normalize("http://a:/")).toBe("http://a/");
    expect(normalize("foo://a:/")).toBe("foo://a/");
    expect(normalize("foo://a:/", { scheme: false })).toBe("foo://a:/");
  });

  it("the scheme's own rules (section 6: 'scheme dependent'): an empty http path is '/'", () => {
    expect(normalize("http://a")).toBe("http://a/");
    expect(normalize("http://a?q")).toBe("http://a/?q");
    expect(normalize("ftp://a")).toBe("ftp://a");
    expect(normalize("http://a", { scheme: false })).toBe("http://a");
  });
});

describe("section 2.3: escaped unreserved characters", () => {
  it("'%7e' is equivalent to '~' (2.4.2's example), in every component", () => {
    expect(normalize("http://a/%7euser/%7Ex")).toBe("http://a/~user/~x");
    expect(equivalent("http://a/%7euser", "http://a/~user", "syntax")).toBe(true);
    expect(normalize("http://u%2Dser@a/p?%41=%5f#%2e")).toBe("http://u-ser@a/p?A=_#.");
    expect(normalize("mailto:%7Ea@b")).toBe("mailto:~a@b");
  });

  it("replaces exactly the characters the grammar's unreserved matches", () => {
    for (let code = 0; code < 0x80; code++) {
      const ch = String.fromCharCode(code);
      const escaped = "%" + hex(code);
      expect(unescapeUnreserved(escaped, syntax)).toBe(syntax.accepts("unreserved", ch) ? ch : escaped);
      expect(unescapeUnreserved(escaped.toLowerCase(), syntax)).toBe(syntax.accepts("unreserved", ch) ? ch : escaped.toLowerCase());
    }
  });

  it("leaves every other escape as written, hex digits included (RFC 2396 does not say they may change case)", () => {
    expect(normalize("http://a/%2f%2F%3a%20%25")).toBe("http://a/%2f%2F%3a%20%25");
    expect(equivalent("http://a/%3a", "http://a/%3A")).toBe(false);
  });

  it("a reg_name whose escapes are replaced is read again: it may now be a server", () => {
    const ref = normalizeReference(reference("http://ex%61mple.COM:80/"), { syntax });
    expect(ref.toString()).toBe("http://example.com/");
    expect(ref.authority).toEqual({ kind: "server", raw: "example.com", host: { kind: "hostname", raw: "example.com", labels: ["example", "com"] } });
    const ip = normalizeReference(reference("http://u%2e@1.2.3.%39:8/"), { syntax });
    expect(ip.authority).toEqual({ kind: "server", raw: "u.@1.2.3.9:8", userinfo: "u.", host: { kind: "IPv4address", raw: "1.2.3.9", groups: ["1", "2", "3", "9"] }, port: "8" });
    // Still no server: it stays a reg_name, its case kept.
    expect(normalizeReference(reference("foo://A%7E_b/"), { syntax }).authority).toEqual({ kind: "reg_name", raw: "A~_b" });
  });
});

describe("what RFC 2396 does not say is not done", () => {
  it("keeps dot segments (Appendix C.2 keeps /./g and /../g)", () => {
    expect(normalize("http://a/./b/../c/.")).toBe("http://a/./b/../c/.");
    expect(equivalent("http://a/b/../c", "http://a/c")).toBe(false);
  });

  it("keeps the case of userinfo, path, params, query and fragment", () => {
    expect(normalize("http://U@a/P;Q?R#S")).toBe("http://U@a/P;Q?R#S");
  });

  it("compares relative references as they are", () => {
    expect(normalize("../A/%7e")).toBe("../A/~");
    expect(equivalent("g", "./g")).toBe(false);
  });
});

describe("equivalence", () => {
  it("fragments count unless ignored (section 4: the fragment is not part of the URI)", () => {
    expect(equivalent("http://a/#x", "http://a/#y")).toBe(false);
    expect(equivalent("http://a/#x", "http://a/#y", "scheme", true)).toBe(true);
    expect(equivalent("http://a/#x", "http://a/", "simple", true)).toBe(true);
  });

  it("the rungs are nested: equivalent on one rung, equivalent on every later one (property)", () => {
    const text = fc.tuple(
      fc.constantFrom("http", "HTTP", "ftp", "foo"),
      fc.constantFrom("a", "A", "a:80", "A:", "a:21", "%41", "u@a", "1.2.3.4"),
      fc.constantFrom("", "/", "/%7e", "/~", "/b/../c", "/%2f"),
      fc.option(fc.constantFrom("q", "%7E"), { nil: undefined }),
    ).map(([s, a, p, q]) => `${s}://${a}${p}${q === undefined ? "" : "?" + q}`);
    fc.assert(fc.property(text, text, (a, b) => {
      if (equivalent(a, b, "simple")) expect(equivalent(a, b, "syntax")).toBe(true);
      if (equivalent(a, b, "syntax")) expect(equivalent(a, b, "scheme")).toBe(true);
    }), { numRuns: 1000 });
  });
});

describe("normalization", () => {
  it("is idempotent and keeps the reference in the grammar (property)", () => {
    const text = fc.tuple(
      fc.option(fc.constantFrom("http", "HTTP", "Ftp", "foo", "MAILTO"), { nil: undefined }),
      fc.option(fc.constantFrom("", "A", "u%41@WWW.A.b.:080", "%7e%41", "1.2.3.999:", "a@b@c", "Reg_Name:21"), { nil: undefined }),
      fc.array(fc.constantFrom("a", "%7E", "%7e", ".", "..", "%2F", ";P", "B"), { maxLength: 4 }).map((s) => s.join("/")),
      fc.boolean(),
      fc.option(fc.constantFrom("", "%5f", "Q"), { nil: undefined }),
      fc.option(fc.constantFrom("", "%2D", "F"), { nil: undefined }),
    ).map(([scheme, authority, path, slash, query, fragment]) =>
      (scheme === undefined ? "" : scheme + ":") + (authority === undefined ? "" : "//" + authority) +
      (slash ? "/" : "") + path + (query === undefined ? "" : "?" + query) + (fragment === undefined ? "" : "#" + fragment));
    let accepted = 0;
    fc.assert(fc.property(text, fc.boolean(), (t, scheme) => {
      if (!syntax.accepts("reference", t)) return;
      accepted++;
      const once = normalizeReference(reference(t), { syntax, scheme });
      const text1 = once.toString();
      expect(syntax.accepts("reference", text1)).toBe(true);
      // The components are those the text parses into.
      expect(JSON.stringify(reference(text1))).toBe(JSON.stringify(once));
      expect(normalizeReference(once, { syntax, scheme }).toString()).toBe(text1);
    }), { numRuns: 2000 });
    expect(accepted).toBeGreaterThan(500);
  });

  it("checks its arguments", () => {
    expect(() => normalizeReference("http://a/" as never, { syntax })).toThrow(TypeError);
    expect(() => normalizeReference(reference("http://a/"), {} as never)).toThrow(/Syntax/);
    expect(() => normalizeReference(reference("http://a/"), { syntax, scheme: 1 } as never)).toThrow(/options.scheme/);
    expect(() => normalizeReference(reference("http://a/"), { syntax: { accepts: () => "yes" } } as never)).toThrow(/boolean/);
    expect(() => equivalentReferences(reference("a"), reference("b"), { syntax, ladder: "exact" } as never)).toThrow(/ladder/);
    expect(() => equivalentReferences(reference("a"), "b" as never, { syntax })).toThrow(TypeError);
    expect(() => unescapeUnreserved(5 as never, syntax)).toThrow(TypeError);
  });
});

describe("through the public API (strings, each parsed once)", () => {
  it("normalize and equivalent", () => {
    expect(normalizeText("HTTP://www.XEROX.com:80", EDITION)).toBe("http://www.xerox.com/");
    expect(normalizeText("HTTP://www.XEROX.com:80", { ...EDITION, scheme: false })).toBe("http://www.xerox.com:80");
    expect(equivalentText("http://www.XEROX.com", "http://www.xerox.com", EDITION)).toBe(true);
    expect(equivalentText("http://a/%7Euser", "http://a/~user", { ...EDITION, ladder: "simple" })).toBe(false);
    expect(equivalentText("http://a/#x", "http://a/#y", { ...EDITION, ignoreFragment: true })).toBe(true);
    expect(equivalentText(reference("http://A:80/"), "http://a/", EDITION)).toBe(true);
  });

  it("a string outside the grammar is a UriSyntaxError; other arguments are TypeErrors", () => {
    expect(() => normalizeText("http://[::1]/", EDITION)).toThrow(UriSyntaxError);
    expect(() => normalizeText(5 as never, EDITION)).toThrow(TypeError);
    expect(() => normalizeText("http://a/", { ...EDITION, scheme: "no" } as never)).toThrow(TypeError);
    expect(() => equivalentText("a", "b", { ...EDITION, ladder: "exact" } as never)).toThrow(TypeError);
  });
});
