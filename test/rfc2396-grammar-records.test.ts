// RFC 2396's grammar builds one plain record per reference at its component boundaries
// (grammar/rfc2396/grammar.peggy, "How to read it"); the edition's model makes its typed reference
// of it. The record's parts are checked here against two oracles that share nothing with the PEG:
// the RFC's own Appendix B regular expression (section 4.3) for the component boundaries, and the
// acceptor built from the collected ABNF for what kind each part is (an authority is a server
// exactly when the ABNF's server accepts it; a host is a hostname or an IPv4address as the ABNF
// says). References come from the collected ABNF (test/support/abnf-arbitrary.ts).
import fc from "fast-check";
import { loadAbnf } from "./support/abnf.js";
import { abnfArbitrary } from "./support/abnf-arbitrary.js";

interface HostRecord { kind: "hostname" | "IPv4address"; raw: string }
type AuthorityRecord =
  | { kind: "server"; raw: string; userinfo: string | undefined; host: HostRecord | undefined; port: string | undefined }
  | { kind: "reg_name"; raw: string };
interface ReferenceRecord {
  scheme: string | null;
  authority: AuthorityRecord | null;
  path: string;
  opaque: boolean;
  query: string | null;
  fragment: string | null;
}

const parser = require("../generated/rfc2396/parser.js") as { parse(input: string, options: { startRule: string }): unknown };
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

/** The record's parts checked against the ABNF acceptor; the record's own text is `text`. */
function checkParts(r: ReferenceRecord) {
  expect(Object.keys(r)).toEqual(["scheme", "authority", "path", "opaque", "query", "fragment"]);
  const a = r.authority;
  if (a !== null) {
    expect(accepts("authority", a.raw)).toBe(true);
    if (a.kind === "server") {
      expect(Object.keys(a)).toEqual(["kind", "raw", "userinfo", "host", "port"]);
      expect(accepts("server", a.raw)).toBe(true);
      // [ userinfo "@" ] host [ ":" port ], each part the ABNF's.
      const rebuilt = (a.userinfo === undefined ? "" : `${a.userinfo}@`) + (a.host?.raw ?? "") + (a.port === undefined ? "" : `:${a.port}`);
      expect(rebuilt).toBe(a.raw);
      if (a.userinfo !== undefined) expect(accepts("userinfo", a.userinfo)).toBe(true);
      if (a.port !== undefined) expect(accepts("port", a.port)).toBe(true);
      if (a.host === undefined) expect(a.raw).toBe("");
      else {
        expect(Object.keys(a.host)).toEqual(["kind", "raw"]);
        expect(accepts(a.host.kind, a.host.raw)).toBe(true);
        expect(accepts(a.host.kind === "hostname" ? "IPv4address" : "hostname", a.host.raw)).toBe(false);
      }
    } else {
      expect(a.kind).toBe("reg_name");
      expect(Object.keys(a)).toEqual(["kind", "raw"]);
      // authority = server | reg_name: a reg_name record only where no server reading exists.
      expect(accepts("server", a.raw)).toBe(false);
      expect(accepts("reg_name", a.raw)).toBe(true);
    }
  }
  if (r.opaque) {
    expect(r.scheme).not.toBeNull();
    expect(r.authority).toBeNull();
    expect(r.query).toBeNull();
    expect(accepts("opaque_part", r.path)).toBe(true);
    expect(accepts("hier_part", r.path)).toBe(false);
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
      expect(r.authority?.raw ?? null).toBe(b.authority);
      expect(r.fragment).toBe(b.fragment);
      if (r.opaque) {
        // The regex splits an opaque_part at its first "?": $5 and $6 make it up again.
        expect(r.path).toBe(b.path + (b.query === null ? "" : `?${b.query}`));
      } else {
        expect(r.path).toBe(b.path);
        expect(r.query).toBe(b.query);
      }
      checkParts(r);
    }), { numRuns: RUNS, seed: 1998 });
  });

  test("absoluteURI and relativeURI: the same records, absoluteURI's with a scheme and relativeURI's without", () => {
    fc.assert(fc.property(abnfArbitrary(abnf, "absoluteURI"), (s) => {
      const r = record(s, "absoluteURI");
      expect(r).toEqual(record(s));
      expect(r.scheme).not.toBeNull();
      expect(r.fragment).toBeNull();
      checkParts(r);
    }), { numRuns: RUNS / 3, seed: 1998 });
    fc.assert(fc.property(abnfArbitrary(abnf, "relativeURI"), (s) => {
      const r = record(s, "relativeURI");
      expect(r).toEqual(record(s));
      expect(r.scheme).toBeNull();
      expect(r.fragment).toBeNull();
      checkParts(r);
    }), { numRuns: RUNS / 3, seed: 1998 });
  });

  test("authorities: a server when the ABNF's server accepts it, else a reg_name", () => {
    fc.assert(fc.property(abnfArbitrary(abnf, "authority"), (s) => {
      const r = record(`//${s}`);
      expect(r.authority!.raw).toBe(s);
      expect(r.authority!.kind).toBe(accepts("server", s) ? "server" : "reg_name");
      checkParts(r);
    }), { numRuns: RUNS, seed: 1998 });
  });

  test.each([
    ["http://www.ics.uci.edu/pub/ietf/uri/#Related", {
      scheme: "http", path: "/pub/ietf/uri/", opaque: false, query: null, fragment: "Related",
      authority: { kind: "server", raw: "www.ics.uci.edu", userinfo: undefined, host: { kind: "hostname", raw: "www.ics.uci.edu" }, port: undefined },
    }],
    ["http://1.2.3.999/", {
      scheme: "http", path: "/", opaque: false, query: null, fragment: null,
      authority: { kind: "server", raw: "1.2.3.999", userinfo: undefined, host: { kind: "IPv4address", raw: "1.2.3.999" }, port: undefined },
    }],
    ["foo://u;x@h.example.:80:90/", {
      scheme: "foo", path: "/", opaque: false, query: null, fragment: null,
      authority: { kind: "reg_name", raw: "u;x@h.example.:80:90" },
    }],
    ["ftp://u:p@h.example.:/", {
      scheme: "ftp", path: "/", opaque: false, query: null, fragment: null,
      authority: { kind: "server", raw: "u:p@h.example.:", userinfo: "u:p", host: { kind: "hostname", raw: "h.example." }, port: "" },
    }],
    ["file:///etc/hosts", {
      scheme: "file", path: "/etc/hosts", opaque: false, query: null, fragment: null,
      authority: { kind: "server", raw: "", userinfo: undefined, host: undefined, port: undefined },
    }],
    ["x:?q#f", { scheme: "x", authority: null, path: "?q", opaque: true, query: null, fragment: "f" }],
    ["g;x?y#s", { scheme: null, authority: null, path: "g;x", opaque: false, query: "y", fragment: "s" }],
    ["#s", { scheme: null, authority: null, path: "", opaque: false, query: null, fragment: "s" }],
    ["", { scheme: null, authority: null, path: "", opaque: false, query: null, fragment: null }],
  ])("%s", (input, expected) => {
    const r = record(input);
    expect(r).toStrictEqual(expected);
  });
});
