// The ajv plugin: JSON Schema's formats of identifiers and addresses decided by the grammars
// (src/formats.ts), and a keyword whose errors say where and why.
//
//   import Ajv from "ajv";
//   import addFormats from "uri-grammar/ajv";
//   const ajv = addFormats(new Ajv());
//   ajv.validate({ type: "string", format: "uri" }, "http://a/b")                 // true
//   ajv.validate({ type: "string", uriGrammar: { rule: "IPv6address" } }, "::1")  // true
//
// ajv is an optional peer dependency: this module only uses the instance it is given (its types
// come from ajv's declarations), and the package's other entries never load it.
import type AjvCore from "ajv/dist/core";
import type { DataValidateFunction, ErrorObject, FuncKeywordDefinition } from "ajv/dist/types";
import { requireOptions } from "./args.js";
import type { Edition } from "./edition.js";
import { FORMAT_TABLE, makeFormats, type AvailableFormat, type FormatOptions } from "./formats.js";
import { validateIn } from "./parse.js";
import { EDITIONS, selectEdition, type EditionId } from "./registry.js";

export { FORMAT_TABLE, AVAILABLE_FORMATS } from "./formats.js";
export type { AvailableFormat, FormatName, FormatOptions, FormatRow } from "./formats.js";

/** The keyword the plugin adds. */
export const KEYWORD = "uriGrammar";

/** The edition of `uri` and of the keyword where none is named: the edition JSON Schema cites for `uri`. */
const URI_EDITION = FORMAT_TABLE.find((r) => r.format === "uri")!.edition as EditionId;

export interface AddFormatsOptions extends FormatOptions {
  /** Whether to add the keyword `uriGrammar` (default true). */
  keywords?: boolean;
}

/** The value of the keyword in a schema: `{ "uriGrammar": { "rule": "IPv6address", "edition": "rfc3986" } }`. */
export interface UriGrammarKeyword {
  /** The rule the whole string must match; default the edition's reference rule ("URI-reference"). */
  rule?: string;
  /** The edition; default the plugin's `edition` option, else "rfc3986". */
  edition?: EditionId;
}

/** The `params` of the keyword's errors: the UriSyntaxError's details. */
export interface UriGrammarErrorParams {
  /** Index (UTF-16 code units) of the first character that could not be matched. */
  offset: number;
  /** What could have come there, in words. */
  expected: readonly string[];
  /** The innermost rule being matched there. */
  rule: string;
  /** The section of the edition's document that defines it. */
  section: string;
  /** The rule the string was checked against. */
  startRule: string;
  edition: string;
  /** A sentence about this kind of mistake, where one applies. */
  hint?: string;
}

/** The ajv instance, whichever class made it (Ajv, Ajv2019, Ajv2020). */
type AnyAjv = AjvCore;

/**
 * Registers JSON Schema's formats `uri`, `uri-reference`, `ipv4`, `ipv6` (and `iri`,
 * `iri-reference` when the package holds RFC 3987) with the grammars' checks, and the keyword
 * `uriGrammar`. `options` is an object of options, or the list of formats to add (as in
 * ajv-formats). Returns the instance.
 */
export function addFormats<A extends AnyAjv>(ajv: A, options?: AddFormatsOptions | readonly AvailableFormat[]): A {
  if (ajv === null || typeof ajv !== "object" || typeof (ajv as { addFormat?: unknown }).addFormat !== "function") {
    throw new TypeError("addFormats: the first argument must be an ajv instance (new Ajv())");
  }
  const opts: AddFormatsOptions = Array.isArray(options) ? { formats: options as readonly AvailableFormat[] } : (options as AddFormatsOptions | undefined) ?? {};
  requireOptions(opts, "addFormats: options");
  if (opts.keywords !== undefined && typeof opts.keywords !== "boolean") throw new TypeError("addFormats: options.keywords must be a boolean");
  for (const format of makeFormats({ edition: opts.edition, formats: opts.formats }, "addFormats: options")) {
    ajv.addFormat(format.name, { type: "string", validate: format.test });
  }
  if (opts.keywords !== false && !ajv.getKeyword(KEYWORD)) ajv.addKeyword(uriGrammarKeyword(opts.edition ?? URI_EDITION));
  return ajv;
}

/**
 * The keyword `uriGrammar`: the string must match the rule of the edition; an error's `params`
 * are the UriSyntaxError's offset, expected words and rule (see UriGrammarErrorParams), its
 * message the error's. `edition` is the edition where the schema names none.
 */
export function uriGrammarKeyword(edition: EditionId = URI_EDITION): FuncKeywordDefinition {
  const fallback = selectEdition(edition, "uriGrammarKeyword: edition");
  return {
    keyword: KEYWORD,
    type: "string",
    schemaType: "object",
    errors: true,
    metaSchema: {
      type: "object",
      properties: {
        rule: { type: "string" },
        edition: { type: "string", enum: Object.keys(EDITIONS) },
      },
      additionalProperties: false,
    },
    compile(schema: UriGrammarKeyword): DataValidateFunction {
      const chosen: Edition = schema.edition === undefined ? fallback : selectEdition(schema.edition, `${KEYWORD}.edition`);
      const rule = chosen.requireRule(schema.rule ?? chosen.roles.reference, `${KEYWORD}.rule`);
      const accepts = chosen.automata.of(rule.name).accepts;
      const check: DataValidateFunction = (data: unknown) => {
        if (typeof data !== "string") return true;
        if (accepts(data)) return true;
        const result = validateIn(chosen, data, rule);
        if (result.valid) return true;
        const e = result.error;
        const params: UriGrammarErrorParams = {
          offset: e.offset, expected: e.expected, rule: e.rule, section: e.section, startRule: e.startRule, edition: e.edition,
          ...(e.hint === undefined ? {} : { hint: e.hint }),
        };
        const error: Partial<ErrorObject> = { keyword: KEYWORD, message: e.message, params: params as unknown as Record<string, unknown> };
        check.errors = [error];
        return false;
      };
      return check;
    },
  };
}

export default addFormats;
