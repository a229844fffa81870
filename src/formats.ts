// JSON Schema's formats of identifiers and addresses ("uri", "uri-reference", "iri",
// "iri-reference", "ipv4", "ipv6"), decided by the grammars: "uri-grammar/formats" for any
// validator, and the ajv plugin "uri-grammar/ajv" (src/ajv.ts) built on it.
//
// FORMAT_TABLE is the one place that says which rule of which edition decides each format; the
// predicates, the plugin, its keyword and the docs' table (docs/integrations.md, held to it by
// test/formats.test.ts) all read it. A format is available when the package holds its edition
// (EDITIONS, the registry of the build): a row whose edition the build lacks is left out, and
// appears once the edition's grammar folder is built.
import { requireOptions, requireString } from "./args.js";
import type { Edition, RuleInfo } from "./edition.js";
import { validateIn, type ValidationResult } from "./parse.js";
import { EDITIONS, type EditionId } from "./registry.js";

/**
 * What the `edition` option turns a format into in another edition, by the roles of its manifest
 * (grammar/ID/edition.json): "reference" is its reference rule; "absolute" is its reference rule
 * with the part before the first "#" matching its absolute rule (RFC 3986's `URI`: `absolute-URI
 * [ "#" fragment ]`, RFC 2396's absoluteURI with a fragment).
 */
export type FormatRole = "absolute" | "reference";

/** One JSON Schema format: the rule of the edition that decides it, and what JSON Schema says of it. */
export interface FormatRow {
  /** The format's name in JSON Schema ("uri"). */
  readonly format: string;
  /** The edition whose grammar decides it ("rfc3986"). */
  readonly edition: string;
  /** The rule the whole string must match, in that edition ("URI"). */
  readonly rule: string;
  /** What the `edition` option makes of it in another edition, or null: the format keeps its edition. */
  readonly role: FormatRole | null;
  /** The section of JSON Schema draft 2020-12, Validation (draft-bhutton-json-schema-validation-01), that defines it. */
  readonly jsonSchema: string;
  /** The document and section JSON Schema cites for it. */
  readonly cites: string;
}

/** Every format, in the order of JSON Schema's section 7.3. */
export const FORMAT_TABLE = Object.freeze([
  { format: "ipv4", edition: "rfc3986", rule: "IPv4address", role: null, jsonSchema: "7.3.4", cites: "RFC 2673 section 3.2 (dotted-quad)" },
  { format: "ipv6", edition: "rfc3986", rule: "IPv6address", role: null, jsonSchema: "7.3.4", cites: "RFC 4291 section 2.2" },
  { format: "uri", edition: "rfc3986", rule: "URI", role: "absolute", jsonSchema: "7.3.5", cites: "RFC 3986" },
  { format: "uri-reference", edition: "rfc3986", rule: "URI-reference", role: "reference", jsonSchema: "7.3.5", cites: "RFC 3986" },
  { format: "iri", edition: "rfc3987", rule: "IRI", role: null, jsonSchema: "7.3.5", cites: "RFC 3987" },
  { format: "iri-reference", edition: "rfc3987", rule: "IRI-reference", role: null, jsonSchema: "7.3.5", cites: "RFC 3987" },
] as const satisfies readonly FormatRow[]);

type Row = (typeof FORMAT_TABLE)[number];
/** Every format of the table, whether or not the package holds its edition. */
export type FormatName = Row["format"];
/** The formats whose edition the package holds: those `formats` has and the plugin registers. */
export type AvailableFormat = Extract<Row, { edition: EditionId }>["format"];

/** A format's check: true when the whole string is in the format. */
export type FormatPredicate = (input: string) => boolean;

export interface FormatOptions {
  /**
   * The edition of `uri` and `uri-reference` (the formats with a role): default "rfc3986", the one
   * JSON Schema cites. In another edition `uri-reference` is its reference rule and `uri` a reference
   * of it that is absolute (see FormatRole).
   */
  edition?: EditionId;
  /** The formats to make: default every available format. */
  formats?: readonly AvailableFormat[];
}

/** How one format is checked: the edition, the rule, and for "absolute" the absolute rule before "#". */
interface Check {
  readonly row: FormatRow;
  readonly edition: Edition;
  readonly rule: RuleInfo;
  readonly absolute: RuleInfo | null;
}

const BY_NAME = new Map<string, FormatRow>(FORMAT_TABLE.map((r) => [r.format, r]));
const EDITION_BY_ID = new Map<string, Edition>(Object.values(EDITIONS as Record<string, Edition>).map((e) => [e.id, e]));

/** The table's rows whose edition the package holds, in the table's order. */
export const AVAILABLE_FORMATS: readonly AvailableFormat[] =
  Object.freeze(FORMAT_TABLE.filter((r) => EDITION_BY_ID.has(r.edition)).map((r) => r.format as AvailableFormat));

/** The check of a row: its own rule, or with the `edition` option the rule its role names there. */
function checkOf(row: FormatRow, editionId: string | undefined): Check {
  const own = EDITION_BY_ID.get(row.edition);
  if (own === undefined) {
    throw new TypeError(`format "${row.format}" needs the edition "${row.edition}" (${row.cites}), which this build of uri-grammar does not hold; ` +
      `the formats it has: ${AVAILABLE_FORMATS.map((f) => JSON.stringify(f)).join(", ")}`);
  }
  if (editionId === undefined || editionId === row.edition || row.role === null) {
    return { row, edition: own, rule: own.requireRule(row.rule, `format "${row.format}"`), absolute: null };
  }
  const edition = EDITION_BY_ID.get(editionId)!;
  const reference = edition.requireRule(edition.roles.reference);
  if (row.role === "reference") return { row, edition, rule: reference, absolute: null };
  const absolute = edition.roles.absolute;
  if (absolute === undefined) throw new TypeError(`format "${row.format}": ${edition.document} (edition "${edition.id}") names no absolute rule`);
  return { row, edition, rule: reference, absolute: edition.requireRule(absolute) };
}

