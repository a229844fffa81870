// The 1993 grammar's recursion: the PEG writes the draft's right-recursive rules as repetitions,
// the acceptor unrolls them (scripts/abnf-acceptor.mjs). Both choices are checked here: the
// recursive PEG forms accept what the ABNF accepts, a long input costs no stack, the acceptor
// refuses recursion that is not right-linear, and the draft's printed xpalphas is checkable.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { matches, parse } from "../../../src/index.js";
import { ROOT } from "../../support/abnf.js";

const edition = "url-1993" as const;
const run = (script: string, args: string[]) => spawnSync(process.execPath, [join(ROOT, script), ...args], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });

let dir: string;
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), "uri-grammar-1993-")); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the PEG's repetitions are the draft's right recursion", () => {
  const grammar = readFileSync(join(ROOT, "grammar/url-1993/grammar.peggy"), "utf8");
  const recursive: [string, string, string][] = [
    ["xalphas", "xalphas\n  = xalpha+", "xalphas\n  = xalpha xalphas?"],
    ["xpalphas", "xpalphas\n  = xpalpha+", "xpalphas\n  = xpalpha xpalphas?"],
    ["digits", "digits\n  = digit+", "digits\n  = digit digits?"],
    ["alphanums", "alphanums\n  = alphanum+", "alphanums\n  = alphanum alphanums?"],
    ["attributes", "attributes\n  = attribute+", "attributes\n  = attribute attributes?"],
    ["group", "group\n  = ialpha (\".\" ialpha)*", "group\n  = ialpha (\".\" group)?"],
    ["hostname", "hostname\n  = ialpha (\".\" ialpha)*", "hostname\n  = ialpha (\".\" hostname)?"],
    ["search", "search\n  = xalphas (\"+\" xalphas)*", "search\n  = xalphas (\"+\" search)?"],
    ["path", "path\n  = xpalphas (\"/\" xpalphas)* \"/\"? / void_", "path\n  = xpalphas (\"/\" path)? / void_"],
  ];
  test("every recursive rule of the ABNF is listed", () => {
    const abnf = readFileSync(join(ROOT, "grammar/url-1993/grammar.abnf"), "utf8");
    const selfRecursive = [...abnf.matchAll(/^([a-z-]+)\s+=([^\n]*(?:\n\s+[^\n]*)*)/gm)]
      .filter(([, name, body]) => new RegExp(`\\b${name}\\b`).test(body)).map(([, name]) => name);
    expect(recursive.map(([name]) => name).sort()).toEqual(selfRecursive.sort());
  });
  test.each(recursive)("%s written recursively: no disagreement with the ABNF", (rule, form, recursiveForm) => {
    expect(grammar.includes(form)).toBe(true);
    const file = join(dir, `${rule}.peggy`);
    writeFileSync(file, grammar.split(form).join(recursiveForm));
    const out = run("scripts/grammar-fuzz.mjs", ["--edition", edition, "--count", "1500", "--seed", "1993", "--rule", rule, "--peg", file]);
    const result = JSON.parse(out.stdout) as { rules: { disagreements: number; accepted: number }[] };
    expect(result.rules[0].accepted).toBeGreaterThan(0);
    expect(result.rules[0].disagreements).toBe(0);
  });
  test("a long path, search and hostname cost no stack", () => {
    const long = `http://${"a.".repeat(50000)}b/${"x/".repeat(50000)}?${"y+".repeat(50000)}z`;
    expect(parse(long, { edition }).production).toBe("httpaddress");
    expect(matches("fragmentaddress", long, { edition })).toBe(true);
  });
});

describe("the acceptor's recursion", () => {
  const acceptor = (abnf: string) => {
    const file = join(dir, `g${Math.random().toString(36).slice(2)}.abnf`);
    writeFileSync(file, abnf);
    return run("scripts/abnf-acceptor.mjs", ["--grammar", file]);
  };
  test("a right-linear rule is unrolled into repetition", () => {
    const out = acceptor('xs = "x" [ xs ]\np = "" / "a" [ "/" p ]\n');
    expect(out.status).toBe(0);
    const [xs, p] = out.stdout.trim().split("\n").map((l) => new RegExp(l.split("\t")[1]));
    expect(["x", "xxx"].every((s) => xs.test(s))).toBe(true);
    expect(["", "xy"].some((s) => xs.test(s))).toBe(false);
    expect(["", "a", "a/", "a/a/a"].every((s) => p.test(s))).toBe(true);
    expect(["/", "a//a"].some((s) => p.test(s))).toBe(false);
  });
  test.each([
    ["left recursion", 'a = a "x" / "y"\n', /not right-linear/],
    ["recursion inside a repetition", 'a = "x" *a\n', /inside a repetition/],
    ["recursion through another rule", 'a = "x" [ b ]\nb = "y" a\n', /through another rule/],
  ])("%s is refused", (_name, abnf, message) => {
    const out = acceptor(abnf);
    expect(out.status).not.toBe(0);
    expect(out.stderr).toMatch(message);
  });
});

describe("xpalphas as printed", () => {
  test("\"xpalpha [ xpalpha ]\" would reject the draft's own example URLs", () => {
    const abnf = readFileSync(join(ROOT, "grammar/url-1993/grammar.abnf"), "utf8");
    const printed = abnf.replace("xpalphas        = xpalpha [ xpalphas ]", "xpalphas        = xpalpha [ xpalpha ]");
    expect(printed).not.toBe(abnf);
    const file = join(dir, "printed.abnf");
    writeFileSync(file, printed);
    const out = run("scripts/abnf-acceptor.mjs", ["--grammar", file, "--json"]);
    const regex = (JSON.parse(out.stdout) as { regex: Record<string, string> }).regex;
    const literal = new RegExp(`^(?:${regex.fragmentaddress})$`);
    expect(literal.test("ftp://info.cern.ch/pub")).toBe(false);
    expect(literal.test("ftp://info.cern.ch/pu")).toBe(true);
    expect(matches("fragmentaddress", "ftp://info.cern.ch/pub", { edition })).toBe(true);
    expect(matches("xpalphas-as-printed", "pub", { edition })).toBe(false);
  });
});
