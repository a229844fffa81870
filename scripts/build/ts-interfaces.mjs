// Interfaces of src/ read by the build with the TypeScript compiler's parser (typescript is a
// development dependency; only the syntax is read: no type checking, no dist/ built first), so that
// what the build must know of the library's types is read from their one declaration: the members
// of the API an edition's entry exports (src/api.ts, Api), the fields a manifest must have and may
// have (src/edition-build.ts, EditionManifest and EditionRoles).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const ts = createRequire(import.meta.url)("typescript");

/**
 * The members of `interface NAME` in a TypeScript file, in the order written, each
 * { name, kind: "method" | "property", optional }; an overloaded method once.
 */
export function interfaceMembers(file, name) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const declaration = source.statements.find((s) => ts.isInterfaceDeclaration(s) && s.name.text === name);
  if (declaration === undefined) throw new Error(`${file}: no interface ${name}`);
  const members = [];
  for (const member of declaration.members) {
    const key = member.name !== undefined && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) ? member.name.text : undefined;
    if (key === undefined) throw new Error(`${file}: a member of interface ${name} that is not named by an identifier`);
    const kind = ts.isMethodSignature(member) ? "method" : ts.isPropertySignature(member) ? "property" : null;
    if (kind === null) throw new Error(`${file}: interface ${name}'s member ${key} is neither a method nor a property`);
    if (!members.some((m) => m.name === key)) members.push({ name: key, kind, optional: member.questionToken !== undefined });
  }
  return members;
}
