// The draft's own test oracle (section 4.3, Appendix B): for every valid URI reference, the
// components parse() finds are those the Appendix B regular expression extracts; and the
// components recompose to the input (section 5.2). References come from the collected ABNF
// (test/support/abnf-arbitrary.ts), so they cover every shape the grammar allows.
import fc from "fast-check";
import { recompose as format } from "../src/index.js";
import { parse } from "../src/index.js";
import { loadAbnf } from "./support/abnf.js";
import { abnfArbitrary } from "./support/abnf-arbitrary.js";

/** Appendix B, verbatim: scheme = $2, authority = $4, path = $5, query = $7, fragment = $9. */
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;

const abnf = loadAbnf();
const references = abnfArbitrary(abnf, "URI-reference");
const RUNS = 3000;

/** What Appendix B extracts; a group that did not participate is undefined. */
function oracle(s: string) {
  const m = APPENDIX_B.exec(s);
  if (!m) throw new Error("the Appendix B regex matches every string");
  return { scheme: m[2], authority: m[4], path: m[5], query: m[7], fragment: m[9] };
}

describe("Appendix B oracle (section 4.3)", () => {
  test("the arbitrary gives valid URI references (the ABNF acceptor agrees)", () => {
    fc.assert(fc.property(references, (s) => abnf.acceptor["URI-reference"].test(s)), { numRuns: RUNS, seed: 4 });
  });

  test("scheme, authority, path, query and fragment are the regex's $2, $4, $5, $7, $9", () => {
    fc.assert(fc.property(references, (s) => {
      const ref = parse(s);
      const b = oracle(s);
      expect(ref.scheme).toBe(b.scheme);
      expect(ref.authority?.raw).toBe(b.authority);
      expect(ref.fragment).toBe(b.fragment);
      if (!ref.opaque) {
        expect(ref.path).toBe(b.path);
        expect(ref.query).toBe(b.query);
      } else {
        // The one documented difference: the regex splits an opaque-part at its first "?"; the
        // grammar keeps the whole opaque-part as the path ("?" is a uric) and has no query.
        expect(ref.query).toBeUndefined();
        expect(ref.authority).toBeUndefined();
        expect(b.query === undefined ? b.path : `${b.path}?${b.query}`).toBe(ref.path);
      }
    }), { numRuns: RUNS, seed: 20030303 });
  });

  test("a hostname's labels are its text split at \".\", without the empty label after a trailing dot", () => {
    // Host names from the ABNF's hostname rule, in an authority.
    let hostnames = 0;
    fc.assert(fc.property(abnfArbitrary(abnf, "hostname"), (h) => {
      const authority = parse(`http://${h}/`).authority;
      if (authority?.kind !== "server" || authority.host?.kind !== "hostname") return; // "1.2.3.4" is an IPv4address
      hostnames++;
      const split = h.split(".");
      if (split[split.length - 1] === "") split.pop();
      expect(authority.host.raw).toBe(h);
      expect(authority.host.labels).toEqual(split);
      for (const label of authority.host.labels) expect(abnf.acceptor.domainlabel.test(label)).toBe(true);
    }), { numRuns: RUNS, seed: 11 });
    expect(hostnames).toBeGreaterThan(RUNS * 0.9);
  });

  test("format(parse(s)) === s and parse(s).toString() === s", () => {
    fc.assert(fc.property(references, (s) => {
      const ref = parse(s);
      expect(format(ref)).toBe(s);
      expect(ref.toString()).toBe(s);
    }), { numRuns: RUNS, seed: 5 });
  });

  test("the arbitrary reaches every kind of reference the properties distinguish", () => {
    const kinds = new Map<string, number>();
    const count = (k: string) => kinds.set(k, (kinds.get(k) ?? 0) + 1);
    for (const s of fc.sample(references, { numRuns: RUNS, seed: 7 })) {
      const ref = parse(s);
      const b = oracle(s);
      count(ref.kind);
      if (ref.opaque) count(b.query === undefined ? "opaque without ?" : "opaque split by the regex at ?");
      if (ref.authority) count(`authority ${ref.authority.kind}`);
      if (ref.scheme !== undefined && !ref.opaque && ref.authority === undefined) count("absolute, path only");
      if (ref.query !== undefined) count("query");
      if (ref.fragment !== undefined) count("fragment");
      if (s === "" || s.startsWith("#")) count("same-document");
    }
    const wanted = ["absolute-URI", "relative-URI", "opaque without ?", "opaque split by the regex at ?", "authority server",
      "authority reg-name", "absolute, path only", "query", "fragment", "same-document"];
    expect(wanted.filter((k) => !kinds.get(k))).toEqual([]);
  });
});
