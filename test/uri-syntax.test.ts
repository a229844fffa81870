// The drafts of 1997-98 (grammar/uri-syntax-01/, grammar/uri-syntax-02/), reconstructed from the
// context diff between them: every rule is either in the diff, on its draft's side, or marked as
// filled from RFC 2396 and equal to RFC 2396's rule; what the drafts print in error is kept
// checkable; their Appendix C examples resolve by section 5.2 with RFC 2396's model.
import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  diffEditions, EDITIONS, matches, normalize, parse, resolve, resolveReference, resolveSteps, ResolveError, Rfc2396,
} from "../src/index.js";
import { loadAbnf, ROOT } from "./support/abnf.js";
import { abnfArbitrary } from "./support/abnf-arbitrary.js";
import { draftText, flat, readHunks } from "./support/context-diff.js";
import { readVectors } from "./support/vectors.js";

const DRAFTS = [["uri-syntax-01", "01"], ["uri-syntax-02", "02"]] as const;
const flatAbnf = (text: string) => text.replace(/\s;[^\n"]*$/gm, "").replace(/\s+/g, " ").trim();

describe("the diff", () => {
  test("has the hunks of both drafts, in order", () => {
    const hunks = readHunks();
    expect(hunks.length).toBe(46);
    for (let i = 1; i < hunks.length; i++) {
      expect(hunks[i].old.from).toBeGreaterThan(hunks[i - 1].old.to);
      expect(hunks[i].new.from).toBeGreaterThan(hunks[i - 1].new.to);
    }
    expect(flat("a ! b - c + d")).toBe("a b c d");
  });
});

describe.each(DRAFTS)("%s: every rule from the diff or marked as reconstructed", (id, draft) => {
  const edition = EDITIONS[id];
  const own = draftText(draft);
  const other = draftText(draft === "01" ? "02" : "01");
  const shows = (text: string, sides: string[]) => sides.some((side) => side.includes(flat(text)));
  const rfc2396 = EDITIONS.rfc2396;

  test.each(edition.rules.filter((r) => !r.reconstructed).map((r) => [r.name, r]))(
    "%s is in the diff, on this draft's side", (_name, rule) => {
      // The draft's own text where the transcription changed it, else the rule as collected.
      const text = rule.draft?.split("\n")[0] ?? flatAbnf(rule.abnf);
      expect({ rule: rule.name, shown: shows(text, own) }).toEqual({ rule: rule.name, shown: true });
    });

  test.each(edition.rules.filter((r) => r.reconstructed).map((r) => [r.name, r]))(
    "%s, reconstructed, is RFC 2396's, and the diff does not define it", (_name, rule) => {
      const from = rule.reconstructed!;
      expect(from.from).toBe("rfc2396");
      const twin = rfc2396.rule(rule.name);
      if (rule.reconstructed!.note === undefined) {
        // Copied: RFC 2396's rule of the same name, in the section named.
        expect(twin).toBeDefined();
        expect(flatAbnf(rule.abnf)).toBe(flatAbnf(twin!.abnf));
        expect(twin!.section).toBe(from.section);
      } else {
        // Composed: a note says how, and RFC 2396 has no rule of the name.
        expect(twin).toBeUndefined();
        expect(from.note).toMatch(/RFC 2396/);
      }
      // Neither side of the diff defines it ("space =" is in the copy, its value lost).
      const definition = flatAbnf(rule.abnf).replace(/ \/ /g, " | ");
      expect(shows(definition, [...own, ...other])).toBe(false);
    });

  test("the reconstructed rules are the ones the diff leaves out, and no more", () => {
    expect(edition.rules.filter((r) => r.reconstructed).map((r) => r.name)).toEqual([
      "opaque-URI", "uric_no_slash", "domainlabel", "toplabel", "IPv4address", "port",
      "alphanum", "alpha", "lowalpha", "upalpha", "digit", "control", "space", "unwise",
    ]);
  });
});

describe("RFC 2396, where the reconstructed rules come from", () => {
  test("defines the rules -02 defines alike, but for the path rules it rewrote, none of them reconstructed", () => {
    const rfc2396 = EDITIONS.rfc2396;
    const differ = EDITIONS["uri-syntax-02"].rules.filter((r) => {
      const twin = rfc2396.rule(r.name);
      return twin !== undefined && flatAbnf(r.abnf) !== flatAbnf(twin.abnf);
    });
    expect(differ.map((r) => r.name).sort()).toEqual(["abs_path", "absoluteURI", "path", "rel_path", "relativeURI"]);
    expect(differ.filter((r) => r.reconstructed)).toEqual([]);
  });
});

describe("what draft -01 prints in error", () => {
  const edition = "uri-syntax-01" as const;
  let dir: string;
  beforeAll(() => { dir = mkdtempSync(join(tmpdir(), "uri-grammar-draft01-")); });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("server = [ [ userinfo ] \"@\" ] hostport ] has a bracket too many", () => {
    const printed = EDITIONS[edition].rule("server")!.draft!.split("\n")[0];
    expect(printed).toBe('server = [ [ userinfo ] "@" ] hostport ]');
    expect(printed.split("[").length - 1).toBe(2);
    expect(printed.split("]").length - 1).toBe(3);
    // The evident intent is what draft -02 prints in its place.
    expect(EDITIONS[edition].rule("server")!.abnf.replace(/\s+/g, " "))
      .toBe(EDITIONS["uri-syntax-02"].rule("server")!.abnf.replace(/\s+/g, " "));
  });

  test("the printed reading differs from the intent on the empty server only, and URI-reference not at all", () => {
    expect(matches("server", "", { edition })).toBe(true);
    expect(matches("server-as-printed", "", { edition })).toBe(false);
    for (const s of ["h", "@h", "u:p@h:80", "u@", "a@b@c"]) {
      expect(matches("server-as-printed", s, { edition })).toBe(matches("server", s, { edition }));
    }
    // The collected ABNF with server as printed: URI-reference accepts the same strings, since
    // site = server | authority reaches the empty string through authority.
    const abnf = readFileSync(join(ROOT, "grammar", edition, "grammar.abnf"), "utf8");
    const intent = 'server         = [ [ userinfo "@" ] hostport ]';
    expect(abnf.includes(intent)).toBe(true);
    const file = join(dir, "printed.abnf");
    writeFileSync(file, abnf.replace(intent, 'server         = [ [ userinfo ] "@" ] hostport'));
    const run = spawnSync(process.execPath, [join(ROOT, "scripts/abnf-acceptor.mjs"), "--grammar", file, "--json"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    const regex = (JSON.parse(run.stdout) as { regex: Record<string, string> }).regex;
    const printedReference = new RegExp(`^(?:${regex["URI-reference"]})$`, "u");
    const printedServer = new RegExp(`^(?:${regex.server})$`);
    const real = loadAbnf(edition).acceptor;
    expect(printedServer.test("")).toBe(false);
    const inputs = [...readVectors(edition), ...readVectors("uri-syntax-02")].map((v) => v.input)
      .flatMap((s) => [s, `http://${s}/`, `//${s}`]);
    expect(inputs.length).toBeGreaterThan(500);
    for (const s of inputs) expect({ s, printed: printedReference.test(s) }).toEqual({ s, printed: real["URI-reference"].test(s) });
  });
});

describe.each(DRAFTS)("%s: Appendix C as far as the diff shows it", (id) => {
  const lines = readFileSync(join(ROOT, "grammar", id, "vectors", "resolution-appendix-c.tsv"), "utf8").split("\n");
  const base = /the base (\S+?)\.?(?:\s|$)/.exec(lines.filter((l) => l.startsWith("#")).join(" "))![1];
  const [header, ...rows] = lines.filter((l) => l !== "" && !l.startsWith("#")).map((l) => l.split("\t"));
  /** The draft's own answer: the expected one, or the one the note quotes where the draft prints another. */
  const printed = ([, , expected, , note]: string[]) => (note.startsWith("printed in error") ? /prints (\S+?),/.exec(note)![1] : expected);
  test("the table", () => {
    expect(base).toBe("http://a/b/c/d;p?q");
    expect(header).toEqual(["section", "ref", "expected", "parser", "note"]);
    expect(rows.map((r) => r[1])).toEqual(["../../../g", "../../../../g", "g?y/./x", "g?y/../x", "g#s/./x", "g#s/../x"]);
  });
  test.each(rows.map((r) => [r[1], r]))("%s", (ref, row) => {
    expect(resolve(base, ref, { edition: id })).toBe(row[2]);
    expect(resolve(base, ref, { edition: id, strict: false })).toBe(row[2]);
    // Every answer the draft prints is in the diff, on this draft's side, beside its reference.
    const draft = id === "uri-syntax-01" ? "01" : "02";
    expect(draftText(draft).some((side) => side.includes(`${ref} = ${printed(row)}`))).toBe(true);
    expect(printed(row) === row[2]).toBe(!row[4].startsWith("printed in error"));
  });
  test("a printed answer in error is what step 6 gives when it merges the query with the path", () => {
    const Base = parse(base, { edition: id });
    const inError = rows.filter((r) => r[4].startsWith("printed in error"));
    expect(inError.length).toBe(id === "uri-syntax-01" ? 2 : 0);
    for (const row of inError) {
      const merged = Rfc2396.merge(Base.path, row[1]);
      expect(`${Base.scheme}://${Base.authority!.raw}${merged}`).toBe(printed(row));
    }
  });
});

describe("the drafts' components", () => {
  test("-01's authority component is site; its registry-based form is authority, -02's reg_name", () => {
    expect(EDITIONS["uri-syntax-01"].roles.authority).toBe("site");
    expect(parse("//a@b@c/x", { edition: "uri-syntax-01" }).authority).toEqual({ kind: "authority", raw: "a@b@c" });
    expect(parse("//a@b@c/x", { edition: "uri-syntax-02" }).authority).toEqual({ kind: "reg_name", raw: "a@b@c" });
    expect(parse("//u@h:1/x", { edition: "uri-syntax-01" }).authority).toMatchObject({ kind: "server", userinfo: "u", port: "1" });
  });

  test("every absoluteURI is a generic-URI; the rule opaque-URI reads one as opaque", () => {
    for (const id of ["uri-syntax-01", "uri-syntax-02"] as const) {
      expect(parse("mailto:a@b", { edition: id })).toMatchObject({ kind: "absoluteURI", scheme: "mailto", path: "a@b", opaque: false });
      expect(parse("mailto:a@b", { edition: id, rule: "opaque-URI" })).toMatchObject({ kind: "absoluteURI", path: "a@b", opaque: true });
      expect(matches("generic-URI", "mailto:a@b", { edition: id })).toBe(true);
    }
  });

  test("a net_path has no query: \"http://a?q\" is an abs_path \"//a\" with a query, not Appendix B's authority", () => {
    for (const id of ["uri-syntax-01", "uri-syntax-02"] as const) {
      const ref = parse("http://a?q", { edition: id });
      expect([ref.authority, ref.path, ref.query]).toEqual([undefined, "//a", "q"]);
      expect(matches("net_path", "//a?q", { edition: id })).toBe(false);
      expect(parse("http://a/?q", { edition: id }).authority?.raw).toBe("a");
      // Step 1 of resolution parses the same way; "http://a" alone is a net_path (section 4.3's greedy rule).
      expect(resolve("http://x/b/c", "//a?q", { edition: id })).toBe("http://x//a?q");
      expect(resolve("http://x/b/c", "//a", { edition: id })).toBe("http://a");
    }
  });

  test("a target with an authority, an empty path and a query cannot be written in them: a ResolveError, not a text read otherwise", () => {
    for (const id of ["uri-syntax-01", "uri-syntax-02"] as const) {
      for (const fn of [resolve, resolveSteps, resolveReference] as const) {
        let error: unknown;
        try { fn("http://a", "?y", { edition: id }); } catch (e) { error = e; }
        expect(error).toBeInstanceOf(ResolveError);
        expect(error).toMatchObject({ code: "ambiguous-path", step: "5.2 step 7" });
        expect((error as Error).message).toContain('as the path "//a" with no authority');
      }
      // With a path, the target reads back as it is.
      expect(resolve("http://a/", "?y", { edition: id })).toBe("http://a/?y");
    }
    // RFC 2396 moved the query into hier_part: there the same target is written and read back with its authority.
    expect(resolve("http://a", "?y", { edition: "rfc2396" })).toBe("http://a?y");
    expect(parse("http://a?y", { edition: "rfc2396" }).authority?.raw).toBe("a");
  });

  test("a scheme may begin with a digit in -01 only", () => {
    expect(parse("1a:b", { edition: "uri-syntax-01" })).toMatchObject({ kind: "absoluteURI", scheme: "1a", path: "b" });
    expect(parse("1a:b", { edition: "uri-syntax-02" })).toMatchObject({ kind: "relativeURI", path: "1a:b" });
  });

  test("normalization unescapes each draft's own unreserved: \"$\" and \",\" in -01 only", () => {
    expect(normalize("http://a/%24%2C%7e", { edition: "uri-syntax-01" })).toBe("http://a/$,~");
    expect(normalize("http://a/%24%2C%7e", { edition: "uri-syntax-02" })).toBe("http://a/%24%2C~");
  });
});

describe("diffEditions between the drafts and around them", () => {
  test("-01 to -02: site becomes authority, authority becomes reg_name; $ and , move from mark to reserved", () => {
    const d = diffEditions("uri-syntax-01", "uri-syntax-02");
    expect(d.renamed).toEqual(expect.arrayContaining([
      expect.objectContaining({ from: "site", to: "authority" }),
      expect.objectContaining({ from: "authority", to: "reg_name" }),
    ]));
    expect(d.removed).toEqual(["server-as-printed"]);
    expect(d.added).toEqual([]);
    const change = (name: string) => d.changed.find((c) => c.to === name)!;
    expect([change("mark").charactersRemoved, change("mark").charactersAdded]).toEqual(["$,", ""]);
    expect([change("reserved").charactersAdded, change("reserved").charactersRemoved]).toEqual(["$,", ""]);
    expect(change("scheme")).toBeDefined();
    // pchar and userinfo list "$" and "," now that they are no marks: the same characters.
    expect([change("pchar").charactersAdded, change("pchar").charactersRemoved]).toEqual(["", ""]);
    expect(d.changed.map((c) => c.to)).not.toContain("net_path"); // "//" site becomes "//" authority: a rename, no change
  });

  test("-02 to RFC 2396: generic-URI and opaque-URI give way to hier_part and opaque_part", () => {
    const d = diffEditions("uri-syntax-02", "rfc2396");
    expect(d.removed).toEqual(expect.arrayContaining(["generic-URI", "opaque-URI"]));
    expect(d.added).toEqual(expect.arrayContaining(["hier_part", "opaque_part", "rel_segment"]));
    expect(d.changed.map((c) => c.to)).toEqual(expect.arrayContaining(["absoluteURI", "relativeURI", "rel_path", "abs_path", "path"]));
  });
});

describe.each(DRAFTS)("%s: Appendix B's regular expression (sections 4.3/4.4) as an oracle", (id) => {
  const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;
  const abnf = loadAbnf(id);
  const references = fc.oneof(abnfArbitrary(abnf, "URI-reference"), abnfArbitrary(abnf, "net_path"),
    fc.tuple(abnfArbitrary(abnf, "scheme"), abnfArbitrary(abnf, "net_path")).map(([s, p]) => `${s}:${p}`),
    fc.tuple(abnfArbitrary(abnf, EDITIONS[id].roles.authority), abnfArbitrary(abnf, "query")).map(([a, q]) => `//${a}?${q}`));
  test("every component is the regex's, but where the grammar has no other reading", () => {
    let authorityless = 0;
    fc.assert(fc.property(references, (s) => {
      expect(abnf.acceptor["URI-reference"].test(s)).toBe(true);
      const ref = parse(s, { edition: id });
      const m = APPENDIX_B.exec(s)!;
      const b = { scheme: m[2], authority: m[4], path: m[5], query: m[7], fragment: m[9] };
      expect(Rfc2396.Reference.prototype.toString.call(ref)).toBe(s);
      expect(ref.fragment).toBe(b.fragment);
      expect(ref.query).toBe(b.query);
      if (ref.scheme !== b.scheme) {
        // Text before the first ":" that is no scheme (";:", or in -02 "1a:b") is a rel_path.
        expect(ref.scheme).toBeUndefined();
        expect(matches("scheme", b.scheme!, { edition: id })).toBe(false);
        return;
      }
      if (ref.authority?.raw !== b.authority) {
        // A net_path has no query: "//a?q" is an abs_path "//a" with a query, where the regex
        // (and section 4.3's "the authority component wins") reads the authority "a".
        authorityless++;
        expect(ref.authority).toBeUndefined();
        expect([b.path, b.query === undefined]).toEqual(["", false]);
        expect(ref.path).toBe(`//${b.authority}`);
        return;
      }
      expect(ref.path).toBe(b.path);
    }), { numRuns: 3000, seed: 1998 });
    expect(authorityless).toBeGreaterThan(0);
  });
});
