// The uri-grammar command, run as a user runs it: the compiled binary (npm run build first), its
// stdout, stderr and exit status.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EDITIONS, matches, resolveSteps, RULES, type ResolutionStep } from "../src/index.js";

const root = join(__dirname, "..");
const CLI = process.env.URI_GRAMMAR_CLI ?? join(root, "dist", "cjs", "src", "cli.js");
const ESC = "\u001b[";

interface Run { status: number | null; stdout: string; stderr: string }

function run(args: string[], options: { input?: string; env?: Record<string, string> } = {}): Run {
  const env: Record<string, string | undefined> = { ...process.env, ...options.env };
  if (!options.env || !("FORCE_COLOR" in options.env)) delete env.FORCE_COLOR;
  if (!options.env || !("NO_COLOR" in options.env)) delete env.NO_COLOR;
  if (!options.env || !("URI_GRAMMAR_EDITION" in options.env)) delete env.URI_GRAMMAR_EDITION;
  const r = spawnSync(process.execPath, [CLI, ...args], { input: options.input ?? "", env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** No stack trace, whatever went wrong. */
function expectNoStack(r: Run): void {
  expect(r.stderr).not.toMatch(/^\s+at .*:\d+:\d+\)?$/m);
}

/** A usage error: exit 2, the reason, and one line pointing to --help. */
function expectUsageError(r: Run, reason: RegExp, command?: string): void {
  expect(r.status).toBe(2);
  expect(r.stdout).toBe("");
  expect(r.stderr).toMatch(reason);
  const lines = r.stderr.trimEnd().split("\n");
  expect(lines[lines.length - 1]).toBe(`Run 'uri-grammar${command ? " " + command : ""} --help' for usage.`);
  expectNoStack(r);
}

const COMMANDS = ["check", "parse", "explain", "resolve", "normalize", "compare", "rules", "batch", "audit", "extract"];

describe("the binary", () => {
  test("starts with a shebang line", () => {
    expect(readFileSync(CLI, "utf8").split("\n")[0]).toBe("#!/usr/bin/env node");
  });

  test("--version prints the version of package.json", () => {
    const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
    for (const flag of ["--version", "-v"]) {
      const r = run([flag]);
      expect(r).toEqual({ status: 0, stdout: `${version}\n`, stderr: "" });
    }
  });

  test("--help lists every command; no arguments prints it on stderr with exit 2", () => {
    const r = run(["--help"]);
    expect(r.status).toBe(0);
    for (const c of COMMANDS) expect(r.stdout).toMatch(new RegExp(`^  ${c} +\\S`, "m"));
    const bare = run([]);
    expect(bare.status).toBe(2);
    expect(bare.stderr).toBe(r.stdout);
  });

  test.each(COMMANDS)("%s --help, -h and 'help %s' print the same usage text", (command) => {
    const long = run([command, "--help"]);
    expect(long.status).toBe(0);
    expect(long.stderr).toBe("");
    expect(long.stdout).toMatch(new RegExp(`^Usage: uri-grammar ${command}[ \\n]`));
    expect(long.stdout).toMatch(/^  -h, --help +show this help$/m);
    expect(long.stdout).toMatch(/^Exit status \(the same table for every command; 'uri-grammar --help'\):$/m);
    // The help text fits a terminal of 80 columns.
    for (const line of long.stdout.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
    expect(run([command, "-h"]).stdout).toBe(long.stdout);
    expect(run(["help", command]).stdout).toBe(long.stdout);
  });

  test("usage errors exit 2 with a one-line hint to --help", () => {
    expectUsageError(run(["frobnicate"]), /unknown command "frobnicate"/);
    expectUsageError(run(["chek", "x"]), /unknown command "chek" \(did you mean check\?\)/);
    expectUsageError(run(["check"]), /^uri-grammar check: missing <input>$/m, "check");
    expectUsageError(run(["check", "a", "b"]), /too many arguments: "b"/, "check");
    expectUsageError(run(["check", "--frob", "a"]), /unknown option --frob/, "check");
    expectUsageError(run(["check", "--rule"]), /^uri-grammar check: --rule needs a value: --rule NAME$/m, "check");
    expectUsageError(run(["check", "--rule", "--json", "a"]), /^uri-grammar check: --rule needs a value \(--rule NAME\), not the option --json$/m, "check");
    expectUsageError(run(["check", "--json=yes", "a"]), /^uri-grammar check: --json takes no value \(got "yes"\)$/m, "check");
    expectUsageError(run(["batch", "--workers", "-1", "f"]), /^uri-grammar batch: --workers must be a whole number from 0 to 64, got "-1"$/m, "batch");
    expectUsageError(run(["extract", "--scheme"]), /^uri-grammar extract: --scheme needs a value: --scheme NAME$/m, "extract");
    expectUsageError(run(["batch", "--format", "csv"]), /--format must be one of jsonl, tsv, got "csv"/, "batch");
    expectUsageError(run(["resolve"]), /^uri-grammar resolve: missing <base> <ref>\.\.\.$/m, "resolve");
    expectUsageError(run(["resolve", "http://a/"]),
      /^uri-grammar resolve: missing <ref>\.\.\.: give one or more references to resolve against "http:\/\/a\/"$/m, "resolve");
    expectUsageError(run(["compare", "http://a/"]), /^uri-grammar compare: missing <b>$/m, "compare");
    expectUsageError(run(["compare", "--ladder", "loose", "a", "b"]), /--ladder must be one of simple, syntax, scheme/, "compare");
    expectUsageError(run(["resolve", "--dot-segments", "drop", "http://a/", "g"]), /--dot-segments must be one of retain, remove, error/, "resolve");
    expectUsageError(run(["parse", "--rule", "host", "a"]), /--rule must be one of URI-reference/, "parse");
    expectUsageError(run(["compare", "-", "-"]), /only one argument can be "-"/, "compare");
  });

  test("unknown rule names suggest the right spelling", () => {
    expectUsageError(run(["check", "--rule", "ipv6address", "::1"]), /draft-fielding-uri-rfc2396bis-01 has no rule "ipv6address" \(did you mean "IPv6address"\?\)/, "check");
    expectUsageError(run(["check", "--rule", "IPv6adress", "::1"]), /did you mean "IPv6address"\?/, "check");
    expectUsageError(run(["explain", "--rule", "reg_name", "a"]), /did you mean "reg-name"\?/, "explain");
    expectUsageError(run(["rules", "URI-refrence"]), /has no rule "URI-refrence" \(did you mean "URI-reference"\?\)/, "rules");
    expectUsageError(run(["batch", "--rule", "nonsense"]), /has no rule "nonsense"; 'uri-grammar rules --edition rfc2396bis-01' lists its rules/, "batch");
  });

  test("a file that cannot be read is exit 2 with the reason and no stack trace", () => {
    const r = run(["batch", join(tmpdir(), "uri-grammar-no-such-file.txt")]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^uri-grammar batch: cannot read .*uri-grammar-no-such-file\.txt: ENOENT$/m);
    expectNoStack(r);
  });
});

describe("check", () => {
  test("a valid URI: exit 0, nothing on stderr", () => {
    expect(run(["check", "ftp://ftp.is.co.za/rfc/rfc1808.txt"])).toEqual({ status: 0, stdout: "valid URI-reference\n", stderr: "" });
  });

  test("an invalid URI: exit 1, caret diagram, expected set and rule path on stderr", () => {
    const r = run(["check", "http://[fe80::1/x"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    const lines = r.stderr.split("\n");
    expect(lines[0]).toBe("invalid URI-reference");
    expect(lines[1]).toBe("http://[fe80::1/x");
    expect(lines[2].indexOf("^")).toBe(15); // under the "/"
    expect(lines[2]).toContain('expected "." (IPv4address), digit (dec-octet), hex digit (h4), ":" (IPv6address or ls32) or "]" in IPv6reference (section 3.2.2)');
    // The rules open at the stop: IPv6address could still read on.
    expect(lines[3]).toBe("rule path: URI-reference > absolute-URI > hier-part > net-path > authority > server > hostport > host > IPv6reference > IPv6address");
    expect(r.stderr).not.toContain(ESC);
  });

  test("--rule checks another rule of the grammar", () => {
    expect(run(["check", "--rule", "IPv6address", "1080::8:800:200C:417A"]).status).toBe(0);
    expect(run(["check", "--rule", "IPv4address", "256.1.1.1"]).status).toBe(1);
    expect(run(["check", "--rule", "absolute-URI", "../g"]).status).toBe(1);
    expect(run(["check", "--rule", "dec-octet", "255"]).stdout).toBe("valid dec-octet\n");
  });

  test("--json prints the verdict and the error's details", () => {
    const ok = run(["check", "--json", "g;x?y#s"]);
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({ input: "g;x?y#s", rule: "URI-reference", valid: true });
    const bad = run(["check", "--json", "%zz"]);
    expect(bad.status).toBe(1);
    const result = JSON.parse(bad.stdout);
    expect(result).toMatchObject({ input: "%zz", valid: false, error: { name: "UriSyntaxError", offset: 1, found: "z", rule: "escaped" } });
    expect(result.error.path[0]).toBe("URI-reference");
  });

  test('"-" reads the input from stdin, one trailing line break dropped', () => {
    expect(run(["check", "-"], { input: "http://a/b\n" }).status).toBe(0);
    expect(run(["check", "-"], { input: "http://a/b\r\n" }).status).toBe(0);
    const r = run(["check", "-"], { input: "http://a/b c\n" });
    expect(r.status).toBe(1);
    expect(r.stderr.split("\n")[2].indexOf("^")).toBe(10);
  });

  test('an input that starts with "-" goes after "--"', () => {
    expect(run(["check", "--", "-g"])).toEqual({ status: 0, stdout: "valid URI-reference\n", stderr: "" });
  });

  test("colours: none when piped or with NO_COLOR; FORCE_COLOR forces them", () => {
    expect(run(["check", "a b"], { env: { NO_COLOR: "1" } }).stderr).not.toContain(ESC);
    const forced = run(["check", "a b"], { env: { FORCE_COLOR: "1" } });
    expect(forced.stderr).toContain(`${ESC}31m`);
    expect(run(["check", "a b"], { env: { FORCE_COLOR: "0" } }).stderr).not.toContain(ESC);
  });
});

describe("parse", () => {
  test("labelled components, only those present", () => {
    const r = run(["parse", "http://user@www.example.com:8080/a/b%20c;p?q=1#frag"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe([
      "kind        absolute-URI",
      "scheme      http",
      "authority   server user@www.example.com:8080",
      "  userinfo  user",
      "  host      hostname www.example.com",
      "  port      8080",
      "path        /a/b%20c;p",
      "query       q=1",
      "fragment    frag",
      "",
    ].join("\n"));
    const relative = run(["parse", "../g"]).stdout;
    expect(relative).toBe("kind        relative-URI\npath        ../g\n");
  });

  test("the 1993 draft: the production that matched, then the parts it names (user, password, search, fragmentid)", () => {
    const ftp = run(["parse", "--edition", "url-1993", "ftp://u:pw@host.example:21/a/b"]);
    expect(ftp.status).toBe(0);
    expect(ftp.stdout).toBe([
      "production  ftpaddress", "scheme      ftp", "user        u", "password    pw", "host        host.example",
      "port        21", "path        a/b", "",
    ].join("\n"));
    expect(run(["parse", "--edition", "url-1993", "http://a.example/x?y#z"]).stdout).toBe([
      "production  httpaddress", "scheme      http", "host        a.example", "path        x", "search      y",
      "fragmentid  z", "",
    ].join("\n"));
  });

  test("host kinds, reg-name authorities, opaque parts and empty components", () => {
    expect(run(["parse", "http://[FEDC:BA98::3210]:80/"]).stdout).toMatch(/^  host      IPv6reference \[FEDC:BA98::3210\] \(address FEDC:BA98::3210\)$/m);
    expect(run(["parse", "http://10.0.0.1/"]).stdout).toMatch(/^  host      IPv4address 10\.0\.0\.1$/m);
    const reg = run(["parse", "http://a@b@c/"]).stdout;
    expect(reg).toMatch(/^authority   reg-name a@b@c$/m);
    expect(reg).not.toMatch(/host|userinfo/);
    expect(run(["parse", "mailto:John.Doe@example.com"]).stdout).toMatch(/^path        opaque-part John\.Doe@example\.com$/m);
    const empty = run(["parse", "http://a:/?#"]).stdout;
    expect(empty).toMatch(/^  port      ""$/m);
    expect(empty).toMatch(/^query       ""$/m);
    expect(empty).toMatch(/^fragment    ""$/m);
  });

  test("--json has the components without delimiters, absent ones left out", () => {
    const r = run(["parse", "--json", "http://a/b?c"]);
    expect(JSON.parse(r.stdout)).toEqual({
      kind: "absolute-URI", scheme: "http", path: "/b", opaque: false, query: "c",
      authority: { kind: "server", raw: "a", host: { kind: "hostname", raw: "a", labels: ["a"] } },
    });
  });

  test("an invalid input: exit 1 and the caret diagram", () => {
    const r = run(["parse", "http://a/#b#c"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr.split("\n")[1].indexOf("^")).toBe(11);
    expect(r.stderr).toMatch(/^rule path: URI-reference/m);
  });
});

describe("explain", () => {
  test("an indented tree of rules with spans", () => {
    const r = run(["explain", "g?y"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe([
      'URI-reference [0, 3) "g?y"',
      '  relative-URI [0, 3) "g?y"',
      '    rel-path [0, 1) "g"',
      '      rel-segment [0, 1) "g"',
      '    query [2, 3) "y"',
      "",
    ].join("\n"));
  });

  test("--rule and --all", () => {
    expect(run(["explain", "--rule", "h4", "FE"]).stdout).toBe('h4 [0, 2) "FE"\n');
    expect(run(["explain", "--rule", "h4", "--all", "FE"]).stdout).toBe(
      'h4 [0, 2) "FE"\n  HEXDIG [0, 1) "F"\n  HEXDIG [1, 2) "E"\n');
  });

  test("with colours, the input comes first with each component in its own colour (section 7.5)", () => {
    const uri = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm";
    const plain = run(["explain", uri]);
    expect(plain.stdout).not.toContain(ESC);
    expect(plain.stdout.split("\n")[0]).toBe(`URI-reference [0, ${uri.length}) "${uri}"`);
    const r = run(["explain", uri], { env: { FORCE_COLOR: "1" } });
    const [first, legend] = r.stdout.split("\n");
    expect(first.replace(/\u001b\[\d+m/g, "")).toBe(uri);
    // userinfo and host in different colours.
    const colourOf = (text: string) => new RegExp(`((?:\\u001b\\[\\d+m)+)${text.replace(/[.&]/g, "\\$&")}`).exec(first)?.[1];
    expect(colourOf("www.example.com&story=breaking_news")).toBeDefined();
    expect(colourOf("10.0.0.1")).toBeDefined();
    expect(colourOf("www.example.com&story=breaking_news")).not.toBe(colourOf("10.0.0.1"));
    expect(legend.replace(/\u001b\[\d+m/g, "")).toBe("scheme userinfo host path");
    expect(run(["explain", uri], { env: { NO_COLOR: "1" } }).stdout).toBe(plain.stdout);
  });

  test("with colours, every edition paints its own components: the rules of its roles, and the path between them", () => {
    const strip = (s: string) => s.replace(/\u001b\[\d+m/g, "");
    const uri = "http://u@a.b:8/c/d?q#f";
    // The ANSI code just before a component's text in the painted line.
    const colourOf = (line: string, text: string) => new RegExp(`((?:\\u001b\\[\\d+m)+)${text.replace(/[.?]/g, "\\$&")}\\u001b`).exec(line)?.[1];
    for (const edition of ["rfc2396bis-01", "rfc3986", "rfc2396", "uri-syntax-01", "uri-syntax-02"]) {
      const [line, legend] = run(["explain", "--edition", edition, uri], { env: { FORCE_COLOR: "1" } }).stdout.split("\n");
      expect({ edition, line: strip(line), legend: strip(legend) }).toEqual({ edition, line: uri, legend: "scheme userinfo host port path query fragment" });
      const colours = ["u", "a.b", "8", "/c/d", "q", "f"].map((text) => colourOf(line, text));
      expect(colours.every((c) => c !== undefined)).toBe(true);
      expect(new Set(colours).size).toBe(colours.length);
    }
    // The tree's node that spans the path takes the path's colour (RFC 3986's path-abempty).
    const tree = run(["explain", "--edition", "rfc3986", "http://a/b"], { env: { FORCE_COLOR: "1" } }).stdout;
    const pathLine = tree.split("\n").find((l) => strip(l).trim().startsWith("path-abempty"))!;
    expect(pathLine).toContain("\u001b[34mpath-abempty");
    // An opaque part is the path; a sub-rule's tree has no path.
    expect(strip(run(["explain", "mailto:a@b?c"], { env: { FORCE_COLOR: "1" } }).stdout.split("\n")[1])).toBe("scheme path");
    expect(strip(run(["explain", "--rule", "host", "a.b"], { env: { FORCE_COLOR: "1" } }).stdout.split("\n")[1])).toBe("host");
  });

  test("--json is the tree", () => {
    const tree = JSON.parse(run(["explain", "--json", "//g"]).stdout);
    expect(tree).toMatchObject({ rule: "URI-reference", start: 0, end: 3, text: "//g" });
    expect(tree.children[0].rule).toBe("relative-URI");
  });

  test("an invalid input: exit 1", () => {
    const r = run(["explain", "http://a b"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/\^ offset 8: space is not allowed here/);
  });
});

describe("resolve", () => {
  const base = "http://a/b/c/d;p?q";

  test("Appendix C examples, one result line per reference", () => {
    const refs = ["g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g;x?y#s", "..", "../..", "../../g", "/./g", "g#s/../x"];
    const r = run(["resolve", base, ...refs]);
    expect(r.status).toBe(0);
    expect(r.stdout.split("\n").slice(0, -1)).toEqual([
      "g:h", "http://a/b/c/g", "http://a/b/c/g", "http://a/b/c/g/", "http://a/g", "http://g", "http://a/b/c/d;p?y",
      "http://a/b/c/g?y", "http://a/b/c/d;p?q#s", "http://a/b/c/g;x?y#s", "http://a/b/", "http://a/", "http://a/g",
      "http://a/./g", "http://a/b/c/g#s/../x",
    ]);
  });

  test("step 7's leading \"..\" segments: retain, remove, error", () => {
    expect(run(["resolve", base, "../../../g"]).stdout).toBe("http://a/../g\n");
    expect(run(["resolve", "--dot-segments", "remove", base, "../../../g"]).stdout).toBe("http://a/g\n");
    const r = run(["resolve", "--dot-segments", "error", base, "../../../g", "g"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("\nhttp://a/b/c/g\n");
    expect(r.stderr).toMatch(/^cannot resolve "\.\.\/\.\.\/\.\.\/g" \(reference 1\): /);
    expect(r.stderr).toMatch(/step 7/);
    expectNoStack(r);
  });

  test("--non-strict treats a reference with the base's scheme as relative", () => {
    expect(run(["resolve", base, "http:g"]).stdout).toBe("http:g\n");
    expect(run(["resolve", "--non-strict", base, "http:g"]).stdout).toBe("http://a/b/c/g\n");
  });

  test("a relative base is an error (section 5.1), exit 1", () => {
    const r = run(["resolve", "a/b", "g"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/absolute/);
    expectNoStack(r);
  });

  test("--json says when a reference is the current document", () => {
    const results = JSON.parse(run(["resolve", "--json", base, "#s", "g"]).stdout);
    expect(results).toEqual([
      { base, ref: "#s", result: "http://a/b/c/d;p?q#s", currentDocument: true },
      { base, ref: "g", result: "http://a/b/c/g", currentDocument: false },
    ]);
  });

  test('a reference from stdin with "-"', () => {
    expect(run(["resolve", base, "-"], { input: "../g\n" }).stdout).toBe("http://a/b/g\n");
  });

  /** The steps in the order the command prints them: each step, then the steps of its routine. */
  const flat = (steps: readonly ResolutionStep[], depth = 0): [ResolutionStep, number][] =>
    steps.flatMap((s) => [[s, depth] as [ResolutionStep, number], ...flat(s.steps ?? [], depth + 1)]);

  test.each(Object.keys(EDITIONS))("--steps: each result, then the steps of %s that produced it, each with what it did and the state after it", (edition) => {
    const refs = ["../g?y", "%zz", "#s"];
    const r = run(["resolve", "--steps", "--edition", edition, base, ...refs]);
    expect(r.status).toBe(1); // "%zz" is no reference in any edition
    const blocks = r.stdout.split("\n\n");
    expect(blocks).toHaveLength(refs.length + 1);
    expect(blocks[refs.length]).toBe("");
    expect(blocks[1]).toBe(""); // the reference that cannot be resolved: its empty line, and no steps
    for (const i of [0, 2]) {
      const traced = resolveSteps(base, refs[i], { edition } as never);
      const [target, ...lines] = blocks[i].split("\n");
      expect(target).toBe(traced.target);
      const steps = flat(traced.steps);
      expect(lines).toHaveLength(3 * steps.length);
      steps.forEach(([step, depth], k) => {
        const indent = "  " + "    ".repeat(depth);
        expect(lines[3 * k]).toBe(`${indent}${step.section} ${step.label}`);
        expect(lines[3 * k + 1]).toBe(`${indent}  ${step.did}`);
        // The state: each name, with its value or "undefined".
        for (const [name, value] of Object.entries(step.state)) {
          expect(lines[3 * k + 2]).toContain(value === undefined ? `${name} undefined` : `${name} = ${JSON.stringify(value)}`);
        }
      });
    }
    expect(r.stderr).toMatch(/^cannot resolve "%zz" \(reference 2\)/m);
  });

  test("--steps --json: each result with its steps, as resolveSteps() gives them", () => {
    const results = JSON.parse(run(["resolve", "--steps", "--json", "--edition", "rfc3986", base, "../g"]).stdout);
    expect(results).toEqual([{
      base, ref: "../g", result: "http://a/b/g", currentDocument: false,
      steps: JSON.parse(JSON.stringify(resolveSteps(base, "../g", { edition: "rfc3986" }).steps)),
    }]);
    expect(results[0].steps[2].steps[0].section).toBe("5.2.3");
  });
});

describe("normalize and compare", () => {
  test("normalize: the draft's example pair has one normal form", () => {
    const a = run(["normalize", "example://a/b/c/%7A"]);
    const b = run(["normalize", "eXAMPLE://a/./b/../b/c/%7a"]);
    expect(a.status).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    expect(a.stdout).toBe("example://a/b/c/z\n");
  });

  test("normalize: scheme-based steps unless --no-scheme", () => {
    expect(run(["normalize", "HTTP://Example.COM:80"]).stdout).toBe("http://example.com/\n");
    expect(run(["normalize", "--no-scheme", "HTTP://Example.COM:80"]).stdout).toBe("http://example.com:80\n");
    const bad = run(["normalize", "http://a b"]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/\^ offset 8/);
  });

  test("compare: exit 0 when equivalent at the rung, 1 when not", () => {
    const pair = ["http://example.com/", "http://example.com:80/"];
    expect(run(["compare", ...pair])).toEqual({ status: 0, stdout: "equivalent\n", stderr: "" });
    // Not equivalent is exit 3 (an invalid input is 1, as for every command); the strings compared follow.
    expect(run(["compare", "--ladder", "syntax", ...pair])).toEqual({ status: 3, stdout: "not equivalent\n", stderr: "" });
    expect(run(["compare", "HTTP://A/%7e", "http://a/~x"])).toEqual({ status: 3, stdout: "not equivalent\n  a  http://a/~\n  b  http://a/~x\n", stderr: "" });
    const draft = ["example://a/b/c/%7A", "eXAMPLE://a/./b/../b/c/%7a"];
    expect(run(["compare", "--ladder", "syntax", ...draft]).status).toBe(0);
    expect(run(["compare", "--ladder", "simple", ...draft]).status).toBe(3);
    expect(run(["compare", "--ignore-fragment", "http://a/#x", "http://a/#y"]).status).toBe(0);
    expect(run(["compare", "http://a/#x", "http://a/#y"]).status).toBe(3);
    expect(JSON.parse(run(["compare", "--json", ...pair]).stdout)).toEqual(
      { a: pair[0], b: pair[1], ladder: "scheme", equivalent: true, compared: ["http://example.com/", "http://example.com/"] });
  });

  test("compare: an input that is not a URI reference is exit 1, as for every command, not a verdict", () => {
    const r = run(["compare", "http://a b", "http://a"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/offset 8/);
  });
});

describe("rules", () => {
  test("every rule with its section", () => {
    const r = run(["rules"]);
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    for (const rule of RULES) {
      const section = rule.section === "RFC 2234" ? "RFC 2234" : `§${rule.section}`;
      const line = lines.find((l) => l.slice(10).split(" ")[0] === rule.name);
      expect(line?.startsWith(section)).toBe(true);
      expect(line?.endsWith(" *")).toBe(rule.pegNote !== undefined);
    }
    expect(lines[lines.length - 1]).toMatch(new RegExp(`^${RULES.length} rules`));
  });

  test("one rule: ABNF, the draft's text, PEG, why they differ, uses, used by, examples", () => {
    const r = run(["rules", "toplabel"]);
    expect(r.status).toBe(0);
    const out = r.stdout;
    expect(out).toMatch(/^toplabel \(section 3\.2\.2\)$/m);
    expect(out).toContain('toplabel       = ALPHA [ 0*61( alphanum / "-" ) alphanum ]');
    expect(out).toContain("The text of draft-fielding-uri-rfc2396bis-01 (transcribed above)");
    expect(out).toContain("toplabel = alpha [ 0*61( alphanum | \"-\" ) alphanum ]");
    expect(out).toMatch(/^PEG$/m);
    expect(out).toMatch(/^Why the PEG differs$/m);
    expect(out).toMatch(/^Uses +ALPHA, alphanum$/m);
    expect(out).toMatch(/^Used by +qualified$/m);
    expect(out).toMatch(/^Matches +"com"/m);
    expect(out).toMatch(/^Does not match +"9com"/m);
    const plain = run(["rules", "escaped"]).stdout;
    expect(plain).toMatch(/^  It does not: the PEG has the ABNF's form\.$/m);
    expect(plain).not.toContain("The text of");
  });

  test("--json", () => {
    expect(JSON.parse(run(["rules", "--json"]).stdout).map((r: { name: string }) => r.name)).toEqual(RULES.map((r) => r.name));
    const one = JSON.parse(run(["rules", "--json", "port"]).stdout);
    expect(one).toMatchObject({ name: "port", section: "3.2.2", examples: { match: ["8080", "", "0080"], noMatch: ["80a", "-1"] } });
  });

  test("every rule of every edition has examples from its vector tables, and the grammar agrees with each", () => {
    for (const edition of Object.values(EDITIONS)) {
      for (const { name, examples } of edition.rules) {
        expect([edition.id, name, examples.match.length > 0, examples.noMatch.length > 0]).toEqual([edition.id, name, true, true]);
        for (const s of examples.match) expect([name, s, matches(name as never, s, { edition: edition.id } as never)]).toEqual([name, s, true]);
        for (const s of examples.noMatch) expect([name, s, matches(name as never, s, { edition: edition.id } as never)]).toEqual([name, s, false]);
      }
    }
  });

  test("--edition shows that edition's rules, in its own spelling", () => {
    const r = run(["rules", "--edition", "rfc3986", "IP-literal"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("IP-literal");
    expect(r.stdout).toContain("3.2.2");
    const wrong = run(["rules", "IP-literal"]);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain("draft-fielding-uri-rfc2396bis-01 has no rule \"IP-literal\"");
  });
});

describe("batch", () => {
  let dir: string;
  beforeAll(() => { dir = mkdtempSync(join(tmpdir(), "uri-grammar-cli-")); });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const LINES = ["http://a/b", "http://[fe80::1/x", "", "a b", "mailto:John.Doe@example.com", "%zz"];

  test("JSON Lines: one result per input line, failures with offset, rule and message; summary on stderr", () => {
    const file = join(dir, "mixed.txt");
    writeFileSync(file, LINES.join("\n") + "\n");
    const r = run(["batch", file]);
    expect(r.status).toBe(1);
    const results = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    expect(results).toEqual([
      { line: 1, input: "http://a/b", valid: true },
      { line: 2, input: "http://[fe80::1/x", valid: false, offset: 15, rule: "IPv6reference", message: expect.stringContaining("offset 15") },
      { line: 3, input: "", valid: true },
      { line: 4, input: "a b", valid: false, offset: 1, rule: "URI-reference", message: expect.stringContaining("space") },
      { line: 5, input: "mailto:John.Doe@example.com", valid: true },
      { line: 6, input: "%zz", valid: false, offset: 1, rule: "escaped", message: expect.stringContaining("hex digit") },
    ]);
    expect(r.stderr).toBe([
      "6 lines: 3 valid, 3 invalid",
      "invalid by the rule in which they failed:",
      "  1  escaped",
      "  1  IPv6reference",
      "  1  URI-reference",
      "",
    ].join("\n"));
  });

  test("TSV with a header and escaped fields; CRLF line ends and a last line without one", () => {
    const file = join(dir, "crlf.txt");
    writeFileSync(file, "http://a/\r\na\tb\r\n../g");
    const r = run(["batch", "--format", "tsv", file]);
    expect(r.status).toBe(1);
    const rows = r.stdout.split("\n");
    expect(rows[0]).toBe("line\tinput\tvalid\toffset\trule\tmessage");
    expect(rows[1]).toBe("1\thttp://a/\ttrue\t\t\t");
    expect(rows[2].split("\t").slice(0, 5)).toEqual(["2", "a\\tb", "false", "1", "URI-reference"]);
    expect(rows[3]).toBe("3\t../g\ttrue\t\t\t");
    expect(rows.length).toBe(5);
    expect(r.stderr.split("\n")[0]).toBe("3 lines: 2 valid, 1 invalid");
  });

  test("all valid: exit 0; --rule; stdin with - or no FILE", () => {
    const r = run(["batch", "--rule", "IPv4address", "-"], { input: "10.0.0.1\n255.255.255.255\n" });
    expect(r.status).toBe(0);
    expect(r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).valid)).toEqual([true, true]);
    expect(r.stderr).toBe("2 lines: 2 valid, 0 invalid\n");
    const bad = run(["batch", "--rule", "IPv4address"], { input: "127.1\n" });
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({ line: 1, valid: false, offset: 5 });
    expect(run(["batch"], { input: "" })).toEqual({ status: 0, stdout: "", stderr: "0 lines: 0 valid, 0 invalid\n" });
  });

  test("a large file gives the same output in order on the main thread and on worker threads", () => {
    const lines: string[] = [];
    for (let i = 0; i < 30000; i++) lines.push(i % 7 === 0 ? `http://host${i}/a b` : `http://host${i}.example.com/p/${i}?q=${i}`);
    const file = join(dir, "large.txt");
    writeFileSync(file, lines.join("\n") + "\n");
    const main = run(["batch", "--workers", "0", file]);
    const workers = run(["batch", "--workers", "2", file]);
    expect(main.status).toBe(1);
    expect(workers.status).toBe(1);
    expect(workers.stdout).toBe(main.stdout);
    expect(workers.stderr).toBe(main.stderr);
    const out = main.stdout.trimEnd().split("\n");
    expect(out.length).toBe(lines.length);
    out.forEach((l, i) => {
      const o = JSON.parse(l);
      expect([o.line, o.input, o.valid]).toEqual([i + 1, lines[i], i % 7 !== 0]);
    });
    expect(main.stderr.split("\n")[0]).toBe(`30000 lines: ${30000 - Math.ceil(30000 / 7)} valid, ${Math.ceil(30000 / 7)} invalid`);
  });

  test("no progress bar when stderr is not a terminal", () => {
    const file = join(dir, "one.txt");
    writeFileSync(file, "http://a/\n");
    expect(run(["batch", file]).stderr).toBe("1 line: 1 valid, 0 invalid\n");
  });
});

describe("audit", () => {
  test("the draft's semantic attack (section 7.5): the span marked, the real host named, exit 3", () => {
    const uri = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm";
    const r = run(["audit", uri]);
    expect(r.status).toBe(3);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe(uri);
    const marks = lines.find((l) => /misleading-userinfo/.test(l))!;
    expect(marks).toMatch(/danger misleading-userinfo \(section 7\.5\)$/);
    // The carets sit under the userinfo, [7, 42).
    expect(marks.indexOf("^")).toBe(7);
    expect(/\^+/.exec(marks)![0].length).toBe(42 - 7);
    expect(r.stdout).toContain("10.0.0.1");
  });

  test("nothing to report: exit 0; info findings alone: exit 0; --min-severity filters", () => {
    expect(run(["audit", "http://example.com/"])).toEqual({ status: 0, stdout: "http://example.com/\nno findings\n", stderr: "" });
    const info = run(["audit", "http://user@example.com/"]);
    expect(info.status).toBe(0);
    expect(info.stdout).toMatch(/info userinfo \(section 7\.5\)/);
    expect(run(["audit", "--min-severity", "warning", "http://user@example.com/"]).stdout).toMatch(/no findings/);
  });

  test("--json lists the findings with their sections and spans", () => {
    const r = run(["audit", "--json", "http://a:25/"]);
    expect(r.status).toBe(3);
    const { findings } = JSON.parse(r.stdout);
    expect(findings).toContainEqual(expect.objectContaining({ code: "port-other-protocol", severity: "danger", section: "7.2", start: 9, end: 11 }));
  });

  test("an invalid input: exit 1 and the caret diagram", () => {
    const r = run(["audit", "http://a b/"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/\^ offset 8/);
  });

  test("--fetch also reports hosts that are this machine", () => {
    expect(run(["audit", "http://127.0.0.1/"])).toMatchObject({ status: 0, stdout: "http://127.0.0.1/\nno findings\n" });
    const r = run(["audit", "--fetch", "--json", "http://127.0.0.1/"]);
    expect(r.status).toBe(3);
    expect(JSON.parse(r.stdout).findings).toEqual([expect.objectContaining({ code: "local-address", section: "7.3", detail: "127.0.0.1" })]);
  });

  test("every edition: RFC 2396 cites its section 7, the 1993 draft its \"Security considerations\"", () => {
    const r2396 = run(["audit", "--edition", "rfc2396", "--json", "http://a:25/"]);
    expect(r2396.status).toBe(3);
    expect(JSON.parse(r2396.stdout).findings).toEqual([expect.objectContaining({ code: "port-other-protocol", section: "7" })]);
    const r1993 = run(["audit", "--edition", "url-1993", "--json", "ftp://joe:pw@host/"]);
    expect(r1993.status).toBe(3);
    expect(JSON.parse(r1993.stdout).findings).toEqual([expect.objectContaining({ code: "password", section: "Security considerations" })]);
  });
});

describe("an operation the edition does not define", () => {
  test.each([["normalize", "http://a/"], ["compare", "http://a/", "http://a/"]])("%s --edition url-1993: exit 2 and a sentence, no internal error", (...args) => {
    const r = run([args[0], "--edition", "url-1993", ...args.slice(1)]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(new RegExp(`^uri-grammar ${args[0]}: \\w+: the 1993 URL draft \\("Uniform Resource Locators \\(URL\\)", October 1993\\) defines no `));
    expect(r.stderr).not.toMatch(/internal error|bug/);
    expectNoStack(r);
  });
});

describe("extract", () => {
  // Appendix E's own example text.
  const TEXT = 'Yes, Jim, I found it under "http://www.w3.org/Addressing/",\n' +
    "but you can probably pick it up from <ftp://ds.internic.\nnet/rfc/>.  Note the warning in\n" +
    "<http://www.ics.uci.edu/pub/\nietf/uri/historical.html#WARNING>.\n";
  const URIS = ["http://www.w3.org/Addressing/", "ftp://ds.internic.net/rfc/", "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"];

  test("Appendix E's example gives its three URIs, from a file or stdin", () => {
    let dir = "";
    try {
      dir = mkdtempSync(join(tmpdir(), "uri-grammar-cli-"));
      const file = join(dir, "text.txt");
      writeFileSync(file, TEXT);
      expect(run(["extract", file])).toEqual({ status: 0, stdout: URIS.join("\n") + "\n", stderr: "" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(run(["extract", "-"], { input: TEXT }).stdout).toBe(URIS.join("\n") + "\n");
    expect(run(["extract"], { input: TEXT }).stdout).toBe(URIS.join("\n") + "\n");
  });

  test("--json gives positions and validity; none found is exit 1", () => {
    const found = JSON.parse(run(["extract", "--json"], { input: TEXT }).stdout);
    expect(found.map((f: { uri: string }) => f.uri)).toEqual(URIS);
    expect(found[0]).toMatchObject({ start: 28, end: 57, delimiter: "quote", valid: true });
    expect(TEXT.slice(found[0].start, found[0].end)).toBe(URIS[0]);
    expect(run(["extract"], { input: "no URI here\n" })).toEqual({ status: 3, stdout: "", stderr: "" });
  });

  test("--scheme and --relative", () => {
    expect(run(["extract", "--scheme", "ftp"], { input: TEXT }).stdout).toBe(URIS[1] + "\n");
    expect(run(["extract"], { input: "see <../a/b>\n" }).status).toBe(3);
    expect(run(["extract", "--relative"], { input: "see <../a/b>\n" }).stdout).toBe("../a/b\n");
  });
});

describe("one behaviour for every command", () => {
  test("the main --help has the table of exit statuses; every command's --help uses its numbers and words", () => {
    const main = run(["--help"]).stdout;
    const table = main.slice(main.indexOf("Exit status, the same for every command:\n"));
    const statuses = [...table.matchAll(/^ {2}(\d+) +\S/gm)].map((m) => Number(m[1]));
    expect(statuses).toEqual([0, 1, 2, 3, 70, 74, 130]);
    for (const command of COMMANDS) {
      const help = run([command, "--help"]).stdout;
      const own = help.slice(help.indexOf("Exit status (the same table"));
      const rows = [...own.matchAll(/^ {2}(\d+) +\S/gm)].map((m) => Number(m[1]));
      expect(rows.length).toBeGreaterThan(1);
      for (const status of rows) expect(statuses).toContain(status);
      expect(rows).toContain(2);
    }
  });

  // An input that is not a URI reference: exit 1 from every command that takes one.
  test.each([
    ["check", ["check", "http://a b"]],
    ["parse", ["parse", "http://a b"]],
    ["explain", ["explain", "http://a b"]],
    ["normalize", ["normalize", "http://a b"]],
    ["compare", ["compare", "http://a b", "http://a/"]],
    ["audit", ["audit", "http://a b"]],
    ["resolve (the reference)", ["resolve", "http://a/", "a b"]],
    ["resolve (the base)", ["resolve", "http://a b/", "g"]],
  ])("an invalid input is exit 1: %s", (_name, args) => {
    const r = run(args);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/offset \d+: space is not allowed here/);
    expectNoStack(r);
  });

  test("an invalid line in batch is exit 1 too; a valid input answered no is exit 3 (compare, audit, extract)", () => {
    expect(run(["batch"], { input: "a b\n" }).status).toBe(1);
    expect(run(["compare", "http://a/", "http://b/"]).status).toBe(3);
    expect(run(["audit", "http://a:25/"]).status).toBe(3);
    expect(run(["extract"], { input: "nothing\n" }).status).toBe(3);
    // --json gives the same statuses.
    expect(run(["audit", "--json", "http://a b"]).status).toBe(1);
    expect(run(["compare", "--json", "http://a b", "x"]).status).toBe(1);
  });

  test("no message of Node's argument parser leaks out", () => {
    for (const args of [["check", "--rule"], ["batch", "--workers", "-1", "f"], ["check", "--json=1", "a"],
      ["resolve", "--dot-segments"], ["audit", "--min-severity", "--json", "x"], ["check", "-x"], ["check", "--nope"]]) {
      const r = run(args);
      expect(r.status).toBe(2);
      expect(r.stderr).not.toMatch(/Option '|ambiguous|Did you forget|ERR_PARSE_ARGS/);
      expect(r.stderr.trimEnd().split("\n").length).toBe(2);
    }
  });

  test("check gives the first-segment hint where it applies: 1a:b and a_b:c are relative paths", () => {
    const digit = run(["check", "1a:b"]);
    expect(digit.status).toBe(1);
    expect(digit.stderr).toContain('"1a" is not a scheme (a scheme starts with a letter, section 3.1), so the reference is a relative path, ' +
      'whose first segment cannot contain ":" (section 5); write it as "./1a:b"');
    const underscore = run(["check", "a_b:c"]);
    expect(underscore.stderr).toContain('"a_b" is not a scheme (a scheme has only letters, digits, "+", "-" and ".", section 3.1)');
    expect(underscore.stderr).toContain('write it as "./a_b:c"');
    expect(run(["check", "--rule", "relative-URI", "g:h"]).stderr).toContain(
      'The first segment of a relative path cannot contain ":", or it would be read as a scheme (section 5); write it as "./g:h"');
    // Not where the ":" is not in the first segment.
    expect(run(["check", "http://a/b c:d"]).stderr).not.toContain("first segment");
  });

  test("resolve keeps line N for reference N when some cannot be resolved", () => {
    const r = run(["resolve", "http://a/b/c/d;p?q", "a b", "g", "%zz", "../h"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("\nhttp://a/b/c/g\n\nhttp://a/b/h\n");
    expect(r.stderr).toMatch(/^cannot resolve "a b" \(reference 1\):/m);
    expect(r.stderr).toMatch(/^cannot resolve "%zz" \(reference 3\):/m);
    // A base that nothing can be resolved against is said once, with nothing on stdout.
    const relative = run(["resolve", "a/b", "g", "h"]);
    expect(relative.stdout).toBe("");
    expect(relative.stderr.match(/cannot resolve against "a\/b"/g)?.length).toBe(1);
  });

  test("compare shows the two strings it compared when they differ from the inputs", () => {
    expect(run(["compare", "--ladder", "syntax", "HTTP://A:80/", "http://a/"]).stdout)
      .toBe("not equivalent\n  a  http://a:80/\n  b  http://a/\n");
    // On the simple rung the strings compared are the inputs: nothing to add.
    expect(run(["compare", "--ladder", "simple", "http://a/", "http://A/"]).stdout).toBe("not equivalent\n");
  });

  test("audit: the input above each finding, its carets under the text the finding names", () => {
    const uri = "http://user:@0x7f.1:25/%0d";
    const r = run(["audit", uri]);
    expect(r.status).toBe(3);
    const blocks = r.stdout.trimEnd().split("\n\n");
    const json = JSON.parse(run(["audit", "--json", uri]).stdout);
    expect(blocks.length).toBe(json.findings.length);
    blocks.forEach((block, i) => {
      const [line, marks] = block.split("\n");
      const f = json.findings[i];
      expect(line).toBe(uri);
      expect(marks.indexOf("^")).toBe(f.start);
      expect(/\^+/.exec(marks)![0].length).toBe(Math.max(1, f.end - f.start));
      expect(marks).toContain(`${f.severity} ${f.code} (section ${f.section})`);
    });
    expect(r.stdout).toContain("an http request sent there can act as smtp commands");
  });

  test("audit --min-severity: 'no findings of severity danger or worse' when lower ones were left out", () => {
    expect(run(["audit", "--min-severity", "danger", "http://user@a/"])).toEqual(
      { status: 0, stdout: "http://user@a/\nno findings of severity danger or worse\n", stderr: "" });
    expect(run(["audit", "http://a/"]).stdout).toBe("http://a/\nno findings\n");
  });

  test("extract marks a candidate that is not a valid URI reference, unless --valid leaves it out", () => {
    const text = 'see http://a/ok and "http://[x]/" here\n';
    expect(run(["extract"], { input: text }).stdout).toBe("http://a/ok\nhttp://[x]/\t(not a valid URI reference)\n");
    expect(run(["extract", "--valid"], { input: text }).stdout).toBe("http://a/ok\n");
  });
});

describe("editions and --edition", () => {
  test("editions lists every edition, oldest first, the default marked", () => {
    const r = run(["editions"]);
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines.map((l) => l.split(/\s+/)[0])).toEqual(Object.keys(EDITIONS));
    expect(lines.filter((l) => l.endsWith("(default)"))).toHaveLength(1);
    const listed = JSON.parse(run(["editions", "--json"]).stdout) as { id: string; rules: number }[];
    expect(listed.map((e) => [e.id, e.rules])).toEqual(Object.values(EDITIONS).map((e) => [e.id, e.rules.length]));
  });

  test("editions <input>: one row per edition, a caret for each reject, exit 1 when they disagree", () => {
    const r = run(["editions", "http://[v7.x]/"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^rfc2396bis-01 +2003-03-03 +invalid URI-reference +at 8, in IPv6address \(section 3\.2\.2\)$/m);
    expect(r.stdout).toMatch(/^rfc3986 +2005-01 +valid +URI-reference$/m);
    expect(r.stdout).toContain("        ^ offset 8:");
    expect(r.stdout).toContain("The editions disagree.");
    const same = run(["editions", "http://a/"]);
    expect(same.status).toBe(0);
    expect(same.stdout).toContain("The editions agree.");
    const asJson = JSON.parse(run(["editions", "--json", "--rule", "authority", "a@b@c"]).stdout);
    expect(asJson.agree).toBe(false);
    // The draft's reg-name allows "@"; RFC 3986's authority does not; the 1993 draft has no authority rule.
    expect(asJson.editions.map((e: { edition: string; valid: boolean }) => [e.edition, e.valid]))
      .toEqual(expect.arrayContaining([["rfc2396bis-01", true], ["rfc3986", false]]));
  });

  test("rules NAME --editions: the rule in each edition, with what changed", () => {
    const r = run(["rules", "--editions", "unreserved"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("unreserved    = ALPHA / DIGIT / \"-\" / \".\" / \"_\" / \"~\"");
    expect(r.stdout).toContain("characters removed: \"!\" \"'\" \"(\" \")\" \"*\"");
    expect(run(["rules", "--editions", "host"]).stdout).toContain("now uses IP-literal, reg-name");
    expect(run(["rules", "--editions"]).status).toBe(2);
  });

  test("--edition and URI_GRAMMAR_EDITION choose the grammar of every command", () => {
    expect(run(["check", "http://[v7.x]/"]).status).toBe(1);
    expect(run(["check", "--edition", "rfc3986", "http://[v7.x]/"]).status).toBe(0);
    expect(run(["check", "--edition=rfc3986", "--rule", "h16", "ffff"]).status).toBe(0);
    expect(run(["resolve", "http://a/b/c/d;p?q", "/./g"], { env: { URI_GRAMMAR_EDITION: "rfc3986" } }).stdout).toBe("http://a/g\n");
    expect(run(["resolve", "http://a/b/c/d;p?q", "/./g"]).stdout).toBe("http://a/./g\n");
    expect(run(["parse", "--edition", "rfc3986", "mailto:a@b?x"]).stdout).toBe("kind        URI\nscheme      mailto\npath        a@b\nquery       x\n");
    expect(run(["normalize", "--edition", "rfc3986", "http://a/%2d"]).stdout).toBe("http://a/-\n");
    expect(run(["compare", "--edition", "rfc3986", "http://a/%2d", "http://a/-"]).status).toBe(0);
    expect(run(["compare", "http://a/%2d", "http://a/-"]).status).toBe(3);
    const bad = run(["check", "--edition", "rfc9999", "a"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(`--edition: unknown edition "rfc9999"; the editions are ${Object.keys(EDITIONS).join(", ")}`);
    const dots = run(["resolve", "--edition", "rfc3986", "--dot-segments", "remove", "http://a/", "g"]);
    expect(dots.status).toBe(2);
    expect(dots.stderr).toContain("remove_dot_segments (5.2.4)");
  });
});

describe("diff", () => {
  test("the rules added, removed, renamed and changed between two editions", () => {
    const r = run(["diff", "rfc2396", "rfc2396bis-01"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^added +.*IPv6reference/m);
    expect(r.stdout).toMatch(/^removed +.*param/m);
    expect(r.stdout).toContain("  absoluteURI -> absolute-URI (the absolute rule of both)");
    expect(r.stdout).toContain('  reserved: characters added: "[" "]"');
    expect(JSON.parse(run(["diff", "--json", "rfc2396bis-01", "rfc3986"]).stdout).removed).toContain("mark");
    const bad = run(["diff", "rfc2396", "rfc9999"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('unknown edition "rfc9999"');
  });
});

describe("the drafts of 1997-98 and the tour", () => {
  test("diff uri-syntax-01 uri-syntax-02: site becomes authority; $ and , leave mark for reserved", () => {
    const r = run(["diff", "uri-syntax-01", "uri-syntax-02"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("  site -> authority (the authority rule of both)");
    expect(r.stdout).toContain("  authority -> reg_name (the regName rule of both)");
    expect(r.stdout).toContain('  mark: characters removed: "$" ","');
    expect(r.stdout).toContain('  reserved: characters added: "$" ","');
  });

  test("rules marks a rule filled from RFC 2396, in the list and in full", () => {
    expect(run(["rules", "--edition", "uri-syntax-02"]).stdout).toMatch(/^§3\.2\.2 +port +from rfc2396 §3\.2\.2$/m);
    const port = run(["rules", "--edition", "uri-syntax-02", "port"]).stdout.replace(/\s+/g, " ");
    expect(port).toContain("does not show this rule; it is filled from rfc2396, section 3.2.2.");
    expect(run(["rules", "--editions", "site"]).stdout).toMatch(/^uri-syntax-02 \(1998-03-04\): authority, section 3\.2$/m);
    expect(run(["parse", "--edition", "uri-syntax-01", "//a@b@c/x"]).stdout).toContain("site        authority a@b@c");
  });

  test("tour: every stop, or one; JSON; a stop out of range is a usage error", () => {
    const all = run(["tour"]);
    expect(all.status).toBe(0);
    expect(all.stdout).toMatch(/^1\. A space$/m);
    expect(all.stdout).not.toContain("no longer holds");
    const one = run(["tour", "6"]);
    expect(one.stdout).toMatch(/^6\. site becomes authority\n {3}\$ uri-grammar diff uri-syntax-01 uri-syntax-02\n {3}renamed site -> authority$/m);
    const stops = JSON.parse(run(["tour", "--json"]).stdout) as { number: number; holds: boolean; answers?: { edition: string }[] }[];
    expect(stops.every((s) => s.holds)).toBe(true);
    expect(stops[0].answers!.map((a) => a.edition)).toEqual(Object.keys(EDITIONS));
    const bad = run(["tour", String(stops.length + 1)]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(`STOP must be a stop's number, 1 to ${stops.length}`);
  });
});

describe("check and explain teach one reading", () => {
  test("check's rule path names the rules open at the stop (http://a b: the hier-part, not only URI-reference)", () => {
    const r = run(["check", "http://a b"]);
    expect(r.status).toBe(1);
    expect(r.stderr.split("\n")[3]).toBe("rule path: URI-reference > absolute-URI > hier-part");
  });

  test("check --edition url-1993 https://a/: no hint that \"/\" is in no production", () => {
    const r = run(["check", "--edition", "url-1993", "https://a/"]);
    expect(r.status).toBe(1);
    expect(r.stderr).not.toContain("appears in no production");
  });

  test("explain: no node of a failed alternative; the 1993 hostport read as parse() reads it, the other reading said", () => {
    expect(run(["explain", "http://[::1]/"]).stdout).not.toMatch(/userinfo/);
    const out = run(["explain", "--edition", "url-1993", "http://a:80/x"]).stdout;
    expect(out).toContain('hostport [7, 11) "a:80" (also read as host alone, with ialpha reading on)');
    expect(out).toMatch(/^ {10}port \[9, 11\) "80"$/m);
  });
});
