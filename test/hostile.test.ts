// Hostile input to the library's functions, each case one that once gave a wrong answer or an
// internal error: recomposing parts of the wrong type, resolving with the non-validating parser,
// the operations an edition does not define.
import fc from "fast-check";
import * as api from "../src/index.js";
import { EDITIONS, type EditionId } from "../src/index.js";
import { modelDefinitions, type OptionValues } from "../src/models/index.js";

const IDS = Object.keys(EDITIONS) as EditionId[];

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error("expected an exception");
}

describe("recompose(): a part of the wrong type is a TypeError that names the part", () => {
  const HIERARCHICAL = IDS.filter((id) => id !== "url-1993");
  // Each case: the parts changed on a parsed "http://a/x?q#f", and the part the error must name.
  const BAD: [string, Record<string, unknown>, RegExp][] = [
    ["scheme null", { scheme: null }, /\.scheme must be a string or undefined \(absent\), got null/],
    ["query null", { query: null }, /\.query must be a string or undefined \(absent\), got null/],
    ["fragment null", { fragment: null }, /\.fragment must be a string or undefined \(absent\), got null/],
    ["fragment a number", { fragment: 7 }, /\.fragment must be a string or undefined \(absent\), got a number/],
    ["authority null", { authority: null }, /\.authority must be an Authority .* got null/],
    ["authority a string", { authority: "a" }, /\.authority must be an Authority .* got a string/],
    ["path null", { path: null }, /\.path must be a string .* got null/],
  ];
  const cases = HIERARCHICAL.flatMap((edition) => BAD.map(([what, change, message]) => [edition, what, change, message] as const));
  test.each(cases)("%s: %s", (edition, _what, change, message) => {
    const parts = { ...api.parse("http://a/x?q#f", { edition }), ...change };
    const error = thrown(() => api.recompose(parts as never, { edition }));
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(/^recompose: /);
    expect((error as Error).message).toMatch(message);
  });

  test("the draft: { scheme: null, path: \"/x\", query: null, fragment: null } is not \"null:/x?null#null\"", () => {
    expect(() => api.recompose({ scheme: null, path: "/x", query: null, fragment: null } as never))
      .toThrow(new TypeError("recompose: ref.scheme must be a string or undefined (absent), got null"));
  });

  test("the draft: a host of no kind the draft has is not written as \"//undefined\"", () => {
    const authority = { kind: "server", host: { kind: "IPvFuture", version: "7", address: "x" } };
    expect(() => api.recompose({ scheme: "http", authority, path: "/x" } as never))
      .toThrow(new TypeError('recompose: ref.authority.host.kind must be "IPv6reference", "IPv4address" or "hostname" (section 3.2.2), got "IPvFuture"'));
    expect(() => api.recompose({ scheme: "http", authority: { kind: "server", host: { kind: "IPv4address", octets: [1, 2, 3] } }, path: "" } as never))
      .toThrow(/ref\.authority\.host\.octets must be four integers 0-255/);
    expect(() => api.recompose({ scheme: "http", authority: { kind: "reg-name" }, path: "" } as never))
      .toThrow(/a reg-name authority needs its raw text/);
  });

  test("the draft: parts without raw text are composed from their parts", () => {
    const authority = { kind: "server", userinfo: "u", host: { kind: "IPv6reference", address: "::1" }, port: "8" };
    expect(api.recompose({ scheme: "http", authority, path: "/x" } as never)).toBe("http://u@[::1]:8/x");
    const named = { kind: "server", host: { kind: "hostname", labels: ["a", "example"] } };
    expect(api.recompose({ authority: named, path: "" } as never)).toBe("//a.example");
  });

  test("url-1993: a Url with a part of the wrong type", () => {
    const url = api.parse("ftp://joe:pw@host/x", { edition: "url-1993" });
    const bad = new api.Url1993.Url({ ...url, password: 42 as never });
    expect(() => api.recompose(bad, { edition: "url-1993" }))
      .toThrow(new TypeError("recompose: url.password must be a string or undefined (absent), got a number"));
    const attributes = new api.Url1993.Url({ production: "prosperolink", scheme: "prospero", host: "h", path: "p", attributes: [1] as never });
    expect(() => api.recompose(attributes, { edition: "url-1993" })).toThrow(/url\.attributes must be an array of strings/);
  });
});

