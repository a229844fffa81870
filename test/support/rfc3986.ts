// RFC 3986 references and grammar for the tests of src/models/rfc3986/: parsed by the edition's own
// parser, and its grammar as the algorithms ask it (src/models/rfc3986/operations.ts).
import { EDITIONS, parse } from "../../src/index.js";
import { syntaxOf } from "../../src/models/rfc3986/operations.js";
import type { Reference } from "../../src/models/rfc3986/types.js";
import type { Syntax } from "../../src/models/rfc3986/normalize.js";

/** The RFC 3986 grammar: does this input match this rule? */
export const syntax: Syntax = syntaxOf(EDITIONS.rfc3986);

/** The text parsed as RFC 3986's URI-reference; UriSyntaxError if it is not one. */
export function reference(text: string): Reference {
  return parse(text, { edition: "rfc3986" });
}
