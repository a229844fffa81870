// The command line against hostile arguments and input, run in-process on streams of its own
// (the context processContext() makes, on other streams): nothing a terminal would act on reaches
// stdout or stderr raw, every documented failure is a usage error (exit status 2) and never an
// internal error (70), stdin faults are read errors (74), and options are the command's own.
import { PassThrough, Readable } from "node:stream";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main, commands } from "../src/cli/main.js";
import { streamContext } from "../src/cli/context.js";
import { readStdinText, stdinStream } from "../src/cli/input.js";
import { parseCommandArgs, UsageError } from "../src/cli/args.js";
import { RESOLVE_STEPS_MAX_LENGTH } from "../src/index.js";

interface Run { status: number; stdout: string; stderr: string }

/** Runs the command line on its own streams; stdin holds `input`. */
async function run(argv: string[], input = "", env: Record<string, string | undefined> = {}): Promise<Run> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const chunks = { out: [] as Buffer[], err: [] as Buffer[] };
  stdout.on("data", (c: Buffer) => chunks.out.push(c));
  stderr.on("data", (c: Buffer) => chunks.err.push(c));
  const stdin = new PassThrough();
  stdin.end(Buffer.from(input));
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
  let status: number;
  try {
    status = await main(argv, streamContext(stdout as unknown as NodeJS.WriteStream, stderr as unknown as NodeJS.WriteStream,
      stdin as unknown as NodeJS.ReadStream));
  } finally {
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
  }
  return { status, stdout: Buffer.concat(chunks.out).toString("utf8"), stderr: Buffer.concat(chunks.err).toString("utf8") };
}

/** What a terminal acts on: C0 but the line break and the tab, DEL, C1, bidirectional controls, separators, lone surrogates. */
const ACTED_ON = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]|\p{Cs}/u;

/** The characters of the issue, in one argument: reversal, isolate, NEL, CSI, DEL, ESC (a sequence), BEL, CR. */
const H = "x\u202ey\u2066z\u0085\u009b2J\u007f\u001b]0;pwned\u0007\u001b[2J\rX";

function expectPrintable(r: Run): void {
  expect(r.stdout).not.toMatch(ACTED_ON);
  expect(r.stderr).not.toMatch(ACTED_ON);
}

