// The commands that stream (batch, extract) on hostile input, run as a user runs them: lines and
// candidates longer than any URI, text that would drive the terminal, a full disk, a file that
// fails while it is read, Ctrl-C; and explain and audit on an input over EXPLAIN_MAX_LENGTH.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EXPLAIN_MAX_LENGTH } from "../src/index.js";

const root = join(__dirname, "..");
const CLI = process.env.URI_GRAMMAR_CLI ?? join(root, "dist", "cjs", "src", "cli.js");

interface Run { status: number | null; stdout: string; stderr: string }

function run(args: string[], input: string | Buffer = "", options: { stdout?: number; env?: Record<string, string> } = {}): Run {
  const env: Record<string, string | undefined> = { ...process.env, ...options.env };
  if (!options.env?.FORCE_COLOR) delete env.FORCE_COLOR;
  const r = spawnSync(process.execPath, [CLI, ...args], {
    input, env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024,
    ...(options.stdout !== undefined ? { stdio: ["pipe", options.stdout, "pipe"] } : {}),
  });
  return { status: r.status, stdout: r.stdout ?? "", stderr: r.stderr };
}

const lines = (r: Run) => r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));

/** No stack trace, and one line on stderr. */
function expectOneSentence(r: Run, sentence: RegExp): void {
  expect(r.stderr).toMatch(sentence);
  expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(r.stderr).not.toMatch(/^\s+at /m);
}

let dir = "";
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), "uri-grammar-streams-")); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("batch: a line longer than --max-line-length", () => {
  test("is its own result line, with its number and length, not held; the lines around it are checked", () => {
    const input = `http://a/\n${"x".repeat(5000)}\r\nhttp://b/ c\nhttp://d/`;
    const r = run(["batch", "--max-line-length", "1000"], input);
    expect(r.status).toBe(1);
    expect(lines(r)).toEqual([
      { line: 1, input: "http://a/", valid: true },
      { line: 2, input: null, length: 5000, valid: false, offset: null, rule: "(too long)",
        message: "line 2 is 5000 bytes long, more than --max-line-length 1000: not checked" },
      expect.objectContaining({ line: 3, input: "http://b/ c", valid: false, offset: 9 }),
      { line: 4, input: "http://d/", valid: true },
    ]);
    expect(r.stderr).toMatch(/^4 lines: 2 valid, 2 invalid\n/);
    expect(r.stderr).toMatch(/^ {2}1 {2}\(too long\)$/m);
    const tsv = run(["batch", "--format", "tsv", "--max-line-length", "1000"], input).stdout.split("\n");
    expect(tsv[2]).toBe("2\t\tfalse\t\t(too long)\tline 2 is 5000 bytes long, more than --max-line-length 1000: not checked");
    // --numbered: the number from the line's head.
    expect(lines(run(["batch", "--numbered", "--max-line-length", "1000"], `7\thttp://a/\n12\t${"x".repeat(5000)}\n`))[1])
      .toMatchObject({ line: 12, length: 5003, rule: "(too long)" });
    expect(run(["batch", "--max-line-length", "0"]).stderr).toMatch(/--max-line-length must be a whole number from 1 to \d+, got "0"/);
  });

  test("with worker threads, the same output in the same order", () => {
    const file = join(dir, "long-among-many.txt");
    writeFileSync(file, Array.from({ length: 40000 }, (_, i) => (i === 20000 ? "x".repeat(2 * 1024 * 1024) : `http://h/${i}`)).join("\n") + "\n");
    const main = run(["batch", file]);
    const workers = run(["batch", "--workers", "2", file]);
    expect(workers.stdout === main.stdout).toBe(true);
    expect(workers.stderr).toBe(main.stderr);
    expect(lines(main)[20000]).toMatchObject({ line: 20001, length: 2 * 1024 * 1024, rule: "(too long)" });
  });

  test("a file of 40 MB without a line break: one result line (default limit, 1 MiB), across the reader's chunks", () => {
    const file = join(dir, "one-line.txt");
    const size = 40 * 1024 * 1024;
    writeFileSync(file, Buffer.alloc(size, "a"));
    const r = run(["batch", file]);
    expect(r.status).toBe(1);
    expect(lines(r)).toEqual([expect.objectContaining({ line: 1, length: size, rule: "(too long)" })]);
    expect(lines(r)[0].message).toContain("more than --max-line-length 1048576");
    // At the limit, a line is checked; the same from a pipe, in 64 KB chunks.
    const atLimit = "http://a/" + "b".repeat(1024 * 1024 - 9);
    expect(lines(run(["batch"], atLimit + "\n" + atLimit + "b\n")).map((o) => [o.valid, o.length])).toEqual([[true, undefined], [false, 1024 * 1024 + 1]]);
  });
});

