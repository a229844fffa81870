// The fast build (scripts/passes/, fastBuild) translates every PEG operator the way peggy does: on
// random grammars (sequences, ordered choices, ?, *, +, bounded repetitions, &, !, $, labels,
// plucks, nested actions with text() and location(), case-insensitive literals and classes), the
// compiled rules and peggy's parser agree on every string of up to four characters, on the
// verdict, the end of the match and the value the actions build; once with the generator alone
// (emit.mjs, generate-fast.mjs) and once with every pass of the build, the transform passes that
// rewrite the AST for speed too. The check is an ES module (it imports the passes), so it runs in
// a child process.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const root = join(__dirname, "..");

interface Summary {
  grammars: number;
  skipped: number;
  rules: number;
  cases: number;
  matched: number;
  valued: number;
  runLoops: number;
  lists: number;
  pairs: number;
  peeks: number;
  caseless: number;
  rewritten: number;
  disagreements: unknown[];
}

function check(grammars: number, seed: number): Summary {
  const run = spawnSync(process.execPath, [join(root, "test/support/compile-rules-check.mjs"), String(grammars), String(seed)], {
    cwd: root, encoding: "utf8", maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`compile-rules-check failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout) as Summary;
}

describe("compiled rules against peggy on random grammars", () => {
  const summary = check(400, 20030303);

  test("no disagreement (grammar, rule, input, peggy's result, the compiled result)", () => {
    expect(summary.disagreements).toEqual([]);
  });

  test("the check covers many grammars, and both verdicts and values", () => {
    expect(summary.grammars).toBeGreaterThan(100);
    expect(summary.cases).toBeGreaterThan(100_000);
    expect(summary.matched).toBeGreaterThan(summary.cases * 0.03);
    expect(summary.matched).toBeLessThan(summary.cases * 0.97);
    expect(summary.valued).toBeGreaterThan(1000);
    expect(summary.runLoops).toBeGreaterThan(10);
    expect(summary.lists).toBeGreaterThan(10);
    expect(summary.pairs).toBeGreaterThan(20);
    expect(summary.peeks).toBeGreaterThan(50);
    expect(summary.caseless).toBeGreaterThan(50);
    // The transform passes change the module of many grammars (the two builds are then compared).
    expect(summary.rewritten).toBeGreaterThan(20);
  });
});
