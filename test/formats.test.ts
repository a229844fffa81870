// "uri-grammar/formats": JSON Schema's formats as predicates, each the rule its table names, in
// the edition it names. The tests run over every row whose edition the package holds (EDITIONS):
// a row whose edition a build adds is tested as soon as it is there.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { EDITIONS, matches, UriSyntaxError, type EditionId } from "../src/index.js";
import {
  AVAILABLE_FORMATS, createFormats, FORMAT_TABLE, formats, makeFormats, validateFormat, type AvailableFormat, type FormatName,
} from "../src/formats.js";
import type { Edition } from "../src/edition.js";
import { CASES } from "./formats-cases.js";

const root = join(__dirname, "..");
const EDITION_LIST = Object.values(EDITIONS) as readonly Edition[];
const byId = (id: string) => EDITION_LIST.find((e) => e.id === id);
/** The rows whose edition the package holds. */
const AVAILABLE_ROWS = FORMAT_TABLE.filter((r) => byId(r.edition) !== undefined);
/** Every example string of every rule of an edition (its vector tables). */
const examplesOf = (e: Edition) => [...new Set(e.rules.flatMap((r) => [...r.examples.match, ...r.examples.noMatch]))];

describe("the table of formats", () => {
  test("names JSON Schema's six formats of section 7.3.4 and 7.3.5, each with the rule of its edition", () => {
    expect(FORMAT_TABLE.map((r) => [r.format, r.edition, r.rule, r.jsonSchema])).toEqual([
      ["ipv4", "rfc3986", "IPv4address", "7.3.4"],
      ["ipv6", "rfc3986", "IPv6address", "7.3.4"],
      ["uri", "rfc3986", "URI", "7.3.5"],
      ["uri-reference", "rfc3986", "URI-reference", "7.3.5"],
      ["iri", "rfc3987", "IRI", "7.3.5"],
      ["iri-reference", "rfc3987", "IRI-reference", "7.3.5"],
    ]);
  });

  test("the available formats are the rows whose edition the package's registry holds, and every one of their rules exists there", () => {
    expect(AVAILABLE_FORMATS).toEqual(AVAILABLE_ROWS.map((r) => r.format));
    expect(AVAILABLE_FORMATS).toEqual(expect.arrayContaining(["ipv4", "ipv6", "uri", "uri-reference"]));
    for (const row of AVAILABLE_ROWS) expect([row.format, byId(row.edition)!.rule(row.rule)?.name]).toEqual([row.format, row.rule]);
    expect(Object.keys(formats)).toEqual(AVAILABLE_FORMATS);
  });

  test("docs/integrations.md shows the table as it is", () => {
    const doc = readFileSync(join(root, "docs/integrations.md"), "utf8");
    const rows = [...doc.matchAll(/^\| `([a-z0-9-]+)` \| ([\d.]+) \| ([^|]+?) \| `([^`]+)` \| `([^`]+)` \|$/gm)].map((m) => m.slice(1));
    expect(rows).toEqual(FORMAT_TABLE.map((r) => [r.format, r.jsonSchema, r.cites, r.edition, r.rule]));
  });

  test("the cases of test/formats-cases.ts cover every format of the table, valid and invalid", () => {
    expect(Object.keys(CASES).sort()).toEqual(FORMAT_TABLE.map((r) => r.format).sort());
    for (const c of Object.values(CASES)) expect([c.valid.length > 3, c.invalid.length > 5]).toEqual([true, true]);
  });
});

describe.each(AVAILABLE_ROWS.map((r) => [r.format, r] as const))("format %s", (_name, row) => {
  const format = row.format as AvailableFormat;
  const edition = byId(row.edition)!;
  const check = formats[format];

  test.each(CASES[format as FormatName].valid.map((s) => [JSON.stringify(s), s]))("accepts %s", (_s, s) => {
    expect(check(s)).toBe(true);
    expect(validateFormat(format, s)).toEqual({ valid: true });
  });

  test.each(CASES[format as FormatName].invalid.map((s) => [JSON.stringify(s), s]))("rejects %s, and the error says where", (_s, s) => {
    expect(check(s)).toBe(false);
    const r = validateFormat(format, s);
    if (r.valid) throw new Error(`validateFormat("${format}", ${JSON.stringify(s)}) is valid`);
    expect(r.error).toBeInstanceOf(UriSyntaxError);
    expect(r.error.startRule).toBe(row.rule);
    expect(r.error.edition).toBe(row.edition);
    expect(r.error.offset).toBeGreaterThanOrEqual(0);
    expect(r.error.offset).toBeLessThanOrEqual(s.length);
    expect(r.error.expected.length).toBeGreaterThan(0);
  });

  test("is matches() of its rule on every example of the edition's vector tables and on generated strings", () => {
    const rule = edition.requireRule(row.rule);
    expect(rule.examples.match.every((s) => check(s))).toBe(true);
    expect(rule.examples.noMatch.some((s) => check(s))).toBe(false);
    for (const s of examplesOf(edition)) expect([s, check(s)]).toEqual([s, matches(row.rule as never, s, { edition: row.edition as EditionId })]);
    const alphabet = [...new Set([...examplesOf(edition).join(""), "%", "#", "[", "]", ":", "@", "/", " "])];
    fc.assert(fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 24 }).map((cs) => cs.join("")), (s) => {
      expect(check(s)).toBe(matches(row.rule as never, s, { edition: row.edition as EditionId }));
      expect(validateFormat(format, s).valid).toBe(check(s));
    }), { numRuns: 400, seed: 33 });
  });
});

