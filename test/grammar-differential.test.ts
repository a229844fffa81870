// The PEG accepts exactly the ABNF's language: for every rule, the generated parser started at
// that rule and the acceptor built mechanically from the collected ABNF agree on generated strings
// and near misses (scripts/grammar-fuzz.mjs; a fixed seed here, scripts/soak.mjs for long runs).
// The `abnf` package is ESM-only, so the check runs in a child process and reports JSON.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadAbnf, ROOT } from "./support/abnf.js";

interface FuzzResult {
  seed: number;
  count: number;
  rules: { rule: string; cases: number; accepted: number; rejected: number; disagreements: number }[];
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

describe(`PEG and ABNF agree: ${COUNT} cases per rule, seed ${SEED}`, () => {
  const result = fuzz(["--count", String(COUNT), "--seed", String(SEED)]);
  const { order } = loadAbnf();

  test("every rule of the collected ABNF is checked", () => {
    expect(result.rules.map((r) => r.rule)).toEqual(order);
    expect(order).toHaveLength(47);
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
  });

  test.each(Object.keys(result.shapes).map((s) => [s]))("the generator reaches: %s", (shape) => {
    expect(result.shapes[shape]).toBeGreaterThan(0);
  });
});

// The check has teeth: each "// PEG:" rewrite undone (the ABNF transcribed literally) must make
// the differential find disagreements in that rule.
const LITERAL: [string, string, string][] = [
  ["dec-octet", '"25" [0-5] / "2" [0-4] DIGIT / "1" DIGIT DIGIT / [1-9] DIGIT / DIGIT', 'DIGIT / [1-9] DIGIT / "1" DIGIT DIGIT / "2" [0-4] DIGIT / "25" [0-5]'],
  ["domainlabel", 'alphanum (((alphanum / "-") &(alphanum / "-"))|0..61| alphanum)?', 'alphanum ((alphanum / "-")|0..61| alphanum)?'],
  ["toplabel", 'ALPHA (((alphanum / "-") &(alphanum / "-"))|0..61| alphanum)?', 'ALPHA ((alphanum / "-")|0..61| alphanum)?'],
  ["qualified", '("." (!ALPHA domainlabel / domainlabel !("." !alphanum)))*', '("." domainlabel)*'],
  ["IPv6address", '(h4 ":" !":")', '(h4 ":")'],
  ["host", "r:$IPv4address !(alphanum / [\\-.])", "r:$IPv4address"],
  ["authority", "@server &([/?#] / !.)", "@server"],
  // Not a trap of the literal form (server's literal form is right, only slower), but of the
  // rewrite: without its guard, the hostport "user" of "user@host" would be kept.
  ["server", "@hostport !(unreserved / escaped / [;:&=+$,@])", "@hostport"],
  ["absolute-URI", '@hier_part &("#" / !.)', "@hier_part"],
];

describe("the differential check catches a literal transcription of each PEG trap", () => {
  const grammar = readFileSync(join(ROOT, "grammar/rfc2396bis-01/grammar.peggy"), "utf8");
  let dir: string;
  beforeAll(() => { dir = mkdtempSync(join(tmpdir(), "uri-grammar-literal-")); });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test.each(LITERAL)("%s", (rule, pegForm, literalForm) => {
    expect(grammar.includes(pegForm)).toBe(true); // the rewrite is still in the grammar
    const file = join(dir, `${rule}.peggy`);
    writeFileSync(file, grammar.split(pegForm).join(literalForm));
    const result = fuzz(["--count", "3000", "--seed", String(SEED), "--rule", rule, "--peg", file]);
    expect(result.rules[0].disagreements).toBeGreaterThan(0);
    // A literal PEG only ever loses strings: every disagreement is an ABNF accept it rejects.
    expect(result.disagreements.every((d) => d.abnf === true && d.peg === false)).toBe(true);
  });
});
