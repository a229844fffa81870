// Nothing breaks: every exported function on arbitrary, grammar-shaped and mutated strings throws
// only the library's typed errors, and its results keep the API's promises; non-string arguments
// give a TypeError that says what was expected.
import fc from "fast-check";
import * as api from "../src/index.js";
import { ResolveError, UriSyntaxError } from "../src/errors.js";

const { parse, validate, matches, explain, recompose: format, audit, extract, RULES } = api;

// ----- generators -----

/** Characters that matter: every ASCII control, the delimiters, surrogate halves, non-BMP. */
const SPECIAL = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), "\u007f", " ", "%", "#", "?", "/", ":", "@", "[", "]",
  "<", ">", '"', "{", "}", "|", "\\", "^", "`", ".", "-", "\ud800", "\udfff", "\u00e9", "\u2028", "\ufeff", "\u{1f600}",
];

const alpha = fc.constantFrom(..."abcxyzABZ");
const hex = fc.constantFrom(..."0123456789abcdefABCDEF");
const escape = fc.tuple(hex, hex).map(([a, b]) => `%${a}${b}`);
const unreserved = fc.constantFrom(..."az09-_.!~*'()");
const pchar = fc.oneof(unreserved, escape, fc.constantFrom(..."azAZ09;:@&=+$,"));
const segment = fc.array(pchar, { maxLength: 6 }).map((a) => a.join(""));
const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,4}[a-z0-9])?$/);
const host = fc.oneof(
  fc.array(label, { minLength: 1, maxLength: 4 }).map((l) => l.join(".")),
  fc.tuple(fc.nat(300), fc.nat(300), fc.nat(300), fc.nat(300)).map((o) => o.join(".")),
  fc.constantFrom("[::1]", "[fe80::1:2]", "[1:2:3:4:5:6:7:8]", "[::ffff:1.2.3.4]", "[::]", "0x7f.1", "2130706433"),
  fc.array(fc.oneof(unreserved, escape, fc.constantFrom(";", ":", "@", "&", "=")), { minLength: 1, maxLength: 6 }).map((a) => a.join("")),
);
const authority = fc.tuple(
  fc.option(fc.array(fc.oneof(unreserved, escape, fc.constantFrom(":", "&", "=")), { maxLength: 8 }).map((a) => a.join("") + "@")),
  host,
  fc.option(fc.oneof(fc.nat(70000).map(String), fc.constant(""), fc.constant("0025")).map((p) => ":" + p)),
).map(([u, h, p]) => (u ?? "") + h + (p ?? ""));
const path = fc.array(segment, { maxLength: 5 }).map((s) => s.join("/"));
const query = fc.array(fc.oneof(pchar, fc.constantFrom("/", "?")), { maxLength: 8 }).map((a) => a.join(""));
const scheme = fc.tuple(alpha, fc.stringMatching(/^[a-z0-9+.-]{0,5}$/)).map(([a, b]) => a + b);

/** Strings built from the pieces of the grammar: mostly URI references, sometimes almost. */
const grammarShaped = fc.tuple(
  fc.option(scheme.map((s) => s + ":")),
  fc.option(authority.map((a) => "//" + a)),
  fc.oneof(path.map((p) => "/" + p), path, fc.constant("")),
  fc.option(query.map((q) => "?" + q)),
  fc.option(query.map((f) => "#" + f)),
).map((parts) => parts.map((p) => p ?? "").join(""));

/** A grammar-shaped string with characters inserted, deleted or replaced. */
const mutated = fc.tuple(grammarShaped, fc.array(fc.tuple(fc.nat(), fc.nat(2), fc.oneof(fc.constantFrom(...SPECIAL), fc.string({ unit: "binary", maxLength: 2 }))), { minLength: 1, maxLength: 4 }))
  .map(([s, edits]) => {
    let out = s;
    for (const [at, kind, ch] of edits) {
      const i = out.length ? at % (out.length + 1) : 0;
      if (kind === 0) out = out.slice(0, i) + ch + out.slice(i);
      else if (kind === 1) out = out.slice(0, i) + out.slice(i + 1);
      else out = out.slice(0, i) + ch + out.slice(i + 1);
    }
    return out;
  });

const anyString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "binary-ascii", maxLength: 40 }),
  fc.array(fc.constantFrom(...SPECIAL, "a", "1", "h"), { maxLength: 30 }).map((a) => a.join("")),
);

const inputs = fc.oneof({ weight: 2, arbitrary: anyString }, { weight: 3, arbitrary: grammarShaped }, { weight: 3, arbitrary: mutated });

// ----- the contract -----

