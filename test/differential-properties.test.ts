// Properties of differential(): for random valid references of RFC 3986 (from its ABNF, and with
// the URL Standard's special schemes in front), every "reading" difference is real: the edition's
// normalized value and the platform URL's value differ; and URLs built only of lower-case letters,
// digits and the delimiters get no difference at all.
import fc from "fast-check";
import { differential, normalize, parse } from "../src/index.js";
import { loadAbnf } from "./support/abnf.js";
import { abnfArbitrary } from "./support/abnf-arbitrary.js";

const abnf = loadAbnf("rfc3986");
const special = fc.constantFrom("http", "https", "ws", "wss", "ftp", "file", "HTTP");
const references = fc.oneof(
  abnfArbitrary(abnf, "URI"),
  fc.tuple(special, abnfArbitrary(abnf, "hier-part"), fc.option(abnfArbitrary(abnf, "query"), { nil: undefined }),
    fc.option(abnfArbitrary(abnf, "fragment"), { nil: undefined }))
    .map(([s, h, q, f]) => `${s}:${h}${q === undefined ? "" : "?" + q}${f === undefined ? "" : "#" + f}`),
);

/** The value of a component as the platform's URL gives it (null: none), from its own getters. */
function whatwgValue(url: URL, component: string): string | null {
  switch (component) {
    case "scheme": return url.protocol.slice(0, -1);
    case "host": return url.href.slice(url.protocol.length).startsWith("//") ? url.hostname : null;
    case "port": return url.port === "" ? null : url.port;
    case "path": return url.pathname;
    case "query": return url.search === "" ? (url.href.split("#")[0].endsWith("?") ? "" : null) : url.search.slice(1);
    case "fragment": return url.hash === "" ? (url.href.includes("#") ? "" : null) : url.hash.slice(1);
    default: return null;
  }
}

/** The edition's value of a component after its normalization (null: none). */
function normalizedValue(input: string, component: string): string | null {
  const ref = parse(normalize(input, { edition: "rfc3986" }), { edition: "rfc3986" });
  const a = ref.authority;
  switch (component) {
    case "scheme": return ref.scheme ?? null;
    case "userinfo": return a?.userinfo ?? null;
    case "host": return a?.host.raw ?? null;
    case "port": return a?.port ?? null;
    case "path": return ref.path;
    case "query": return ref.query ?? null;
    case "fragment": return ref.fragment ?? null;
    default: return null;
  }
}

test("every reading difference of a valid reference is real", () => {
  let readings = 0;
  fc.assert(fc.property(references, (input) => {
    const r = differential(input);
    expect(r.rfc.valid).toBe(true);
    let url: URL | undefined;
    try { url = new URL(input); } catch { url = undefined; }
    expect(r.whatwg.valid).toBe(url !== undefined);
    for (const d of r.differences) {
      if (d.kind !== "reading" || d.component === "validity") continue;
      readings++;
      if (d.component === "userinfo") {
        const rfc = normalizedValue(input, "userinfo") ?? "";
        const colon = rfc.indexOf(":");
        const pair = colon < 0 ? [rfc, ""] : [rfc.slice(0, colon), rfc.slice(colon + 1)];
        expect(pair).not.toEqual([url!.username, url!.password]);
        continue;
      }
      expect(d.whatwg).toBe(whatwgValue(url!, d.component));
      expect(normalizedValue(input, d.component)).not.toBe(d.whatwg);
    }
  }), { numRuns: 1500 });
  // The generators reach reading differences at all (the property is not empty).
  expect(readings).toBeGreaterThan(20);
});

const lower = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);
const word = fc.stringMatching(/^[a-z0-9]{1,8}$/);
test("URLs of lower-case letters, digits and the delimiters have no difference", () => {
  const url = fc.record({
    scheme: fc.constantFrom("http", "https", "ws", "wss", "ftp", "foo", "git+ssh"),
    userinfo: fc.option(fc.tuple(word, fc.option(word, { nil: undefined })).map(([u, p]) => (p === undefined ? u : `${u}:${p}`)), { nil: undefined }),
    host: fc.array(lower, { minLength: 1, maxLength: 3 }).map((l) => l.join(".")),
    port: fc.option(fc.integer({ min: 1024, max: 65535 }).map(String), { nil: undefined }),
    path: fc.array(word, { minLength: 1, maxLength: 4 }).map((s) => "/" + s.join("/")),
    query: fc.option(fc.array(fc.tuple(word, word).map(([k, v]) => `${k}=${v}`), { maxLength: 3 }).map((p) => p.join("&")), { nil: undefined }),
    fragment: fc.option(fc.array(word, { maxLength: 3 }).map((p) => p.join("/")), { nil: undefined }),
  }).map((c) => `${c.scheme}://${c.userinfo === undefined ? "" : c.userinfo + "@"}${c.host}${c.port === undefined ? "" : ":" + c.port}` +
    `${c.path}${c.query === undefined ? "" : "?" + c.query}${c.fragment === undefined ? "" : "#" + c.fragment}`);
  fc.assert(fc.property(url, (input) => {
    expect(differential(input).differences).toEqual([]);
  }), { numRuns: 500 });
});
