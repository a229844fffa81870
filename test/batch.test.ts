// 'uri-grammar batch' on real files, run as a user runs it (the compiled binary): a byte order
// mark, bytes that are not UTF-8, a reader that closes the output early, control characters in
// TSV, empty lines, a progress bar for stdin redirected from a file, and the same filter split
// across processes by GNU parallel (the recipe in docs/cli.md).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(__dirname, "..");
const CLI = process.env.URI_GRAMMAR_CLI ?? join(root, "dist", "cjs", "src", "cli.js");

interface Run { status: number | null; stdout: string; stderr: string }

function batch(args: string[], input?: string | Buffer): Run {
  const env = { ...process.env };
  delete env.FORCE_COLOR;
  const r = spawnSync(process.execPath, [CLI, "batch", ...args], { input: input ?? "", env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A shell pipeline, as a user types it; `$CLI` is the command. */
function sh(script: string): Run {
  const env: Record<string, string | undefined> = { ...process.env, CLI: `${process.execPath} ${CLI}` }; // (paths without spaces)
  delete env.FORCE_COLOR;
  const r = spawnSync("bash", ["-o", "pipefail", "-c", script], { cwd: dir, env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

let dir = "";
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), "uri-grammar-batch-")); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const results = (r: Run) => r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));

describe("batch on real files", () => {
  test("a byte order mark at the start is not part of line 1", () => {
    const file = join(dir, "bom.txt");
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("http://a/\nhttp://b/\n")]));
    const r = batch([file]);
    expect(r.status).toBe(0);
    expect(results(r)).toEqual([{ line: 1, input: "http://a/", valid: true }, { line: 2, input: "http://b/", valid: true }]);
    // From stdin too; a U+FEFF further on is a character like any other (and not allowed).
    expect(results(batch([], Buffer.from("\ufeffhttp://a/\n\ufeffx\n")))).toEqual([
      { line: 1, input: "http://a/", valid: true },
      expect.objectContaining({ line: 2, valid: false, offset: 0 }),
    ]);
  });

  test("bytes that are not UTF-8 are reported as the bytes they are, not as U+FFFD", () => {
    const file = join(dir, "latin1.txt");
    writeFileSync(file, Buffer.concat([Buffer.from("http://a/caf"), Buffer.from([0xe9]), Buffer.from("\nhttp://a/\xff\n", "latin1"),
      Buffer.from("ok\n"), Buffer.from([0xe2, 0x82]), Buffer.from("x\n")]));
    const r = batch([file]);
    expect(r.status).toBe(1);
    const [first, second, third, fourth] = results(r);
    expect(first).toMatchObject({ line: 1, valid: false, offset: 12, rule: "(not UTF-8)" });
    expect(first.message).toBe("offset 12: byte 0xE9 is not UTF-8 text. URIs are ASCII: data outside US-ASCII is written as the escapes " +
      "of its octets (%E9) (section 2.1)");
    expect(second.message).toContain("byte 0xFF is not UTF-8 text");
    expect(second.message).toContain("(%FF)");
    expect(second.message).not.toContain("EF%BF%BD");
    expect(third).toEqual({ line: 3, input: "ok", valid: true });
    expect(fourth.message).toContain("bytes 0xE2 0x82 are not UTF-8 text");
    expect(fourth.message).toContain("(%E2%82)");
    expect(r.stderr).toMatch(/^ {2}3 {2}\(not UTF-8\)$/m);
    // A well-formed character outside US-ASCII keeps the grammar's own message.
    expect(results(batch([], "caf\u00e9\n"))[0].message).toContain("é is %C3%A9");
  });

  test("worker threads give the same results for lines that are not UTF-8", () => {
    const lines: Buffer[] = [];
    for (let i = 0; i < 30000; i++) lines.push(i % 1000 === 7 ? Buffer.from([0x68, 0xff, 0x0a]) : Buffer.from(`http://h${i}/\n`));
    const file = join(dir, "mixed-bytes.txt");
    writeFileSync(file, Buffer.concat(lines));
    const main = batch(["--workers", "0", file]);
    const workers = batch(["--workers", "2", file]);
    expect(workers.stdout).toBe(main.stdout);
    expect(workers.stderr).toBe(main.stderr);
    expect(main.stderr).toMatch(/^ {2}30 {2}\(not UTF-8\)$/m);
  });

  test("when the reader closes the output early (| head), the summary says how far it got", () => {
    const file = join(dir, "many.txt");
    writeFileSync(file, Array.from({ length: 300000 }, (_, i) => `http://h/${i}`).join("\n") + "\n");
    const r = sh(`$CLI batch many.txt | head -n 2`);
    expect(r.stdout.split("\n").slice(0, 2).map((l) => JSON.parse(l).line)).toEqual([1, 2]);
    const m = /^the output was closed after line (\d+); the rest of the input was not read\n(\d+) lines checked: \2 valid, 0 invalid\n$/.exec(r.stderr);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeLessThan(300000);
    expect(Number(m![2])).toBe(Number(m![1]));
    // Read to the end, the summary is the usual one.
    expect(sh(`$CLI batch many.txt > /dev/null`).stderr).toBe("300000 lines: 300000 valid, 0 invalid\n");
  });

  test("TSV escapes every control character; JSON Lines escapes them as JSON does", () => {
    const input = "a\u0000b\n\u0007\u001f\u007f\\\n";
    const tsv = batch(["--format", "tsv"], input).stdout.split("\n");
    expect(tsv[1].split("\t").slice(0, 3)).toEqual(["1", "a\\x00b", "false"]);
    expect(tsv[2].split("\t").slice(0, 3)).toEqual(["2", "\\x07\\x1F\\x7F\\\\", "false"]);
    expect(batch(["--format", "tsv"], input).stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(results(batch([], input)).map((o) => o.input)).toEqual(["a\u0000b", "\u0007\u001f\u007f\\"]);
  });

  test("--skip-empty leaves empty lines out, and the others keep their line numbers", () => {
    const r = batch(["--skip-empty"], "http://a/\n\n\r\nb c\n");
    expect(r.status).toBe(1);
    expect(results(r).map((o) => [o.line, o.valid])).toEqual([[1, true], [4, false]]);
    expect(r.stderr.split("\n")[0]).toBe("4 lines: 1 valid, 1 invalid, 2 empty lines skipped");
    expect(batch([], "\n").stdout).toBe('{"line":1,"input":"","valid":true}\n');
  });

  test("a progress bar on a terminal, for a file and for stdin redirected from one; none for a pipe", () => {
    const file = join(dir, "bar.txt");
    writeFileSync(file, Array.from({ length: 200000 }, (_, i) => `http://h/${i}`).join("\n") + "\n");
    // script(1) gives the command a terminal; the output goes to /dev/null.
    const onTerminal = (command: string) => execFileSync("script", ["-qec", command, "/dev/null"], { cwd: dir, encoding: "utf8" });
    const cli = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} batch`;
    expect(onTerminal(`${cli} bar.txt > /dev/null`)).toMatch(/\[#+-*\] +\d+%/);
    expect(onTerminal(`${cli} < bar.txt > /dev/null`)).toMatch(/\[#+-*\] +\d+%/);
    expect(onTerminal(`cat bar.txt | ${cli} > /dev/null`)).not.toMatch(/\[#/);
  });
});

describe("batch across processes: --numbered and GNU parallel", () => {
  test("--numbered takes the line number from NUMBER<TAB>TEXT, and refuses a line without one", () => {
    const r = batch(["--numbered"], "7\thttp://a/\n12\ta b\n");
    expect(results(r).map((o) => [o.line, o.input, o.valid])).toEqual([[7, "http://a/", true], [12, "a b", false]]);
    const bad = batch(["--numbered"], "1\thttp://a/\nhttp://b/\n");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^uri-grammar batch: line 2 of the input does not start with a number and a tab/m);
  });

  test("the recipe of docs/cli.md: awk numbers the lines, parallel --pipe --keep-order splits them; the output is a single process's", () => {
    // GNU parallel is Debian's 'parallel' package; .ci/run installs it. Without it this test fails.
    expect(spawnSync("parallel", ["--version"], { encoding: "utf8" }).stdout).toMatch(/GNU parallel/);
    const lines: Buffer[] = [Buffer.from([0xef, 0xbb, 0xbf])];
    for (let i = 0; i < 20000; i++) {
      lines.push(i % 97 === 0 ? Buffer.from(`http://h/${i} x\r\n`) : i % 101 === 0 ? Buffer.from("\n") :
        i % 499 === 0 ? Buffer.from([0x61, 0xff, 0x0a]) : Buffer.from(`http://h${i}.example/p?q=${i}\n`));
    }
    lines.push(Buffer.from("http://last/no-line-break"));
    writeFileSync(join(dir, "urls.txt"), Buffer.concat(lines));
    const single = sh("$CLI batch urls.txt");
    const split = sh("awk '{ print NR \"\\t\" $0 }' urls.txt | parallel --pipe --keep-order --block 64k $CLI batch --numbered 2>/dev/null");
    expect(single.status).toBe(1);
    expect(split.stdout.length).toBeGreaterThan(1000000);
    expect(split.stdout).toBe(single.stdout);
    // It really was split: one summary per block.
    const summaries = sh("awk '{ print NR \"\\t\" $0 }' urls.txt | parallel --pipe --keep-order --block 64k $CLI batch --numbered > /dev/null").stderr;
    expect(summaries.match(/^\d+ lines: /gm)!.length).toBeGreaterThan(5);
    // The recipe for a large file: numbered into a file, one part per job slot with --pipepart.
    const parts = sh("awk '{ print NR \"\\t\" $0 }' urls.txt > urls.numbered && " +
      "parallel --pipepart -a urls.numbered --block -1 -j 2 --keep-order $CLI batch --numbered");
    expect(parts.stdout).toBe(single.stdout);
    expect(parts.stderr.match(/^\d+ lines: /gm)!.length).toBe(2);
  });
});
