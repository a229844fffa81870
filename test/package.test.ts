// The package as others install and run it: one copy of the code for import and require, no
// install script, `npm start` that builds only a stale build, and a sentence (not a stack) when
// the development dependencies or ../shared are missing.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(__dirname, "..");

function node(args: string[], cwd = root) {
  return spawnSync(process.execPath, args, { cwd, encoding: "utf8" });
}

describe("the package", () => {
  test("import and require give the same module: one UriSyntaxError class, instanceof holds across them", () => {
    const script = `
      import { createRequire } from "node:module";
      import * as esm from "uri-grammar";
      const cjs = createRequire(import.meta.url)("uri-grammar");
      let caught;
      try { esm.parse("a b"); } catch (e) { caught = e; }
      const names = Object.keys(esm).sort();
      console.log(JSON.stringify({
        sameClass: esm.UriSyntaxError === cjs.UriSyntaxError,
        instanceOfRequired: caught instanceof cjs.UriSyntaxError,
        sameNames: JSON.stringify(names) === JSON.stringify(Object.keys(cjs).sort()),
        every: names.every((n) => esm[n] === cjs[n]),
      }));`;
    const r = node(["--input-type=module", "-e", script]);
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual({ sameClass: true, instanceOfRequired: true, sameNames: true, every: true });
  });

  test("no install script: the package is built before it is packed (prepack), not when it is installed", () => {
    const scripts = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts;
    expect(scripts.prepack).toBe("npm run build");
    for (const name of ["prepare", "preinstall", "install", "postinstall"]) expect(scripts[name]).toBeUndefined();
  });

  test("npm start rebuilds only a stale build: the build that npm test made is fresh", () => {
    expect(node(["scripts/build-stamp.mjs", "--check"]).status).toBe(0);
    const r = node(["scripts/build-stamp.mjs", "--ensure"]);
    expect(r.stdout).toBe("build: dist/ is up to date\n");
  });

  test("without the development dependencies (npm ci --omit=dev), building says so in a sentence", () => {
    const dir = mkdtempSync(join(tmpdir(), "uri-grammar-nodev-"));
    try {
      copyFileSync(join(root, "scripts/need-dev.mjs"), join(dir, "need-dev.mjs"));
      const r = node([join(dir, "need-dev.mjs")], dir);
      expect(r.status).toBe(1);
      expect(r.stderr).toBe("uri-grammar: building needs the development dependencies, and peggy and typescript are not installed " +
        "(npm ci --omit=dev leaves them out). Run 'npm ci' to install them, or install the published package, which comes built.\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(node(["scripts/need-dev.mjs"]).status).toBe(0);
  });

  test.each(["conformance-syntax", "conformance-resolve"])("without ../shared, %s says where the suites are read from", (script) => {
    const r = node([`scripts/${script}.mjs`, "--dir", join(tmpdir(), "uri-grammar-no-shared")]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^${script}: .*uri-grammar-no-shared does not exist\\. The public test suites are read from there`));
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });

  test("the package carries its licence: package.json says MIT, and LICENSE (the MIT text) is among the files it ships", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    expect(pkg.license).toBe("MIT");
    expect(pkg.files).toContain("LICENSE");
    expect(readFileSync(join(root, "LICENSE"), "utf8")).toMatch(/^MIT License\n\nCopyright \(c\) the uri-grammar contributors\n\nPermission is hereby granted, free of charge/);
    expect(readFileSync(join(root, "NOTICE"), "utf8")).toContain("Licensed under the MIT License");
    const r = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: root, encoding: "utf8" });
    expect(r.status).toBe(0);
    const files = (JSON.parse(r.stdout) as { files: { path: string }[] }[])[0].files.map((f) => f.path);
    expect(files).toEqual(expect.arrayContaining(["LICENSE", "NOTICE", "README.md", "package.json"]));
  });
});
