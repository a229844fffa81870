// The generated parsers are committed; they must be what a fresh build of grammar/ gives, and the
// collected ABNF and the PEG must name the same rules, in the same order.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as peggy from "peggy";
import { EDITIONS } from "../src/index.js";

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
  // RFC 2396's Appendix A in its order, then the excluded characters of its section 2.4.3.
  ["rfc2396", {
    ordered: true,
    names: ("URI-reference absoluteURI relativeURI hier_part opaque_part uric_no_slash net_path abs_path rel_path " +
      "rel_segment scheme authority reg_name server userinfo hostport host hostname domainlabel toplabel " +
      "IPv4address port path path_segments segment param pchar query fragment uric reserved unreserved mark " +
      "escaped hex alphanum alpha lowalpha upalpha digit control space delims unwise").split(" "),
  }],
  // The drafts of 1997-98 as the diff between them shows their Appendix A, in its order, with the
  // rules the diff does not show filled from RFC 2396 (opaque-URI, which the diff names but does not
  // define, written as RFC 2396's opaque alternative with uric_no_slash), then section 2.4.3's
  // excluded characters. -01 calls the authority component site and its registry-based alternative
  // authority, and prints server with a bracket too many (server-as-printed keeps the printed rule).
  ["uri-syntax-01", {
    ordered: true,
    names: ("URI-reference absoluteURI opaque-URI uric_no_slash generic-URI relativeURI net_path abs_path rel_path " +
      "scheme site authority server server-as-printed userinfo hostport host hostname domainlabel toplabel " +
      "IPv4address port path path_segments segment param pchar query fragment uric reserved unreserved mark " +
      "escaped hex alphanum alpha lowalpha upalpha digit control space delims unwise").split(" "),
  }],
  ["uri-syntax-02", {
    ordered: true,
    names: ("URI-reference absoluteURI opaque-URI uric_no_slash generic-URI relativeURI net_path abs_path rel_path " +
      "scheme authority reg_name server userinfo hostport host hostname domainlabel toplabel " +
      "IPv4address port path path_segments segment param pchar query fragment uric reserved unreserved mark " +
      "escaped hex alphanum alpha lowalpha upalpha digit control space delims unwise").split(" "),
  }],
  // The 1993 BNF in its order, and the literal reading of the misprinted xpalphas beside it.
  ["url-1993", {
    ordered: true,
    names: ("fragmentaddress uri url generic scheme httpaddress ftpaddress afsaddress newsaddress waisaddress " +
      "waisindex waisdoc groupart group article database wtype prosperoaddress prosperolink hsoname version " +
      "attributes attribute telnetaddress gopheraddress login hostport host cellname hostname hostnumber port " +
      "selector path search user password fragmentid gtype xalpha xalphas xpalpha xpalphas xpalphas-as-printed " +
      "ialpha alpha digit safe extra escape hex national punctuation digits alphanum alphanums void").split(" "),
  }],
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
  // RFC 3987 section 2.2 in its order: the rules that differ from RFC 3986, then those that are the same.
  ["rfc3987", {
    ordered: true,
    names: ("IRI ihier-part IRI-reference absolute-IRI irelative-ref irelative-part iauthority iuserinfo ihost ireg-name " +
      "ipath ipath-abempty ipath-absolute ipath-noscheme ipath-rootless ipath-empty isegment isegment-nz isegment-nz-nc " +
      "ipchar iquery ifragment iunreserved ucschar iprivate scheme port IP-literal IPvFuture IPv6address h16 ls32 " +
      "IPv4address dec-octet pct-encoded unreserved reserved gen-delims sub-delims ALPHA DIGIT HEXDIG").split(" "),
  }],
];

