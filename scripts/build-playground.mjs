#!/usr/bin/env node
// Builds the playground (docs/playground.md) into dist/playground/: static files that work from any
// static host, offline, with no request to anywhere else.
//
//   dist/playground/index.html, style.css   copied from playground/
//   dist/playground/app.js                   playground/app.js and the library's ES module build
//                                            (dist/esm/src/index.js), bundled by esbuild
//
// The railroad diagrams are drawn here, at build time, from each edition's collected ABNF: the
// abnf package's AST (scripts/abnf-acceptor.mjs, loadAbnf) becomes railroad-diagrams' elements node
// by node, and the SVG text goes into the bundle as the module "playground:diagrams". The editions
// are those of EDITIONS in the build; none is named here. Runs after scripts/build-dist.mjs.
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { editionFiles, loadAbnf } from "./abnf-acceptor.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const rr = require("railroad-diagrams");
const out = join(root, "dist", "playground");

/** One node of loadAbnf's plain AST as a railroad-diagrams element. */
export function railroad(node) {
  switch (node.kind) {
    case "str":
      return rr.Terminal(node.ci || node.text.length !== 1 ? JSON.stringify(node.text) : hex(node.text.charCodeAt(0)));
    case "range":
      return rr.Terminal(`${hex(node.first)}-${hex(node.last).slice(2)}`);
    case "cat":
      return node.items.length === 0 ? rr.Skip() : rr.Sequence(...node.items.map(railroad));
    case "alt":
      return rr.Choice(0, ...node.items.map(railroad));
    case "ref":
      return rr.NonTerminal(node.name);
    case "rep": {
      const { min, max } = node;
      const item = railroad(node.item);
      if (min === 0 && max === 1) return rr.Optional(item);
      if (min === 0 && max === null) return rr.ZeroOrMore(item);
      if (min === 1 && max === null) return rr.OneOrMore(item);
      if (min === 1 && max === 1) return item;
      const times = max === null ? `${min} or more times` : min === max ? `${min} times` : `${min} to ${max} times`;
      const loop = rr.OneOrMore(item, rr.Comment(times));
      return min === 0 ? rr.Optional(loop) : loop;
    }
    default:
      throw new Error(`railroad: unknown ABNF node ${node.kind}`);
  }
}

function hex(code) {
  return "%x" + code.toString(16).toUpperCase().padStart(2, "0");
}

/** { edition: { rule: svg } } for every edition of the build and every rule of its ABNF. */
export function diagrams() {
  const { EDITIONS } = require(join(root, "dist", "cjs", "src", "index.js"));
  const all = {};
  for (const id of Object.keys(EDITIONS)) {
    const { rules } = loadAbnf(editionFiles(id).abnf);
    all[id] = {};
    for (const [name, node] of Object.entries(rules)) all[id][name] = rr.Diagram(railroad(node)).toString();
  }
  return all;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!existsSync(join(root, "dist", "esm", "src", "index.js"))) {
    console.error("build-playground: dist/esm is missing; run 'npm run build'");
    process.exit(1);
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const data = diagrams();
  await esbuild.build({
    entryPoints: [join(root, "playground", "app.js")],
    outfile: join(out, "app.js"),
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    sourcemap: false,
    legalComments: "none",
    logLevel: "warning",
    plugins: [{
      name: "diagrams",
      setup(build) {
        build.onResolve({ filter: /^playground:diagrams$/ }, (args) => ({ path: args.path, namespace: "diagrams" }));
        build.onLoad({ filter: /.*/, namespace: "diagrams" }, () => ({ contents: JSON.stringify(data), loader: "json" }));
      },
    }],
  });
  for (const file of ["index.html", "style.css"]) copyFileSync(join(root, "playground", file), join(out, file));
  console.log(`build: dist/playground written (${Object.keys(data).join(", ")})`);
}
