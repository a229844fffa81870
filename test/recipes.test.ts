// The recipes of docs/integrations.md (and README.md) run against the built package, as a user's program would:
// every ```mjs block by `node --input-type=module`, every ```cjs block by `node` (CommonJS), from
// the package's folder, so that "uri-grammar/ajv" and "uri-grammar/formats" resolve by name
// through package.json "exports" (and ajv, zod, valibot, Fastify from the development
// dependencies). What a block prints must be the ```text block that follows it.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(__dirname, "..");
const DOCS = ["docs/integrations.md", "README.md"];

interface Recipe { index: number; lang: "mjs" | "cjs"; code: string; output: string }

/** A doc's fenced blocks in order, and each program block with the text block after it. */
function recipes(DOC: string): Recipe[] {
  const text = readFileSync(join(root, DOC), "utf8");
  const blocks = [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1], text: m[2] }));
  const out: Recipe[] = [];
  blocks.forEach((b, i) => {
    if (b.lang !== "mjs" && b.lang !== "cjs") return;
    const next = blocks[i + 1];
    if (next?.lang !== "text") throw new Error(`${DOC}: the ${b.lang} block ${i + 1} is not followed by a text block of its output`);
    out.push({ index: i + 1, lang: b.lang, code: b.text, output: next.text });
  });
  return out;
}

test("docs/integrations.md has recipes for ajv, the keyword, CommonJS, the predicates, zod, valibot and Fastify", () => {
  const all = recipes(DOCS[0]);
  const imports = all.map((r) => r.code).join("\n");
  for (const name of ['"ajv"', '"ajv/dist/2020.js"', '"uri-grammar/ajv"', '"uri-grammar/formats"', '"zod"', '"valibot"', '"fastify"']) {
    expect(imports).toContain(name);
  }
  expect(all.some((r) => r.lang === "cjs")).toBe(true);
});

describe.each(DOCS)("the recipes of %s", (doc) => {
  test.each(recipes(doc).map((r) => [`block ${r.index} (${r.lang})`, r] as const))("%s prints what the doc shows", (_name, r) => {
    const args = r.lang === "mjs" ? ["--input-type=module", "-e", r.code] : ["-e", r.code];
    const run = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(r.output);
  });
});
