#!/usr/bin/env node
// Builds the playground (docs/playground.md) into dist/playground/: static files that work from any
// static host, offline, with no request to anywhere else.
//
//   dist/playground/index.html, style.css   copied from playground/
//   dist/playground/app.js                   playground/app.js and the library's ES module build
//                                            (dist/esm/src/index.js), bundled by esbuild, without
//                                            what loads when first used (lazyBuilds):
//   dist/playground/editions/ID.js           the parser and trace build of each edition but the default
//   dist/playground/diagrams/ID.js           each edition's railroad diagrams
// All are classic scripts (no modules), so the page works from file: too.
//
// The railroad diagrams are drawn here, at build time, from each edition's collected ABNF: the
// abnf package's AST (scripts/abnf-acceptor.mjs, loadAbnf) becomes railroad-diagrams' elements node
// by node, and the SVG text goes into diagrams/ID.js. The editions
// are those of EDITIONS in the build; none is named here. Runs after scripts/build-dist.mjs.
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
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

/**
 * The esbuild plugin of the page's first script. What it loads when first used is left out:
 *   - generated/ID/parser.js and trace.js of every edition but the default: a module that reads
 *     them from the edition's own script (editions/ID.js), which the page loads before it uses the
 *     edition's parser (src/edition.ts reads a build when first used, generated/ID/index.js);
 *   - generated/ID/tagged.js of every edition: the tagged DFA is parse()'s speed build; without it
 *     parse() runs the grammar's PEG, whose records the tests hold equal (docs/grammar.md);
 *   - generated/ID/positions.js of every edition: the automaton of positions of the reference rule
 *     built ahead of time (253 KB for the seven editions); without it an error's details build it
 *     from the rules' ABNF trees as inputs are read, the same readings (test/positions-table.test.ts);
 *   - the texts of the rule table of every edition but the default (TEXT_FIELDS: the ABNF, the PEG,
 *     the examples, ...): each rule's entry reads them from editions/ID.js when asked;
 *   - the railroad diagrams: diagrams/ID.js, loaded when the rule browser first shows one.
 * Every edition's DFAs and rule table stay: the "Every edition" table validates in each.
 */
function lazyBuilds(defaultId) {
  const generated = /[\\/]generated[\\/]([^\\/]+)[\\/](parser|trace|tagged|positions|rules)\.js$/;
  return {
    name: "lazy-builds",
    setup(build) {
      build.onLoad({ filter: generated }, (args) => {
        const [, id, file] = generated.exec(args.path);
        if (file === "tagged") return { contents: "module.exports = { TAGGED: null };", loader: "js" };
        if (file === "positions") return { contents: "module.exports = { POSITIONS: null };", loader: "js" };
        if (id === defaultId) return undefined;
        if (file === "rules") return { contents: slimRules(id, args.path), loader: "js" };
        return {
          contents: `const builds = globalThis.URI_GRAMMAR_BUILDS;\n` +
            `if (!builds || !builds[${JSON.stringify(`${id}/${file}`)}]) throw new Error(${JSON.stringify(`the playground used ${id}'s ${file} before loading editions/${id}.js`)});\n` +
            `module.exports = builds[${JSON.stringify(`${id}/${file}`)}];\n`,
          loader: "js",
        };
      });
    },
  };
}

/** The fields of a rule table's entries that only the rule browser shows. */
const TEXT_FIELDS = ["abnf", "peg", "pegNote", "draft", "examples"];

/** A rule table without its texts: each entry reads them from URI_GRAMMAR_BUILDS["ID/texts"] when asked. */
function slimRules(id, file) {
  const { RULES } = require(file);
  const slim = RULES.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !TEXT_FIELDS.includes(k))));
  const fields = RULES.map((r) => TEXT_FIELDS.filter((k) => k in r));
  return `const texts = () => globalThis.URI_GRAMMAR_BUILDS?.[${JSON.stringify(`${id}/texts`)}];\n` +
    `const slim = ${JSON.stringify(slim)};\nconst fields = ${JSON.stringify(fields)};\n` +
    `slim.forEach((r, i) => fields[i].forEach((k) => Object.defineProperty(r, k, { enumerable: true, get: () => texts()?.[i][k] })));\n` +
    `module.exports = { RULES: Object.freeze(slim.map((r) => Object.freeze(r))) };\n`;
}

/** The texts slimRules() leaves out, in the table's order. */
function rulesTexts(file) {
  return require(file).RULES.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => TEXT_FIELDS.includes(k))));
}

// charset "utf8": the automata's tables are strings of code units past ASCII (src/automaton.ts),
// which esbuild's default ASCII output writes as \u escapes, six bytes each (app.js 700 KB against
// 628 KB); the page (its meta charset) and the server (Content-Type) say UTF-8.
const COMMON = { bundle: true, format: "iife", platform: "browser", target: "es2022", minify: true, charset: "utf8", sourcemap: false, legalComments: "none", logLevel: "warning" };

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!existsSync(join(root, "dist", "esm", "src", "index.js"))) {
    console.error("build-playground: dist/esm is missing; run 'npm run build'");
    process.exit(1);
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, "editions"), { recursive: true });
  mkdirSync(join(out, "diagrams"), { recursive: true });
  const { EDITIONS, DEFAULT_EDITION } = require(join(root, "dist", "cjs", "src", "index.js"));
  await esbuild.build({ ...COMMON, entryPoints: [join(root, "playground", "app.js")], outfile: join(out, "app.js"), plugins: [lazyBuilds(DEFAULT_EDITION.id)] });
  const generated = join(root, "dist", "cjs", "generated");
  for (const id of Object.keys(EDITIONS)) {
    if (id !== DEFAULT_EDITION.id) {
      const contents = `const builds = (globalThis.URI_GRAMMAR_BUILDS ??= {});\n` +
        ["parser", "trace"].map((file) => `builds[${JSON.stringify(`${id}/${file}`)}] = require(${JSON.stringify(join(generated, id, `${file}.js`))});\n`).join("") +
        `builds[${JSON.stringify(`${id}/texts`)}] = ${JSON.stringify(rulesTexts(join(generated, id, "rules.js")))};\n`;
      await esbuild.build({ ...COMMON, stdin: { contents, resolveDir: root, sourcefile: `editions/${id}.js` }, outfile: join(out, "editions", `${id}.js`) });
    }
  }
  const data = diagrams();
  for (const [id, svgs] of Object.entries(data)) {
    writeFileSync(join(out, "diagrams", `${id}.js`), `(globalThis.URI_GRAMMAR_DIAGRAMS ??= {})[${JSON.stringify(id)}] = ${JSON.stringify(svgs)};\n`);
  }
  for (const file of ["index.html", "style.css"]) copyFileSync(join(root, "playground", file), join(out, file));
  console.log(`build: dist/playground written (${Object.keys(data).join(", ")})`);
}
