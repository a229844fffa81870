// Phase "edition modules" of the grammar build (scripts/build-grammar.mjs): generated/ID/index.js
// (the edition: its manifest and its builds, loaded when first used) and generated/ID/entry.js
// (the package's entry "uri-grammar/ID": the API bound to the edition), with their declarations.
// editionModules(manifest) takes an edition's manifest and gives the four files as [name, text]
// pairs; the entry's functions are the members of src/api.ts's Api interface (api-members.mjs).
import { apiMembers } from "./api-members.mjs";
import { GENERATED_HEADER } from "./outputs.mjs";

/** The members of an edition's own entry: the API's values (RULES) and functions (src/api.ts). */
const API = apiMembers();
const ENTRY_MEMBERS = [...API.properties, ...API.functions];

/** generated/ID/index.js, index.d.ts, entry.js and entry.d.ts. */
export function editionModules(manifest) {
  return [
    [`${manifest.id}/index.js`, editionModule(manifest)],
    [`${manifest.id}/index.d.ts`, editionDeclarations(manifest)],
    [`${manifest.id}/entry.js`, entryModule(manifest)],
    [`${manifest.id}/entry.d.ts`, entryDeclarations(manifest)],
  ];
}

/** generated/ID/index.js: one edition, its manifest and its builds. */
function editionModule(manifest) {
  // The builds are loaded when first used: a program that works in one edition, and a command
  // that starts to check one string, loads one edition's parsers, not every edition's.
  return `${GENERATED_HEADER} from grammar/${manifest.id}/.\n"use strict";\n\n` +
    `const manifest = ${JSON.stringify(manifest, null, 2)};\n\n` +
    `const EDITION = { ...manifest };\n` +
    `const BUILDS = [["parser", "./parser.js"], ["automata", "./dfa.js"], ["tracer", "./trace.js"], ["rules", "./rules.js", "RULES"]` +
    `${manifest.tagged === true ? ', ["taggedTables", "./tagged.js", "TAGGED"]' : ""}, ["positionsTables", "./positions.js", "POSITIONS"]];\n` +
    `${manifest.tagged === true ? "" : "EDITION.taggedTables = null;\n"}` +
    `for (const [name, file, key] of BUILDS) {\n` +
    `  Object.defineProperty(EDITION, name, {\n` +
    `    enumerable: true,\n` +
    `    get() {\n` +
    `      const value = key ? load(file)[key] : load(file);\n` +
    `      Object.defineProperty(EDITION, name, { value, enumerable: true });\n` +
    `      return value;\n` +
    `    },\n` +
    `    configurable: true,\n` +
    `  });\n` +
    `}\n\n` +
    `/** The build in that file (a require the bundlers and the ES entries see as such). */\n` +
    `function load(file) {\n` +
    `  switch (file) {\n` +
    `    case "./parser.js": return require("./parser.js");\n` +
    `    case "./dfa.js": return require("./dfa.js");\n` +
    `    case "./trace.js": return require("./trace.js");\n` +
    `${manifest.tagged === true ? '    case "./tagged.js": return require("./tagged.js");\n' : ""}` +
    `    case "./positions.js": return require("./positions.js");\n` +
    `    default: return require("./rules.js");\n` +
    `  }\n` +
    `}\n\n` +
    `module.exports = { EDITION };\n`;
}

function editionDeclarations(manifest) {
  return `${GENERATED_HEADER} from grammar/${manifest.id}/.\n` +
    `import type { EditionBuild } from "../../src/edition-build.js";\n` +
    `import type { RuleName } from "./rules.js";\n` +
    `export declare const EDITION: EditionBuild<${JSON.stringify(manifest.id)}, ${JSON.stringify(manifest.model)}, RuleName>;\n`;
}

/**
 * generated/ID/entry.js: the package's entry for one edition ("uri-grammar/ID" in package.json's
 * exports): the library's functions bound to this edition, loading no other edition's grammar.
 */
function entryModule(manifest) {
  return `${GENERATED_HEADER} from grammar/${manifest.id}/.\n"use strict";\n\n` +
    `const { createApi } = require("../../src/api.js");\nconst { editionFromBuild } = require("../../src/edition.js");\n` +
    `const { boundTo } = require("../../src/bound.js");\nconst errors = require("../../src/errors.js");\n` +
    `const { EDITION: build } = require("./index.js");\n\n` +
    `const EDITION = editionFromBuild(build);\nconst api = createApi(boundTo(EDITION));\n\n` +
    `module.exports = {\n  EDITION,\n${ENTRY_MEMBERS.map((f) => `  ${f}: api.${f},\n`).join("")}` +
    `  UriSyntaxError: errors.UriSyntaxError,\n  ResolveError: errors.ResolveError,\n  NotDefinedError: errors.NotDefinedError,\n};\n`;
}

function entryDeclarations(manifest) {
  const id = JSON.stringify(manifest.id);
  return `${GENERATED_HEADER} from grammar/${manifest.id}/.\n` +
    `import type { Api } from "../../src/api.js";\nimport type { EditionOf } from "../../src/registry.js";\n` +
    `export { UriSyntaxError, ResolveError, NotDefinedError } from "../../src/errors.js";\n` +
    `/** The edition these functions are bound to. */\nexport declare const EDITION: EditionOf<${id}>;\n` +
    ENTRY_MEMBERS.map((f) => `export declare const ${f}: Api<${id}>[${JSON.stringify(f)}];\n`).join("");
}
