// Editions as data: the registry, the `edition` option of every function, each edition's own
// rule names and component types, and the package's entry per edition.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  DEFAULT_EDITION, EDITIONS, UriSyntaxError, audit, compareEditions, diffEditions, equivalent, explain, extract, matches, normalize, parse, recompose,
  resolve, resolveReference, ruleInfo, validate, type EditionId,
} from "../src/index.js";
import type { Edition } from "../src/edition.js";

const ROOT = join(__dirname, "..");
const SPEC = join(ROOT, "..", "shared", "spec");
/** An options object naming no edition of the package (typed as no options, to reach the run-time check). */
const BAD = { edition: "rfc9999" } as {};
const FOLDERS = readdirSync(join(ROOT, "grammar"), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

describe("the registry", () => {
  test("has one edition per grammar folder, oldest first, each with its manifest and document", () => {
    const ids = Object.keys(EDITIONS);
    expect([...ids].sort()).toEqual([...FOLDERS].sort());
    const dates = ids.map((id) => EDITIONS[id as EditionId].date);
    expect(dates).toEqual([...dates].sort());
    for (const id of ids) {
      const e = EDITIONS[id as EditionId];
      const manifest = JSON.parse(readFileSync(join(ROOT, "grammar", id, "edition.json"), "utf8"));
      expect({ id: e.id, title: e.title, document: e.document, date: e.date, model: e.model, roles: e.roles })
        .toEqual({ id: manifest.id, title: manifest.title, document: manifest.document, date: manifest.date, model: manifest.model, roles: manifest.roles });
      expect(existsSync(join(SPEC, e.spec))).toBe(true);
      // Every role names a rule of the edition.
      for (const value of Object.values(e.roles)) for (const name of ([] as string[]).concat(value)) expect(e.rule(name)?.name).toBe(name);
    }
  });

  test("normalization asks each edition's grammar by role, and each edition has the roles its model asks", () => {
    // Inputs that take every path of the models' normalizations that asks the grammar: an escape of
    // an unreserved character (unreserved; the 2003 draft's alpha and digit), a registry-based
    // authority that becomes a server (server, ipv4), a reg-name that becomes an IPv4address (ipv4),
    // a relative path whose first segment holds ":" after an escape (scheme), an IRI's characters
    // (ucschar, iprivate, reserved). A role an edition lacks is an internal error, not a UriSyntaxError.
    const inputs = ["http://ex%61mple.com:80/a/./%7e?q#f", "http://%31.2.3.4/", "//%31.2.3.4:/x", "%41tp:x", "a%3Ab:c",
      "http://\u00e9.example/\u00e9?\ue000#\u00e9", "HTTP://a@b.c/%41", "http://a/%C3%A9?%EE%80%80"];
    let normalized = 0;
    for (const e of Object.values(EDITIONS)) {
      if (e.normalization === undefined) continue; // the document defines none (NotDefinedError)
      for (const input of inputs) {
        try {
          normalize(input as never, { edition: e.id } as never);
          expect(equivalent(input as never, input as never, { edition: e.id } as never)).toBe(true);
          normalized++;
        } catch (error) {
          if (!(error instanceof UriSyntaxError)) throw error;
        }
      }
    }
    expect(normalized).toBeGreaterThan(20);
  });

  test("the default edition is the one edition.json marks, and functions use it without an option", () => {
    const marked = FOLDERS.filter((id) => JSON.parse(readFileSync(join(ROOT, "grammar", id, "edition.json"), "utf8")).default === true);
    expect(marked).toEqual([DEFAULT_EDITION.id]);
    expect(parse("a").constructor).toBe(parse("a", { edition: DEFAULT_EDITION.id }).constructor);
  });

  test.each([
    ["parse", () => parse("a", BAD)],
    ["validate", () => validate("a", BAD)],
    ["matches", () => matches("ALPHA", "a", BAD)],
    ["explain", () => explain("a", BAD)],
    ["resolve", () => resolve("http://a/", "b", BAD)],
    ["resolveReference", () => resolveReference("http://a/", "b", BAD)],
    ["normalize", () => normalize("a", BAD)],
    ["equivalent", () => equivalent("a", "a", BAD)],
    ["audit", () => audit("a", BAD)],
    ["extract", () => extract("a", BAD)],
    ["ruleInfo", () => ruleInfo("ALPHA", BAD)],
  ])("%s: an unknown edition is a TypeError that lists the known ones", (_name, call) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(/options\.edition must be the id of an edition: .*"rfc2396bis-01".*"rfc3986".*got "rfc9999"/);
  });
});