/** The predicate of a check: the rule's DFA (the one matches() runs), and for "absolute" the absolute rule's before "#". */
function predicateOf(check: Check): FormatPredicate {
  const accepts = check.edition.automata.of(check.rule.name).accepts;
  if (check.absolute === null) return (input) => typeof input === "string" && accepts(input);
  const absolute = check.edition.automata.of(check.absolute.name).accepts;
  return (input) => {
    if (typeof input !== "string" || !accepts(input)) return false;
    const hash = input.indexOf("#");
    return absolute(hash < 0 ? input : input.slice(0, hash));
  };
}

/** The result of a check with its error: validate() of the rule, or for "absolute" of the absolute rule. */
function validatorOf(check: Check, predicate: FormatPredicate): (input: string) => ValidationResult {
  return (input) => {
    if (predicate(input)) return { valid: true };
    const whole = validateIn(check.edition, input, check.rule);
    if (!whole.valid || check.absolute === null) return whole;
    // A reference that is relative: where the absolute rule stops reading it.
    return validateIn(check.edition, input, check.absolute);
  };
}

/** The edition option, checked. */
function editionOption(options: FormatOptions, what: string): EditionId | undefined {
  const id = options.edition;
  if (id === undefined) return undefined;
  if (typeof id !== "string" || !EDITION_BY_ID.has(id)) {
    throw new TypeError(`${what}.edition must be the id of an edition: ${[...EDITION_BY_ID.keys()].map((e) => JSON.stringify(e)).join(", ")}; got ${JSON.stringify(id)}`);
  }
  return id;
}

/** The formats option, checked: names of the table whose edition the package holds. */
function formatsOption(options: FormatOptions, what: string): readonly FormatRow[] {
  const names = options.formats ?? AVAILABLE_FORMATS;
  if (!Array.isArray(names)) throw new TypeError(`${what}.formats must be an array of format names, got ${JSON.stringify(names)}`);
  return names.map((name: unknown) => {
    const row = typeof name === "string" ? BY_NAME.get(name) : undefined;
    if (row === undefined) {
      throw new TypeError(`${what}.formats: unknown format ${JSON.stringify(name)}; the formats are ${FORMAT_TABLE.map((r) => JSON.stringify(r.format)).join(", ")}`);
    }
    return row;
  });
}

/** A format made ready: its row, the rule and edition that decide it, its predicate, and its check with the error. */
export interface Format {
  readonly name: AvailableFormat;
  /** The edition that decides it (the `edition` option's for `uri` and `uri-reference`). */
  readonly edition: EditionId;
  /** The rule the whole string must match (for `uri` in another edition than RFC 3986: its reference rule, see FormatRole). */
  readonly rule: string;
  readonly row: FormatRow;
  /** True when the whole string is in the format. */
  readonly test: FormatPredicate;
  /** `{ valid: true }`, or `{ valid: false, error }` with the UriSyntaxError that says where and why. */
  readonly validate: (input: string) => ValidationResult;
}

/**
 * The formats, made ready (every available format, or those of `options.formats`), with `uri`
 * and `uri-reference` in `options.edition` (default RFC 3986).
 */
export function makeFormats(options?: FormatOptions | null, what = "makeFormats: options"): Format[] {
  requireOptions(options, what);
  const edition = editionOption(options ?? {}, what);
  return formatsOption(options ?? {}, what).map((row) => {
    const check = checkOf(row, edition);
    const test = predicateOf(check);
    return { name: row.format as AvailableFormat, edition: check.edition.id as EditionId, rule: check.rule.name, row, test, validate: validatorOf(check, test) };
  });
}

/** The predicates of some formats, by name: `createFormats({ edition: "rfc2396" }).uri(s)`. */
export function createFormats(options?: FormatOptions): { readonly [F in AvailableFormat]: FormatPredicate } {
  return Object.freeze(Object.fromEntries(makeFormats(options, "createFormats: options").map((f) => [f.name, f.test]))) as never;
}

/** Every available format's predicate, as JSON Schema defines it: `formats.uri("http://a/b")`. */
export const formats = createFormats();

const DEFAULT = new Map<string, Format>(makeFormats().map((f) => [f.name, f]));
/** The formats of validateFormat() made for an `edition` option, by edition and format. */
const BY_EDITION = new Map<string, Format>();

/**
 * Checks a string against a format, with the error when it is not in it: the UriSyntaxError of
 * validate(), which says where (offset), what could have come there (expected) and in which rule.
 */
export function validateFormat(format: AvailableFormat, input: string, options?: Pick<FormatOptions, "edition">): ValidationResult {
  requireString(input, "validateFormat: input");
  if (options !== undefined && options !== null && options.edition !== undefined) {
    requireOptions(options, "validateFormat: options");
    const key = `${String(options.edition)} ${String(format)}`;
    let f = BY_EDITION.get(key);
    if (f === undefined) {
      if (typeof format !== "string" || !BY_NAME.has(format)) formatsOption({ formats: [format] }, "validateFormat");
      f = makeFormats({ edition: options.edition, formats: [format] }, "validateFormat: options")[0];
      BY_EDITION.set(key, f);
    }
    return f.validate(input);
  }
  requireOptions(options, "validateFormat: options");
  const f = DEFAULT.get(format);
  if (f === undefined) return makeFormats({ formats: [format] }, "validateFormat")[0].validate(input);
  return f.validate(input);
}
