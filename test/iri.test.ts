// RFC 3987 (IRIs) as an edition: its grammar is RFC 3986's over the UCS (section 2.2), and every
// build reads code points: a surrogate pair is one character, a lone surrogate matches nothing, the
// astral ranges are exact. Offsets stay UTF-16 indexes; errors name code points and give the ranges
// that may follow. The grammar files against RFC 3986's, each surface against the acceptor built
// from the ABNF (scripts/abnf-acceptor.mjs, RegExps with the flag u), and the surfaces against
// each other on generated strings.
import fc from "fast-check";
import { EDITIONS, explain, iriToUri, matches, parse, resolve, validate, UriSyntaxError, type EditionId } from "../src/index.js";
import { loadAbnf, type AbnfNode } from "./support/abnf.js";

const IRI = { edition: "rfc3987" as const };
const iri = loadAbnf("rfc3987");
const uri = loadAbnf("rfc3986");

/** RFC 3987's name of a rule as RFC 3986 spells it (section 2.2: "URI" became "IRI", others took an "i"). */
function rfc3986Name(name: string): string | undefined {
  if (name in uri.rules) return name;
  if (name.includes("IRI")) return name.replace("IRI", "URI");
  if (name.startsWith("i") && name.slice(1) in uri.rules) return name.slice(1);
  return undefined;
}
/** A tree with every reference named as RFC 3986 names it. */
function renamed(n: AbnfNode): AbnfNode {
  switch (n.kind) {
    case "ref": return { kind: "ref", name: rfc3986Name(n.name) ?? n.name };
    case "cat": case "alt": return { kind: n.kind, items: n.items.map(renamed) };
    case "rep": return { ...n, item: renamed(n.item) };
    default: return n;
  }
}

describe("the grammar files against RFC 3986's", () => {
  const same = iri.order.filter((name) => name in uri.rules);

  test("the rules section 2.2 says are the same as RFC 3986's are equal to them, as trees", () => {
    expect(same).toEqual(["scheme", "port", "IP-literal", "IPvFuture", "IPv6address", "h16", "ls32", "IPv4address", "dec-octet",
      "pct-encoded", "unreserved", "reserved", "gen-delims", "sub-delims", "ALPHA", "DIGIT", "HEXDIG"]);
    for (const name of same) expect([name, iri.rules[name]]).toEqual([name, uri.rules[name]]);
  });

  test("every other rule is RFC 3986's, renamed, but for ucschar in iunreserved and iprivate in iquery", () => {
    const own = iri.order.filter((name) => !same.includes(name));
    expect(own.filter((name) => rfc3986Name(name) === undefined)).toEqual(["ucschar", "iprivate"]);
    for (const name of own.filter((n) => rfc3986Name(n) !== undefined)) {
      let tree = renamed(iri.rules[name]);
      if (name === "iunreserved" && tree.kind === "alt") {
        expect(tree.items[tree.items.length - 1]).toEqual({ kind: "ref", name: "ucschar" });
        tree = { kind: "alt", items: tree.items.slice(0, -1) };
      }
      if (name === "iquery" && tree.kind === "rep" && tree.item.kind === "alt") {
        const items = tree.item.items;
        expect(items.filter((i) => i.kind === "ref" && i.name === "iprivate")).toHaveLength(1);
        tree = { ...tree, item: { kind: "alt", items: items.filter((i) => !(i.kind === "ref" && i.name === "iprivate")) } };
      }
      expect([name, tree]).toEqual([name, uri.rules[rfc3986Name(name)!]]);
    }
  });

  test("ucschar and iprivate are the ranges section 2.2 prints, as code points", () => {
    const ranges = (n: AbnfNode) => (n.kind === "alt" ? n.items : [n]).map((r) => (r.kind === "range" ? [r.first, r.last] : r));
    const planes = Array.from({ length: 13 }, (_, k) => [(k + 1) * 0x10000, (k + 1) * 0x10000 + 0xfffd]);
    expect(ranges(iri.rules.ucschar)).toEqual([[0xa0, 0xd7ff], [0xf900, 0xfdcf], [0xfdf0, 0xffef], ...planes, [0xe1000, 0xefffd]]);
    expect(ranges(iri.rules.iprivate)).toEqual([[0xe000, 0xf8ff], [0xf0000, 0xffffd], [0x100000, 0x10fffd]]);
  });
});

