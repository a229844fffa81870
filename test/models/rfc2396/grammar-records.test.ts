// RFC 2396's grammar builds one record { rule, start, end, ...parts } per reference at its component boundaries
// (grammar/rfc2396/grammar.peggy, "How to read it"); the edition's model makes its typed reference
// of it. The record's parts are checked here against two oracles that share nothing with the PEG:
// the RFC's own Appendix B regular expression (section 4.3) for the component boundaries, and the
// acceptor built from the collected ABNF for what kind each part is (an authority is a server
// exactly when the ABNF's server accepts it; a host is a hostname or an IPv4address as the ABNF
// says). References come from the collected ABNF (test/support/abnf-arbitrary.ts).
import fc from "fast-check";
import { loadAbnf } from "../../support/abnf.js";
import { abnfArbitrary } from "../../support/abnf-arbitrary.js";

interface Span { rule: string; start: number; end: number }
type AuthorityRecord =
  | { rule: "server"; start: number; end: number; userinfo: string | null; host: Span | null; port: string | null }
  | { rule: "reg_name"; start: number; end: number };
interface ReferenceRecord {
  rule: string;
  start: number;
  end: number;
  scheme: string | null;
  authority: AuthorityRecord | null;
  /** The path's text, or an opaque_part's record. */
  path: string | Span;
  query: string | null;
  fragment: string | null;
}

const parser = require("../../../generated/rfc2396/parser.js") as { parse(input: string, options: { startRule: string }): unknown };
const record = (input: string, rule = "URI_reference") => parser.parse(input, { startRule: rule }) as ReferenceRecord;

const abnf = loadAbnf("rfc2396");
const accepts = (rule: string, s: string) => abnf.acceptor[rule].test(s);
const RUNS = 3000;

/** Appendix B, verbatim: scheme = $2, authority = $4, path = $5, query = $7, fragment = $9. */
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;

function appendixB(s: string) {
  const m = APPENDIX_B.exec(s)!;
  const part = (v: string | undefined) => (v === undefined ? null : v);
  return { scheme: part(m[2]), authority: part(m[4]), path: m[5], query: part(m[7]), fragment: part(m[9]) };
}

/** A record's text: the input in its span, which lies inside [within.start, within.end]. */
function textOf(input: string, r: Span, within: Span = { rule: "", start: 0, end: input.length }): string {
  expect(within.start <= r.start && r.start <= r.end && r.end <= within.end).toBe(true);
  return input.slice(r.start, r.end);
}

/** The path's text, whether a text or an opaque_part's record. */
const pathText = (input: string, r: ReferenceRecord) => (typeof r.path === "string" ? r.path : input.slice(r.path.start, r.path.end));
const opaque = (r: ReferenceRecord) => typeof r.path !== "string";
const authorityText = (input: string, r: ReferenceRecord) => (r.authority === null ? null : input.slice(r.authority.start, r.authority.end));

/** The record of all of `input` checked against the ABNF acceptor: its rule, its spans, its parts. */
function checkParts(input: string, r: ReferenceRecord) {
  expect(Object.keys(r)).toEqual(["rule", "start", "end", "scheme", "authority", "path", "query", "fragment"]);
  expect([r.start, r.end]).toEqual([0, input.length]);
  expect(accepts(r.rule, input)).toBe(true);
  // The most specific rule that matched the whole text.
  expect(r.rule).toBe(r.fragment !== null || input === "" ? "URI-reference" : r.scheme === null ? "relativeURI" : "absoluteURI");
  const a = r.authority;
  if (a !== null) {
    const raw = textOf(input, a, r);
    expect(accepts("authority", raw)).toBe(true);
    if (a.rule === "server") {
      expect(Object.keys(a)).toEqual(["rule", "start", "end", "userinfo", "host", "port"]);
      expect(accepts("server", raw)).toBe(true);
      // [ userinfo "@" ] host [ ":" port ], each part the ABNF's.
      const host = a.host === null ? "" : textOf(input, a.host, a);
      const rebuilt = (a.userinfo === null ? "" : `${a.userinfo}@`) + host + (a.port === null ? "" : `:${a.port}`);
      expect(rebuilt).toBe(raw);
      if (a.userinfo !== null) expect(accepts("userinfo", a.userinfo)).toBe(true);
      if (a.port !== null) expect(accepts("port", a.port)).toBe(true);
      if (a.host === null) expect(raw).toBe("");
      else {
        expect(Object.keys(a.host)).toEqual(["rule", "start", "end"]);
        expect(accepts(a.host.rule, host)).toBe(true);
        expect(accepts(a.host.rule === "hostname" ? "IPv4address" : "hostname", host)).toBe(false);
      }
    } else {
      expect(a.rule).toBe("reg_name");
      expect(Object.keys(a)).toEqual(["rule", "start", "end"]);
      // authority = server | reg_name: a reg_name record only where no server reading exists.
      expect(accepts("server", raw)).toBe(false);
      expect(accepts("reg_name", raw)).toBe(true);
    }
  }
  if (typeof r.path !== "string") {
    expect(Object.keys(r.path)).toEqual(["rule", "start", "end"]);
    expect(r.path.rule).toBe("opaque_part");
    const path = textOf(input, r.path, r);
    expect(r.scheme).not.toBeNull();
    expect(r.authority).toBeNull();
    expect(r.query).toBeNull();
    expect(accepts("opaque_part", path)).toBe(true);
    expect(accepts("hier_part", path)).toBe(false);
  } else if (r.path !== "") {
    expect(accepts("abs_path", r.path) || (r.scheme === null && r.authority === null && accepts("rel_path", r.path))).toBe(true);
  }
  if (r.query !== null) expect(accepts("query", r.query)).toBe(true);
  if (r.fragment !== null) expect(accepts("fragment", r.fragment)).toBe(true);
}

