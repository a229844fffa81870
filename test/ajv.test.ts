// "uri-grammar/ajv" with ajv itself: the formats it registers, its options, the keyword uriGrammar
// and its errors, hostile inputs through a compiled schema; and what docs/integrations.md says of
// ajv-formats and of zod's z.url() beside it.
import Ajv from "ajv";
import Ajv2019 from "ajv/dist/2019";
import Ajv2020 from "ajv/dist/2020";
import ajvFormats from "ajv-formats";
import { fastFormats, fullFormats } from "ajv-formats/dist/formats";
import { z } from "zod";
import addFormatsDefault, { addFormats, KEYWORD, uriGrammarKeyword } from "../src/ajv.js";
import { AVAILABLE_FORMATS, FORMAT_TABLE, formats } from "../src/formats.js";
import { EDITIONS } from "../src/index.js";
import { CASES } from "./formats-cases.js";

const available = FORMAT_TABLE.filter((r) => (AVAILABLE_FORMATS as readonly string[]).includes(r.format));

describe("addFormats", () => {
  test("is the default export; registers every available format, and nothing else", () => {
    expect(addFormatsDefault).toBe(addFormats);
    const ajv = new Ajv();
    const before = Object.keys(ajv.formats);
    expect(addFormats(ajv)).toBe(ajv);
    expect(Object.keys(ajv.formats).filter((f) => !before.includes(f))).toEqual(AVAILABLE_FORMATS);
    expect(ajv.getKeyword(KEYWORD)).toBeTruthy();
  });

  describe.each(available.map((r) => [r.format, r] as const))("format %s, through a compiled schema", (format) => {
    const ajv = addFormats(new Ajv({ allErrors: true }));
    const validate = ajv.compile({ type: "string", format });
    const cases = CASES[format];
    test("accepts the valid cases and rejects the invalid ones, as formats[format] does", () => {
      for (const s of cases.valid) expect([s, validate(s)]).toEqual([s, true]);
      for (const s of cases.invalid) expect([s, validate(s)]).toEqual([s, false]);
      for (const s of [...cases.valid, ...cases.invalid]) expect(validate(s)).toBe(formats[format as keyof typeof formats](s));
      expect(validate("a b") ? [] : validate.errors).toEqual([expect.objectContaining({ keyword: "format", params: { format } })]);
    });
    test("applies to strings only", () => {
      // (strictTypes off: a schema of "format" without "type" is the point here.)
      expect(addFormats(new Ajv({ strictTypes: false })).validate({ format }, 42)).toBe(true);
    });
  });

  test("the options pick formats (an array means the same) and leave out the keyword", () => {
    for (const options of [["ipv4"], { formats: ["ipv4"] }] as const) {
      const ajv = addFormats(new Ajv(), options as never);
      expect(ajv.validate({ type: "string", format: "ipv4" }, "01.2.3.4")).toBe(false);
      expect(() => ajv.compile({ type: "string", format: "uri" })).toThrow(/unknown format "uri"/);
    }
    const ajv = addFormats(new Ajv(), { keywords: false });
    expect(ajv.getKeyword(KEYWORD)).toBe(false);
    expect(() => ajv.compile({ type: "string", uriGrammar: {} })).toThrow(/unknown keyword: "uriGrammar"/);
  });

  test("the edition option changes uri, uri-reference and the keyword's default, and nothing else", () => {
    const ajv = addFormats(new Ajv(), { edition: "rfc2396" });
    expect(ajv.validate({ type: "string", format: "uri" }, "http://[::1]/")).toBe(false);
    expect(ajv.validate({ type: "string", format: "uri-reference" }, "//[::1]")).toBe(false);
    expect(ajv.validate({ type: "string", format: "ipv6" }, "::1")).toBe(true);
    expect(ajv.validate({ type: "string", uriGrammar: {} }, "http://[::1]/")).toBe(false);
    expect(ajv.errors?.[0].params).toMatchObject({ edition: "rfc2396", startRule: "URI-reference" });
  });

  test("replaces ajv-formats' formats of the same name, and keeps its others", () => {
    const ajv = addFormats(ajvFormats(new Ajv()));
    expect(ajv.validate({ type: "string", format: "uri" }, "http://a:80a/")).toBe(false);
    expect(ajv.validate({ type: "string", format: "date" }, "2024-02-30")).toBe(false);
    expect(ajv.validate({ type: "string", format: "date" }, "2024-02-29")).toBe(true);
  });

  test.each([["Ajv2019", Ajv2019], ["Ajv2020", Ajv2020]] as const)("works with %s", (_name, Class) => {
    const ajv = addFormats(new Class());
    expect([ajv.validate({ type: "string", format: "uri" }, "a:"), ajv.validate({ type: "string", format: "uri" }, "a b")]).toEqual([true, false]);
    expect(ajv.validate({ type: "string", uriGrammar: { rule: "IPv4address" } }, "1.2.3.4")).toBe(true);
  });

  test("adding twice is harmless", () => {
    const ajv = addFormats(addFormats(new Ajv()));
    expect(ajv.validate({ type: "string", format: "uri", uriGrammar: { rule: "URI" } }, "http://a/")).toBe(true);
  });

  test("bad arguments are TypeErrors", () => {
    expect(() => addFormats(null as never)).toThrow(new TypeError("addFormats: the first argument must be an ajv instance (new Ajv())"));
    expect(() => addFormats(new Ajv(), { keywords: "yes" as never })).toThrow(new TypeError("addFormats: options.keywords must be a boolean"));
    expect(() => addFormats(new Ajv(), { formats: ["email" as never] })).toThrow(/addFormats: options\.formats: unknown format "email"/);
    expect(() => addFormats(new Ajv(), { edition: "rfc1738" as never })).toThrow(/addFormats: options\.edition must be the id of an edition/);
  });
});

