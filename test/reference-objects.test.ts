// Objects are checked as strings are: a reference object changed after parse() (a part set to text
// the grammar does not allow there, text that reads as another part, a value of the wrong type)
// given to every function that takes one. Each call either answers exactly as it answers the
// object's text (recompose()), or throws a TypeError that names the function; what it returns is
// valid in the edition.
import fc from "fast-check";
import * as api from "../src/index.js";
import { EDITIONS, type EditionId } from "../src/index.js";

const IDS = Object.keys(EDITIONS) as EditionId[];
const HIERARCHICAL = IDS.filter((id) => EDITIONS[id].model !== "url-1993");

function outcome(f: () => unknown): { value: unknown } | { error: unknown } {
  try {
    return { value: f() };
  } catch (error) {
    return { error };
  }
}

/** A documented answer to an input: a typed error of the library. */
function typed(error: unknown): boolean {
  return error instanceof api.UriSyntaxError || error instanceof api.ResolveError || error instanceof api.NotDefinedError;
}

describe("the examples of the issue", () => {
  test("a path with CR LF and a space: normalize() refuses it, never returns it", () => {
    const p = api.parse("http://a/x");
    (p as { path: string }).path = "/a b\r\nX: y";
    expect(() => api.normalize(p)).toThrow(TypeError);
    expect(() => api.normalize(p)).toThrow(/^normalize: uri is not a reference of draft-fielding-uri-rfc2396bis-01: its parts recompose to "http:\/\/a\/a b␍␊X: y"/);
  });

  test("a part of the wrong type: a TypeError naming the function and the part, not a crash", () => {
    const p = api.parse("http://a/x");
    (p as unknown as { path: unknown }).path = 5;
    expect(() => api.normalize(p)).toThrow(TypeError);
    expect(() => api.normalize(p)).toThrow(/^normalize: uri\.path must be a string \(the path is never undefined, section 5\.2\), got a number$/);
    const q = api.parse("http://a/x");
    (q as unknown as { authority: unknown }).authority = null;
    expect(() => api.normalize(q)).toThrow(/^normalize: uri\.authority must be an Authority/);
    expect(() => api.equivalent("http://a/", q)).toThrow(/^equivalent: b\.authority must be an Authority/);
    expect(() => api.resolve(q, "g")).toThrow(/^resolve: base\.authority must be an Authority/);
  });

  test("a path that reads as an authority: equivalent() is not fooled", () => {
    const p = api.parse("http:x");
    (p as { path: string }).path = "//evil/x";
    expect(() => api.equivalent(p, "http://evil/x")).toThrow(/^equivalent: a\.authority is absent, but its parts recompose to "http:\/\/evil\/x", which the grammar reads with authority "evil"/);
    expect(() => api.resolve("http://a/", p)).toThrow(TypeError);
    expect(() => api.normalize(p)).toThrow(TypeError);
  });

  test("recompose() refuses host labels that are not labels, and a host kind the edition lacks", () => {
    const labels = { scheme: "http", authority: { kind: "server", host: { kind: "hostname", labels: ["evil/#"] } }, path: "/x" };
    expect(() => api.recompose(labels as never)).toThrow(/^recompose: ref\.authority is "evil\/#", but its parts recompose to "http:\/\/evil\/#\/x"/);
    const future = { scheme: "http", authority: { kind: "server", raw: "[v7.x]" }, path: "/x" };
    expect(() => api.recompose(future as never)).toThrow(/^recompose: ref is not a reference of draft-fielding-uri-rfc2396bis-01/);
    const ipv6 = { scheme: "http", authority: { kind: "server", raw: "[::1]", host: { kind: "IPv6reference", raw: "[::1]", address: "::1" } }, path: "/" };
    expect(() => api.recompose(ipv6 as never, { edition: "rfc2396" })).toThrow(/^recompose: ref is not a reference of RFC 2396/);
    // What the edition has is recomposed as before.
    expect(api.recompose({ ...ipv6, authority: { kind: "server", host: { kind: "IPv6reference", address: "::1" } } } as never)).toBe("http://[::1]/");
  });

  test("a query that holds \"#\" reads back as a query and a fragment: refused in every edition that has a query", () => {
    for (const edition of HIERARCHICAL) {
      const p = api.parse("http://a/x?q", { edition });
      (p as { query: string }).query = "a#b";
      expect(() => api.normalize(p as never, { edition } as never)).toThrow(/^normalize: uri\.query is "a#b"/);
    }
  });
});

