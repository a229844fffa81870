// Transform pass (fast build; the first): a model's typing of the grammar's records, compiled into
// the rules whose records it types.
//
// The grammar's actions return plain records ({ rule, start, end, ...parts }: a host is the rule
// that matched and its span); the typed objects are the model's, written in src/. Where a model
// types a record as soon as it is built (the draft's hosts: labels, octets, address; its
// authorities; src/models/rfc2396bis-01/records.ts), building it in src/ after the parse would
// walk every reference twice, and parse() measured 7% to 12% slower. This pass takes the model's module, with its
// TYPED_RECORDS ({ rule: function (record, input) }), into the parser, and makes each such rule's
// value the function's result:
//
//   host = <expression>   becomes   host = peg$record:(<expression>) { return peg$records.host(peg$record, input); }
//
// with `const peg$records = ...` (the module, transpiled) in the grammar's top-level initializer.
// The language is the same; the value of the rule is the typed record. (The trace build, whose
// values nothing reads, is compiled without it.)
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fail } from "./ast.mjs";

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * The model's typing of records ({ file, code, rules }), or null for a model that has none. A
 * model (an edition's edition.json "model") whose typing of the grammar's records is compiled into
 * the parser has it in its folder, src/models/MODEL/records.ts, which exports TYPED_RECORDS.
 */
export function recordTypesOfModel(model) {
  if (!/^[a-z0-9][a-z0-9.-]*$/.test(model) || !existsSync(join(root, "src", "models", model))) {
    fail("typeRecords", `the model ${JSON.stringify(model)} has no folder src/models/${model}/`);
  }
  const file = `src/models/${model}/records.ts`;
  return existsSync(join(root, file)) ? { file, ...recordTypesOf(join(root, file)) } : null;
}

/**
 * The model's typing of records, from a TypeScript module of src/ that exports TYPED_RECORDS:
 * { code, rules }, the JavaScript of an expression whose value is TYPED_RECORDS, and the rules it
 * names. The module may import types only: it must stand alone in the parser.
 */
export function recordTypesOf(file) {
  const ts = require("typescript");
  const { outputText } = ts.transpileModule(readFileSync(file, "utf8"), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, removeComments: false },
    fileName: file,
  });
  if (/\brequire\(/.test(outputText)) fail("typeRecords", `${file} imports a module at run time; the parser cannot hold it`);
  const body = outputText.replace(/^"use strict";\n/, "").replace(/^Object\.defineProperty\(exports, "__esModule", \{ value: true \}\);\n/m, "");
  const code = `(() => {\n  const exports = {};\n${body.trimEnd().split("\n").map((l) => (l ? "  " + l : l)).join("\n")}\n  return exports.TYPED_RECORDS;\n})()`;
  const value = new Function(`return ${code};`)();
  if (!value || typeof value !== "object") fail("typeRecords", `${file} exports no TYPED_RECORDS`);
  const rules = Object.keys(value);
  for (const rule of rules) if (typeof value[rule] !== "function") fail("typeRecords", `${file}: TYPED_RECORDS.${rule} is not a function`);
  return { code, rules };
}

/** The pass for a model's { code, rules } (recordTypesOf). */
export function typeRecords({ code, rules }) {
  return function typeRecords(ast) {
    for (const name of rules) {
      const rule = ast.rules.find((r) => r.name === name);
      if (!rule) fail("typeRecords", `the grammar has no rule ${name} to type`);
      // A display name stays the rule's outermost node.
      const holder = rule.expression.type === "named" ? rule.expression : rule;
      const inner = holder.expression;
      holder.expression = {
        type: "action",
        code: ` return peg$records.${name}(peg$record, input); `,
        expression: { type: "labeled", label: "peg$record", labelLocation: inner.location, expression: inner, location: inner.location },
        location: inner.location,
      };
    }
    const initializer = { type: "top_level_initializer", code: `\n// The model's typing of records (scripts/passes/type-records.mjs).\nconst peg$records = ${code};\n`, location: ast.location };
    ast.topLevelInitializer = [].concat(ast.topLevelInitializer ?? [], initializer);
  };
}