describe("the keyword uriGrammar", () => {
  const ajv = addFormats(new Ajv({ allErrors: true }));

  test("its errors carry the offset, the expected words and the rule, and the error's message", () => {
    const validate = ajv.compile({
      type: "object",
      properties: { servers: { type: "array", items: { type: "string", uriGrammar: { rule: "IPv6address" } } } },
    });
    expect(validate({ servers: ["::1", "fe80::1%eth0"] })).toBe(false);
    expect(validate.errors).toEqual([{
      instancePath: "/servers/1",
      schemaPath: "#/properties/servers/items/uriGrammar",
      keyword: "uriGrammar",
      message: "offset 7: \"%\" is not allowed here; expected \".\" (IPv4address), digit (dec-octet), hex digit (h16), \":\" (IPv6address or ls32) " +
        "or end of input in IPv6address (section 3.2.2)",
      params: {
        offset: 7, rule: "IPv6address", section: "3.2.2", startRule: "IPv6address", edition: "rfc3986",
        expected: ["\".\" (IPv4address)", "digit (dec-octet)", "hex digit (h16)", "\":\" (IPv6address or ls32)", "end of input"],
      },
    }]);
  });

  test("the rule defaults to the edition's reference rule; the edition to rfc3986; a hint comes along where one applies", () => {
    expect(ajv.validate({ type: "string", uriGrammar: {} }, "../a?b")).toBe(true);
    expect(ajv.validate({ type: "string", uriGrammar: {} }, "a b")).toBe(false);
    expect(ajv.errors?.[0].params).toMatchObject({ offset: 1, startRule: "URI-reference", edition: "rfc3986", hint: expect.stringContaining("%20") });
    expect(ajv.validate({ type: "string", uriGrammar: { edition: "rfc2396bis-01", rule: "IPv6reference" } }, "[::1]")).toBe(true);
  });

  test("an unknown rule, an unknown edition or another property is an error when the schema is compiled", () => {
    expect(() => ajv.compile({ type: "string", uriGrammar: { rule: "IPv6Address" } }))
      .toThrow(/uriGrammar\.rule: RFC 3986 \(edition "rfc3986"\) has no rule "IPv6Address" \(did you mean "IPv6address"\?\)/);
    expect(() => ajv.compile({ type: "string", uriGrammar: { edition: "rfc1738" } })).toThrow(/keyword "uriGrammar" value is invalid at path "#": data\/edition must be equal to one of the allowed values/);
    expect(() => ajv.compile({ type: "string", uriGrammar: { rules: "URI" } })).toThrow(/must NOT have additional properties/);
    expect(() => ajv.compile({ type: "string", uriGrammar: "URI" })).toThrow(/uriGrammar value must be "object"|must be object/);
  });

  test("its metaschema lists every edition of the registry", () => {
    const def = uriGrammarKeyword();
    expect((def.metaSchema as { properties: { edition: { enum: string[] } } }).properties.edition.enum).toEqual(Object.keys(EDITIONS));
  });

  test("applies to strings only", () => {
    expect(addFormats(new Ajv({ strictTypes: false })).validate({ uriGrammar: { rule: "URI" } }, 7)).toBe(true);
  });
});