describe("every result of resolve() and normalize() is valid in the edition's grammar, for every option", () => {
  // Pieces that sit differently in an opaque part, a hierarchical path, a query and an authority.
  const piece = fc.constantFrom(
    "a", "G", "0", "-", ".", "..", "/", "//", "?", "#", ":", "@", "[", "]", "[::1]", ";", "=", "&", "+", "$", ",", "!", "~", "*",
    "'", "(", ")", "_", "%", "%2", "%41", "%2e", "%2E", "%2F", "%5B", "%25", "%00", "%0D", "%7e", "80", "0x7f", "h", "a.b",
    "http:", "HTTP:", "urn:", "mailto:", "%e2%82%ac", "\u00e9", " ",
  );
  const text = fc.array(piece, { maxLength: 10 }).map((a) => a.join(""));
  const BASES = ["http://a/b/c/d;p?q", "http://a", "urn://a/b", "foo:/x/y", "foo:", "HTTP://U@A:80/b/", "mailto:a@b", "x:?q"];
  /** The options each model's functions take, with their values, as the model's folder defines them. */
  const optionsOf = (values: OptionValues): fc.Arbitrary<object> =>
    fc.record(Object.fromEntries(Object.entries(values).map(([name, vs]) => [name, fc.constantFrom(...vs)])), { requiredKeys: [] });
  const OPTIONS: Record<string, fc.Arbitrary<object>> =
    Object.fromEntries(modelDefinitions().map((m) => [m.id, optionsOf(m.options.resolve)]));
  const NORMALIZE_OPTIONS: Record<string, fc.Arbitrary<object>> =
    Object.fromEntries(modelDefinitions().map((m) => [m.id, optionsOf(m.options.normalize)]));

  /** Calls f; a documented typed error is an answer, anything else fails the test. */
  function answer<T>(f: () => T): T | undefined {
    try {
      return f();
    } catch (e) {
      if (e instanceof api.UriSyntaxError || e instanceof api.ResolveError) return undefined;
      throw e;
    }
  }

  test.each(IDS)("%s: resolve", (edition) => {
    fc.assert(fc.property(fc.constantFrom(...BASES), text, OPTIONS[EDITIONS[edition].model], (base, ref, opts) => {
      const out = answer(() => api.resolve(base, ref, { ...opts, edition } as never));
      if (out === undefined) return;
      const check = api.validate(out, { edition });
      if (!check.valid) throw new Error(`resolve(${JSON.stringify(base)}, ${JSON.stringify(ref)}, ${JSON.stringify(opts)}) gave ${JSON.stringify(out)}: ${check.error.message}`);
    }), { numRuns: 1500 });
  });

  test.each(IDS.filter((id) => id !== "url-1993"))("%s: normalize", (edition) => {
    fc.assert(fc.property(text, NORMALIZE_OPTIONS[EDITIONS[edition].model], (uri, opts) => {
      const out = answer(() => api.normalize(uri, { ...opts, edition } as never));
      if (out === undefined) return;
      const check = api.validate(out, { edition });
      if (!check.valid) throw new Error(`normalize(${JSON.stringify(uri)}) gave ${JSON.stringify(out)}: ${check.error.message}`);
    }), { numRuns: 1500 });
  });
});