/** Runs f; a thrown value must be one of the library's typed errors, with sane fields. */
function guarded<T>(input: string, f: () => T, allowResolveError = false): T | undefined {
  try {
    return f();
  } catch (e) {
    if (e instanceof UriSyntaxError) {
      expect(e.offset).toBeGreaterThanOrEqual(0);
      expect(e.offset).toBeLessThanOrEqual(e.input.length);
      expect(typeof e.message).toBe("string");
      expect(e.format()).toContain("^");
      expect(RULES.some((r) => r.name === e.rule)).toBe(true);
      return undefined;
    }
    if (allowResolveError && e instanceof ResolveError) {
      expect(typeof e.code).toBe("string");
      return undefined;
    }
    throw new Error(`unexpected ${(e as Error)?.name}: ${(e as Error)?.message} on ${JSON.stringify(input)}`);
  }
}

const MATCH_RULES = ["URI-reference", "absolute-URI", "relative-URI", "IPv6address", "IPv4address", "hostname", "reg-name",
  "server", "authority", "query", "path-segments", "escaped", "port", "scheme"] as const;

const BASE = "http://a/b/c/d;p?q";

describe("only typed errors, and results as promised", () => {
  test("parse: toString() returns the input; else a UriSyntaxError within the input", () => {
    fc.assert(fc.property(inputs, (s) => {
      const ref = guarded(s, () => parse(s));
      if (ref) {
        expect(ref.toString()).toBe(s);
        expect(format(ref)).toBe(s);
        expect(ref.kind).toBe(ref.scheme === undefined ? "relative-URI" : "absolute-URI");
      }
      for (const rule of ["absolute-URI", "relative-URI", "absolute-URI-reference"] as const) guarded(s, () => parse(s, { rule }));
    }), { numRuns: 400 });
  });

  test("validate agrees with parse, and matches with validate, for many rules", () => {
    fc.assert(fc.property(inputs, fc.constantFrom(...MATCH_RULES), (s, rule) => {
      const parsed = guarded(s, () => parse(s)) !== undefined;
      expect(validate(s).valid).toBe(parsed);
      const result = validate(s, { rule });
      expect(matches(rule, s)).toBe(result.valid);
      if (!result.valid) {
        expect(result.error).toBeInstanceOf(UriSyntaxError);
        expect(result.error.offset).toBeLessThanOrEqual(s.length);
        expect(result.error.startRule).toBe(rule);
      }
    }), { numRuns: 400 });
  });

  test("explain: a tree whose root spans the input and whose children nest", () => {
    fc.assert(fc.property(inputs, (s) => {
      const tree = guarded(s, () => explain(s));
      if (!tree) return;
      expect([tree.start, tree.end, tree.text]).toEqual([0, s.length, s]);
      const visit = (node: api.ParseTree) => {
        let last = node.start;
        for (const child of node.children) {
          expect(child.start).toBeGreaterThanOrEqual(last);
          expect(child.end).toBeLessThanOrEqual(node.end);
          expect(child.text).toBe(s.slice(child.start, child.end));
          last = child.end;
          visit(child);
        }
      };
      visit(tree);
    }), { numRuns: 150 });
  });

  test("resolve and resolveReference: typed errors only; a result is an absolute URI reference", () => {
    fc.assert(fc.property(inputs, inputs, (s, t) => {
      for (const [base, ref] of [[BASE, s], [s, "g/../h?i#j"], [s, t]]) {
        const target = guarded(base + " | " + ref, () => api.resolve(base, ref), true);
        if (target !== undefined) expect(parse(target).kind).toBe("absolute-URI");
        for (const dotSegments of ["retain", "remove", "error"] as const) {
          guarded(base + " | " + ref, () => api.resolveReference(base, ref, { dotSegments, strict: false }), true);
        }
      }
    }), { numRuns: 200 });
  });

  test("resolveSteps: in every edition, resolve()'s target or the same error, and every step labelled and worded", () => {
    const editions = Object.keys(api.EDITIONS) as api.EditionId[];
    const outcome = (f: () => string) => {
      try {
        return f();
      } catch (e) {
        if (!(e instanceof ResolveError)) throw e;
        return [e.code, e.step, e.message];
      }
    };
    const walk = (steps: readonly api.ResolutionStep[]): void => {
      for (const step of steps) {
        expect([step.section, step.label, step.did].every((text) => typeof text === "string" && text !== "")).toBe(true);
        expect(Object.values(step.state).every((v) => v === undefined || typeof v === "string")).toBe(true);
        walk(step.steps ?? []);
      }
    };
    fc.assert(fc.property(inputs, inputs, fc.constantFrom(...editions), fc.boolean(), (s, t, edition, strict) => {
      for (const [base, ref] of [[BASE, s], [s, "g/../h?i#j"], [s, t]]) {
        const options = { edition, strict } as never;
        expect(outcome(() => api.resolveSteps(base, ref, options).target)).toEqual(outcome(() => api.resolve(base, ref, options)));
        const traced = guarded(base + " | " + ref, () => api.resolveSteps(base, ref, options), true);
        if (traced !== undefined) walk(traced.steps);
      }
    }), { numRuns: 300 });
  });

  test("normalize is idempotent and its result parses; equivalent is reflexive", () => {
    fc.assert(fc.property(inputs, (s) => {
      const n = guarded(s, () => api.normalize(s), true);
      if (n === undefined) return;
      expect(guarded(n, () => api.normalize(n), true)).toBe(n);
      expect(() => parse(n)).not.toThrow();
      expect(api.equivalent(s, s)).toBe(true);
      expect(api.equivalent(s, n)).toBe(true);
      guarded(s, () => api.normalize(s, { scheme: false, dotSegments: "error" }), true);
    }), { numRuns: 300 });
  });

  test("audit: findings inside the input, in order, with known severities", () => {
    fc.assert(fc.property(inputs, (s) => {
      const findings = guarded(s, () => audit(s));
      if (!findings) return;
      let last = 0;
      for (const f of findings) {
        expect(f.start).toBeGreaterThanOrEqual(last);
        expect(f.end).toBeGreaterThanOrEqual(f.start);
        expect(f.end).toBeLessThanOrEqual(s.length);
        expect(f.text).toBe(s.slice(f.start, f.end));
        expect(api.AUDIT_SEVERITIES).toContain(f.severity);
        last = f.start;
      }
    }), { numRuns: 400 });
  });

  test("extract: spans inside the text; valid agrees with parse", () => {
    fc.assert(fc.property(fc.array(inputs, { maxLength: 5 }), fc.constantFrom(" ", "\n", " <", "> ", '"', "-\n "), (parts, glue) => {
      const text = parts.join(glue);
      const found = guarded(text, () => extract(text));
      for (const x of found ?? []) {
        expect(x.outerEnd).toBeLessThanOrEqual(text.length);
        expect(text.slice(x.start, x.end).replace(/\s+/g, "")).toBe(x.uri);
        expect(x.valid).toBe(guarded(x.uri, () => parse(x.uri)) !== undefined);
      }
    }), { numRuns: 200 });
  });

  test("readInetAton: an answer or undefined, never an exception", () => {
    fc.assert(fc.property(inputs, (s) => {
      const r = api.readInetAton(s);
      if (r) expect(r.dotted).toMatch(/^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/);
    }), { numRuns: 300 });
  });

  test("merge: strings in, a string out", () => {
    fc.assert(fc.property(inputs, inputs, (a, b) => {
      const out = guarded(a + " | " + b, () => api.merge(a, b), true);
      if (out !== undefined) expect(typeof out).toBe("string");
    }), { numRuns: 200 });
  });
});

