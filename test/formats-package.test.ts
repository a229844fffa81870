// The entries "uri-grammar/ajv" and "uri-grammar/formats" as others install them: by name through
// package.json "exports", from ES modules and CommonJS alike (one copy of the code), with their
// declarations, and ajv an optional peer that neither entry loads.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(__dirname, "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

function node(args: string[]) {
  return spawnSync(process.execPath, args, { cwd: root, encoding: "utf8" });
}

describe("the entries uri-grammar/ajv and uri-grammar/formats", () => {
  test("package.json exports them (import, require, types) before the editions' pattern", () => {
    const keys = Object.keys(pkg.exports);
    for (const entry of ["ajv", "formats"]) {
      expect(keys.indexOf(`./${entry}`)).toBeGreaterThan(-1);
      expect(keys.indexOf(`./${entry}`)).toBeLessThan(keys.indexOf("./*"));
      const e = pkg.exports[`./${entry}`];
      for (const path of [e.import.types, e.import.default, e.require.types, e.require.default]) expect([path, existsSync(join(root, path))]).toEqual([path, true]);
    }
  });

  test("ajv is an optional peer dependency, and the package has no runtime dependency", () => {
    expect(pkg.dependencies).toBeUndefined();
    expect(pkg.peerDependencies).toEqual({ ajv: "^8.0.0" });
    expect(pkg.peerDependenciesMeta).toEqual({ ajv: { optional: true } });
    expect(Object.keys(pkg.devDependencies)).toEqual(expect.arrayContaining(["ajv", "ajv-formats", "zod", "valibot", "fastify"]));
  });

  test("import and require give the same objects; the plugin is the default export too", () => {
    const script = `
      import { createRequire } from "node:module";
      import addFormats, * as ajvEsm from "uri-grammar/ajv";
      import * as formatsEsm from "uri-grammar/formats";
      import * as main from "uri-grammar";
      const require = createRequire(import.meta.url);
      const ajvCjs = require("uri-grammar/ajv");
      const formatsCjs = require("uri-grammar/formats");
      const same = (a, b) => Object.keys(b).filter((k) => k !== "default").every((k) => a[k] === b[k]);
      const r = formatsEsm.validateFormat("uri", "a b");
      console.log(JSON.stringify({
        defaultIsAddFormats: addFormats === ajvCjs.addFormats && ajvCjs.default === ajvCjs.addFormats,
        sameAjv: same(ajvEsm, ajvCjs),
        sameFormats: same(formatsEsm, formatsCjs),
        oneErrorClass: r.error instanceof main.UriSyntaxError && r.error instanceof require("uri-grammar").UriSyntaxError,
        formats: Object.keys(formatsEsm.formats),
        uri: formatsEsm.formats.uri("http://a/b"),
      }));`;
    const r = node(["--input-type=module", "-e", script]);
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual({
      defaultIsAddFormats: true, sameAjv: true, sameFormats: true, oneErrorClass: true, formats: expect.arrayContaining(["uri", "ipv6"]), uri: true,
    });
  });

  test("neither entry loads ajv: a program without it can use the predicates", () => {
    const r = node(["-e", `
      require("uri-grammar/formats");
      require("uri-grammar/ajv");
      console.log(Object.keys(require.cache).filter((f) => /node_modules[\\\\/]ajv[\\\\/]/.test(f)).length);`]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("0\n");
  });
});
