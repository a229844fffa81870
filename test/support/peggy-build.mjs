// An edition's grammar as peggy's own generator compiles it, for the tests of the build passes
// (test/build-passes.test.ts): the plain parser, with peggy's tracer hooks (--trace) or with the
// model's typing of records (--typed, scripts/passes/type-records.mjs, for a model that has one:
// what the fast build's records must equal). Prints the parser as a "bare" module (an expression).
// Every build keeps classes of code points out of peggy's mergeCharacterClasses (codePointClasses:
// peggy 5.1 merges their ranges by UTF-16 code unit, scripts/passes/keep-code-point-classes.mjs).
//
// Usage: node test/support/peggy-build.mjs EDITION [--trace] [--typed]
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { codePointClasses, everyRule, typedRecords } from "../../scripts/passes/index.mjs";
import { recordTypesOfModel } from "../../scripts/passes/type-records.mjs";

const require = createRequire(import.meta.url);
const peggy = require("peggy");
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

const [edition, ...flags] = process.argv.slice(2);
const manifest = JSON.parse(readFileSync(join(root, "grammar", edition, "edition.json"), "utf8"));
const records = flags.includes("--typed") ? recordTypesOfModel(manifest.model) : null;
const plugins = [codePointClasses, ...(records ? [typedRecords(records)] : []), ...(flags.includes("--trace") ? [everyRule] : [])];
process.stdout.write(peggy.generate(readFileSync(join(root, "grammar", edition, "grammar.peggy"), "utf8"), {
  allowedStartRules: ["*"], output: "source", format: "bare", trace: flags.includes("--trace"), plugins,
}));
