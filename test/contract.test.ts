// The contract every edition keeps, through the package's main entry and through the edition's own
// entry (uri-grammar/ID): the same calls with the same argument and option shapes. Absent options,
// `undefined`, `null` and `{}` mean the same; every TypeError names the function the user called.
import * as api from "../src/index.js";
import { EDITIONS, DEFAULT_EDITION } from "../src/index.js";
import { createApi } from "../src/api.js";
import { selectEdition } from "../src/registry.js";
import { definitionOf, modelDefinitions } from "../src/models/index.js";
import { FINDINGS } from "../src/audit-codes.js";

type Entry = Record<string, (...args: unknown[]) => unknown>;
const IDS = Object.keys(EDITIONS) as (keyof typeof EDITIONS)[];

/** The edition's own entry, as the package's exports map gives it (generated/ID/entry.js). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const entryOf = (id: string): Entry => require(`../generated/${id}/entry.js`) as Entry;

/** What each function is called with in an edition, before its options. */
function callsOf(id: string): [string, unknown[]][] {
  const e = EDITIONS[id as keyof typeof EDITIONS];
  const base = "http://a/b/c/d?q";
  return [
    ["parse", [base]], ["validate", ["http://a/ b"]], ["matches", [e.roles.scheme, "http"]], ["explain", ["http://a/"]],
    ["resolve", [base, "../g"]], ["resolveReference", [base, "g"]], ["resolveSteps", [base, "./g"]],
    ["normalize", ["HTTP://A/b"]], ["equivalent", ["http://a/b", "HTTP://a/b"]], ["audit", ["http://u:p@a:25/"]],
    ["extract", ["see http://a/b and <ftp://h/>"]], ["ruleInfo", [e.roles.reference]],
  ];
}

/** The outcome of a call: its value, or its error's class and message. */
function outcome(f: () => unknown): unknown {
  try {
    return { value: f() };
  } catch (e) {
    return { error: (e as Error).constructor.name, message: (e as Error).message };
  }
}

const NO_OPTIONS: [string, unknown[]][] = [["absent", []], ["undefined", [undefined]], ["null", [null]], ["{}", [{}]]];

describe("absent, undefined, null and {} options are the same", () => {
  test.each(callsOf(DEFAULT_EDITION.id))("the main entry, default edition: %s", (fn, args) => {
    const f = (api as unknown as Entry)[fn];
    const outcomes = NO_OPTIONS.map(([, o]) => outcome(() => f(...args, ...o)));
    for (const o of outcomes) expect(o).toEqual(outcomes[0]);
  });

  test.each(IDS.flatMap((id) => callsOf(id).map(([fn, args]) => [id, fn, args] as const)))("%s: %s", (id, fn, args) => {
    const entry = entryOf(id);
    const bound = NO_OPTIONS.map(([, o]) => outcome(() => entry[fn](...args, ...o)));
    const main = outcome(() => (api as unknown as Entry)[fn](...args, { edition: id }));
    for (const o of bound) expect(o).toEqual(main);
  });
});

/** For each function, an option of the wrong type (where it has options of its own). */
const BAD: [string, object][] = [
  ["parse", { rule: 5 }], ["validate", { rule: 5 }], ["explain", { foldCharacters: 5 }],
  ["resolve", { strict: 5 }], ["resolveReference", { strict: 5 }], ["resolveSteps", { strict: 5 }],
  ["normalize", { scheme: 5 }], ["equivalent", { ladder: 5 }], ["audit", { fetch: 5 }], ["extract", { relative: 5 }],
];

describe("every TypeError names the function called", () => {
  const cases = IDS.flatMap((id) => callsOf(id).map(([fn, args]) => [id, fn, args] as const));

  test.each(cases)("%s: %s with options of the wrong type", (id, fn, args) => {
    for (const entry of [entryOf(id), api as unknown as Entry]) {
      for (const options of [5, "x", [], true]) {
        const o = outcome(() => entry[fn](...args, entry === (api as unknown) ? options : options));
        expect(o).toMatchObject({ error: "TypeError" });
        expect((o as { message: string }).message.startsWith(`${fn}: options`)).toBe(true);
      }
    }
  });

  test.each(IDS.flatMap((id) => BAD.map(([fn, options]) => [id, fn, options] as const)))("%s: %s(..., %j)", (id, fn, options) => {
    const args = callsOf(id).find(([name]) => name === fn)![1];
    const o = outcome(() => entryOf(id)[fn](...args, options)) as { error?: string; message?: string };
    // An option the edition's model does not take is ignored (the 1993 draft's resolution takes none)
    // or refused; a refusal is a TypeError in the name of the function called.
    if (o.error === "TypeError") expect(o.message!.startsWith(`${fn}: options.`)).toBe(true);
    else expect(o.error === undefined || o.error === "NotDefinedError").toBe(true);
    // An operation the edition's document does not define is refused with the entry's own class.
    if (o.error === "NotDefinedError") {
      expect(() => entryOf(id)[fn](...args, options)).toThrow((entryOf(id) as unknown as { NotDefinedError: new () => Error }).NotDefinedError);
    }
    expect(outcome(() => (api as unknown as Entry)[fn](...args, { ...options, edition: id }))).toEqual(o);
  });

  test('RFC 3986: resolve(base, ref, { strict: 5 }) is refused in the name of resolve', () => {
    expect(() => api.resolve("http://a/b", "g", { edition: "rfc3986", strict: 5 as never }))
      .toThrow(new TypeError("resolve: options.strict must be a boolean, got a number"));
  });
});