describe("audit() in every edition: each finding cites the edition's own document", () => {
  test("RFC 2396: what its section 7 names (ports, escaped delimiters, passwords), its 2.4.2 and 3.2 (no TypeError)", () => {
    const findings = api.audit("http://user:secret@h:25/a%0D%0A/%252e%252e/", { edition: "rfc2396" });
    expect(findings.map((f) => [f.code, f.severity, f.section, f.text])).toEqual([
      ["password", "warning", "7", "secret"],
      ["port-other-protocol", "danger", "7", "25"],
      ["escaped-control", "warning", "7", "%0D%0A"],
      ["double-escape", "warning", "2.4.2", "%252e%252e"],
    ]);
    // Nothing of semantic attacks or rare IP address formats: RFC 2396 has neither (its revision's 7.3 and 7.5).
    expect(api.audit("http://www.example.com@10.0.0.1/", { edition: "rfc2396" })).toEqual([]);
    expect(api.audit("http://0x7f.1/", { edition: "rfc2396" }).map((f) => [f.code, f.section]))
      .toEqual([["reg-name-authority", "3.2.2"], ["parser-differential", "3.2.2"]]);
    expect(api.audit("http://127.0.0.1:8080/", { edition: "rfc2396", fetch: true }).map((f) => [f.code, f.section, f.detail]))
      .toEqual([["local-address", "7", "127.0.0.1"], ["port-not-default", "7", "8080"]]);
    expect(() => api.audit("http://[::1]/", { edition: "rfc2396" })).toThrow(api.UriSyntaxError);
  });

  test("the 1993 URL draft: a password, as its section \"Security considerations\" says (\"clearly unwise\")", () => {
    const [finding, ...rest] = api.audit("ftp://joe:secret@host/x#f", { edition: "url-1993" });
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ code: "password", severity: "warning", section: "Security considerations", start: 10, end: 16, text: "secret" });
    expect(api.audit("telnet://joe:pw@host", { edition: "url-1993" })).toMatchObject([{ code: "password", text: "pw", start: 13 }]);
    expect(api.audit("http://host/x", { edition: "url-1993" })).toEqual([]);
    expect(api.audit("ftp://joe:secret@host/x", { edition: "url-1993", minSeverity: "danger" })).toEqual([]);
  });
});

describe("an operation the edition's document does not define is a NotDefinedError that says so", () => {
  test.each([
    ["normalize", () => api.normalize("http://host/x", { edition: "url-1993" }), /defines no normalization/],
    ["equivalent", () => api.equivalent("http://host/x", "http://host/x", { edition: "url-1993" }), /defines no equivalence of URLs \(section UNIQUENESS/],
  ] as const)("url-1993: %s", (operation, call, message) => {
    const error = thrown(call);
    expect(error).toBeInstanceOf(api.NotDefinedError);
    expect(error).not.toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ name: "NotDefinedError", operation, edition: "url-1993" });
    expect((error as Error).message).toMatch(new RegExp(`^${operation}: the 1993 URL draft`));
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toMatch(/use an edition that does \(edition "rfc3986"\)$/);
  });
});

describe("normalize() keeps a relative reference relative (the drafts of 1997-98 allow \":\" in a relative path's first segment)", () => {
  test.each(["uri-syntax-01", "uri-syntax-02"] as const)("%s: an escape that would make a scheme stays escaped; normalize is a fixed point", (edition) => {
    for (const [input, normal] of [["%41tp:", "%41tp:"], ["ne%41ws:a;p=1/.../a", "ne%41ws:a;p=1/.../a"], ["a/%41:b", "a/A:b"], ["%41/b:c", "A/b:c"]]) {
      expect(api.normalize(input, { edition })).toBe(normal);
      expect(api.normalize(normal, { edition })).toBe(normal);
      expect(api.parse(normal, { edition }).scheme).toBeUndefined();
    }
    expect(api.equivalent("%41tp:", "Atp:", { edition })).toBe(false);
    expect(api.equivalent("%41tp:", "%41tp:", { edition })).toBe(true);
  });
});