describe("each edition's own rules", () => {
  test("rule names are the document's spelling, and another edition's name is a TypeError naming the edition", () => {
    expect(matches("IP-literal", "[::1]", { edition: "rfc3986" })).toBe(true);
    expect(matches("h16", "ffff", { edition: "rfc3986" })).toBe(true);
    expect(matches("IPv6reference", "[::1]")).toBe(true);
    expect(() => matches("IP-literal" as never, "[::1]")).toThrow(/draft-fielding-uri-rfc2396bis-01 \(edition "rfc2396bis-01"\) has no rule "IP-literal"/);
    expect(() => matches("IPv6reference" as never, "[::1]", { edition: "rfc3986" })).toThrow(/RFC 3986 \(edition "rfc3986"\) has no rule/);
    expect(ruleInfo("path-abempty", { edition: "rfc3986" })).toMatchObject({ name: "path-abempty", section: "3.3" });
    expect(ruleInfo("path-abempty")).toBeUndefined();
  });

  test("the two grammars disagree where the documents do", () => {
    // RFC 3986 added IPvFuture (3.2.2) and dropped the opaque part and "[" "]" outside an IP-literal.
    expect(matches("URI-reference", "http://[v7.x]/", { edition: "rfc3986" })).toBe(true);
    expect(matches("URI-reference", "http://[v7.x]/")).toBe(false);
    expect(matches("URI-reference", "x:?q[1]")).toBe(true);
    expect(matches("URI-reference", "x:?q[1]", { edition: "rfc3986" })).toBe(false);
    // The draft's hostname has labels of at most 63 characters; RFC 3986's reg-name has no limit.
    const long = `http://${"a".repeat(64)}.example/`;
    expect(matches("URI-reference", long)).toBe(true); // a reg-name authority in the draft
    expect(parse(long).authority?.kind).toBe("reg-name");
    expect(parse(long, { edition: "rfc3986" }).authority?.host.kind).toBe("reg-name");
  });

  test("validate() and its error say which edition's grammar was used", () => {
    const result = validate("http://[v7.x]/");
    expect(result.valid).toBe(false);
    const error = (result as { error: UriSyntaxError }).error;
    expect(error.edition).toBe("rfc2396bis-01");
    // At "v": an h4's hex digits, or the ":" that begins the "::" of a compressed address; not the end.
    expect(error.next).toEqual({ characters: "0123456789:ABCDEFabcdef", ranges: [], end: false });
    const strict = validate("http://a b", { edition: "rfc3986" });
    expect(strict.valid).toBe(false);
    expect((strict as { error: UriSyntaxError }).error).toMatchObject({ edition: "rfc3986", offset: 8, startRule: "URI-reference" });
  });

  test("explain() folds each edition's single-character rules, as its rule table says", () => {
    const tree = explain("http://a/%7e", { edition: "rfc3986" });
    const rules = new Set<string>();
    const walk = (n: { rule: string; children: readonly unknown[] }) => { rules.add(n.rule); n.children.forEach((c) => walk(c as never)); };
    walk(tree);
    expect(rules.has("pct-encoded")).toBe(true);
    expect(rules.has("pchar")).toBe(false);
    expect(rules.has("unreserved")).toBe(false);
    expect(ruleInfo("pchar", { edition: "rfc3986" })!.singleCharacter).toBe(true);
    expect(ruleInfo("pct-encoded", { edition: "rfc3986" })!.singleCharacter).toBe(false);
  });
});

