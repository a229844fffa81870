// Properties that tie RFC 3987's mappings and audit to the grammars: the document's ABNF of section
// 2.2 (support.ts) for IRIs, the compiled rfc3986 edition for URIs.
import fc from "fast-check";
import { EDITIONS } from "../../../src/index.js";
import type { Edition } from "../../../src/edition.js";
import { auditIriReference } from "../../../src/models/rfc3987/audit.js";
import { iriToUri, uriToIri } from "../../../src/models/rfc3987/mapping.js";
import { IPRIVATE, UCSCHAR, documentAcceptor, iriReference, syntax } from "./support.js";

const acceptor = documentAcceptor();
/** Percent-encodings of unreserved characters decoded (per the document's rule), the others in upper case. */
const canon = (uri: string) => uri.replace(/%[0-9A-Fa-f]{2}/g, (e) => {
  const c = String.fromCharCode(parseInt(e.slice(1), 16));
  return acceptor.get("unreserved")!.test(c) ? c : e.toUpperCase();
});
const isIri = (text: string) => acceptor.get("IRI-reference")!.test(text);
const uri3986 = EDITIONS.rfc3986 as unknown as Edition;
const isUri = (text: string) => uri3986.accepts(text, uri3986.requireRule("URI-reference"));

/** A code point of the ranges, often at an edge. */
const inRanges = (ranges: readonly (readonly [number, number])[]) =>
  fc.constantFrom(...ranges).chain(([a, b]) => fc.oneof(fc.constantFrom(a, b, b - 1), fc.integer({ min: a, max: b })))
    .map((cp) => String.fromCodePoint(cp));
const ucs = inRanges(UCSCHAR);
const priv = inRanges(IPRIVATE);
const escape = fc.integer({ min: 0, max: 255 }).map((b) => "%" + b.toString(16).toUpperCase().padStart(2, "0"));
const unreserved = fc.constantFrom("a", "Z", "7", "-", ".", "_", "~");
const sub = fc.constantFrom("!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=");
const text = (extra: fc.Arbitrary<string>[], max = 8) => fc.array(fc.oneof(ucs, unreserved, sub, escape, ...extra), { maxLength: max }).map((a) => a.join(""));
const iri = fc.record({
  scheme: fc.option(fc.constantFrom("http", "foo", "urn"), { nil: undefined }),
  userinfo: fc.option(text([fc.constant(":")]), { nil: undefined }),
  host: fc.option(fc.oneof(text([]), fc.constantFrom("[::1]", "[v7.x]", "192.0.2.1")), { nil: undefined }),
  port: fc.option(fc.constantFrom("", "80"), { nil: undefined }),
  path: fc.array(text([fc.constant(":"), fc.constant("@")]), { maxLength: 4 }),
  query: fc.option(text([priv, fc.constant("/"), fc.constant("?")]), { nil: undefined }),
  fragment: fc.option(text([fc.constant("/"), fc.constant("?")]), { nil: undefined }),
}).map(({ scheme, userinfo, host, port, path, query, fragment }) => {
  let s = scheme === undefined ? "" : scheme + ":";
  if (host !== undefined) s += "//" + (userinfo === undefined ? "" : userinfo + "@") + host + (port === undefined ? "" : ":" + port);
  const p = path.join("/");
  s += host !== undefined ? (p === "" ? "" : "/" + p) : (scheme === undefined ? "./" : "") + p;
  if (query !== undefined) s += "?" + query;
  if (fragment !== undefined) s += "#" + fragment;
  return s;
}).filter(isIri);

describe("the mappings and the grammars", () => {
  it("the generator makes IRIs with characters past US-ASCII, iprivate in queries, percent-encodings", () => {
    const sample = fc.sample(iri, { numRuns: 300, seed: 1 });
    expect(sample.filter((s) => /[^\x00-\x7f]/u.test(s)).length).toBeGreaterThan(200);
    expect(sample.filter((s) => /\?[^#]*[\u{E000}-\u{F8FF}\u{F0000}-\u{10FFFD}]/u.test(s)).length).toBeGreaterThan(10);
    expect(sample.filter((s) => /%[0-9A-F]{2}/.test(s)).length).toBeGreaterThan(100);
  });

  it("every IRI of the document's grammar maps to a URI of RFC 3986's, which converts back to an IRI that maps to it again", () => {
    fc.assert(fc.property(iri, (text) => {
      const uri = iriToUri(text, { syntax });
      expect([text, isUri(uri)]).toEqual([text, true]);
      const back = uriToIri(uri, { syntax });
      expect([uri, isIri(back)]).toEqual([uri, true]);
      // 3.2: "except for potential case differences in percent-encoding and for potential
      // percent-encoded unreserved characters".
      expect(canon(iriToUri(back, { syntax }))).toBe(canon(uri));
    }), { numRuns: 1500 });
  });

  const base = EDITIONS.rfc3986 as unknown as Edition;
  const sections = Object.fromEntries(["bidi-formatting", "bidi-component", "not-nfc", "compatibility-character", "lookalike-delimiter",
    "invisible-character", "mixed-script", "private-use", "noncharacter", "invalid-utf8", "idna-host"].map((c) => [c, "8"]));
  const edition = Object.create(base, { audit: { value: { ...base.audit, ...sections } } }) as Edition;

  it("audit never throws on an IRI, and every finding's span is in the input and its text", () => {
    fc.assert(fc.property(iri, (text) => {
      for (const f of auditIriReference(edition, text, iriReference(text), undefined, syntax)) {
        expect(f.start).toBeGreaterThanOrEqual(0);
        expect(f.end).toBeLessThanOrEqual(text.length);
        expect(f.start).toBeLessThanOrEqual(f.end);
        expect(f.text).toBe(text.slice(f.start, f.end));
      }
    }), { numRuns: 1000 });
  });
});