// ----- non-string arguments -----

const NON_STRINGS: [string, unknown][] = [
  ["undefined", undefined], ["null", null], ["a number", 42], ["NaN", NaN], ["an object", { toString: () => "http://a/" }],
  ["a String object", new String("http://a/")], ["a Buffer", Buffer.from("http://a/")], ["an array", ["http://a/"]],
  ["a boolean", true], ["a symbol", Symbol("x")], ["a bigint", BigInt(1)],
];

/**
 * Every exported function, each string argument position, called with `v` there and valid values
 * elsewhere; `expected` is what the TypeError must say.
 */
const POSITIONS: Record<string, [string, (v: unknown) => unknown][]> = {
  parse: [["input", (v) => parse(v as string)]],
  validate: [["input", (v) => validate(v as string)], ["options.rule", (v) => validate("a", { rule: v as never })]],
  matches: [["rule", (v) => matches(v as never, "a")], ["input", (v) => matches("URI-reference", v as string)]],
  explain: [["input", (v) => explain(v as string)], ["options.rule", (v) => explain("a", { rule: v as never })]],
  recompose: [["ref", (v) => format(v as never)]],
  compareEditions: [["input", (v) => api.compareEditions(v as string)]],
  diffEditions: [["a", (v) => api.diffEditions(v as never, "rfc3986")], ["b", (v) => api.diffEditions("rfc3986", v as never)]],
  resolve: [["base", (v) => api.resolve(v as string, "g")], ["ref", (v) => api.resolve(BASE, v as string)]],
  resolveReference: [["base", (v) => api.resolveReference(v as string, "g")], ["ref", (v) => api.resolveReference(BASE, v as string)]],
  resolveSteps: [["base", (v) => api.resolveSteps(v as string, "g")], ["ref", (v) => api.resolveSteps(BASE, v as string)]],
  merge: [["basePath", (v) => api.merge(v as string, "g")], ["refPath", (v) => api.merge("/a/b", v as string)]],
  normalize: [["uri", (v) => api.normalize(v as string)]],
  equivalent: [["a", (v) => api.equivalent(v as string, "a")], ["b", (v) => api.equivalent("a", v as string)]],
  audit: [["input", (v) => audit(v as string)]],
  differential: [["input", (v) => api.differential(v as string)], ["options.base", (v) => api.differential("a", { base: v as string })]],
  extract: [["text", (v) => extract(v as string)]],
  readInetAton: [["text", (v) => api.readInetAton(v as string)]],
  iriToUri: [["iri", (v) => api.iriToUri(v as string)]],
  uriToIri: [["uri", (v) => api.uriToIri(v as string)]],
  ruleInfo: [["name", (v) => api.ruleInfo(v as string)]],
  schemeInfo: [["scheme", (v) => api.schemeInfo(v as string)]],
  UriReference: [["parts", (v) => new api.UriReference(v as never)]],
  // tour() takes no arguments: every answer comes from the editions.
  tour: [],
};