describe("RFC 3986's components (section 3)", () => {
  const opts = { edition: "rfc3986" } as const;

  test("the section 3 example, with RFC 3986's kinds", () => {
    const ref = parse("foo://example.com:8042/over/there?name=ferret#nose", opts);
    expect({ ...ref }).toEqual({
      kind: "URI", scheme: "foo",
      authority: { raw: "example.com:8042", host: { kind: "reg-name", raw: "example.com" }, port: "8042" },
      path: "/over/there", query: "name=ferret", fragment: "nose",
    });
    expect(ref.toString()).toBe("foo://example.com:8042/over/there?name=ferret#nose");
    expect(recompose(ref, opts)).toBe("foo://example.com:8042/over/there?name=ferret#nose");
  });

  test.each([
    ["http://[::1]/", { kind: "IPv6address", raw: "[::1]", address: "::1" }],
    ["http://[V7.a:b]/", { kind: "IPvFuture", raw: "[V7.a:b]", version: "7", address: "a:b" }],
    ["http://1.2.3.4/", { kind: "IPv4address", raw: "1.2.3.4", octets: [1, 2, 3, 4] }],
    ["http://1.2.3.4.5/", { kind: "reg-name", raw: "1.2.3.4.5" }],
    ["http://1.2.3.256/", { kind: "reg-name", raw: "1.2.3.256" }],
    ["http://%65x.com/", { kind: "reg-name", raw: "%65x.com" }],
  ])("%s has the host %j (3.2.2)", (input, host) => {
    expect(parse(input, opts).authority!.host).toEqual(host);
  });

  test("no opaque part: mailto: has a path and a query; an empty authority has an empty reg-name", () => {
    expect({ ...parse("mailto:a@b?subject=x", opts) }).toEqual({ kind: "URI", scheme: "mailto", path: "a@b", query: "subject=x" });
    expect(parse("file:///etc/hosts", opts).authority).toEqual({ raw: "", host: { kind: "reg-name", raw: "" } });
    expect(parse("//u@h:", opts).authority).toEqual({ raw: "u@h:", userinfo: "u", host: { kind: "reg-name", raw: "h" }, port: "" });
  });

  test("parse rules are RFC 3986's: URI, relative-ref, absolute-URI", () => {
    expect(parse("a:b#c", { ...opts, rule: "URI" }).fragment).toBe("c");
    expect(() => parse("a:b#c", { ...opts, rule: "absolute-URI" })).toThrow(UriSyntaxError);
    expect(parse("../g", { ...opts, rule: "relative-ref" }).kind).toBe("relative-ref");
    expect(() => parse("a", { ...opts, rule: "relative-URI" as never })).toThrow(/must be one of "URI-reference", "URI", "relative-ref", "absolute-URI" in RFC 3986/);
  });

  test("resolve, normalize and equivalent take the edition's algorithms (5.2, 6.2)", () => {
    // 5.4.2: RFC 3986 removes dot segments from an absolute path; the draft takes it as it is.
    expect(resolve("http://a/b/c/d;p?q", "/./g", opts)).toBe("http://a/g");
    expect(resolve("http://a/b/c/d;p?q", "/./g")).toBe("http://a/./g");
    expect(resolve("http://a/b/c/d;p?q", "../../../g", opts)).toBe("http://a/g");
    expect(resolve("http://a/b/c/d;p?q", "../../../g")).toBe("http://a/../g");
    expect(resolveReference("http://a/b/c/d;p?q", "g?y#s", opts).toString()).toBe("http://a/b/c/g?y#s");
    // 6.2.2.2: "-" "." "~" are unreserved in RFC 3986 and decoded.
    expect(normalize("http://a/%7E%2d", opts)).toBe("http://a/~-");
    expect(equivalent("example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", opts)).toBe(true);
    // References given as values are used as they are, not formatted and parsed again.
    const ref = parse("HTTP://Example.COM:80", opts);
    expect(normalize(ref, opts)).toBe("http://example.com/");
  });
});