describe("RFC 2396 grammar records", () => {
  test("the arbitrary gives valid URI references (the ABNF acceptor agrees)", () => {
    fc.assert(fc.property(abnfArbitrary(abnf, "URI-reference"), (s) => accepts("URI-reference", s)), { numRuns: RUNS, seed: 1998 });
  });

  test("URI-reference: the components are Appendix B's $2, $4, $5, $7, $9 (an opaque_part is $5 to the end of $6)", () => {
    fc.assert(fc.property(abnfArbitrary(abnf, "URI-reference"), (s) => {
      const r = record(s);
      const b = appendixB(s);
      expect(r.scheme).toBe(b.scheme);
      expect(authorityText(s, r)).toBe(b.authority);
      expect(r.fragment).toBe(b.fragment);
      if (opaque(r)) {
        // The regex splits an opaque_part at its first "?": $5 and $6 make it up again.
        expect(pathText(s, r)).toBe(b.path + (b.query === null ? "" : `?${b.query}`));
      } else {
        expect(r.path).toBe(b.path);
        expect(r.query).toBe(b.query);
      }
      checkParts(s, r);
    }), { numRuns: RUNS, seed: 1998 });
  });

  test("absoluteURI and relativeURI: the same records, absoluteURI's with a scheme and relativeURI's without", () => {
    fc.assert(fc.property(abnfArbitrary(abnf, "absoluteURI"), (s) => {
      const r = record(s, "absoluteURI");
      expect(r).toEqual(record(s));
      expect(r.rule).toBe("absoluteURI");
      expect(r.scheme).not.toBeNull();
      expect(r.fragment).toBeNull();
      checkParts(s, r);
    }), { numRuns: RUNS / 3, seed: 1998 });
    fc.assert(fc.property(abnfArbitrary(abnf, "relativeURI"), (s) => {
      const r = record(s, "relativeURI");
      expect(r).toEqual(record(s));
      expect(r.rule).toBe("relativeURI");
      expect(r.scheme).toBeNull();
      expect(r.fragment).toBeNull();
      checkParts(s, r);
    }), { numRuns: RUNS / 3, seed: 1998 });
  });

  test("authorities: a server when the ABNF's server accepts it, else a reg_name", () => {
    fc.assert(fc.property(abnfArbitrary(abnf, "authority"), (s) => {
      const r = record(`//${s}`);
      expect(authorityText(`//${s}`, r)).toBe(s);
      expect(r.authority!.rule).toBe(accepts("server", s) ? "server" : "reg_name");
      checkParts(`//${s}`, r);
    }), { numRuns: RUNS, seed: 1998 });
  });

  test.each([
    ["http://www.ics.uci.edu/pub/ietf/uri/#Related", {
      rule: "URI-reference", start: 0, end: 44, scheme: "http",
      authority: { rule: "server", start: 7, end: 22, userinfo: null, host: { rule: "hostname", start: 7, end: 22 }, port: null },
      path: "/pub/ietf/uri/", query: null, fragment: "Related",
    }],
    ["http://1.2.3.999/", {
      rule: "absoluteURI", start: 0, end: 17, scheme: "http",
      authority: { rule: "server", start: 7, end: 16, userinfo: null, host: { rule: "IPv4address", start: 7, end: 16 }, port: null },
      path: "/", query: null, fragment: null,
    }],
    ["foo://u;x@h.example.:80:90/", {
      rule: "absoluteURI", start: 0, end: 27, scheme: "foo",
      authority: { rule: "reg_name", start: 6, end: 26 },
      path: "/", query: null, fragment: null,
    }],
    ["ftp://u:p@h.example.:/", {
      rule: "absoluteURI", start: 0, end: 22, scheme: "ftp",
      authority: { rule: "server", start: 6, end: 21, userinfo: "u:p", host: { rule: "hostname", start: 10, end: 20 }, port: "" },
      path: "/", query: null, fragment: null,
    }],
    ["file:///etc/hosts", {
      rule: "absoluteURI", start: 0, end: 17, scheme: "file",
      authority: { rule: "server", start: 7, end: 7, userinfo: null, host: null, port: null },
      path: "/etc/hosts", query: null, fragment: null,
    }],
    ["x:?q#f", { rule: "URI-reference", start: 0, end: 6, scheme: "x", authority: null, path: { rule: "opaque_part", start: 2, end: 4 }, query: null, fragment: "f" }],
    ["g;x?y#s", { rule: "URI-reference", start: 0, end: 7, scheme: null, authority: null, path: "g;x", query: "y", fragment: "s" }],
    ["#s", { rule: "URI-reference", start: 0, end: 2, scheme: null, authority: null, path: "", query: null, fragment: "s" }],
    ["", { rule: "URI-reference", start: 0, end: 0, scheme: null, authority: null, path: "", query: null, fragment: null }],
  ])("%s", (input, expected) => {
    const r = record(input);
    expect(r).toStrictEqual(expected);
    checkParts(input, r);
  });
});
