#!/usr/bin/env node
// 'uri-grammar batch' and 'uri-grammar extract' on large inputs with one very long line: their
// peak memory (resident set size, from /usr/bin/time -v) and time, at two sizes, to show that the
// memory stays bounded and the time grows with the input, not faster. Each input is the benchmark
// corpus (scripts/bench-corpus.mjs, one reference a line) repeated to the size, with one line of
// "http://a/bbb..." of a tenth of the size in the middle, written to a temporary file and deleted
// afterwards. The commands run with their defaults (the long line is over the 1 MiB limit of
// --max-line-length and --max-length, so it is reported, not held); output to /dev/null.
//
//   node scripts/bench-stream.mjs [--sizes 256,1024] (MB)
//
// Run `npm run build` first. Needs GNU time (/usr/bin/time) and twice the largest size free in
// the temporary directory. BENCH_CLI=path/to/cli.js measures another build of the command.
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateCorpus } from "./bench-corpus.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = process.env.BENCH_CLI ?? join(root, "dist", "cjs", "src", "cli.js");
const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const sizes = arg("--sizes", "256,1024").split(",").map(Number);
const MB = 1024 * 1024;

for (const need of [cli, "/usr/bin/time"]) {
  if (!existsSync(need)) {
    console.error(`bench-stream: ${need} is missing${need === cli ? "; run npm run build first" : " (GNU time)"}`);
    process.exit(2);
  }
}

/** Writes `size` bytes of corpus lines with one long line (a tenth of the size) in the middle. */
function writeInput(file, size) {
  const { refs } = generateCorpus({ count: 100_000, seed: 2003 });
  const block = Buffer.from(refs.join("\n") + "\n");
  const longLine = Math.floor(size / 10);
  const fd = openSync(file, "w");
  let written = 0;
  let longDone = false;
  while (written < size) {
    if (!longDone && written >= (size - longLine) / 2) {
      const piece = Buffer.alloc(MB, "b");
      writeSync(fd, "http://a/");
      for (let n = 9; n < longLine; n += piece.length) writeSync(fd, piece, 0, Math.min(piece.length, longLine - n));
      writeSync(fd, "\n");
      written += longLine + 1;
      longDone = true;
      continue;
    }
    writeSync(fd, block, 0, Math.min(block.length, size - written));
    written += Math.min(block.length, size - written);
  }
  closeSync(fd);
  return longLine;
}

/** Runs the command under GNU time; its peak RSS (MB), wall and CPU seconds, exit status. */
function measure(args) {
  const r = spawnSync("/usr/bin/time", ["-v", process.execPath, cli, ...args], { encoding: "utf8", stdio: ["ignore", "ignore", "pipe"] });
  const field = (name) => new RegExp(`^\\s*${name}: (.*)$`, "m").exec(r.stderr)?.[1];
  const clock = field("Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)").split(":").map(Number);
  return {
    rss: Number(field("Maximum resident set size \\(kbytes\\)")) / 1024,
    wall: clock.reduce((a, b) => a * 60 + b, 0),
    cpu: Number(field("User time \\(seconds\\)")) + Number(field("System time \\(seconds\\)")),
    status: Number(field("Exit status")),
    summary: r.stderr.split("\n").filter((l) => !/^\t|Command being timed/.test(l) && l.trim()).slice(0, 3).join(" / "),
  };
}

const dir = mkdtempSync(join(tmpdir(), "uri-grammar-bench-stream-"));
const rows = [];
try {
  console.log(`bench-stream: node ${process.version}, ${cli}`);
  for (const mb of sizes) {
    const file = join(dir, `input-${mb}.txt`);
    const longLine = writeInput(file, mb * MB);
    const bytes = statSync(file).size;
    for (const command of ["batch", "extract"]) {
      const m = measure([command, file]);
      rows.push({ mb, longLine, command, ...m });
      console.log(`${command} on ${(bytes / MB).toFixed(0)} MB with a ${(longLine / MB).toFixed(0)} MB line: ` +
        `peak RSS ${m.rss.toFixed(0)} MB, ${m.wall.toFixed(1)} s (CPU ${m.cpu.toFixed(1)} s), exit ${m.status}; ${m.summary}`);
    }
    rmSync(file);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (sizes.length > 1) {
  const [a, b] = [sizes[0], sizes[sizes.length - 1]];
  for (const command of ["batch", "extract"]) {
    const small = rows.find((r) => r.mb === a && r.command === command);
    const large = rows.find((r) => r.mb === b && r.command === command);
    console.log(`${command}: ${b / a}x the input took ${(large.cpu / small.cpu).toFixed(2)}x the CPU time, ` +
      `${(large.rss / small.rss).toFixed(2)}x the peak RSS`);
  }
}