describe("property: a mutated reference object gets the answers of its text, or a TypeError naming the function", () => {
  const SEEDS: Record<string, readonly string[]> = {
    "url-1993": ["http://h:80/a/b?s", "ftp://u:p@h/x/y#f", "news:comp.infosystems", "gopher://h:70/1sel", "telnet://u@h"],
    hierarchical: ["http://u:p@a.example:8080/b/c?q=1#f", "HTTP://A/%7Ea/./../b", "mailto:a@b", "//h/p", "../g?y", "#s", "urn:x:y", "http://[::1]/"],
  };
  const hostile = fc.constantFrom(
    "", "x", "/", "//", "//evil/x", "a/b", "?", "#", "a#b", "q?x", "@", ":", "[::1]", "evil/#", "a b", "\r\n", "X: y", "%", "%zz", "%0D%0A",
    "\u202e", "\u0000", "h", "80", "-1", "a.b", ".", "..", "/..", "http:", "\u00e9",
  );
  const wrong = fc.constantFrom<unknown>(null, 5, true, {}, [], NaN, undefined);
  const value = fc.oneof({ weight: 4, arbitrary: hostile }, { weight: 1, arbitrary: wrong },
    { weight: 1, arbitrary: fc.array(hostile, { minLength: 1, maxLength: 3 }) });

  /** One change to the parsed object, by a path of property names (into the authority and host too). */
  function mutate(target: Record<string, unknown>, path: readonly string[], v: unknown): void {
    let at = target;
    for (const key of path.slice(0, -1)) {
      const next = at[key];
      if (next === null || typeof next !== "object") return;
      at = next as Record<string, unknown>;
    }
    try {
      at[path[path.length - 1]] = v;
    } catch {
      // A frozen part (the 1993 draft's Url) stays as it is.
    }
  }
  const PATHS = [
    ["scheme"], ["path"], ["query"], ["fragment"], ["authority"], ["authority", "raw"], ["authority", "host"], ["authority", "port"],
    ["authority", "userinfo"], ["authority", "host", "raw"], ["authority", "host", "labels"], ["authority", "host", "kind"],
    ["user"], ["password"], ["host"], ["port"], ["search"], ["fragmentid"], ["production"],
  ];

  /** A deep copy of a parsed reference with its own prototype kept, so each run mutates its own. */
  function copy<T>(ref: T): T {
    const clone = (v: unknown): unknown => {
      if (v === null || typeof v !== "object") return v;
      if (Array.isArray(v)) return v.map(clone);
      const out = Object.create(Object.getPrototypeOf(v));
      for (const [k, x] of Object.entries(v)) out[k] = clone(x);
      return out;
    };
    return clone(ref) as T;
  }

  test.each(IDS)("%s", (edition) => {
    const model = EDITIONS[edition].model;
    const seeds = SEEDS[model === "url-1993" ? "url-1993" : "hierarchical"].filter((s) => api.validate(s, { edition }).valid);
    const parsed = seeds.map((s) => api.parse(s, { edition }));
    const options = { edition } as never;
    fc.assert(fc.property(fc.nat(parsed.length - 1), fc.array(fc.tuple(fc.constantFrom(...PATHS), value), { minLength: 1, maxLength: 3 }),
      fc.constantFrom(...seeds), (i, changes, other) => {
        const ref = copy(parsed[i]) as unknown as Record<string, unknown>;
        for (const [path, v] of changes) mutate(ref, path, v);
        const asText = outcome(() => api.recompose(ref as never, options));
        const text = "value" in asText ? asText.value as string : undefined;
        if (text !== undefined) {
          // Valid in the edition (or, in RFC 2396's model, the query-only reference its Appendix C.1 resolves).
          expect(api.validate(text, { edition }).valid || (model === "rfc2396" && text.startsWith("?"))).toBe(true);
        } else {
          const error = (asText as { error: unknown }).error;
          expect(error).toBeInstanceOf(TypeError);
          expect((error as Error).message).toMatch(/^recompose: /);
        }
        const calls: [string, (x: unknown) => unknown][] = [
          ["resolve", (x) => api.resolve(other, x as never, options)],
          ["resolve", (x) => api.resolve(x as never, "../g?y#s", options)],
          ["resolveReference", (x) => JSON.stringify(api.resolveReference(other, x as never, options))],
          ["resolveSteps", (x) => api.resolveSteps(other, x as never, options).target],
          ["normalize", (x) => api.normalize(x as never, options)],
          ["equivalent", (x) => api.equivalent(x as never, other, options)],
          ["equivalent", (x) => api.equivalent(other, x as never, options)],
        ];
        for (const [name, call] of calls) {
          const mine = outcome(() => call(ref));
          if ("error" in mine && mine.error instanceof TypeError) {
            // Refused: only where the object is no reference of the edition, and said by the function.
            expect(text).toBeUndefined();
            expect((mine.error as Error).message.startsWith(`${name}: `)).toBe(true);
            continue;
          }
          if ("error" in mine && !typed(mine.error)) throw mine.error;
          // Accepted: exactly the answer the text gets (but for RFC 2396's query-only reference, which as text is none).
          expect(text).toBeDefined();
          if (model === "rfc2396" && text!.startsWith("?")) continue;
          const theirs = outcome(() => call(text));
          if ("error" in mine) {
            expect("error" in theirs && (theirs.error as Error).name).toBe((mine.error as Error).name);
          } else {
            expect(theirs).toEqual(mine);
            if (typeof mine.value === "string" && name !== "resolveReference") expect(api.validate(mine.value, { edition }).valid).toBe(true);
          }
        }
      }), { numRuns: 300 });
  });
});
