// Nothing in the docs can drift from the program. README.md and docs/*.md are read here, and:
//   - every generated block (help texts, the conformance table) is what its command prints now
//     (scripts/docs.mjs --check; the conformance table needs ../shared/conformance/);
//   - every ```ts / ```js example is run against the built package (dist/cjs): an expression
//     followed by `// => value` must give that value (an object: at least those properties;
//     after console.log(...): the printed text);
//   - every ```console transcript is run by bash against the real binary, in a folder holding the
//     files the examples name, and each command's output (stdout and stderr) must be the one shown.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as ts from "typescript";

const root = join(__dirname, "..");
const CLI = join(root, "dist", "cjs", "src", "cli.js");
const DOCS = ["README.md", ...readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).sort().map((f) => `docs/${f}`)];

/** The fenced blocks of a Markdown file: language and text. */
function fences(file: string): { lang: string; text: string }[] {
  const text = readFileSync(join(root, file), "utf8");
  return [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1], text: m[2] }));
}

/** The files the console examples name, made in the folder they run in. */
const FIXTURES: Record<string, string> = {
  "urls.txt": "http://a/b\nhttp://[fe80::1/x\nmailto:John.Doe@example.com\n",
  // Appendix E's example text.
  "appendix-e.txt": 'Yes, Jim, I found it under "http://www.w3.org/Addressing/",\n' +
    "but you can probably pick it up from <ftp://ds.internic.\nnet/rfc/>.  Note the warning in\n" +
    "<http://www.ics.uci.edu/pub/\nietf/uri/historical.html#WARNING>.\n",
};

