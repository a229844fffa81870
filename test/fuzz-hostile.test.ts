// The hostile fuzz (scripts/fuzz-hostile.mjs) in `npm run test:long`: 3,000 seeded hostile inputs
// through every export in every edition, mutated reference objects through recompose, normalize,
// equivalent and resolve, and the command line's output in every edition every 25 inputs. Each
// count the script keeps must be 0: unexpected exceptions, raw terminal output, invalid outputs,
// asymmetries of equivalent. Needs `npm run build` (the script runs the built package).
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const root = join(__dirname, "..");

test("3,000 hostile inputs in every edition: every failure count is 0", () => {
  const r = spawnSync(process.execPath, [join(root, "scripts/fuzz-hostile.mjs"), "--count", "3000", "--seed", "7", "--cli-every", "25", "--progress", "0"],
    { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const counts = [...r.stdout.matchAll(/^(unexpected exceptions|raw terminal output of the command line|invalid outputs of resolve\/normalize|asymmetries of equivalent): (\d+)$/gm)]
    .map((m) => [m[1], Number(m[2])]);
  // All four counts are printed, whatever they are; a failure prints its input and call above them.
  expect(counts.map(([name]) => name)).toEqual([
    "unexpected exceptions", "raw terminal output of the command line", "invalid outputs of resolve/normalize", "asymmetries of equivalent",
  ]);
  expect({ counts: Object.fromEntries(counts), stderr: r.stderr.slice(0, 4000) }).toEqual({
    counts: Object.fromEntries(counts.map(([name]) => [name, 0])), stderr: r.stderr.slice(0, 4000),
  });
  expect(r.status).toBe(0);
}, 600_000);
