// The PEG accepts exactly the ABNF's language, in every edition: for every rule, the generated
// parsers started at that rule and the acceptor built mechanically from the edition's collected
// ABNF agree on generated strings and near misses (scripts/grammar-fuzz.mjs; a fixed seed here,
// scripts/soak.mjs for long runs). The builds checked are the PEG's (fast and trace) and the
// rule's DFA; for every rejected case, the error's offset and next characters are checked against
// the acceptor's own reading of the input.
// The `abnf` package is ESM-only, so the check runs in a child process and reports JSON.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadAbnf, ROOT } from "./support/abnf.js";

interface FuzzResult {
  edition: string;
  seed: number;
  count: number;
  rules: { rule: string; cases: number; accepted: number; rejected: number; errorsChecked: number; disagreements: number }[];
  disagreements: { rule: string; input: string; peg: boolean | string; abnf: boolean }[];
  shapes: Record<string, number>;
}

function fuzz(args: string[]): FuzzResult {
  const run = spawnSync(process.execPath, [join(ROOT, "scripts/grammar-fuzz.mjs"), ...args], {
    cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0 && run.status !== 1) throw new Error(`grammar-fuzz failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout) as FuzzResult;
}

const COUNT = 1500;
const SEED = 20030303;

/**
 * The editions checked, each with its number of rules and the "// PEG:" rewrites of its grammar:
 * the form in the grammar and the literal transcription of the ABNF that the rewrite replaces.
 */
interface EditionCase {
  id: string;
  rules: number;
  literal: { name: string; rule: string; pegForm: string; literalForm: string }[];
}

// The drafts of 1997-98 share their rewrites but for the name of the authority component.
const draftRewrites = (authority: string, registry: string) => [
  { name: "relativeURI", rule: "relativeURI", pegForm: '@net_path &("#" / !.)', literalForm: "@net_path" },
  { name: authority, rule: authority, pegForm: `@server &([/?#] / !.)\n  / ${registry}`, literalForm: `@server\n  / ${registry}` },
  { name: "hostname", rule: "hostname", pegForm: '(domainlabel "." &alphanum)*', literalForm: '(domainlabel ".")*' },
  { name: "domainlabel", rule: "domainlabel", pegForm: 'alphanum ("-"* alphanum)*', literalForm: 'alphanum / alphanum (alphanum / "-")* alphanum' },
  { name: "toplabel", rule: "toplabel", pegForm: 'alpha ("-"* alphanum)*', literalForm: 'alpha / alpha (alphanum / "-")* alphanum' },
];

const EDITIONS: EditionCase[] = [
  { id: "uri-syntax-01", rules: 44, literal: draftRewrites("site", "authority") },
  { id: "uri-syntax-02", rules: 43, literal: draftRewrites("authority", "reg_name") },
  {
    id: "rfc2396",
    rules: 44,
    literal: [
      { name: "authority", rule: "authority", pegForm: "@server &([/?#] / !.)", literalForm: "@server" },
      { name: "hostname", rule: "hostname", pegForm: '(domainlabel "." &alphanum)*', literalForm: '(domainlabel ".")*' },
      { name: "domainlabel", rule: "domainlabel", pegForm: 'alphanum ("-"* alphanum)*', literalForm: 'alphanum / alphanum (alphanum / "-")* alphanum' },
      { name: "toplabel", rule: "toplabel", pegForm: 'alpha ("-"* alphanum)*', literalForm: 'alpha / alpha (alphanum / "-")* alphanum' },
    ],
  },
  {
    id: "rfc2396bis-01",
    rules: 47,
    literal: [
      { name: "dec-octet", rule: "dec-octet", pegForm: '"25" [0-5] / "2" [0-4] DIGIT / "1" DIGIT DIGIT / [1-9] DIGIT / DIGIT', literalForm: 'DIGIT / [1-9] DIGIT / "1" DIGIT DIGIT / "2" [0-4] DIGIT / "25" [0-5]' },
      { name: "domainlabel", rule: "domainlabel", pegForm: 'alphanum (((alphanum / "-") &(alphanum / "-"))|0..61| alphanum)?', literalForm: 'alphanum ((alphanum / "-")|0..61| alphanum)?' },
      { name: "toplabel", rule: "toplabel", pegForm: 'ALPHA (((alphanum / "-") &(alphanum / "-"))|0..61| alphanum)?', literalForm: 'ALPHA ((alphanum / "-")|0..61| alphanum)?' },
      { name: "qualified", rule: "qualified", pegForm: '("." (!ALPHA domainlabel / domainlabel !("." !alphanum)))*', literalForm: '("." domainlabel)*' },
      { name: "IPv6address", rule: "IPv6address", pegForm: '(h4 ":" !":")', literalForm: '(h4 ":")' },
      { name: "host", rule: "host", pegForm: "IPv4address !(alphanum / [\\-.])", literalForm: "IPv4address" },
      { name: "authority", rule: "authority", pegForm: "@server &([/?#] / !.)", literalForm: "@server" },
      { name: "absolute-URI", rule: "absolute-URI", pegForm: '@hier_part &("#" / !.)', literalForm: "@hier_part" },
    ],
  },
  {
    id: "rfc3986",
    rules: 39,
    literal: [
      { name: "host", rule: "host", pegForm: "IPv4address !(unreserved / pct_encoded / sub_delims)", literalForm: "IPv4address" },
      { name: "IPv6address", rule: "IPv6address", pegForm: '(h16 ":" !":")', literalForm: '(h16 ":")' },
      { name: "dec-octet", rule: "dec-octet", pegForm: '"25" [0-5] / "2" [0-4] DIGIT / "1" DIGIT DIGIT / [1-9] DIGIT / DIGIT', literalForm: 'DIGIT / [1-9] DIGIT / "1" DIGIT DIGIT / "2" [0-4] DIGIT / "25" [0-5]' },
      { name: "path (path-abempty)", rule: "path", pegForm: "path_abempty !pchar", literalForm: "path_abempty" },
      { name: "path (path-noscheme)", rule: "path", pegForm: 'path_noscheme !":"', literalForm: "path_noscheme" },
    ],
  },
  {
    id: "rfc3987",
    rules: 42,
    literal: [
      { name: "ihost", rule: "ihost", pegForm: "IPv4address !(iunreserved / pct_encoded / sub_delims)", literalForm: "IPv4address" },
      { name: "IPv6address", rule: "IPv6address", pegForm: '(h16 ":" !":")', literalForm: '(h16 ":")' },
      { name: "dec-octet", rule: "dec-octet", pegForm: '"25" [0-5] / "2" [0-4] DIGIT / "1" DIGIT DIGIT / [1-9] DIGIT / DIGIT', literalForm: 'DIGIT / [1-9] DIGIT / "1" DIGIT DIGIT / "2" [0-4] DIGIT / "25" [0-5]' },
      { name: "ipath (ipath-abempty)", rule: "ipath", pegForm: "ipath_abempty !ipchar", literalForm: "ipath_abempty" },
      { name: "ipath (ipath-noscheme)", rule: "ipath", pegForm: 'ipath_noscheme !":"', literalForm: "ipath_noscheme" },
    ],
  },
  {
    id: "url-1993",
    rules: 57,
    literal: [
      { name: "url", rule: "url", pegForm: 'r:(httpaddress / ftpaddress / newsaddress / prosperoaddress / telnetaddress / gopheraddress / waisaddress) &("#" / !.) { return r; }\n  / generic', literalForm: "generic / httpaddress / ftpaddress / newsaddress / prosperoaddress / telnetaddress / gopheraddress / waisaddress" },
      { name: "generic", rule: "generic", pegForm: 's:$(alpha (!":" xalpha)*)', literalForm: "s:$scheme" },
      { name: "waisaddress", rule: "waisaddress", pegForm: 'r:waisindex !"/" { return r; }', literalForm: "r:waisindex { return r; }" },
      { name: "groupart", rule: "groupart", pegForm: 'article { return span("article", range()); }\n  / group { return span("group", range()); }\n  / "*" { return span("groupart", range()); }', literalForm: '"*" { return span("groupart", range()); }\n  / group { return span("group", range()); }\n  / article { return span("article", range()); }' },
      { name: "article", rule: "article", pegForm: 'xalpha (!("@" (alpha / hostnumber !xalpha)) xalpha)* "@" host', literalForm: 'xalphas "@" host' },
      { name: "login", rule: "login", pegForm: 'xalpha (!("@" (alpha / hostnumber (":" port)? !xalpha)) xalpha)* "@" hostport\n  / hostport', literalForm: '(user (":" password)? "@")? hostport' },
      { name: "path", rule: "path", pegForm: 'xpalphas ("/" xpalphas)* "/"? / void_', literalForm: 'void_ / xpalphas ("/" xpalphas)* "/"?' },
    ],
  },
];

test("every edition in grammar/ is checked", () => {
  const folders = readdirSync(join(ROOT, "grammar"), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  expect(EDITIONS.map((e) => e.id).sort()).toEqual(folders.sort());
});

describe.each(EDITIONS.map((e) => [e.id, e] as [string, EditionCase]))("%s", (edition, { rules, literal }) => {
  describe(`PEG and ABNF agree: ${COUNT} cases per rule, seed ${SEED}`, () => {
    const result = fuzz(["--edition", edition, "--count", String(COUNT), "--seed", String(SEED)]);
    const { order } = loadAbnf(edition);

    test("every rule of the collected ABNF is checked", () => {
      expect(result.rules.map((r) => r.rule)).toEqual(order);
      expect(order).toHaveLength(rules);
    });

    test("no disagreement (rule, input, PEG verdict, ABNF verdict)", () => {
      expect(result.disagreements).toEqual([]);
    });

    test.each(order.map((r) => [r]))("%s: cases accepted and rejected, none disputed", (rule) => {
      const stats = result.rules.find((r) => r.rule === rule)!;
      expect(stats.cases).toBe(COUNT);
      expect(stats.disagreements).toBe(0);
      // Both verdicts come up often, so the agreement says something about both sides.
      expect(stats.accepted).toBeGreaterThan(COUNT * 0.1);
      expect(stats.rejected).toBeGreaterThan(COUNT * 0.1);
      // Every rejected case's error was checked against the acceptor: exact offset and next
      // characters, and a rule path that the grammar's references allow.
      expect(stats.errorsChecked).toBe(stats.rejected);
    });

    test("the edition names rare shapes for the generator to reach", () => {
      expect(Object.keys(result.shapes).length).toBeGreaterThan(10);
    });
    test.each(Object.keys(result.shapes).map((s) => [s]))("the generator reaches: %s", (shape) => {
      expect(result.shapes[shape]).toBeGreaterThan(0);
    });
  });

  // The check has teeth: each "// PEG:" rewrite undone (the ABNF transcribed literally) must make
  // the differential find disagreements in that rule.
  describe("the differential check catches a literal transcription of each PEG trap", () => {
    const grammar = readFileSync(join(ROOT, "grammar", edition, "grammar.peggy"), "utf8");
    let dir: string;
    beforeAll(() => { dir = mkdtempSync(join(tmpdir(), "uri-grammar-literal-")); });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    test("every rule the grammar marks // PEG: has a literal form here", () => {
      const marked = [...grammar.matchAll(/^\/\/ §(?:"[^"]*"|[^ ]+)\s+([A-Za-z][A-Za-z0-9_-]*) =[^\n]*\n(?:\/\/[^\n]*\n)*?\/\/ PEG:/gm)].map((m) => m[1]);
      expect([...new Set(literal.map((l) => l.rule))].sort()).toEqual([...marked].sort());
    });

    test.each(literal.map((l) => [l.name, l]))("%s", (_name, { rule, pegForm, literalForm }) => {
      expect(grammar.includes(pegForm)).toBe(true); // the rewrite is still in the grammar
      const file = join(dir, `${rule}.peggy`);
      writeFileSync(file, grammar.split(pegForm).join(literalForm));
      const result = fuzz(["--edition", edition, "--count", "3000", "--seed", String(SEED), "--rule", rule, "--peg", file]);
      expect(result.rules[0].disagreements).toBeGreaterThan(0);
      // A literal PEG only ever loses strings: every disagreement is an ABNF accept it rejects.
      expect(result.disagreements.every((d) => d.abnf === true && d.peg === false)).toBe(true);
    });
  });
});
