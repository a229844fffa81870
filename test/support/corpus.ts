// The benchmark corpus (scripts/bench-corpus.mjs) in the tests. The script is an ES module and jest
// runs CommonJS, so it runs in a child process and hands over the references as JSON.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const ROOT = join(__dirname, "..", "..");

/** `count` references of the benchmark corpus made with `seed`. */
export function corpus(count: number, seed: number): string[] {
  const code = `import(${JSON.stringify(join(ROOT, "scripts/bench-corpus.mjs"))}).then((m) => process.stdout.write(JSON.stringify(m.generateCorpus({ count: ${count}, seed: ${seed} }).refs)))`;
  const r = spawnSync(process.execPath, ["-e", code], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`bench-corpus failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as string[];
}