// Each row: a rule, an input, and RFC 3987's verdict as section 2.2's ranges give it.
const EDGES: [string, string, boolean][] = [
  ["ucschar", "\u00a0", true], ["ucschar", "\u009f", false], ["ucschar", "\ud7ff", true], ["ucschar", "\ud800", false],
  ["ucschar", "\udc00", false], ["ucschar", "\ud800\udc00", true], ["ucschar", "\udc00\ud800", false], ["ucschar", "\uf8ff", false],
  ["ucschar", "\uf900", true], ["ucschar", "\ufdcf", true], ["ucschar", "\ufdd0", false], ["ucschar", "\ufdef", false],
  ["ucschar", "\ufdf0", true], ["ucschar", "\uffef", true], ["ucschar", "\ufff0", false], ["ucschar", "\ufffe", false],
  ["ucschar", "\uffff", false], ["ucschar", "\u{1fffd}", true], ["ucschar", "\u{1fffe}", false], ["ucschar", "\u{1ffff}", false],
  ["ucschar", "\u{dfffd}", true], ["ucschar", "\u{e0000}", false], ["ucschar", "\u{e0fff}", false], ["ucschar", "\u{e1000}", true],
  ["ucschar", "\u{efffd}", true], ["ucschar", "\u{f0000}", false], ["ucschar", "\u{10fffd}", false], ["ucschar", "例", true],
  ["iprivate", "\ue000", true], ["iprivate", "\uf8ff", true], ["iprivate", "\u{f0000}", true], ["iprivate", "\u{ffffd}", true],
  ["iprivate", "\u{ffffe}", false], ["iprivate", "\u{100000}", true], ["iprivate", "\u{10fffd}", true], ["iprivate", "\u{10ffff}", false],
  ["iprivate", "\udbff", false],
  ["IRI-reference", "http://例え.jp/パス", true], ["IRI-reference", "http://www.\u03a9.example/fa\u00e7ade", true],
  ["IRI-reference", "http://a/?\ue000", true], ["IRI-reference", "http://a/\ue000", false], ["IRI-reference", "http://a/#\ue000", false],
  ["IRI-reference", "http://\ue000/", false], ["IRI-reference", "\u{10400}:x", false], ["IRI-reference", "a\ud800", false],
  ["IRI-reference", "//\u{1d49c}\u{1d4b7}/\u{1d49c}", true], ["IRI-reference", "http://a/\u{1fffe}", false],
  ["IRI", "http://1.2.3.4\u00e9/", true], ["ihost", "1.2.3.4\u00e9", true], ["IPv4address", "1.2.3.4\u00e9", false],
  ["iuserinfo", "\u00fcser:p\u00e4ss", true], ["port", "8\u0668", false], ["scheme", "h\u00e9", false],
];