describe("audit(): escaped escapes of controls and delimiters, in every edition, each with its own document's section", () => {
  // The section of "double-escape" each document gives: the draft's and RFC 2396's 2.4.2, RFC
  // 3986's 2.4, the drafts of 1997-98 their section 7 (escaped delimiters), the 1993 draft's
  // ENCODING PROHIBITED CHARACTERS ("leaving already encoded characters still encoded").
  const SECTION: Record<string, string> = {
    "url-1993": "ENCODING PROHIBITED CHARACTERS", "uri-syntax-01": "7", "uri-syntax-02": "7", "rfc2396": "2.4.2",
    "rfc2396bis-01": "2.4.2", "rfc3986": "2.4",
    // RFC 3987 section 8: "The security considerations discussed in [RFC3986] also apply to IRIs."
    "rfc3987": "8",
  };
  test.each(IDS)("%s", (edition) => {
    const found = (input: string) => api.audit(input, { edition }).filter((f) => f.code === "double-escape")
      .map((f) => [f.text, f.severity, f.section, f.detail]);
    const s = SECTION[edition];
    expect(found("http://h/a%250D%250Ab")).toEqual([["%250D", "warning", s, "\r"], ["%250A", "warning", s, "\n"]]);
    expect(found("http://h/a%2500")).toEqual([["%2500", "warning", s, "\u0000"]]);
    expect(found("http://h/a%251B")).toEqual([["%251B", "info", s, "\u001b"]]);
    expect(found("http://h/a%2523b")).toEqual([["%2523", "info", s, "#"]]);
    expect(found("http://h/a%25252523b")).toEqual([["%25252523", "info", s, "#"]]);
    expect(found("http://h/a%2541")).toEqual([]);
  });
});

describe("audit(): findings of one kind past AUDIT_MAX_FINDINGS_PER_CODE are one coalesced finding, in every edition", () => {
  test.each(IDS)("%s", (edition) => {
    const cap = api.AUDIT_MAX_FINDINGS_PER_CODE;
    expect(cap).toBe(100);
    const n = cap + 57;
    const input = "http://h/x" + "%2500".repeat(n);
    const findings = api.audit(input, { edition }).filter((f) => f.code === "double-escape");
    expect(findings).toHaveLength(cap + 1);
    expect(findings.slice(0, cap).every((f) => f.count === undefined && f.text === "%2500")).toBe(true);
    const start = 10 + 5 * cap;
    expect(findings[cap]).toEqual({
      code: "double-escape", severity: "warning", section: findings[0].section, start, end: input.length, text: input.slice(start), count: 57,
      message: `57 more findings of double-escape, from offset ${start} to ${input.length}, coalesced into this one: audit() reports at most ${cap} findings of a kind one by one`,
    });
    // With minSeverity, only the findings kept are counted.
    expect(api.audit(input, { edition, minSeverity: "danger" })).toEqual([]);
  });
});

describe("options are the caller's own: what someone put on Object.prototype is no option", () => {
  const polluted = { edition: "rfc3986", rule: "IPv6address", scheme: false, strict: false, minSeverity: "danger", ladder: "simple", dotSegments: "error" };
  afterEach(() => {
    for (const key of Object.keys(polluted)) delete (Object.prototype as Record<string, unknown>)[key];
  });
  test("parse, validate, normalize, equivalent, resolve and audit read only their own options", () => {
    const before = {
      parse: api.parse("http://a/b", {}).constructor.name,
      validate: api.validate("http://a/b", {}).valid,
      normalize: api.normalize("HTTP://a:80/%7e", {}),
      equivalent: api.equivalent("http://a/", "HTTP://A:80/", {}),
      audit: api.audit("http://u:p@a/", {}).length,
    };
    Object.assign(Object.prototype, polluted);
    expect({
      parse: api.parse("http://a/b", {}).constructor.name,
      validate: api.validate("http://a/b", {}).valid,
      normalize: api.normalize("HTTP://a:80/%7e", {}),
      equivalent: api.equivalent("http://a/", "HTTP://A:80/", {}),
      audit: api.audit("http://u:p@a/", {}).length,
    }).toEqual(before);
    expect(before).toEqual({ parse: "UriReferenceClass", validate: true, normalize: "http://a/~", equivalent: true, audit: 2 });
  });
});
