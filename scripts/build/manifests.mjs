// Phases "manifests" and "check" of the grammar build (scripts/build-grammar.mjs).
// readEditions() takes grammar/ and gives every edition's manifest (grammar/ID/edition.json),
// checked for its fields (those src/edition-build.ts declares: EditionManifest, EditionRoles),
// oldest first. checkEdition(edition) takes an edition as readEdition()
// gives it (grammar-files.mjs) and throws where its files disagree: an ABNF rule without its PEG
// rule or the reverse, a role that names no rule, a rule reconstructed from no edition.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT, pegNameOf } from "../abnf-acceptor.mjs";
import { interfaceMembers } from "./ts-interfaces.mjs";

/** The fields of a manifest and of its roles, as src/edition-build.ts declares them (ts-interfaces.mjs). */
const TYPES = join(ROOT, "src", "edition-build.ts");
const MANIFEST_FIELDS = interfaceMembers(TYPES, "EditionManifest");
const ROLE_FIELDS = interfaceMembers(TYPES, "EditionRoles");

/** Throws for a field the interface requires that is missing, and for a field it does not declare (a misspelling). */
function checkFields(where, object, fields, type) {
  for (const field of fields) {
    if (!field.optional && object[field.name] === undefined) throw new Error(`${where}: no ${JSON.stringify(field.name)}`);
  }
  for (const key of Object.keys(object)) {
    if (!fields.some((f) => f.name === key)) throw new Error(`${where}: ${JSON.stringify(key)} is no field of ${type} (src/edition-build.ts)`);
  }
}

/**
 * The editions: every folder of grammar/ with an edition.json (the manifest: id, title, date,
 * document, notation, the model of its algorithms, the rules that play parse()'s roles) beside
 * its grammar.abnf and grammar.peggy. `grammar`: the folder (the tests give another).
 */
export function readEditions(grammar = join(ROOT, "grammar")) {
  const out = [];
  for (const dir of readdirSync(grammar, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    const folder = join(grammar, dir.name);
    const manifestPath = join(folder, "edition.json");
    if (!existsSync(manifestPath)) throw new Error(`grammar/${dir.name}/ has no edition.json`);
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    if (manifest.id !== dir.name) throw new Error(`grammar/${dir.name}/edition.json: id ${JSON.stringify(manifest.id)} is not the folder's name`);
    checkFields(`grammar/${dir.name}/edition.json`, manifest, MANIFEST_FIELDS, "EditionManifest");
    if (typeof manifest.roles === "object" && manifest.roles !== null) {
      checkFields(`grammar/${dir.name}/edition.json: roles`, manifest.roles, ROLE_FIELDS, "EditionRoles");
    }
    for (const file of ["grammar.abnf", "grammar.peggy"]) {
      if (!existsSync(join(folder, file))) throw new Error(`grammar/${dir.name}/ has no ${file}`);
    }
    out.push(manifest);
  }
  out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const defaults = out.filter((m) => m.default === true);
  if (defaults.length !== 1) throw new Error(`exactly one edition.json must say "default": true (found ${defaults.length})`);
  return out;
}

/** Throws where an edition's grammar files and manifest disagree (see above). */
export function checkEdition({ manifest, abnfRules, pegRules }) {
  const pegNames = new Set(pegRules.map((p) => p.name));
  for (const r of abnfRules) {
    if (!pegNames.has(pegNameOf(r.name))) throw new Error(`ABNF rule ${r.name} has no PEG rule ${pegNameOf(r.name)}`);
  }
  const extra = pegRules.filter((p) => !abnfRules.some((r) => pegNameOf(r.name) === p.name));
  if (extra.length) throw new Error(`PEG rules without an ABNF rule: ${extra.map((p) => p.name).join(", ")}`);
  checkRoles(manifest, abnfRules);
  for (const r of abnfRules) {
    if (r.reconstructed && !existsSync(join(ROOT, "grammar", r.reconstructed.from, "grammar.abnf"))) {
      throw new Error(`grammar/${manifest.id}/grammar.abnf: ${r.name} is reconstructed from ${JSON.stringify(r.reconstructed.from)}, which is no edition of grammar/`);
    }
  }
}

/** Checks that every rule a manifest names for a role is a rule of the edition's ABNF. */
function checkRoles(manifest, abnfRules) {
  const names = new Set(abnfRules.map((r) => r.name));
  for (const [role, value] of Object.entries(manifest.roles)) {
    for (const name of [].concat(value)) {
      if (!names.has(name)) throw new Error(`grammar/${manifest.id}/edition.json: role ${role} names ${JSON.stringify(name)}, not a rule of grammar.abnf`);
    }
  }
}