describe("each edition's own entry (uri-grammar/ID)", () => {
  // The build writes the entry's list of functions from src/api.ts's interface Api
  // (scripts/build/api-members.mjs); it must be every function of createApi() and nothing else.
  const apiKeys = Object.keys(createApi(selectEdition)).sort();
  test.each(IDS)("%s exports every function of the API, its edition and the error classes", (id) => {
    expect(Object.keys(entryOf(id)).sort()).toEqual([...apiKeys, "EDITION", "NotDefinedError", "ResolveError", "UriSyntaxError"].sort());
  });
});

describe("the register of models (src/models/index.ts)", () => {
  test("every edition's model is defined by the folder of its name, with the same files as every other", () => {
    const { existsSync, readdirSync } = require("node:fs") as typeof import("node:fs");
    const { join } = require("node:path") as typeof import("node:path");
    const ids = modelDefinitions().map((m) => m.id);
    for (const e of Object.values(EDITIONS)) expect(ids).toContain(e.model);
    const root = join(__dirname, "..", "src", "models");
    const folders = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(folders.sort()).toEqual([...ids].sort());
    const FILES = ["types", "build", "resolve", "steps", "normalize", "recompose", "operations", "audit", "model", "index"];
    for (const id of ids) for (const file of FILES) expect(`${id}/${file}: ${existsSync(join(root, id, `${file}.ts`))}`).toBe(`${id}/${file}: true`);
  });

  test("each edition's audit sections name codes its model raises, and rules of its grammar", () => {
    for (const e of Object.values(EDITIONS)) {
      const codes = definitionOf(e as never).auditCodes;
      for (const [code, section] of Object.entries((e as { audit?: Record<string, unknown> }).audit ?? {})) {
        expect(`${e.id}: ${code} ${codes.includes(code as never) && code in FINDINGS}`).toBe(`${e.id}: ${code} true`);
        if (typeof section !== "string") expect(e.rule((section as { rule: string }).rule)).toBeDefined();
      }
    }
  });

  test("the shared core names no edition and no model: only the model folders and the public registrations do", () => {
    const { readdirSync, readFileSync } = require("node:fs") as typeof import("node:fs");
    const { join, relative } = require("node:path") as typeof import("node:path");
    const ts = require("typescript") as typeof import("typescript");
    const src = join(__dirname, "..", "src");
    // The public registration (index.ts), JSON Schema's own choice of RFC 3986 and RFC 3987
    // (formats.ts, ajv.ts) and the WHATWG differential's default (differential-core.ts) name editions.
    const ALLOWED = ["index.ts", "formats.ts", "ajv.ts", "differential-core.ts"];
    const names = new Set<string>([...IDS, ...modelDefinitions().map((m) => m.id)]);
    const found: string[] = [];
    const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith(".ts"));
    for (const file of files) {
      if (file.startsWith("models/") || ALLOWED.includes(file)) continue;
      // Every string literal of the code (comments are no code): none may be an edition's or a model's id.
      const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, readFileSync(join(src, file), "utf8"));
      for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
        if (token === ts.SyntaxKind.CloseBraceToken) token = scanner.reScanTemplateToken(false);
        const literal = token === ts.SyntaxKind.StringLiteral || token === ts.SyntaxKind.NoSubstitutionTemplateLiteral ||
          token === ts.SyntaxKind.TemplateHead || token === ts.SyntaxKind.TemplateMiddle || token === ts.SyntaxKind.TemplateTail;
        if (literal && names.has(scanner.getTokenValue())) found.push(`${relative(src, join(src, file))}: ${JSON.stringify(scanner.getTokenValue())}`);
      }
    }
    expect(found).toEqual([]);
    expect(files.length).toBeGreaterThan(40);
  });
});