describe("nothing a terminal acts on reaches stdout or stderr raw", () => {
  const CASES: [string, string[], string?, Record<string, string>?][] = [
    ["--edition", ["check", "--edition", H, "http://a/"]],
    ["URI_GRAMMAR_EDITION", ["check", "http://a/"], undefined, { URI_GRAMMAR_EDITION: H }],
    ["--rule", ["check", "--rule", H, "http://a/"]],
    ["editions --rule", ["editions", "--rule", H, "x"]],
    ["rules NAME", ["rules", H]],
    ["--format", ["batch", "--format", H]],
    ["--ladder", ["compare", "--ladder", H, "a", "b"]],
    ["--min-severity", ["audit", "--min-severity", H, "http://a/"]],
    ["--dot-segments", ["resolve", "--dot-segments", H, "http://a/", "g"]],
    ["--port", ["serve", "--port", H]],
    ["--max-length", ["extract", "--max-length", H]],
    ["--workers", ["batch", "--workers", H]],
    ["diff", ["diff", H, "rfc3986"]],
    ["tour", ["tour", H]],
    ["help", ["help", H]],
    ["an unknown command", [H]],
    ["an unknown option", ["check", "-" + H]],
    ["an unknown long option", ["check", "--" + H]],
    ["a boolean option with a value", ["check", `--json=${H}`, "x"]],
    ["a value that is an option", ["check", "--rule", "--json"]],
    ["too many arguments", ["check", "a", H]],
    ["check", ["check", H]],
    ["check --json", ["check", "--json", H]],
    ["check from stdin", ["check", "-"], H],
    ["parse", ["parse", H]],
    ["parse --json", ["parse", "--json", H]],
    ["explain", ["explain", H]],
    ["normalize", ["normalize", H]],
    ["compare", ["compare", H, "http://a/"]],
    ["resolve: the base", ["resolve", H, "g"]],
    ["resolve: a reference", ["resolve", "http://a/", H]],
    ["resolve --steps", ["resolve", "--steps", "http://a/", H]],
    ["audit", ["audit", H]],
    ["audit --json", ["audit", "--json", H]],
    ["editions", ["editions", H]],
    ["batch", ["batch"], `${H}\nhttp://a/\n`],
    ["batch --format tsv", ["batch", "--format", "tsv"], `${H}\n`],
    ["extract", ["extract"], `see http://a/${H} and <http://b/${H}>`],
    ["extract --json", ["extract", "--json"], `see http://a/${H}`],
    ["a file that cannot be read", ["batch", join(tmpdir(), H)]],
  ];
  // Rows of different lengths: the arguments as one rest parameter (a test function that declares
  // more parameters than a row has is taken by jest to wait for a done callback).
  test.each(CASES)("%s", async (...row) => {
    const [_name, argv, input, env] = row as [string, string[], string?, Record<string, string>?];
    const r = await run(argv, input ?? "", env ?? {});
    expect(r.status).not.toBe(70);
    expectPrintable(r);
    // The characters are shown, not dropped: "<U+202E>", "␛".
    if (!["a value that is an option", "batch", "batch --format tsv", "extract --json", "check --json", "parse --json", "audit --json"].includes(_name)) {
      expect(r.stdout + r.stderr).toMatch(/<U\+202E>|\\u202e|\\u202E/);
    }
  });

  test("in every edition: check, parse, normalize, resolve, audit and extract", async () => {
    for (const edition of ["url-1993", "uri-syntax-01", "uri-syntax-02", "rfc2396", "rfc2396bis-01", "rfc3986"]) {
      for (const argv of [["check", H], ["parse", H], ["normalize", H], ["resolve", "http://a/b", H], ["audit", H], ["explain", H]]) {
        const r = await run([...argv, "--edition", edition]);
        expect(r.status).not.toBe(70);
        expectPrintable(r);
      }
      expectPrintable(await run(["extract", "--edition", edition], `a http://a/${H} b`));
    }
  });

  test("with colours forced, the tool's own colours pass and the input's escape sequences do not", async () => {
    const r = await run(["check", "--rule", H, "x"], "", { FORCE_COLOR: "1" });
    expect(r.stderr).not.toMatch(/\u001b\]0;|\u001b\[2J|\u0007/);
    const colour = await run(["check", `http://a/${H}`], "", { FORCE_COLOR: "1" });
    expect(colour.stderr).toMatch(/\u001b\[\d+m/);
    expect(colour.stderr).not.toMatch(/\u001b\]0;|\u001b\[2J|\u0007|\u202e|\u009b/);
  });
});

describe("every documented failure is a usage error (exit status 2), never an internal error (70)", () => {
  const long = "http://a/" + "a".repeat(RESOLVE_STEPS_MAX_LENGTH);
  const FAILURES: [string, string[], RegExp][] = [
    ["check", ["check"], /missing <input>/],
    ["check", ["check", "--rule", "nope", "x"], /has no rule "nope"/],
    ["check", ["check", "--rule", "__proto__", "x"], /has no rule "__proto__"/],
    ["check", ["check", "--edition", "__proto__", "x"], /unknown edition "__proto__"/],
    ["check", ["check", "--constructor", "x"], /unknown option --constructor/],
    ["check", ["check", "--__proto__=1", "x"], /unknown option --__proto__/],
    ["check", ["check", "--toString", "x"], /unknown option --toString/],
    ["parse", ["parse", "--rule", "hostname", "x"], /--rule must be one of/],
    ["explain", ["explain", "--rule", "constructor", "x"], /has no rule "constructor"/],
    ["resolve", ["resolve", "http://a/"], /missing <ref>/],
    ["resolve", ["resolve", "--dot-segments", "x", "http://a/", "g"], /--dot-segments must be one of/],
    ["resolve", ["resolve", "--steps", long, "g"], /--steps takes a base and references of at most 2048 characters \(RESOLVE_STEPS_MAX_LENGTH\); the base has 2057/],
    ["resolve", ["resolve", "--steps", "http://a/", "g", long], /reference 2 has 2057/],
    ["normalize", ["normalize", "--edition", "url-1993", "http://a/"], /defines no normalization/],
    ["compare", ["compare", "--ladder", "x", "a", "b"], /--ladder must be one of/],
    ["compare", ["compare", "--edition", "url-1993", "a", "b"], /defines no equivalence/],
    ["rules", ["rules", "__proto__"], /has no rule "__proto__"/],
    ["editions", ["editions", "--rule", "foo", "x"], /--rule: no edition has a rule "foo"/],
    ["editions", ["editions", "--rule", "__proto__", "x"], /--rule: no edition has a rule "__proto__"/],
    ["editions", ["editions", "--rule", "hasOwnProperty", "x"], /no edition has a rule "hasOwnProperty"/],
    ["diff", ["diff", "__proto__", "rfc3986"], /unknown edition "__proto__"/],
    ["diff", ["diff", "rfc3986"], /missing/],
    ["tour", ["tour", "0"], /STOP must be a stop's number/],
    ["tour", ["tour", "constructor"], /STOP must be a stop's number/],
    ["batch", ["batch", "--format", "x"], /--format must be one of/],
    ["batch", ["batch", "--workers", "-1"], /--workers must be a whole number/],
    ["batch", ["batch", "/nonexistent/file"], /cannot read \/nonexistent\/file: ENOENT/],
    ["audit", ["audit", "--min-severity", "x", "a"], /--min-severity must be one of/],
    ["differential", ["differential"], /missing <input>/],
    ["differential", ["differential", "--edition", "url-1993", "http://a/"], /defines no normalization/],
    ["differential", ["differential", "--base", "a b", "http://a/"], /--base: must be an absolute URI/],
    ["batch", ["batch", "--differential", "--rule", "host"], /--differential compares URI references; it takes no --rule/],
    ["extract", ["extract", "--max-length", "0"], /--max-length must be a whole number from 1/],
    ["serve", ["serve", "--port", "99999"], /--port must be a number from 0 to 65535/],
    ["serve", ["serve", "extra"], /too many arguments/],
    ["help", ["help", "__proto__"], /unknown command "__proto__"/],
    ["(none)", ["frobnicate"], /unknown command "frobnicate"/],
  ];
  test.each(FAILURES)("%s: %j", async (_command, argv, message) => {
    const r = await run(argv);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/internal error|This is a bug/);
  });

  test("every command is walked", () => {
    const walked = new Set(FAILURES.map(([c]) => c));
    for (const c of commands()) expect(walked.has(c.name)).toBe(true);
  });
});

describe("stdin faults are read errors; an input too long for a string is a usage error", () => {
  let dir: string;
  beforeAll(() => { dir = mkdtempSync(join(tmpdir(), "uri-grammar-stdin-")); });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("readStdinText: past the limit, a UsageError that names it, said before the rest is read", async () => {
    let pulled = 0;
    const endless = new Readable({ read() { pulled++; this.push("a".repeat(1000)); } });
    const error = await readStdinText(endless, 4500).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(/^the input on stdin is longer than 4500 characters, the longest string .* \(STDIN_MAX_LENGTH: the JavaScript engine's limit\); 'uri-grammar batch' and 'uri-grammar extract' read any size, line by line$/);
    expect(pulled).toBeLessThan(10);
    await expect(readStdinText(Readable.from([Buffer.from("h\u00e9"), Buffer.from([0xe2, 0x82]), Buffer.from([0xac])]), 10)).resolves.toBe("h\u00e9\u20ac");
  });

  test("a stream that fails is an IoError (exit 74) that says stdin", async () => {
    const failing = new Readable({ read() { this.destroy(Object.assign(new Error("EIO: i/o error, read"), { code: "EIO", syscall: "read" })); } });
    const error = await readStdinText(failing).catch((e: unknown) => e);
    expect((error as Error).name).toBe("IoError");
    expect((error as Error).message).toBe("cannot read stdin: i/o error (EIO)");
  });

  test("stdin that is a directory: an IoError, not an empty input", () => {
    const { openSync, closeSync } = require("node:fs") as typeof import("node:fs");
    const fd = openSync(dir, "r");
    try {
      expect(() => stdinStream({ fd } as unknown as NodeJS.ReadableStream)).toThrow("cannot read stdin: it is a directory (EISDIR)");
    } finally {
      closeSync(fd);
    }
    const file = join(dir, "f");
    writeFileSync(file, "x");
  });
});

describe("options: only the command's own, and repeats in linear time", () => {
  test("names of Object.prototype are no options", () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
      expect(() => parseCommandArgs([`--${name}`, "x"], { json: { type: "boolean" } })).toThrow(new UsageError(
        `unknown option --${name} (an input that starts with "-" goes after "--": -- --${name})`));
    }
    const { values } = parseCommandArgs(["--json"], { json: { type: "boolean" } });
    expect(Object.getPrototypeOf(values)).toBeNull();
    expect(values.toString).toBeUndefined();
  });

  test("40,000 repeats of a multiple option: every value, in order", () => {
    const args = Array.from({ length: 40000 }, (_, i) => [`--scheme`, `s${i}`]).flat();
    const { values } = parseCommandArgs(args, { scheme: { type: "string", multiple: true } });
    expect(values.scheme).toHaveLength(40000);
    expect((values.scheme as string[])[39999]).toBe("s39999");
  });
});
