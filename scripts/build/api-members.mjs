// The members of the library's API, read from its declaration (src/api.ts, the `Api` interface)
// with the TypeScript compiler's parser: an edition's own entry (generated/ID/entry.js) exports
// each of them bound to the edition, so a function added to the API needs no second list here.
// Only the syntax is read (no type checking, no dist/ built first).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { ROOT } from "../abnf-acceptor.mjs";

const ts = createRequire(import.meta.url)("typescript");

/**
 * The members of `interface Api` in src/api.ts, in the order written: `properties` (readonly
 * values: RULES) and `functions` (methods; an overloaded one once).
 */
export function apiMembers(file = join(ROOT, "src", "api.ts")) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const api = source.statements.find((s) => ts.isInterfaceDeclaration(s) && s.name.text === "Api");
  if (api === undefined) throw new Error(`${file}: no interface Api`);
  const properties = [];
  const functions = [];
  for (const member of api.members) {
    const name = member.name !== undefined && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) ? member.name.text : undefined;
    if (name === undefined) throw new Error(`${file}: a member of interface Api that is not named by an identifier`);
    const list = ts.isMethodSignature(member) ? functions : ts.isPropertySignature(member) ? properties : null;
    if (list === null) throw new Error(`${file}: interface Api's member ${name} is neither a method nor a property`);
    if (!list.includes(name)) list.push(name);
  }
  if (functions.length === 0) throw new Error(`${file}: interface Api has no methods`);
  return { properties, functions };
}