describe("extract streams", () => {
  test("a candidate longer than --max-length: its first characters and its length, marked; the rest of the text is read", () => {
    const long = "http://a/" + "b".repeat(3000);
    const text = `see ${long} and http://c/ then`;
    const r = run(["extract", "--max-length", "1000"], text);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${long.slice(0, 60)}…\t(too long: ${long.length} characters, not checked)\nhttp://c/\n`);
    expect(JSON.parse(run(["extract", "--json", "--max-length", "1000"], text).stdout)).toEqual([
      { uri: null, start: 4, end: 4 + long.length, delimiter: "whitespace", valid: false, tooLong: true, length: long.length,
        head: long.slice(0, 60), message: `a candidate of ${long.length} characters, more than --max-length 1000: not checked` },
      expect.objectContaining({ uri: "http://c/", start: text.indexOf("http://c/") }),
    ]);
    expect(run(["extract", "--valid", "--max-length", "1000"], text).stdout).toBe("http://c/\n");
    // Without the limit in the way, the whole URI.
    expect(run(["extract"], text).stdout).toBe(`${long}\nhttp://c/\n`);
  });

  test("a file of 20 MB holding one URI-like token, and 200,000 URIs: found as in the whole text, printed as read", () => {
    const file = join(dir, "token.txt");
    writeFileSync(file, "x http://a/" + "b".repeat(20 * 1024 * 1024) + " http://z/\n");
    expect(run(["extract", file]).stdout).toMatch(/^http:\/\/a\/b{51}…\t\(too long: 20971529 characters, not checked\)\nhttp:\/\/z\/\n$/);
    const many = join(dir, "many.txt");
    writeFileSync(many, Array.from({ length: 200000 }, (_, i) => `line ${i}: <http://h/${i}-\n  x> and "http://q/${i}".`).join("\n"));
    const out = run(["extract", many]).stdout.split("\n");
    expect(out).toHaveLength(400001);
    expect(out.slice(-3)).toEqual(["http://h/199999-x", "http://q/199999", ""]);
    // The same text as JSON: one array, laid out as JSON.stringify lays it out.
    const small = 'a <http://h/1-\n x> "http://q/1" b';
    expect(run(["extract", "--json"], small).stdout).toBe(JSON.stringify(JSON.parse(run(["extract", "--json"], small).stdout), null, 2) + "\n");
    expect(run(["extract", "--json"], "none").stdout).toBe("[]\n");
  });
});

describe("output a terminal or a program trusts", () => {
  // An OSC that retitles the window, a bell, a clear screen; a one-character CSI (U+009B); a right-to-left override.
  const hostile = "see http://a/\x1b]0;pwned\x07\x1b[2J and http://b/\u009b2J\u202egnp.exe\n";
  const acted = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

  test("extract shows control characters as their pictures and bidirectional overrides by code point", () => {
    const r = run(["extract"], hostile);
    expect(r.stdout).toBe("http://a/␛]0;pwned␇␛[2J\t(not a valid URI reference)\nhttp://b/<U+009B>2J<U+202E>gnp.exe\t(not a valid URI reference)\n");
    for (const args of [["extract", "--json"], ["batch"], ["batch", "--format", "tsv"]]) {
      expect(run(args, hostile).stdout.replace(/[\n\t]/g, "")).not.toMatch(acted);
    }
    // JSON keeps the data: the escapes read back as the characters.
    expect(lines(run(["batch"], hostile))[0].input).toBe(hostile.trimEnd());
    expect(run(["batch", "--format", "tsv"], hostile).stdout).toContain("\\x1B]0;pwned\\x07\\x1B[2J and http://b/\\x9B2J\\u202Egnp.exe");
  });

  test("check, and the --json of every command, escape them too (the caret line and the message quote the input)", () => {
    const r = run(["check", "http://a/\u202ex\u009b"]);
    expect(r.stderr).not.toMatch(acted);
    expect(r.stderr).toContain("http://a/<U+202E>x<U+009B>");
    expect(run(["check", "--json", "http://a/\u202e"]).stdout).toContain('"input": "http://a/\\u202e"');
  });
});