describe("the package's entry per edition", () => {
  function node(code: string, type: "commonjs" | "module" = "commonjs"): string {
    return execFileSync(process.execPath, [...(type === "module" ? ["--input-type=module"] : []), "-e", code], { cwd: ROOT, encoding: "utf8" });
  }

  test("uri-grammar/ID binds every function to that edition, for require and import", () => {
    const cjs = node(`const r = require("uri-grammar/rfc3986"); console.log(JSON.stringify([r.EDITION.id, r.parse("http://[v1.x]/").authority.host.kind, r.matches("h16", "ab"), r.resolveSteps("http://a/b/c", "../g").steps[0].section]))`);
    expect(JSON.parse(cjs)).toEqual(["rfc3986", "IPvFuture", true, "5.2.1"]);
    const esm = node(`import { EDITION, parse, matches, resolveSteps } from "uri-grammar/rfc3986"; console.log(JSON.stringify([EDITION.id, parse("http://[v1.x]/").authority.host.kind, matches("h16", "ab"), resolveSteps("http://a/b/c", "../g").steps[0].section]))`, "module");
    expect(JSON.parse(esm)).toEqual(["rfc3986", "IPvFuture", true, "5.2.1"]);
    // The package's main entry has it too, for import and require.
    const main = node(`import { resolveSteps } from "uri-grammar"; import { createRequire } from "node:module"; const r = createRequire(import.meta.url)("uri-grammar"); console.log(JSON.stringify([resolveSteps === r.resolveSteps, resolveSteps("http://a/b/c", "../g").target]))`, "module");
    expect(JSON.parse(main)).toEqual([true, "http://a/g"]);
  });

  test("an edition's entry loads no other edition's grammar", () => {
    const loaded = node(`require("uri-grammar/rfc3986"); console.log(JSON.stringify(Object.keys(require.cache).filter((f) => f.includes("generated"))))`);
    const files = JSON.parse(loaded) as string[];
    expect(files.some((f) => f.includes("rfc3986"))).toBe(true);
    // An edition's files are its folder of generated/; beside them only generated/models.js, what
    // each model knows of its editions' names (no grammar, no manifest).
    expect(files.filter((f) => !f.includes("rfc3986")).map((f) => f.replace(/.*\/generated\//, ""))).toEqual(["models.js"]);
  });

  test("an edition's entry refuses another edition, and its errors are the package's classes", () => {
    const out = node(`const r = require("uri-grammar/rfc3986"); const main = require("uri-grammar");
      let refused; try { r.parse("a", { edition: "rfc2396bis-01" }); } catch (e) { refused = e instanceof TypeError && /bound to the edition "rfc3986"/.test(e.message); }
      console.log(JSON.stringify([refused, r.validate("a b").error instanceof main.UriSyntaxError]))`);
    expect(JSON.parse(out)).toEqual([true, true]);
  });
});

describe("compareEditions: which edition rejects this, and why", () => {
  test("one verdict per edition, oldest first, each error naming the deciding rule and section", () => {
    const verdicts = compareEditions("http://[v7.x]/");
    // Each edition's own reference rule, and its own verdict.
    expect(verdicts.map((v) => [v.edition, v.rule, v.valid])).toEqual(Object.values(EDITIONS).map((e) =>
      [e.id, e.roles.reference, matches(e.roles.reference as never, "http://[v7.x]/", { edition: e.id } as never)]));
    const draft = verdicts.find((v) => v.edition === "rfc2396bis-01")!;
    expect(draft.error).toBeInstanceOf(UriSyntaxError);
    expect(draft.error).toMatchObject({ offset: 8, rule: "IPv6address", section: "3.2.2", edition: "rfc2396bis-01" });
    const rfc3986 = verdicts.find((v) => v.edition === "rfc3986")!;
    expect(rfc3986.error).toBeUndefined();
    expect((rfc3986.reference as { authority: { host: { kind: string } } }).authority.host.kind).toBe("IPvFuture");
  });

  test("a rule named in one edition's spelling is each edition's rule of that name or role", () => {
    expect(compareEditions("a@b@c", { rule: "authority", editions: ["rfc2396bis-01", "rfc3986"] }).map((v) => [v.edition, v.valid]))
      .toEqual([["rfc2396bis-01", true], ["rfc3986", false]]);
    // relative-URI (the draft's) and relative-ref (RFC 3986's) play the same role; an edition
    // without that role (the 1993 draft has no relative form in its grammar) is left out.
    const relative = compareEditions("../g", { rule: "relative-URI" });
    expect(relative.map((v) => [v.edition, v.rule])).toEqual(expect.arrayContaining([["rfc2396bis-01", "relative-URI"], ["rfc3986", "relative-ref"]]));
    expect(relative.every((v) => EDITIONS[v.edition as EditionId].roles.relative === v.rule)).toBe(true);
    // A rule only one edition has, and no role: only that edition answers (h16: RFC 3986 and RFC 3987, which has it as RFC 3986's).
    expect(compareEditions("\u00e9", { rule: "ucschar" }).map((v) => [v.edition, v.valid])).toEqual([["rfc3987", true]]);
    expect(compareEditions("ab", { rule: "h16" }).map((v) => v.edition)).toEqual(["rfc3986", "rfc3987"]);
  });

  test("editions, and bad arguments", () => {
    expect(compareEditions("a", { editions: ["rfc3986"] }).map((v) => v.edition)).toEqual(["rfc3986"]);
    expect(() => compareEditions("a", { editions: ["rfc9999"] })).toThrow(/unknown edition "rfc9999"/);
    expect(() => compareEditions("a", { rule: "nonsense" })).toThrow(/no edition has a rule "nonsense"/);
    expect(() => compareEditions(1 as never)).toThrow(TypeError);
  });
});

describe("diffEditions: how the grammar changed", () => {
  test("RFC 2396 to the draft: IPv6 literals added, params removed, underscores renamed, sets changed", () => {
    const d = diffEditions("rfc2396", "rfc2396bis-01");
    expect(d).toMatchObject({ from: "rfc2396", to: "rfc2396bis-01" });
    expect(d.added).toEqual(expect.arrayContaining(["IPv6reference", "IPv6address", "dec-octet", "qualified"]));
    expect(d.removed).toEqual(expect.arrayContaining(["param", "lowalpha", "upalpha"]));
    expect(d.renamed).toEqual(expect.arrayContaining([
      { from: "absoluteURI", to: "absolute-URI", why: "the absolute rule of both" },
      { from: "hier_part", to: "hier-part", why: "the same name, spelled differently" },
    ]));
    // Appendix G.1 of the draft: "[" and "]" move from unwise to reserved, and host gains IPv6.
    const changed = (name: string) => d.changed.find((c) => c.to === name)!;
    expect(changed("reserved")).toMatchObject({ charactersAdded: "[]", charactersRemoved: "" });
    expect(changed("unwise")).toMatchObject({ charactersAdded: "", charactersRemoved: "[]" });
    expect(changed("host")).toMatchObject({ usesAdded: ["IPv6reference"] });
    // A rule whose ABNF is the same (names read through the renames) is not listed as changed.
    expect(d.changed.map((c) => c.to)).not.toContain("port");
    // Every rule of either edition is accounted for once.
    const seenA = [...d.removed, ...d.renamed.map((r) => r.from), ...EDITIONS.rfc2396.rules.map((r) => r.name).filter((n) => EDITIONS["rfc2396bis-01"].rule(n))];
    expect(new Set(seenA).size).toBe(EDITIONS.rfc2396.rules.length);
  });

  test("the draft to RFC 3986: mark is gone and unreserved lost its characters", () => {
    const d = diffEditions("rfc2396bis-01", "rfc3986");
    expect(d.removed).toContain("mark");
    expect(d.added).toEqual(expect.arrayContaining(["IPvFuture", "h16", "sub-delims", "path-abempty"]));
    // The same job under RFC 3986's names, by the manifests' roles.
    expect(d.renamed).toEqual(expect.arrayContaining([
      { from: "escaped", to: "pct-encoded", why: "the escape rule of both" },
      { from: "IPv6reference", to: "IP-literal", why: "the ipLiteral rule of both" },
    ]));
    expect(d.changed.find((c) => c.to === "unreserved")).toMatchObject({ charactersRemoved: "!'()*", usesRemoved: ["mark"] });
    expect(diffEditions("rfc3986", "rfc3986")).toEqual({ from: "rfc3986", to: "rfc3986", added: [], removed: [], renamed: [], changed: [] });
  });

  test("bad editions are TypeErrors", () => {
    expect(() => diffEditions("rfc9999" as never, "rfc3986")).toThrow(/must be the id of an edition/);
    expect(() => diffEditions(1 as never, "rfc3986")).toThrow(TypeError);
  });
});

describe("each manifest's normalization sections", () => {
  // Where the whole document is at hand (not an edition reconstructed from a diff, whose diff shows
  // only the sections that changed), every section it cites for a step of its normalization is a
  // section of its document; and the 1993 draft, which defines no normalization, cites none.
  const whole = (Object.values(EDITIONS) as unknown as Edition[]).filter((e) => e.reconstruction === undefined && e.normalization !== undefined);
  test("the editions with a whole document and a normalization are the RFCs and the draft of 2003", () => {
    expect(whole.map((e) => e.id).sort()).toEqual(["rfc2396", "rfc2396bis-01", "rfc3986", "rfc3987"]);
    expect((EDITIONS as unknown as Record<string, Edition>)["url-1993"].normalization).toBeUndefined();
  });
  test.each(whole.map((e) => [e.id, e] as const))("%s", (_id, e) => {
    // A heading: the number, then its title (the draft's text file is one line, so not anchored to a line).
    const spec = readFileSync(join(SPEC, e.spec), "utf8");
    for (const section of Object.values(e.normalization!) as string[]) {
      const heading = new RegExp(`(?:^|\\s)${section.replace(/\./g, "\\.")}\\.? +[A-Z][A-Za-z]+[ -]`, "m");
      expect([e.id, section, heading.test(spec)]).toEqual([e.id, section, true]);
    }
  });
});
