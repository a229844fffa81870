import fc from "fast-check";
import { equivalentReferences as equivalentUris } from "../../../src/models/rfc3986/normalize.js";
import { bidiFormatting, iriCharactersOf, lookalike } from "../../../src/models/rfc3987/characters.js";
import { iriToUri } from "../../../src/models/rfc3987/mapping.js";
import {
  equivalentIriReferences, normalizeIriReference, normalizeIriText, type CharacterNormalization,
} from "../../../src/models/rfc3987/normalize.js";
import type { Ladder } from "../../../src/ladder.js";
import { reference } from "../../support/rfc3986.js";
import { IPRIVATE, UCSCHAR, inRanges, iriReference, sectionText, syntax } from "./support.js";

const xml = (text: string): string => text.replace(/&#x([0-9A-F]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
const chars = iriCharactersOf(syntax);

function normalize(text: string, scheme = true, characters?: CharacterNormalization): string {
  return normalizeIriReference(iriReference(text), { syntax, scheme, characters }).toString();
}

function equivalent(a: string, b: string, ladder?: Ladder, characters?: CharacterNormalization, ignoreFragment?: boolean): boolean {
  return equivalentIriReferences(iriReference(a), iriReference(b), { syntax, ladder, characters, ignoreFragment });
}

describe("5.3 the comparison ladder for IRIs", () => {
  it("5.3.2: the document's example pair is equivalent at the syntax rung, and normalizes to the first", () => {
    const text = sectionText("5.3.2");
    const [a, b] = [...text.matchAll(/^ {6}(\S+)$/gm)].map((m) => xml(m[1]));
    expect([a, b]).toEqual(["example://a/b/c/%7Bfoo%7D/ros\u00E9", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9"]);
    expect(equivalent(a, b, "syntax")).toBe(true);
    expect(equivalent(a, b, "simple")).toBe(false);
    expect(normalize(b, false)).toBe(a);
    expect(normalize(a, false)).toBe(a);
  });

  it("5.3.3: the document's four http IRIs are equivalent at the scheme rung, and the second is the normal form", () => {
    const four = [...sectionText("5.3.3").matchAll(/^ {6}(http:\S+)$/gm)].map((m) => m[1]);
    expect(four).toEqual(["http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/"]);
    for (const x of four) {
      expect(normalize(x)).toBe("http://example.com/");
      expect(equivalent(x, four[0], "scheme")).toBe(true);
    }
    expect(equivalent(four[0], four[3], "syntax")).toBe(false);
    // "the IRI "http://example.com/?" cannot be assumed to be equivalent to any of the examples above"
    expect(equivalent("http://example.com/?", four[1])).toBe(false);
    // "two IRIs that differ only by the suffix "#" are considered different regardless of the scheme"
    expect(equivalent("http://example.com/#", four[1])).toBe(false);
    expect(equivalent("http://example.com/#", four[1], "scheme", "as-is", true)).toBe(true);
  });

  it("5.3.2.3: the document's three spellings of ~user resolve to the same resource", () => {
    const text = sectionText("5.3.2.3").replace(/\s+/g, " ");
    const three = ["http://example.org/~user", "http://example.org/%7euser", "http://example.org/%7Euser"];
    for (const x of three) {
      expect(text).toContain(`"${x}"`);
      expect(normalize(x, false)).toBe(three[0]);
    }
  });

  it("5.3.2.2: the document's pair is not equivalent as it is (the MUST), but is with characters: \"nfc\"", () => {
    const text = sectionText("5.3.2.2").replace(/\s+/g, " ");
    const nfc = "http://www.example.org/r&#xE9;sum&#xE9;.html";
    const decomposed = "http://www.example.org/re&#x301;sume&#x301;.html";
    expect(text).toContain(nfc);
    expect(text).toContain(decomposed);
    expect(equivalent(xml(nfc), xml(decomposed), "syntax")).toBe(false);
    expect(equivalent(xml(nfc), xml(decomposed), "syntax", "nfc")).toBe(true);
    expect(equivalent(xml(nfc), xml(decomposed), "simple", "nfc")).toBe(false);
    expect(normalize(xml(decomposed), false, "nfc")).toBe(xml(nfc));
    // Percent-encoded combining marks are decoded first, then composed.
    expect(normalize("http://www.example.org/re%CC%81sume%CC%81.html", false, "nfc")).toBe(xml(nfc));
  });

  it("5.3.2.2 by runs: no delimiter is composed or created", () => {
    expect(normalize("http://a/?x=\u0338y", false, "nfc")).toBe("http://a/?x=\u0338y");
    expect(normalize("http://a/b\u037E", false, "nfc")).toBe("http://a/b\u037E");
    expect(normalize("http://a/b\u212B", false, "nfc")).toBe("http://a/b\u00C5");
    expect(normalize("http://\u0041\u030A.example/", false, "nfc")).toBe("http://\u00C5.example/");
    expect(normalize("http://a\u030A.example/", false, "nfc")).toBe("http://\u00E5.example/");
  });

  it("5.3.2.1: a US-ASCII only host in lower case, any other as it is; hex digits in upper case", () => {
    expect(normalize("HTTP://Www.Example.ORG/%c3%28", false)).toBe("http://www.example.org/%C3%28");
    expect(normalize("HTTP://Www.\u00C9xample.ORG/", false)).toBe("http://Www.\u00C9xample.ORG/");
    expect(normalize("HTTP://Www.%c3%89xample.ORG%2e/", false)).toBe("http://Www.\u00C9xample.ORG./");
    expect(normalize("HTTP://Www.%c3%28xample.ORG%2e/", false)).toBe("http://www.%C3(xample.org./".replace("(", "%28"));
    expect(normalize("http://%31%32%37.0.0.1/", false)).toBe("http://127.0.0.1/");
    expect(normalize("http://a/\u00C9?\u00C9#\u00C9", false)).toBe("http://a/\u00C9?\u00C9#\u00C9");
  });

  it("5.3.2.3: what uriToIri keeps encoded stays encoded: iprivate outside the query, bidi formatting, look-alikes, non-UTF-8", () => {
    expect(normalize("http://a/%EE%80%80?%EE%80%80#%EE%80%80", false)).toBe("http://a/%EE%80%80?\uE000#%EE%80%80");
    expect(normalize("http://a/%e2%80%ae%EF%BC%8F%fc", false)).toBe("http://a/%E2%80%AE%EF%BC%8F%FC");
    expect(normalize("http://us%C3%A9r@r%C3%A9sum%C3%A9.example/", false)).toBe("http://us\u00E9r@r\u00E9sum\u00E9.example/");
    expect(equivalent("http://a/%E2%80%AE", "http://a/\u202E", "scheme")).toBe(false);
  });

  it("5.3.2.4: dot segments removed as RFC 3986 removes them, also with non-ASCII segments", () => {
    expect(normalize("http://a/\u00E9/./b/../\u00E8", false)).toBe("http://a/\u00E9/\u00E8");
  });

  it("5.3.3: the document's IDN and its punycode are equivalent at the scheme rung, for schemes whose hosts are domain names", () => {
    const text = sectionText("5.3.3").replace(/\s+/g, " ");
    expect(text).toContain('"http://r&#xE9;sum&#xE9;.example.org" may be considered equivalent to "http://xn--rsum-bpad.example.org"');
    const [a, b] = [xml("http://r&#xE9;sum&#xE9;.example.org"), "http://xn--rsum-bpad.example.org"];
    expect(equivalent(a, b, "scheme")).toBe(true);
    expect(equivalent(a, b, "syntax")).toBe(false);
    expect(normalize(b)).toBe("http://r\u00E9sum\u00E9.example.org/");
    expect(normalize("HTTP://R\u00C9SUM\u00C9.Example.ORG.")).toBe("http://r\u00E9sum\u00E9.example.org./");
    expect(normalize("https://r%C3%A9sum%C3%A9.example.org:443")).toBe("https://r\u00E9sum\u00E9.example.org/");
    // Not for a scheme this library does not know to use domain names, nor for a label ToASCII refuses.
    expect(normalize("foo://xn--rsum-bpad.example.org")).toBe("foo://xn--rsum-bpad.example.org");
    expect(normalize("http://a\u200Db.example/")).toBe("http://a\u200Db.example/");
    expect(normalize("http://xn--rsum-bpad.example.org", false)).toBe("http://xn--rsum-bpad.example.org");
  });

  it("normalizeIriText does one component", () => {
    expect(normalizeIriText("%EE%80%80", "query", syntax)).toBe("\uE000");
    expect(normalizeIriText("%EE%80%80", "path", syntax)).toBe("%EE%80%80");
    expect(normalizeIriText("e\u0301", "path", syntax, "nfc")).toBe("\u00E9");
  });

  it("bad arguments are TypeErrors", () => {
    const r = iriReference("http://a/");
    expect(() => normalizeIriReference({} as never, { syntax })).toThrow(TypeError);
    expect(() => normalizeIriReference(r, { syntax, characters: "nfkc" as never })).toThrow(TypeError);
    expect(() => equivalentIriReferences(r, "http://a/" as never, { syntax })).toThrow(TypeError);
    expect(() => equivalentIriReferences(r, r, { syntax, ladder: "protocol" as never })).toThrow(TypeError);
    expect(() => normalizeIriReference(r, undefined as never)).toThrow(TypeError);
  });
});

describe("properties", () => {
  const ucs = fc.integer({ min: 0xa0, max: 0x10ffff })
    .filter((cp) => inRanges(UCSCHAR, cp) && bidiFormatting(cp) === undefined && !lookalike(cp, chars)).map((cp) => String.fromCodePoint(cp));
  const priv = fc.integer({ min: 0xe000, max: 0x10fffd }).filter((cp) => inRanges(IPRIVATE, cp)).map((cp) => String.fromCodePoint(cp));
  const ascii = fc.constantFrom("a", "B", "0", "-", ".", "_", "~", "!", "=", "%41", "%2f", "%2F", "%c3", "..", "/");
  const segment = fc.array(fc.oneof(ascii, ucs, fc.constant("e\u0301")), { maxLength: 6 }).map((a) => a.join(""));
  const iri = fc.record({
    host: fc.array(fc.oneof(fc.constantFrom("a", "B", "-", "."), ucs), { minLength: 1, maxLength: 6 }).map((a) => a.join("")),
    path: fc.array(segment, { maxLength: 4 }).map((a) => a.map((s) => "/" + s.replace(/\//g, "")).join("")),
    query: fc.option(fc.array(fc.oneof(ascii, ucs, priv), { maxLength: 6 }).map((a) => a.join("")), { nil: undefined }),
  }).map(({ host, path, query }) => `http://${host}${path}${query === undefined ? "" : "?" + query}`);
  /** The same IRI with its non-ASCII characters percent-encoded at random (allowed: they map to the same URI). */
  const encodedAtRandom = (text: string, picks: boolean[]) => {
    let k = 0;
    return [...text].map((ch) => (ch.codePointAt(0)! >= 0x80 && picks[k++ % picks.length] ? iriToUri(ch, { syntax }) : ch)).join("");
  };

  it("normalizing twice changes nothing, with and without NFC", () => {
    fc.assert(fc.property(iri, fc.boolean(), fc.constantFrom<CharacterNormalization>("as-is", "nfc"), (text, scheme, characters) => {
      const once = normalizeIriReference(iriReference(text), { syntax, scheme, characters });
      expect(normalizeIriReference(once, { syntax, scheme, characters }).toString()).toBe(once.toString());
    }), { numRuns: 1000 });
  });

  it("an IRI is equivalent to itself with its characters percent-encoded, and so are the URIs they map to (no false positive)", () => {
    fc.assert(fc.property(iri, fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), (text, picks) => {
      const other = encodedAtRandom(text, picks);
      expect(equivalent(text, other, "syntax")).toBe(true);
      expect(equivalentUris(reference(iriToUri(text, { syntax })), reference(iriToUri(other, { syntax })), { syntax, ladder: "syntax" })).toBe(true);
    }), { numRuns: 1000 });
  });

  it("IRIs equivalent at the syntax rung map to URIs equivalent at RFC 3986's (the IRI ladder adds no equivalence)", () => {
    fc.assert(fc.property(iri, iri, (a, b) => {
      if (equivalent(a, b, "syntax")) {
        expect(equivalentUris(reference(iriToUri(a, { syntax })), reference(iriToUri(b, { syntax })), { syntax, ladder: "syntax" })).toBe(true);
      }
    }), { numRuns: 500 });
  });
});