// Every edition folder is checked; the rule list of the document is checked where it is written
// down above (an independent reading of the document, not derived from the grammar files).
const FOLDERS = readdirSync(join(root, "grammar"), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const EXPECTED = new Map(EDITION_RULES);

/** A section tag: "Section 3.2.2", "RFC 2234", or a named section in quotes in the PEG ("BNF syntax"). */
const ABNF_TAG = /^; (Section (\d[\d.]*|[A-Z][A-Za-z ]+)|RFC 2234)$/;
const PEG_TAG = /^\/\/ (§(\d[\d.]*|"[^"]+")|RFC 2234)  /;

describe.each(FOLDERS.map((id) => [id]))("grammar/%s/grammar.abnf and grammar.peggy", (edition) => {
  const expected = EXPECTED.get(edition);
  // The PEG's name of each rule, as the build gives it ("-" becomes "_"; a peggy reserved word gets
  // a trailing "_"), from the rule table.
  const pegNameOf = (name: string) => (EDITIONS as Record<string, { rule(n: string): { pegName: string } | undefined }>)[edition]
    .rule(name)?.pegName ?? name.replace(/-/g, "_");
  const abnf = readFileSync(join(root, "grammar", edition, "grammar.abnf"), "utf8");
  const peg = readFileSync(join(root, "grammar", edition, "grammar.peggy"), "utf8");
  const abnfNames = [...abnf.matchAll(/^([A-Za-z][A-Za-z0-9_-]*)\s*=/gm)].map((m) => m[1]);
  const pegNames = (peggy.parser.parse(peg, { grammarSource: "peg", reservedWords: [] }) as unknown as { rules: { name: string }[] })
    .rules.map((r) => r.name);

  test("name the same rules in the same order (the PEG spells - as _)", () => {
    expect(pegNames).toEqual(abnfNames.map(pegNameOf));
  });

  test("hold every rule the document defines, and the core rules they use", () => {
    // A new edition writes its document's rule list into EDITION_RULES: a reading of the document
    // made apart from its grammar files.
    if (!expected) throw new Error(`EDITION_RULES has no rule list for ${edition}`);
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
      const tag = above.find((l) => ABNF_TAG.test(l));
      expect({ name, tag }).toEqual({ name, tag: expect.any(String) });
    }
  });

  test("every PEG rule quotes its section and ABNF in the comment right above it", () => {
    for (const name of abnfNames) {
      const pegName = pegNameOf(name);
      const at = peg.search(new RegExp(`^${pegName}\\n`, "m"));
      expect(at).toBeGreaterThan(0);
      const comment = peg.slice(0, at).trimEnd().split("\n").reverse();
      const block = [];
      for (const line of comment) { if (!line.startsWith("//")) break; block.unshift(line); }
      const first = block.find((l) => PEG_TAG.test(l));
      expect({ name, first }).toEqual({ name, first: expect.stringContaining(`${name} =`) });
    }
  });

  test("the ABNF quoted above each PEG rule is the .abnf file's text of the rule (spacing aside)", () => {
    const flat = (text: string) => text.replace(/\s+/g, " ").trim();
    // The .abnf text of each rule: its line and the indented lines that continue it, comments cut.
    const abnfText = new Map<string, string>();
    const lines = abnf.split("\n");
    lines.forEach((line, i) => {
      const m = /^([A-Za-z][A-Za-z0-9_-]*)\s*=/.exec(line);
      if (!m) return;
      const body = [line];
      for (let j = i + 1; j < lines.length && /^\s+\S/.test(lines[j]); j++) body.push(lines[j]);
      abnfText.set(m[1], flat(body.map((l) => l.replace(/\s;.*$/, "")).join(" ")));
    });
    for (const name of abnfNames) {
      const at = peg.search(new RegExp(`^${pegNameOf(name)}\\n`, "m"));
      const block = peg.slice(0, at).trimEnd().split("\n");
      const comment: string[] = [];
      while (block.length && block[block.length - 1].startsWith("//")) comment.unshift(block.pop()!);
      const start = comment.findIndex((l) => PEG_TAG.test(l));
      const quoted = [comment[start].replace(PEG_TAG, "").replace(/\s;.*$/, "")];
      // Continuation lines are indented; a note in parentheses or a PEG: line ends the quote.
      for (const l of comment.slice(start + 1)) {
        const text = l.replace(/^\/\/\s?/, "");
        if (!/^\s{2,}\S/.test(text) || /^\s*(\(|PEG:)/.test(text)) break;
        quoted.push(text.replace(/\s;.*$/, ""));
      }
      // A quote may carry a trailing "; comment" or "(strings are case-insensitive)" as the .abnf may not.
      const said = flat(quoted.join(" ").replace(/\s+\((strings|case)[^)]*\)\s*$/, ""));
      expect({ name, quoted: said }).toEqual({ name, quoted: abnfText.get(name) });
    }
  });
});