describe("code points through every surface", () => {
  test.each(EDGES)("%s %j: %s", (rule, input, verdict) => {
    expect(iri.acceptor[rule].test(input)).toBe(verdict); // the ABNF's reading
    expect(matches(rule as never, input, IRI)).toBe(verdict); // the rule's DFA
    const result = validate(input, { ...IRI, rule: rule as never });
    expect(result.valid).toBe(verdict);
    if (!result.valid) {
      // The error stops at a whole character: never inside a surrogate pair.
      const { offset } = result.error;
      expect(offset).toBeLessThanOrEqual(input.length);
      expect(offset > 0 && /[\ud800-\udbff]/.test(input[offset - 1]) && /[\udc00-\udfff]/.test(input[offset] ?? "")).toBe(false);
    }
    // The trace build (explain) reads the same.
    let explained = true;
    try { explain(input, { ...IRI, rule: rule as never }); } catch (e) { expect(e).toBeInstanceOf(UriSyntaxError); explained = false; }
    expect(explained).toBe(verdict);
  });

  test("parse() reads IRIs into the same components as RFC 3986's references, at the same offsets", () => {
    const r = parse("http://us\u00e9r@例え.jp:8080/パス/\u{1d49c}?q=\u00e9\ue000#f\u00e9", IRI);
    expect(r.scheme).toBe("http");
    expect(r.authority?.userinfo).toBe("us\u00e9r");
    expect(r.authority?.host).toMatchObject({ raw: "例え.jp" });
    expect(r.authority?.port).toBe("8080");
    expect(r.path).toBe("/パス/\u{1d49c}");
    expect(r.query).toBe("q=\u00e9\ue000");
    expect(r.fragment).toBe("f\u00e9");
  });

  test("the fast build, the DFA and the trace build agree on strings of ASCII and code points at the ranges' edges", () => {
    const alphabet = ["a", "1", ".", ":", "/", "?", "#", "%", "4", "[", "]", "@", "é", "\ud7ff", "\ud800", "\udc00", "\ue000",
      "\ufdd0", "\ufffe", "\u{10000}", "\u{1fffe}", "\u{f0000}", "\u{10fffd}", "例"];
    const rules = ["IRI-reference", "IRI", "irelative-ref", "iauthority", "ihost", "ipath", "iquery", "ifragment"];
    fc.assert(fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 14 }), fc.constantFrom(...rules), (chars, rule) => {
      const input = (/^[a-z]/i.test(chars[0] ?? "") ? "" : "http://") + chars.join("");
      const want = iri.acceptor[rule].test(input);
      expect(matches(rule as never, input, IRI)).toBe(want);
      let fast = true;
      try { parse(input, { ...IRI, rule: rule as never }); } catch { fast = false; }
      if (EDITIONS.rfc3987.roles.parse.includes(rule as never)) expect(fast).toBe(want);
    }), { seed: 3987, numRuns: 2000 });
  });
});

describe("errors past ASCII", () => {
  test("the offset is in UTF-16 units, the message names the code point, next gives the ranges that may follow", () => {
    const e = (validate("http://\u{1d49c}/a\u{1fffe}", IRI) as { error: UriSyntaxError }).error;
    expect(e.offset).toBe(11); // "http://" 7, U+1D49C two units, "/a" two
    expect(e.found).toBe("\u{1fffe}");
    expect(e.message).toMatch(/^offset 11: "\u{1fffe}" \(U\+1FFFE\) is not allowed here; /u);
    expect(e.next.ranges).toEqual(iri.rules.ucschar.kind === "alt" ? iri.rules.ucschar.items.map((r) => r.kind === "range" ? [r.first, r.last] : null) : null);
    expect(e.expected).toContain("a ucschar (U+00A0-U+D7FF, U+F900-U+FDCF, U+FDF0-U+FFEF, ... (17 ranges))");
  });

  test("in the query, iprivate may follow too; a lone surrogate is one unit and matches nothing", () => {
    const q = (validate("http://a/?\ufffe", IRI) as { error: UriSyntaxError }).error;
    expect(q.next.ranges[0]).toEqual([0xa0, 0xd7ff]);
    // iprivate's U+E000-U+F8FF and ucschar's U+F900-U+FDCF are one range of what may follow.
    expect(q.next.ranges).toContainEqual([0xe000, 0xfdcf]);
    expect(q.next.ranges).toContainEqual([0x100000, 0x10fffd]);
    expect(q.expected).toContain("an iprivate (U+E000-U+F8FF, U+F0000-U+FFFFD, U+100000-U+10FFFD)");
    const s = (validate("ab\ud800cd", IRI) as { error: UriSyntaxError }).error;
    expect(s.offset).toBe(2);
    expect(s.message).toMatch(/lone surrogate U\+D800 is not allowed here/);
  });

  test.each((Object.keys(EDITIONS) as EditionId[]).filter((id) => id !== "rfc3987"))(
    "%s: next has no ranges, and an error at a character RFC 3987 reads says so", (edition) => {
      const e = (validate("http://a/caf\u00e9", { edition }) as { error: UriSyntaxError }).error;
      expect(e.found).toBe("\u00e9");
      expect(e.next.ranges).toEqual([]);
      expect(e.hint).toMatch(/RFC 3987 \(edition "rfc3987"\) reads (the whole input as an IRI-reference|"é" \(U\+00E9\) as a ucschar \(section 2\.2\))$/);
      const p = (validate("http://a/\u{fdd0}", { edition }) as { error: UriSyntaxError }).error;
      expect(p.hint ?? "").not.toMatch(/RFC 3987/);
    });
});

