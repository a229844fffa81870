// Phase "PEG builds" of the grammar build (scripts/build-grammar.mjs): an edition's grammar.peggy
// compiled by peggy twice, into generated/ID/parser.js (the parser of parse(), written from the
// grammar's AST by the build passes, fastBuild) and generated/ID/trace.js (peggy's output with its
// tracer hooks, traceBuild). pegBuilds(edition) takes an edition as readEdition() gives it
// (grammar-files.mjs) and gives the two files as [name, text] pairs.
import { createRequire } from "node:module";
import { fastBuild, traceBuild } from "../passes/index.mjs";
import { recordTypesOfModel } from "../passes/type-records.mjs";

const peggy = createRequire(import.meta.url)("peggy");

/**
 * Compiles an edition's grammar through peggy's compiler with a plugin of build passes. Every
 * rule is a start rule (matches() and validate() take any rule of an edition); the builds are
 * CommonJS, and their types are those of src/edition-build.ts (one declaration for every
 * edition's builds, in generated/ID/index.d.ts).
 */
function compile(grammarText, grammarSource, plugin, extra = {}) {
  return peggy.generate(grammarText, {
    allowedStartRules: ["*"], output: "source", format: "commonjs", grammarSource, plugins: [plugin], ...extra,
  });
}

/** generated/ID/parser.js and trace.js. */
export function pegBuilds({ manifest, pegText, pegSource }) {
  // The model's typing of the grammar's records, compiled into the parser (src/models/rfc2396bis-01/records.ts for the draft's).
  const records = recordTypesOfModel(manifest.model);
  return [
    [`${manifest.id}/parser.js`, compile(pegText, pegSource, fastBuild({ records }), {
      generatedBy: `scripts/build-grammar.mjs from ${pegSource}${records ? ` and ${records.file}` : ""}: ` +
        `peggy ${peggy.VERSION}'s AST through the passes of scripts/passes/ (fastBuild).`,
    })],
    [`${manifest.id}/trace.js`, compile(pegText, pegSource, traceBuild, { trace: true })],
  ];
}
