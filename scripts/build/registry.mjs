// Phase "registry" of the grammar build (scripts/build-grammar.mjs): generated/editions.js (every
// edition, oldest first, and the default's id) and generated/models.js (what each model's code
// must know of its editions' names), with their declarations. registryModules(editions) takes
// every manifest (readEditions(), oldest first) and gives the four files as [name, text] pairs.
import { GENERATED_HEADER } from "./outputs.mjs";

/** generated/editions.js, editions.d.ts, models.js and models.d.ts. */
export function registryModules(editions) {
  return [
    ["editions.js", registryModule(editions)],
    ["editions.d.ts", registryDeclarations(editions)],
    ["models.js", modelsModule(editions)],
    ["models.d.ts", modelsDeclarations(editions)],
  ];
}

/** generated/editions.js: every edition, oldest first. */
function registryModule(list) {
  return `${GENERATED_HEADER} from grammar/*/edition.json.\n"use strict";\n\n` +
    list.map((m, i) => `const edition${i} = require("./${m.id}/index.js");\n`).join("") +
    `\nmodule.exports = { EDITION_LIST: Object.freeze([${list.map((_, i) => `edition${i}.EDITION`).join(", ")}]), ` +
    `DEFAULT_EDITION_ID: ${JSON.stringify(list.find((m) => m.default).id)} };\n`;
}

function registryDeclarations(list) {
  return `${GENERATED_HEADER} from grammar/*/edition.json.\n` +
    list.map((m, i) => `import type { EDITION as Edition${i} } from "./${m.id}/index.js";\n`).join("") +
    list.map((m, i) => `import type { RuleName as RuleName${i} } from "./${m.id}/rules.js";\n`).join("") +
    `/** The id of every edition, oldest first. */\n` +
    `export type EditionId = ${list.map((m) => JSON.stringify(m.id)).join(" | ")};\n` +
    `/** The default edition's id. */\n` +
    `export type DefaultEditionId = ${JSON.stringify(list.find((m) => m.default).id)};\n` +
    `/** Each edition's rule names, in the edition's own spelling. */\n` +
    `export interface RuleNames {\n${list.map((m, i) => `  ${JSON.stringify(m.id)}: RuleName${i};\n`).join("")}}\n` +
    `/** Each edition's parse rules (edition.json roles.parse): the rules parse() splits into components. */\n` +
    `export interface ParseRules {\n${list.map((m) => `  ${JSON.stringify(m.id)}: ${m.roles.parse.map((r) => JSON.stringify(r)).join(" | ")};\n`).join("")}}\n` +
    `/** Each edition's model: the family of algorithms (src/) its components and operations follow. */\n` +
    `export interface Models {\n${list.map((m) => `  ${JSON.stringify(m.id)}: ${JSON.stringify(m.model)};\n`).join("")}}\n` +
    `export declare const EDITION_LIST: readonly (${list.map((_, i) => `typeof Edition${i}`).join(" | ")})[];\n` +
    `export declare const DEFAULT_EDITION_ID: DefaultEditionId;\n`;
}

/**
 * generated/models.js: what each model's code must know of its editions without loading them
 * (an edition's own entry loads no other edition): the kinds of the registry-based authority its
 * editions' grammars name (edition.json roles.regName: RFC 2396's reg_name, draft -01's authority).
 */
function modelsOf(list) {
  const models = {};
  for (const m of list) {
    const entry = (models[m.model] ??= { registryKinds: [] });
    if (m.roles.regName !== undefined && !entry.registryKinds.includes(m.roles.regName)) entry.registryKinds.push(m.roles.regName);
  }
  for (const entry of Object.values(models)) entry.registryKinds.sort();
  return models;
}

function modelsModule(list) {
  return `${GENERATED_HEADER} from grammar/*/edition.json.\n"use strict";\n\n` +
    `module.exports = { MODELS: ${JSON.stringify(modelsOf(list), null, 2)} };\n`;
}

function modelsDeclarations(list) {
  return `${GENERATED_HEADER} from grammar/*/edition.json.\n` +
    `/** Per model: the kinds of the registry-based authority its editions' grammars name (roles.regName). */\n` +
    `export declare const MODELS: {\n${Object.entries(modelsOf(list)).map(([model, e]) =>
      `  readonly ${JSON.stringify(model)}: { readonly registryKinds: readonly (${e.registryKinds.map((k) => JSON.stringify(k)).join(" | ") || "never"})[] };\n`).join("")}};\n`;
}