describe("generated blocks", () => {
  test("the help texts and the conformance table are what the program prints now (scripts/docs.mjs --check)", () => {
    const r = spawnSync(process.execPath, [join(root, "scripts/docs.mjs"), "--check"], { cwd: root, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  test("every command's help is shown in docs/cli.md", () => {
    const cli = readFileSync(join(root, "docs/cli.md"), "utf8");
    const commands = [...spawnSync(process.execPath, [CLI, "--help"], { encoding: "utf8" }).stdout.matchAll(/^ {2}([a-z]+) {2,}\S/gm)].map((m) => m[1]);
    expect(commands.length).toBeGreaterThan(5);
    expect(cli).toContain("<!-- generated: uri-grammar --help -->");
    for (const c of commands) expect(cli).toContain(`<!-- generated: uri-grammar ${c} --help -->`);
  });
});

interface Example { file: string; expression: string; shown: string; printed: boolean }

/** Turns a ts/js block into a program whose examples call __check(i, () => value). */
function program(file: string, block: string, examples: Example[]): string {
  const lines = block.split("\n");
  const out: string[] = [];
  let pending: string[] = [];
  const flush = () => { if (pending.length) out.push(pending.join("\n")); pending = []; };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*import .* from "uri-grammar";\s*$/.test(line)) continue;
    const at = line.indexOf("// =>");
    // Only whole-line comments and "// =>" are comments here ("http://" is not).
    const code = (at >= 0 ? line.slice(0, at) : /^\s*\/\//.test(line) ? "" : line).trimEnd();
    if (at < 0) {
      if (code.trim() === "") { if (!/^\s*\/\//.test(line)) flush(); continue; }
      if (pending.length && /;\s*$/.test(pending[pending.length - 1])) flush();
      pending.push(code);
      continue;
    }
    if (code.trim() !== "") {
      if (pending.length && /;\s*$/.test(pending[pending.length - 1])) flush();
      pending.push(code);
    }
    let shown = line.slice(at + 5).trim();
    while (i + 1 < lines.length && /^\s*\/\/(?! =>)/.test(lines[i + 1]) && !/^\s*\/\/ or:/.test(lines[i + 1])) {
      shown += "\n" + lines[++i].replace(/^\s*\/\/ {0,4}/, "");
    }
    const expression = pending.join("\n").trim().replace(/;$/, "");
    pending = [];
    const log = /^console\.log\(([\s\S]*)\)$/.exec(expression);
    examples.push({ file, expression, shown, printed: log !== null });
    out.push(`__check(${examples.length - 1}, () => (${log ? log[1] : expression}));`);
  }
  flush();
  return out.join("\n");
}

/** The value a `// =>` comment shows, a trailing "  (remark)" left out. */
function shownValue(shown: string): unknown {
  const text = shown.replace(/\s+\([^()]*\)$/, "");
  try {
    return new Function(`return (${text});`)();
  } catch (e) {
    throw new Error(`the value shown after "// =>" is not a JavaScript value: ${text} (${String(e)})`);
  }
}

describe("code examples run against the built package", () => {
  const pkg = require(join(root, "dist/cjs/src/index.js")) as Record<string, unknown>;
  const names = Object.keys(pkg);
  const cases: { file: string; index: number; code: string; examples: Example[] }[] = [];
  for (const file of DOCS) {
    fences(file).forEach((f, index) => {
      if (f.lang !== "ts" && f.lang !== "js") return;
      const examples: Example[] = [];
      const code = program(file, f.text, examples);
      cases.push({ file, index, code, examples });
    });
  }

  test("there are examples with results to check", () => {
    expect(cases.reduce((n, c) => n + c.examples.length, 0)).toBeGreaterThan(30);
  });

  test.each(cases.map((c) => [`${c.file} block ${c.index + 1}`, c] as const))("%s", (_name, c) => {
    const js = ts.transpileModule(c.code, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None } }).outputText;
    const results: unknown[] = [];
    const check = (i: number, f: () => unknown) => {
      let value: unknown;
      try { value = f(); } catch (e) { throw new Error(`${c.file}: ${c.examples[i].expression} threw ${String(e)}`); }
      results[i] = value;
    };
    new Function(...names, "require", "__check", js)(...names.map((n) => pkg[n]), require, check);
    c.examples.forEach((ex, i) => {
      const actual = results[i];
      const where = `${ex.file}: ${ex.expression}`;
      if (ex.printed) {
        expect([where, String(actual)]).toEqual([where, ex.shown]);
        return;
      }
      const expected = shownValue(ex.shown);
      if (expected !== null && typeof expected === "object") expect({ where, value: actual }).toMatchObject({ where, value: expected });
      else expect([where, actual]).toEqual([where, expected]);
    });
  });
});

describe("console examples run against the real binary", () => {
  let dir = "";
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "uri-grammar-docs-"));
    for (const [name, text] of Object.entries(FIXTURES)) writeFileSync(join(dir, name), text);
    // `uri-grammar` on the PATH, as after `npm install -g` (GNU parallel runs it too).
    mkdirSync(join(dir, ".bin"));
    writeFileSync(join(dir, ".bin", "uri-grammar"), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} "$@"\n`);
    chmodSync(join(dir, ".bin", "uri-grammar"), 0o755);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const transcripts: { name: string; steps: { command: string; output: string }[] }[] = [];
  for (const file of DOCS) {
    fences(file).forEach((f, index) => {
      if (f.lang !== "console") return;
      const steps: { command: string; output: string }[] = [];
      for (const line of f.text.split("\n").slice(0, -1)) {
        if (line.startsWith("$ ")) steps.push({ command: line.slice(2), output: "" });
        else steps[steps.length - 1].output += line + "\n";
      }
      transcripts.push({ name: `${file} block ${index + 1}`, steps });
    });
  }

  test("there are transcripts", () => {
    expect(transcripts.length).toBeGreaterThan(10);
  });

  test.each(transcripts.map((t) => [t.name, t] as const))("%s", (_name, t) => {
    // One shell for the block (so that `echo $?` sees the command before it), a marker before each command.
    let script = `export PATH=${JSON.stringify(join(dir, ".bin"))}:"$PATH"\n__s=0\n`;
    t.steps.forEach((s, i) => { script += `printf '\\n@@@${i}@@@\\n'\n(exit $__s)\n{ ${s.command}\n} 2>&1\n__s=$?\n`; });
    const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: "1" };
    delete env.FORCE_COLOR;
    const r = spawnSync("bash", ["-c", script], { cwd: dir, env, encoding: "utf8" });
    const parts = r.stdout.split(/\n@@@(\d+)@@@\n/);
    t.steps.forEach((s, i) => {
      const at = parts.indexOf(String(i));
      expect({ command: s.command, output: at >= 0 ? parts[at + 1] : undefined }).toEqual({ command: s.command, output: s.output });
    });
  });
});
