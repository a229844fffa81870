#!/usr/bin/env node
// Builds the package: dist/cjs (CommonJS) and dist/esm (ES modules), each with type declarations.
//
//   dist/cjs/src/*.js, *.d.ts         tsc, module commonjs
//   dist/cjs/generated/*              the generated parsers as committed (CommonJS)
//   dist/esm/src/*.js, *.d.ts         tsc, module es2022
//   dist/esm/generated/*              the generated parsers, rewritten as ES modules
//   dist/{cjs,esm}/package.json       {"type": ...}, so Node reads each tree in its own format
import { execFileSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const tsc = require.resolve("typescript/bin/tsc");

rmSync(join(root, "dist"), { recursive: true, force: true });

for (const [format, module, type] of [["cjs", "commonjs", "commonjs"], ["esm", "es2022", "module"]]) {
  const out = join(root, "dist", format);
  execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json", "--outDir", out, "--module", module,
    ...(format === "esm" ? ["--moduleResolution", "bundler"] : [])],
  { cwd: root, stdio: "inherit" });
  const gen = join(out, "generated");
  for (const file of generatedFiles(join(root, "generated"))) {
    const from = join(root, "generated", file);
    mkdirSync(dirname(join(gen, file)), { recursive: true });
    if (format === "cjs" || file.endsWith(".d.ts")) {
      cpSync(from, join(gen, file));
    } else {
      writeFileSync(join(gen, file), toEsm(readFileSync(from, "utf8"), file));
    }
  }
  writeFileSync(join(out, "package.json"), JSON.stringify({ type }, null, 2) + "\n");
  // The command (package.json "bin") runs as a program: its shebang survives tsc; make it executable.
  const cli = join(out, "src", "cli.js");
  if (existsSync(cli)) chmodSync(cli, 0o755);
}
console.log("build: dist/cjs and dist/esm written");

/** The files under generated/, as paths relative to it ("editions.js", "rfc3986/parser.js"). */
function generatedFiles(dir, prefix = "") {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? generatedFiles(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]);
}

/**
 * The generated files are CommonJS (peggy's "commonjs" format, and the rule table): each sets
 * module.exports once. As an ES module, the same code runs in a function given its own `module`
 * object, and its exports are re-exported by name.
 */
function toEsm(js, file) {
  // The export names, from the CommonJS build just written (the registry files require others).
  const names = Object.keys(require(join(root, "dist", "cjs", "generated", file)));
  // A generated module that requires another (generated/editions.js, generated/ID/index.js)
  // imports it instead: require("./x.js") becomes the namespace of `import * as ... from "./x.js"`.
  const imports = [];
  js = js.replace(/require\("(\.{1,2}\/[^"]+)"\)/g, (_m, path) => {
    imports.push(`import * as generated$import${imports.length} from ${JSON.stringify(path)};`);
    return `generated$import${imports.length - 1}`;
  });
  // Local names that cannot shadow a global the code uses (peggy's SyntaxError extends SyntaxError).
  const locals = names.map((n, i) => `const generated$${i} = generated$module.exports.${n};`).join("\n");
  return `// ES module build of generated/${file}\n${imports.map((i) => i + "\n").join("")}const generated$module = { exports: {} };\n` +
    `(function (module, exports) {\n${js}\n})(generated$module, generated$module.exports);\n` +
    `${locals}\nexport { ${names.map((n, i) => `generated$${i} as ${n}`).join(", ")} };\n`;
}