describe("the edition of uri and uri-reference", () => {
  test("uri-reference is each edition's reference rule", () => {
    for (const e of EDITION_LIST) {
      const ref = createFormats({ edition: e.id as EditionId })["uri-reference"];
      for (const s of examplesOf(e)) expect([e.id, s, ref(s)]).toEqual([e.id, s, e.accepts(s, e.requireRule(e.roles.reference))]);
    }
  });

  test("uri is a reference whose part before \"#\" is absolute: in rfc2396bis-01, its absolute-URI-reference", () => {
    const e = byId("rfc2396bis-01")!;
    const uri = createFormats({ edition: "rfc2396bis-01" as EditionId }).uri;
    const strings = [...examplesOf(e), ...examplesOf(byId("rfc3986")!), "http://a/b#f", "a/b#f", "http://a/b#f#g", "#f", "s:#", "s:a#"];
    for (const s of strings) expect([s, uri(s)]).toEqual([s, matches("absolute-URI-reference" as never, s, { edition: "rfc2396bis-01" as EditionId })]);
  });

  test("in RFC 2396 there are no IP literals; the other formats keep their edition", () => {
    const old = createFormats({ edition: "rfc2396" as EditionId });
    expect([old.uri("http://[::1]/"), formats.uri("http://[::1]/")]).toEqual([false, true]);
    expect([old.uri("http://a/b#f"), old.uri("a/b"), old.uri("http://a/b#f#g")]).toEqual([true, false, false]);
    expect(old.ipv6("::1")).toBe(true);
    const r = validateFormat("uri", "a/b", { edition: "rfc2396" as EditionId });
    expect(r.valid === false && [r.error.startRule, r.error.offset, r.error.edition]).toEqual(["absoluteURI", 1, "rfc2396"]);
  });

  test("makeFormats says which rule and edition decide each format", () => {
    expect(makeFormats({ edition: "rfc2396" as EditionId, formats: ["uri", "uri-reference", "ipv4"] }).map((f) => [f.name, f.edition, f.rule]))
      .toEqual([["uri", "rfc2396", "URI-reference"], ["uri-reference", "rfc2396", "URI-reference"], ["ipv4", "rfc3986", "IPv4address"]]);
  });
});

describe("errors", () => {
  test("a relative reference is not a uri: the error is where the absolute rule stops reading", () => {
    const r = validateFormat("uri", "a/b");
    expect(r.valid === false && [r.error.startRule, r.error.offset, r.error.rule]).toEqual(["URI", 1, "URI"]);
  });

  test("a port of 80a: the only reading left is a userinfo, which needs its \"@\"", () => {
    const r = validateFormat("uri", "http://a:80a/");
    expect(r.valid === false && { offset: r.error.offset, rule: r.error.rule, expected: r.error.expected })
      .toEqual({ offset: 12, rule: "authority", expected: ["a userinfo character", "\"@\""] });
  });

  test("bad arguments are TypeErrors that say what was expected", () => {
    expect(() => validateFormat("email" as never, "a")).toThrow(/unknown format "email"; the formats are "ipv4", "ipv6", "uri"/);
    expect(() => validateFormat("uri", 5 as never)).toThrow(new TypeError("validateFormat: input must be a string, got a number"));
    expect(() => createFormats({ edition: "rfc9999" as never })).toThrow(/createFormats: options\.edition must be the id of an edition: "url-1993", .*got "rfc9999"/);
    expect(() => createFormats({ formats: "uri" as never })).toThrow(/createFormats: options\.formats must be an array/);
    expect(() => createFormats(7 as never)).toThrow(/createFormats: options must be an object of options, got a number/);
    expect(() => validateFormat("uri", "a", 5 as never)).toThrow(/validateFormat: options must be an object of options, got a number/);
    expect(() => validateFormat("uri", "a", { edition: "rfc9999" as never })).toThrow(/validateFormat: options\.edition must be the id of an edition/);
    expect(() => validateFormat("mail" as never, "a", { edition: "rfc2396" as EditionId })).toThrow(/validateFormat\.formats: unknown format "mail"/);
    expect(formats.uri(5 as never)).toBe(false);
  });
});

describe("hostile inputs", () => {
  const MB = 1 << 20;
  test.each([
    ["a long path, a space at the end", "http://a/" + "a".repeat(MB) + " ", MB + 9],
    ["escapes, the last one broken", "http://a/" + "%41".repeat(MB / 3) + "%4", 9 + 3 * Math.floor(MB / 3) + 2],
    ["\"@\" repeated", "http://" + "@".repeat(MB), 8],
  ])("%s (1 MB): rejected, with the offset", (_name, s, offset) => {
    expect(formats.uri(s)).toBe(false);
    const r = validateFormat("uri", s);
    expect(r.valid === false && r.error.offset).toBe(offset);
  });

  test("a valid 1 MB reference is accepted", () => {
    expect(formats["uri-reference"]("/" + "a/".repeat(MB / 2) + "?" + "q".repeat(MB))).toBe(true);
  });
});
