import fc from "fast-check";
import { IriMappingError } from "../../../src/errors.js";
import { bidiFormatting, iriCharactersOf, lookalike } from "../../../src/models/rfc3987/characters.js";
import { iriToUri, uriToIri, type IriToUriOptions } from "../../../src/models/rfc3987/mapping.js";
import { IPRIVATE, UCSCHAR, inRanges, sectionText, syntax } from "./support.js";

const toUri = (iri: string, options: Omit<IriToUriOptions, "syntax"> = {}): string => iriToUri(iri, { syntax, ...options });
const toIri = (uri: string, decodeLookalikes?: boolean): string => uriToIri(uri, { syntax, decodeLookalikes });

/** The document's XML notation (1.4): "&#xE9;" is the character U+00E9. */
const xml = (text: string): string => text.replace(/&#x([0-9A-F]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));

function mappingError(f: () => unknown): IriMappingError {
  try {
    f();
  } catch (e) {
    if (e instanceof IriMappingError) return e;
    throw e;
  }
  throw new Error("no IriMappingError");
}

const chars = iriCharactersOf(syntax);

describe("the characters, read from section 2.2 of the document", () => {
  it("ucschar is 17 ranges up to plane 14, iprivate 3, as printed", () => {
    expect(UCSCHAR).toHaveLength(17);
    expect(UCSCHAR[0]).toEqual([0xa0, 0xd7ff]);
    expect(UCSCHAR[16]).toEqual([0xe1000, 0xefffd]);
    expect(IPRIVATE).toEqual([[0xe000, 0xf8ff], [0xf0000, 0xffffd], [0x100000, 0x10fffd]]);
  });

  it.each(([
    [0xa0, true, false], [0xd7ff, true, false], [0xd800, false, false], [0xe000, false, true], [0xf8ff, false, true],
    [0xf900, true, false], [0xfdcf, true, false], [0xfdd0, false, false], [0xfdef, false, false], [0xfdf0, true, false],
    [0xffef, true, false], [0xfff0, false, false], [0xfffe, false, false], [0x1fffd, true, false], [0x1fffe, false, false],
    [0xe0fff, false, false], [0xe1000, true, false], [0xf0000, false, true], [0x10fffd, false, true], [0x10fffe, false, false],
  ] as [number, boolean, boolean][]).map(([cp, ucs, priv]) => [cp.toString(16).toUpperCase(), ucs, priv, cp] as const))("U+%s: ucschar %s, iprivate %s (iriCharactersOf asks the grammar)", (_, ucs, priv, cp) => {
    expect(chars.ucschar(cp)).toBe(ucs);
    expect(chars.iprivate(cp)).toBe(priv);
  });

  it("iriCharactersOf refuses what is not a Syntax, and a Syntax that answers other than a boolean", () => {
    expect(() => iriCharactersOf({} as never)).toThrow(TypeError);
    expect(() => iriCharactersOf({ accepts: () => 1 } as never)).toThrow(/must return a boolean/);
  });

  it("the seven bidirectional formatting characters of 4.1, named in the document", () => {
    const text = sectionText("4.1");
    expect(text).toMatch(/\(LRM, RLM, LRE, RLE, LRO,\s+RLO, and PDF\)/);
    // The three the section gives by code point.
    for (const [cp, name] of [[0x202a, "LEFT-TO-RIGHT\\s+EMBEDDING"], [0x202c, "POP\\s+DIRECTIONAL\\s+FORMATTING"], [0x200e, "LEFT-TO-RIGHT\\s+MARK"]] as const) {
      expect(text).toMatch(new RegExp(`U\\+${cp.toString(16).toUpperCase()},\\s+${name}`));
      expect(bidiFormatting(cp)).toBe("4.1");
    }
    expect([0x200f, 0x202b, 0x202d, 0x202e].map(bidiFormatting)).toEqual(["4.1", "4.1", "4.1", "4.1"]);
    expect([0x061c, 0x2066, 0x2069].map(bidiFormatting)).toEqual(["later", "later", "later"]);
    expect([0x41, 0x5d0, 0x200d, 0x2070].map(bidiFormatting)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("look-alikes of 6.1 b: spaces, invisible characters, compatibility forms of delimiters", () => {
    for (const cp of [0x3000, 0xa0, 0x200b, 0xad, 0xff0f, 0xff03, 0xfe56, 0x2024 - 0 /* one dot leader is "." */]) {
      expect([cp, lookalike(cp, chars)]).toEqual([cp, cp !== 0x2024]);
    }
    for (const cp of [0xe9, 0x4f8b, 0xfb01 /* "fi" ligature: letters */, 0xff41 /* fullwidth "a" */]) expect(lookalike(cp, chars)).toBe(false);
  });
});

describe("3.1 mapping of IRIs to URIs", () => {
  const text = sectionText("3.1");

  it.each([
    ["http://r&#xE9;sum&#xE9;.example.org", "http://r%C3%A9sum%C3%A9.example.org"],
    ["http://www.example.org/red%09ros&#xE9;#red", "http://www.example.org/red%09ros%C3%A9#red"],
    ["http://example.com/&#x10300;&#x10301;&#x10302", "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82"],
  ])("the document's example %s maps to %s", (iri, uri) => {
    expect(text.replace(/\s+/g, " ")).toContain(iri);
    expect(text.replace(/\s+/g, " ")).toContain(uri);
    expect(toUri(xml(iri))).toBe(uri);
  });

  it("the validator example: an IDN inside iquery is mapped as any other character", () => {
    const iri = xml("http://validator.w3.org/check?uri=http%3A%2F%2Fr&#xE9;sum&#xE9;.example.org");
    expect(toUri(iri)).toBe("http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org");
    expect(toUri(iri, { host: "idna" })).toBe("http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org");
  });

  it("the example of 6.4: a fragment in UTF-8 after a path in iso-8859-1", () => {
    expect(toUri(xml("http://www.example.org/r%E9sum%E9.xml#r&#xE9;sum&#xE9;"))).toBe("http://www.example.org/r%E9sum%E9.xml#r%C3%A9sum%C3%A9");
  });

  it("iprivate characters are converted too, in any component (step 2), and ranges at their edges", () => {
    expect(toUri("?\u{E000}\u{F8FF}")).toBe("?%EE%80%80%EF%A3%BF");
    expect(toUri("/\u{10FFFD}")).toBe("/%F4%8F%BF%BD");
    expect(toUri("\u00A0\uD7FF\uF900\uFDCF\uFDF0\uFFEF\u{1FFFD}\u{E1000}\u{EFFFD}"))
      .toBe("%C2%A0%ED%9F%BF%EF%A4%80%EF%B7%8F%EF%B7%B0%EF%BF%AF%F0%9F%BF%BD%F3%A1%80%80%F3%AF%BF%BD");
  });

  it("a URI maps to itself, '#', '%', '[' and ']' are not converted, percent-encodings not encoded again", () => {
    for (const uri of ["http://[::1]:80/a%20b?c=%25#f", "foo://u:p@h/%7e/x?y#z", "", "#", "a%2Fb"]) expect(toUri(uri)).toBe(uri);
  });

  it.each([
    ["\uFFFE", 0, "not-iri-character", /U\+FFFE is neither a ucschar nor an iprivate/],
    ["http://a/\u0085", 9, "not-iri-character", /U\+0085/],
    ["http://a/\u{E0001}", 9, "not-iri-character", /U\+E0001/],
    ["http://a/\u{10FFFE}", 9, "not-iri-character", /U\+10FFFE/],
    ["http://a/\uFDD0", 9, "not-iri-character", /U\+FDD0/],
    ["http://a/x\uD800y", 10, "lone-surrogate", /lone surrogate U\+D800/],
    ["http://a/x\uDC00", 10, "lone-surrogate", /U\+DC00/],
    ["http://a/b c", 10, "ascii-not-allowed", /a space is not allowed in a URI/],
    ["http://a/<", 9, "ascii-not-allowed", /"<"/],
    ["http://a/\t", 9, "control", /U\+0009/],
    ["http://a/%zz", 9, "bad-escape", /"%" does not begin a percent-encoding/],
    ["http://a/%4", 9, "bad-escape", /percent-encoding/],
  ])("%j fails at offset %d: %s", (iri, offset, code, message) => {
    const e = mappingError(() => toUri(iri));
    expect([e.code, e.offset, e.section, e.input]).toEqual([code, offset, "3.1", iri]);
    expect(e.message).toMatch(message);
    expect(e.message).toMatch(/^offset \d+: .*\(RFC 3987 section 3\.1\)$/s);
  });

  it("the printable US-ASCII characters not allowed in URIs are converted when asked; the document's list is exactly those", () => {
    const list = /namely ("<", ">", '"', space,\s+"\{", "\}", "\|", "\\", "\^", and "`")/.exec(text)![1];
    const named = [...list.matchAll(/"(.)"|'(.)'|(space)/g)].map((m) => m[1] ?? m[2] ?? " ").sort().join("");
    const derived = Array.from({ length: 0x5f }, (_, i) => String.fromCharCode(0x20 + i))
      .filter((c) => { try { toUri(c); return false; } catch (e) { return (e as IriMappingError).code === "ascii-not-allowed"; } }).sort().join("");
    expect(derived).toBe(named);
    expect(toUri('a b<>"{}|\\^`', { ascii: "percent-encode" })).toBe("a%20b%3C%3E%22%7B%7D%7C%5C%5E%60");
  });

  it("bad options are TypeErrors", () => {
    expect(() => iriToUri("a", undefined as never)).toThrow(TypeError);
    expect(() => iriToUri("a", { syntax, host: "punycode" as never })).toThrow(TypeError);
    expect(() => iriToUri(1 as never, { syntax })).toThrow(TypeError);
  });

  describe("the ireg-name through ToASCII (host: \"idna\")", () => {
    it.each([
      ["http://r\u00E9sum\u00E9.example.org", "http://xn--rsum-bpad.example.org"],
      ["http://us\u00E9r@R\u00E9sum\u00E9.Example.org:8080/p\u00E2th?q\u00E9#\u00E9", "http://us%C3%A9r@xn--rsum-bpad.Example.org:8080/p%C3%A2th?q%C3%A9#%C3%A9"],
      ["http://\u4F8B\u3048\u3002jp/", "http://xn--r8jz45g.jp/"],
      ["http://\u4F8B\u3048.jp./", "http://xn--r8jz45g.jp./"],
      ["//\uFF45\uFF58\uFF41\uFF4D\uFF50\uFF4C\uFF45.com", "//example.com"],
      ["http://[::1]/\u00E9", "http://[::1]/%C3%A9"],
      ["http://ascii.example/\u00E9", "http://ascii.example/%C3%A9"],
      ["mailto:\u00E9@example.org", "mailto:%C3%A9@example.org"],
    ])("%s becomes %s", (iri, uri) => {
      expect(toUri(iri, { host: "idna" })).toBe(uri);
    });

    it.each([
      ["http://a\u200Db.example/", 7, /refuses it/],
      ["http://\u2488.example/", 7, /refuses it|not one label/],
      ["http://my_host.\u00E9.example/", 7, /letters, digits and hyphens/],
      ["http://r%C3%A9sum\u00E9.example/", 7, /percent-encoding/],
      ["http://\uFF11\uFF12\uFF17/", 7, /not one label/],
      ["http://a..\u00E9/", 9, /empty/],
      ["http://-a.\u00E9/", 7, /hyphen/],
    ])("%s fails with \"idna\" at %d", (iri, offset, why) => {
      const e = mappingError(() => toUri(iri, { host: "idna" }));
      expect([e.code, e.offset]).toEqual(["idna", offset]);
      expect(e.message).toMatch(why);
    });

    it("a character an ireg-name does not allow is named at its offset", () => {
      const e = mappingError(() => toUri("http://\u00E9\uE000.example/", { host: "idna" }));
      expect([e.code, e.offset]).toEqual(["not-iri-character", 8]);
    });
  });
});

describe("3.2 converting URIs to IRIs", () => {
  /** Each example of 3.2.1: the text of step 1 and of step 5, as printed. */
  const examples = [...sectionText("3.2.1").matchAll(/^ {3}1\. {2}(\S+)\n(?:[\s\S]*?)^ {3}5\. {2}(\S+)$/gm)].map((m) => [m[1], m[2]]);

  it("section 3.2.1 has its three examples", () => expect(examples).toHaveLength(3));

  it.each(examples)("3.2.1: %s converts to %s", (uri, iri) => {
    expect(toIri(uri)).toBe(xml(iri));
    // And back (3.2: "will always result in an IRI that maps back to the URI ... (except for
    // potential case differences in percent-encoding").
    expect(toUri(xml(iri)).toUpperCase()).toBe(uri.toUpperCase());
  });

  it("the punycode label stays, and the document's ToUnicode alternative is not taken", () => {
    expect(toIri("http://xn--99zt52a.example.org/%e2%80%ae")).toBe("http://xn--99zt52a.example.org/%E2%80%AE");
  });

  it("3.2 and 6.4: octets not from UTF-8 stay percent-encoded", () => {
    expect(toIri("http://www.example.org/r%E9sum%E9.html")).toBe("http://www.example.org/r%E9sum%E9.html");
    expect(toIri("http://www.example.org/r%E9sum%E9.xml#r%C3%A9sum%C3%A9")).toBe(xml("http://www.example.org/r%E9sum%E9.xml#r&#xE9;sum&#xE9;"));
  });

  it("step 2: '%', reserved characters and US-ASCII not allowed in URIs stay as written; unreserved ones are decoded", () => {
    expect(toIri("/%25%2f%2F%3A%23%5B%5D%40%26%3d%20%3C%7f%00")).toBe("/%25%2f%2F%3A%23%5B%5D%40%26%3d%20%3C%7f%00");
    expect(toIri("/%7e%41%2D%2e%5F%30")).toBe("/~A-._0");
  });

  it("step 3: overlong forms, surrogates, code points past U+10FFFF and stray octets are encoded again, upper case", () => {
    // Section 8: "%C0%AF" is an overlong "/".
    expect(toIri("/%c0%af..")).toBe("/%C0%AF..");
    expect(toIri("/%E0%80%AF%ED%A0%80%F4%90%80%80%80%bf%C3")).toBe("/%E0%80%AF%ED%A0%80%F4%90%80%80%80%BF%C3");
    expect(toIri("/%C3%A9%C3")).toBe("/\u00E9%C3");
    expect(toIri("/%C3%41")).toBe("/%C3A");
  });

  it("step 4: characters not allowed by 2.2 where they are, by 4.1, and 6.1's look-alikes stay encoded", () => {
    expect(toIri("/%EE%80%80?%EE%80%80#%EE%80%80")).toBe("/%EE%80%80?\uE000#%EE%80%80"); // iprivate only in iquery
    expect(toIri("?%F4%8F%BF%BD&%F3%B0%80%80")).toBe("?\u{10FFFD}&\u{F0000}");
    expect(toIri("/%EF%BF%BE%EF%B7%90%C2%85%F3%A0%80%81%F0%9F%BF%BE")).toBe("/%EF%BF%BE%EF%B7%90%C2%85%F3%A0%80%81%F0%9F%BF%BE");
    expect(toIri("/%E2%80%8E%E2%80%8F%E2%80%AA%E2%80%AB%E2%80%AC%E2%80%AD%E2%80%AE%E2%81%A6")).toBe("/%E2%80%8E%E2%80%8F%E2%80%AA%E2%80%AB%E2%80%AC%E2%80%AD%E2%80%AE%E2%81%A6");
    expect(toIri("/a%EF%BC%8Fb%E3%80%80%C2%A0%E2%80%8B")).toBe("/a%EF%BC%8Fb%E3%80%80%C2%A0%E2%80%8B");
    expect(toIri("/a%EF%BC%8Fb%E3%80%80%C2%A0%E2%80%8B", true)).toBe("/a\uFF0Fb\u3000\u00A0\u200B");
    // But never the bidirectional formatting characters.
    expect(toIri("/%E2%80%AE", true)).toBe("/%E2%80%AE");
    expect(toIri("/%F0%90%8C%80%E4%BE%8B%C3%A9")).toBe("/\u{10300}\u4F8B\u00E9");
  });

  it("a URI is US-ASCII (step 1), and its escapes must be whole", () => {
    let e = mappingError(() => toIri("http://a/\u00E9"));
    expect([e.code, e.offset, e.section]).toEqual(["not-ascii", 9, "3.2"]);
    e = mappingError(() => toIri("http://a/%C3%A"));
    expect([e.code, e.offset]).toEqual(["bad-escape", 12]);
  });
});

describe("properties", () => {
  const hex = (b: number) => "%" + b.toString(16).padStart(2, "0");
  /** Percent-encodings in upper case and unreserved ones decoded: what 3.2 says the round trip may change. */
  const canon = (uri: string) => uri.replace(/%[0-9A-Fa-f]{2}/g, (e) => {
    const b = parseInt(e.slice(1), 16);
    return chars.unreserved(b) ? String.fromCharCode(b) : e.toUpperCase();
  });
  const octets = fc.array(fc.oneof(fc.integer({ min: 0, max: 255 }).map(hex), fc.constantFrom("a", "/", "?", "#", "=", ".")), { maxLength: 40 });
  const utf8 = fc.array(fc.oneof(
    fc.integer({ min: 0x80, max: 0x10ffff }).filter((cp) => cp < 0xd800 || cp > 0xdfff)
      .map((cp) => [...Buffer.from(String.fromCodePoint(cp), "utf8")].map(hex).join("")),
    fc.constantFrom("a", "/", "?", "#", "%25")), { maxLength: 20 });

  it("uriToIri's result maps back to the URI (3.2), up to the case of hex digits and decoded unreserved characters", () => {
    fc.assert(fc.property(fc.oneof(octets, utf8), (parts) => {
      const uri = parts.join("");
      const iri = toIri(uri);
      expect(canon(toUri(iri))).toBe(canon(uri));
    }), { numRuns: 2000 });
  });

  const iriChar = fc.oneof(
    fc.constantFrom("a", "Z", "0", "-", ".", "_", "~", "/", ":", "@", "!", "$", "&", "=", "%41", "%2F"),
    fc.integer({ min: 0xa0, max: 0x10ffff }).filter((cp) => inRanges(UCSCHAR, cp) && bidiFormatting(cp) === undefined && !lookalike(cp, chars))
      .map((cp) => String.fromCodePoint(cp)),
  );

  it("the mapping is idempotent and uriToIri undoes it (with iprivate characters in the query)", () => {
    const priv = fc.integer({ min: 0xe000, max: 0x10fffd }).filter((cp) => inRanges(IPRIVATE, cp)).map((cp) => String.fromCodePoint(cp));
    fc.assert(fc.property(fc.array(iriChar, { maxLength: 20 }), fc.array(fc.oneof(iriChar, priv), { maxLength: 20 }), (path, query) => {
      const iri = `http://h/${path.join("")}?${query.join("")}`;
      const uri = toUri(iri);
      expect(uri).toMatch(/^[\x21-\x7e]*$/);
      expect(toUri(uri)).toBe(uri);
      expect(toIri(uri)).toBe(iri.replace(/%41/g, "A"));
    }), { numRuns: 2000 });
  });

  it("long inputs are mapped in one pass (a million characters)", () => {
    const iri = "/" + "\u00E9a\u{10300}".repeat(250_000);
    const uri = toUri(iri);
    expect(uri.length).toBe(1 + 250_000 * (6 + 1 + 12));
    expect(toIri(uri)).toBe(iri);
  });
});
