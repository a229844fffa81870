// The members of the library's API, read from its declaration (src/api.ts, the `Api` interface;
// ts-interfaces.mjs): an edition's own entry (generated/ID/entry.js) exports each of them bound to
// the edition, so a function added to the API needs no second list here.
import { join } from "node:path";
import { ROOT } from "../abnf-acceptor.mjs";
import { interfaceMembers } from "./ts-interfaces.mjs";

/**
 * The members of `interface Api` in src/api.ts, in the order written: `properties` (readonly
 * values: RULES) and `functions` (methods; an overloaded one once).
 */
export function apiMembers(file = join(ROOT, "src", "api.ts")) {
  const members = interfaceMembers(file, "Api");
  const functions = members.filter((m) => m.kind === "method").map((m) => m.name);
  if (functions.length === 0) throw new Error(`${file}: interface Api has no methods`);
  return { properties: members.filter((m) => m.kind === "property").map((m) => m.name), functions };
}
