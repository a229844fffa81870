#!/usr/bin/env node
// Builds the package: dist/cjs (CommonJS, the code) and dist/esm (the ES module entry points).
//
//   dist/cjs/src/*.js, *.d.ts         tsc, module commonjs
//   dist/cjs/generated/*              the generated parsers as committed (CommonJS)
//   dist/esm/src/*.d.ts               tsc, module es2022: the declarations for `import`
//   dist/esm/<entry>.js               for every "import" entry of package.json "exports": an ES
//                                     module that re-exports the CommonJS entry by name
//   dist/{cjs,esm}/package.json       {"type": ...}, so Node reads each tree in its own format
//
// One copy of the code: `import` and `require` reach the same module, so there is one
// UriSyntaxError class (instanceof holds across them) and one state, not two (the dual package
// hazard). The ES module entries are generated from package.json, so an entry added there
// ("./rfc3986") gets its own.
import { execFileSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { inputsHash, STAMP } from "./build-stamp.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const tsc = require.resolve("typescript/bin/tsc");

rmSync(join(root, "dist"), { recursive: true, force: true });

for (const [format, module, type] of [["cjs", "commonjs", "commonjs"], ["esm", "es2022", "module"]]) {
  const out = join(root, "dist", format);
  execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json", "--outDir", out, "--module", module,
    ...(format === "esm" ? ["--moduleResolution", "bundler", "--emitDeclarationOnly"] : [])],
  { cwd: root, stdio: "inherit" });
  const gen = join(out, "generated");
  for (const file of generatedFiles(join(root, "generated"))) {
    if (format === "esm" && !file.endsWith(".d.ts")) continue;
    mkdirSync(dirname(join(gen, file)), { recursive: true });
    cpSync(join(root, "generated", file), join(gen, file));
  }
  writeFileSync(join(out, "package.json"), JSON.stringify({ type }, null, 2) + "\n");
  // The command (package.json "bin") runs as a program: its shebang survives tsc; make it executable.
  const cli = join(out, "src", "cli.js");
  if (existsSync(cli)) chmodSync(cli, 0o755);
}

/** The files under generated/, as paths relative to it ("editions.js", "rfc3986/parser.js"). */
function generatedFiles(dir, prefix = "") {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? generatedFiles(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]);
}

/**
 * The entries of one "exports" key: itself, or for a pattern ("./*", an edition's own entry) one
 * per edition folder of generated/ that has the file the pattern names.
 */
function expand(key, esm, cjs) {
  if (esm === undefined || cjs === undefined) return [];
  if (!key.includes("*")) return [[key, esm, cjs]];
  return readdirSync(join(root, "generated"), { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(root, cjs.replace("*", e.name))))
    .map((e) => [key.replace("*", e.name), esm.replace("*", e.name), cjs.replace("*", e.name)]);
}

const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
for (const [entry, esm, cjs] of Object.entries(pkg.exports).flatMap(([key, c]) => expand(key, c?.import?.default, c?.require?.default))) {
  // A default export (the ajv plugin's addFormats) is the ES module's default too.
  const all = Object.keys(require(join(root, cjs)));
  const names = all.filter((n) => n !== "default");
  const from = relative(dirname(join(root, esm)), join(root, cjs)).split("\\").join("/");
  mkdirSync(dirname(join(root, esm)), { recursive: true });
  writeFileSync(join(root, esm), `// ES module entry "${entry}": the exports of the CommonJS build (scripts/build-dist.mjs), so\n` +
    "// that import and require share one copy of the code and one UriSyntaxError class.\n" +
    `import cjs from "${from.startsWith(".") ? from : "./" + from}";\n\n` +
    `export const {\n${names.map((n) => `  ${n},`).join("\n")}\n} = cjs;\n` +
    (all.includes("default") ? "export default cjs.default;\n" : ""));
}
// What this build was made from: `npm start` rebuilds only when it changes (scripts/build-stamp.mjs).
writeFileSync(STAMP, inputsHash() + "\n");
console.log("build: dist/cjs and dist/esm written");