describe("faults of the input and the output: one sentence and a status of their own", () => {
  test("a full disk (> /dev/full): exit 74, no stack", () => {
    const full = openSync("/dev/full", "w");
    try {
      for (const [args, input] of [[["check", "http://a/"], ""], [["batch"], "http://a/\n".repeat(100000)], [["extract"], "http://a/ ".repeat(100000)],
        [["rules"], ""]] as const) {
        const r = run([...args], input, { stdout: full });
        expect(r.status).toBe(74);
        expectOneSentence(r, new RegExp(`^uri-grammar ${args[0]}: cannot write the output: no space left on device \\(ENOSPC\\)\n$`));
      }
    } finally {
      closeSync(full);
    }
  });

  test("a file that fails while it is read (/proc/self/mem): exit 74; one that cannot be opened stays a usage error (2)", () => {
    for (const command of ["batch", "extract"]) {
      const r = run([command, "/proc/self/mem"]);
      expect(r.status).toBe(74);
      expectOneSentence(r, new RegExp(`^uri-grammar ${command}: cannot read /proc/self/mem: i/o error \\(EIO\\)\n$`));
      const missing = run([command, join(dir, "no-such-file")]);
      expect(missing.status).toBe(2);
      expectOneSentence(missing, /cannot read .*no-such-file: ENOENT\n$/);
      expect(run([command, dir]).stderr).toMatch(/: EISDIR\n$/);
    }
  });

  test.each([
    ["batch", ["batch"], /^interrupted \(SIGINT\) after line 3; the rest of the input was not read\n3 lines checked: 3 valid, 0 invalid\n$/],
    ["extract", ["extract"], /^uri-grammar extract: interrupted \(SIGINT\) after \d+ bytes of the input; the URIs found before \(3\) were printed, the rest of the input was not read\n$/],
  ])("Ctrl-C (SIGINT) mid-%s: exit 130, and stderr says how far it got", async (_name, args, summary) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (d) => { stderr += d; });
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    // Three lines, then the writer stays idle (the input is not at its end).
    child.stdin.write("http://a/1\nhttp://a/2\nhttp://a/3\n");
    await new Promise<void>((resolve) => child.stdout.on("data", (d) => {
      stdout += d;
      if (stdout.split("\n").length > 3) resolve();
    }));
    child.kill("SIGINT");
    expect(await exited).toBe(130);
    expect(stdout.trimEnd().split("\n")).toHaveLength(3);
    expect(stderr).toMatch(summary);
    child.stdin.destroy();
  });
});

describe("explain and audit over EXPLAIN_MAX_LENGTH", () => {
  const long = "http://a/" + "b".repeat(EXPLAIN_MAX_LENGTH);

  test("explain says so in a sentence, exit 2", () => {
    const r = run(["explain", "-"], long);
    expect(r.status).toBe(2);
    expectOneSentence(r, /^uri-grammar explain: the input has 2097161 characters, more than explain takes \(EXPLAIN_MAX_LENGTH, 2097152: .*'uri-grammar check' validates an input of any length\n$/);
  });

  test("audit needs no parse tree: it audits the input, on a terminal too", () => {
    const withPassword = "http://u:p@a/" + "b".repeat(EXPLAIN_MAX_LENGTH);
    for (const env of [{}, { FORCE_COLOR: "1" }] as Record<string, string>[]) {
      const r = run(["audit", "-"], withPassword, { env });
      expect(r.status).toBe(3);
      expect(r.stderr).toBe("");
      // (The output holds the 2 MB input above each finding: no toContain, whose failure would print it.)
      expect(r.stdout.includes("password (section 7.4)")).toBe(true);
    }
    const json = run(["audit", "--json", "-"], long);
    expect([json.status, json.stderr, JSON.parse(json.stdout).findings]).toEqual([0, "", []]);
  });
});