describe("hostile inputs through a compiled schema (1 MB)", () => {
  const ajv = addFormats(new Ajv({ allErrors: true }));
  const validate = ajv.compile({ type: "string", format: "uri", uriGrammar: { rule: "URI" } });
  const MB = 1 << 20;
  test.each([
    ["a long path, a space at the end", "http://a/" + "a".repeat(MB) + " ", MB + 9],
    ["\"@\" repeated", "http://" + "@".repeat(MB), 8],
    ["an unclosed IPv6 literal, its eighth group followed by \":\"", "http://[" + "1:".repeat(MB / 2), 8 + 15],
    ["a path of \"/:\" and a second \"#\"", "s:" + "/:".repeat(MB / 2) + "#a#", 2 + MB + 2],
  ])("%s: both checks reject it, the keyword's error at the right offset", (_name, s, offset) => {
    expect(validate(s)).toBe(false);
    expect(validate.errors?.map((e) => e.keyword)).toEqual(["format", "uriGrammar"]);
    expect(validate.errors?.[1].params.offset).toBe(offset);
  });
});

describe("what docs/integrations.md says of ajv-formats and z.url()", () => {
  const pred = (f: unknown) => (s: string) => (f instanceof RegExp ? f.test(s) : (f as (s: string) => boolean)(s));
  test("ajv-formats' full mode accepts a port of 80a, user@@host and an IPv4 part with a leading zero; its uri rejects an empty path", () => {
    for (const format of ["uri", "uri-reference"] as const) {
      const full = pred(fullFormats[format]);
      for (const s of ["http://a:80a/", "http://user@@host/", "http://[::ffff:01.2.3.4]/"]) expect([format, s, full(s), formats[format](s)]).toEqual([format, s, true, false]);
    }
    expect([pred(fullFormats.uri)("a:"), formats.uri("a:")]).toEqual([false, true]);
    expect([pred(fullFormats["uri-reference"])("a\"b"), pred(fullFormats.uri)("http://a/\"")]).toEqual([true, false]);
  });

  test("ajv-formats' fast mode accepts a second \"#\", a backslash path and a broken escape", () => {
    for (const s of ["http://a/b#c#d", "C:\\Users\\me\\file.txt", "http://example.com/%zz"]) expect([s, pred(fastFormats.uri)(s), formats.uri(s)]).toEqual([s, true, false]);
  });

  test("z.url() accepts what RFC 3986 does not", () => {
    for (const s of ["http://a/b c", " http://a/", "http:\\\\example.com\\a", "http://a/%zz", "http://a/b#c#d", "http://user@@host/"]) {
      expect([s, z.url().safeParse(s).success, formats.uri(s)]).toEqual([s, true, false]);
    }
  });
});
