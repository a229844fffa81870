// The generated parsers are committed; they must be what a fresh build of grammar/ gives, and the
// collected ABNF and the PEG must name the same rules, in the same order.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as peggy from "peggy";

const root = join(__dirname, "..");

describe("generated/", () => {
  test("a fresh build of grammar/ equals the files in generated/", () => {
    // Throws (exit 1, with the stale file names) when they differ.
    execFileSync(process.execPath, [join(root, "scripts/build-grammar.mjs"), "--check"], { cwd: root, stdio: "pipe" });
  });

  test("the files in generated/ are the committed ones (git shows no change and no new file)", () => {
    const changed = execFileSync("git", ["status", "--porcelain", "--", "generated/"], { cwd: root, encoding: "utf8" });
    expect(changed).toBe("");
  });
});

// Each edition's rules, as its document gives them: the draft's from sections 2 to 5 (in any
// order: its Appendix A was not yet written), RFC 3986's in the order of its Appendix A; then the
// RFC 2234 core rules each grammar uses.
const EDITION_RULES: [string, { names: string[]; ordered: boolean }][] = [
  ["rfc2396bis-01", {
    ordered: false,
    names: ("uric reserved unreserved mark escaped delims unwise absolute-URI hier-part net-path abs-path " +
      "opaque-part uric-no-slash scheme authority reg-name server userinfo hostport host port hostname qualified " +
      "domainlabel toplabel alphanum IPv4address dec-octet IPv6reference IPv6address ls32 h4 path path-segments " +
      "segment pchar query URI-reference absolute-URI-reference fragment relative-URI rel-path rel-segment " +
      "ALPHA DIGIT HEXDIG DQUOTE").split(" "),
  }],
  ["rfc3986", {
    ordered: true,
    names: ("URI hier-part URI-reference absolute-URI relative-ref relative-part scheme authority userinfo host port " +
      "IP-literal IPvFuture IPv6address h16 ls32 IPv4address dec-octet reg-name path path-abempty path-absolute " +
      "path-noscheme path-rootless path-empty segment segment-nz segment-nz-nc pchar query fragment pct-encoded " +
      "unreserved reserved gen-delims sub-delims ALPHA DIGIT HEXDIG").split(" "),
  }],
];

describe.each(EDITION_RULES)("grammar/%s/grammar.abnf and grammar.peggy", (edition, expected) => {
  const abnf = readFileSync(join(root, "grammar", edition, "grammar.abnf"), "utf8");
  const peg = readFileSync(join(root, "grammar", edition, "grammar.peggy"), "utf8");
  const abnfNames = [...abnf.matchAll(/^([A-Za-z][A-Za-z0-9-]*)\s*=/gm)].map((m) => m[1]);
  const pegNames = (peggy.parser.parse(peg, { grammarSource: "peg", reservedWords: [] }) as unknown as { rules: { name: string }[] })
    .rules.map((r) => r.name);

  test("name the same rules in the same order (the PEG spells - as _)", () => {
    expect(pegNames).toEqual(abnfNames.map((n) => n.replace(/-/g, "_")));
  });

  test("hold every rule the document defines, and the core rules they use", () => {
    if (expected.ordered) expect(abnfNames).toEqual(expected.names);
    else expect([...abnfNames].sort()).toEqual([...expected.names].sort());
  });

  test("name each rule once, ignoring case (ABNF rule names are case-insensitive)", () => {
    expect(new Set(abnfNames.map((n) => n.toLowerCase())).size).toBe(abnfNames.length);
  });

  test("every ABNF rule is tagged with its section", () => {
    for (const name of abnfNames) {
      const at = abnf.search(new RegExp(`^${name}\\s*=`, "m"));
      const above = abnf.slice(0, at).trimEnd().split("\n").reverse();
      const tag = above.find((l) => /^; (Section \d[\d.]*|RFC 2234)$/.test(l));
      expect({ name, tag }).toEqual({ name, tag: expect.any(String) });
    }
  });

  test("every PEG rule quotes its section and ABNF in the comment right above it", () => {
    for (const name of abnfNames) {
      const pegName = name.replace(/-/g, "_");
      const at = peg.search(new RegExp(`^${pegName}\\n`, "m"));
      expect(at).toBeGreaterThan(0);
      const comment = peg.slice(0, at).trimEnd().split("\n").reverse();
      const block = [];
      for (const line of comment) { if (!line.startsWith("//")) break; block.unshift(line); }
      const first = block.find((l) => /^\/\/ (§\d[\d.]*|RFC 2234)  /.test(l));
      expect({ name, first }).toEqual({ name, first: expect.stringContaining(`${name} =`) });
    }
  });
});