/** Exports that are classes of errors, not functions to call. */
const NOT_CALLED = new Set(["UriSyntaxError", "ResolveError", "NotDefinedError", "IriMappingError"]);

describe("non-string arguments give a TypeError that says what was expected", () => {
  test("every exported function is covered by this table", () => {
    const exported = Object.entries(api).filter(([name, v]) => typeof v === "function" && !NOT_CALLED.has(name)).map(([n]) => n);
    expect(exported.filter((name) => !(name in POSITIONS))).toEqual([]);
  });

  // An option left undefined (or null) takes its default; every other position needs a value.
  const cases = Object.entries(POSITIONS).flatMap(([fn, positions]) =>
    positions.flatMap(([position, call]) => NON_STRINGS
      .filter(([, v]) => !(position.startsWith("options.") && (v === undefined || v === null)))
      .map(([what, v]) => [fn, position, what, v, call] as const)));
  test.each(cases)("%s(%s = %s)", (fn, position, what, v, call) => {
    let thrown: unknown;
    try { call(v); } catch (e) { thrown = e; }
    expect(thrown).toBeInstanceOf(TypeError);
    const message = (thrown as Error).message;
    // Names the function and what it wanted ("must be a string", "must be a UriReference", ...).
    expect(message).toMatch(new RegExp(`^${fn}\\b`));
    expect(message).toMatch(/must be/);
    void what;
  });
});

describe("options that are not objects give a TypeError", () => {
  const calls: [string, () => unknown][] = [
    ["parse", () => parse("a", 42 as never)], ["validate", () => validate("a", 42 as never)],
    ["explain", () => explain("a", 42 as never)], ["resolve", () => api.resolve(BASE, "g", 42 as never)],
    ["resolveSteps", () => api.resolveSteps(BASE, "g", 42 as never)],
    ["normalize", () => api.normalize("a", 42 as never)], ["equivalent", () => api.equivalent("a", "a", 42 as never)],
    ["audit", () => audit("a", 42 as never)], ["extract", () => extract("a", 42 as never)],
  ];
  test.each(calls)("%s(..., 42)", (_fn, call) => {
    expect(call).toThrow(TypeError);
  });
});

// ----- text around a URI -----

describe("whitespace and delimiters around a URI are invalid, with a hint to Appendix E", () => {
  test.each([
    " http://a/b", "http://a/b ", "\thttp://a/b", "http://a/b\n", "\r\nhttp://a/b\r\n", "\u00a0http://a/b",
    "<http://a/b>", '"http://a/b"', " <http://a/b> ", "<>", " ",
  ])("%j", (input) => {
    for (const error of [
      (() => { try { parse(input); } catch (e) { return e; } })(),
      (() => { const r = validate(input); return r.valid ? undefined : r.error; })(),
    ]) {
      expect(error).toBeInstanceOf(UriSyntaxError);
      expect((error as UriSyntaxError).hint).toMatch(/Appendix E/);
    }
  });

  test("extract() finds the URI in each of them", () => {
    for (const input of [" http://a/b", "http://a/b\n", "<http://a/b>", '"http://a/b"', " <http://a/b> "]) {
      expect(extract(input).map((x) => x.uri)).toEqual(["http://a/b"]);
    }
  });
});