describe("the command line with RFC 3987", () => {
  const { spawnSync } = require("node:child_process") as typeof import("node:child_process");
  const cli = (args: string[], input?: string) =>
    spawnSync(process.execPath, [require.resolve("../dist/cjs/src/cli.js"), ...args], { encoding: "utf8", input, env: { ...process.env, NO_COLOR: "1" } });

  test("check takes a non-ASCII argument, and says where a URI edition stops and that RFC 3987 reads it", () => {
    expect(cli(["check", "--edition", "rfc3987", "http://例え.jp/パス"])).toMatchObject({ status: 0, stdout: "valid IRI-reference\n" });
    const uri = cli(["check", "--edition", "rfc3986", "http://例え.jp/パス"]);
    expect(uri.status).toBe(1);
    // A reject is reported on stderr.
    expect(uri.stderr).toMatch(/^invalid URI-reference\n/);
    expect(uri.stderr).toMatch(/offset 7: "例" \(U\+4F8B\) is not allowed here/);
    expect(uri.stderr).toMatch(/RFC 3987 \(edition "rfc3987"\) reads the whole input as an IRI-reference/);
  });

  test("batch reads UTF-8 lines: characters past the BMP, private use in the query only", () => {
    const r = cli(["batch", "--edition", "rfc3987"], "http://例え.jp/\u{1d49c}\nhttp://a/\ue000\nhttp://a/?\ue000\n");
    const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { line: number; valid: boolean; offset?: number; input: string });
    expect(lines.map((l) => [l.line, l.valid, l.offset])).toEqual([[1, true, undefined], [2, false, 9], [3, true, undefined]]);
    expect(lines[0].input).toBe("http://例え.jp/\u{1d49c}");
  });

  test("extract finds IRIs in running text", () => {
    const r = cli(["extract", "--edition", "rfc3987"], "See <http://例え.jp/パス> and https://www.\u03a9.example/fa\u00e7ade, or http://a/b.\n");
    expect(r.stdout.trim().split("\n")).toEqual(["http://例え.jp/パス", "https://www.\u03a9.example/fa\u00e7ade", "http://a/b"]);
  });
});

describe("resolution of IRI references (section 6.5: RFC 3986's algorithm, applied directly)", () => {
  const { readFileSync } = require("node:fs") as typeof import("node:fs");
  const { join } = require("node:path") as typeof import("node:path");
  // RFC 3986's examples of 5.4 (base http://a/b/c/d;p?q), as its vector table has them.
  const rows = readFileSync(join(__dirname, "..", "grammar", "rfc3986", "vectors", "resolution-5.4.tsv"), "utf8").split("\n")
    .filter((l) => l !== "" && !l.startsWith("#") && !l.startsWith("section\t")).map((l) => l.split("\t"))
    .filter(([, , , parser]) => parser !== "non-strict");
  const BASE = "http://a/b/c/d;p?q";

  test.each(rows.map(([section, ref, expected]) => [section, ref, expected]))("%s %s: %s, as in RFC 3986", (_section, ref, expected) => {
    expect(resolve(BASE, ref, IRI)).toBe(expected);
  });

  test("with characters past ASCII, resolving then mapping to a URI is mapping then resolving (3.1 changes no delimiter)", () => {
    const segment = fc.constantFrom("a", "パス", "é", "\u{1d49c}", ".", "..", "", "b;p", "例え");
    const path = fc.array(segment, { maxLength: 5 }).map((s) => s.join("/"));
    const ref = fc.tuple(fc.constantFrom("", "/", "//例え.jp/", "./", "../"), path, fc.constantFrom("", "?q=日本", "?\ue000"), fc.constantFrom("", "#ｆ"))
      .map(([a, p, q, f]) => a + p + q + f);
    const base = "http://例え.jp/パス/b/c?q";
    fc.assert(fc.property(ref, (r) => {
      fc.pre(matches("IRI-reference", r, IRI));
      const iriFirst = iriToUri(resolve(base, r, IRI));
      const uriFirst = resolve(iriToUri(base), iriToUri(r), { edition: "rfc3986" });
      expect(iriFirst).toBe(uriFirst);
    }), { seed: 65, numRuns: 500 });
  });
});
