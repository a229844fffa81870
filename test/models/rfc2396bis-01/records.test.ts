// Every edition's grammar builds its records in one form (docs/grammar.md, "The grammar's
// records"): { rule, start, end, ...parts }, where rule names a rule of the edition that matches
// exactly the span [start, end) of the input, and each part is a record inside that span, the text
// of a component, or null. The records are those of the grammar as peggy compiles it (the builds
// of generated/ are held to the same records by test/build-passes.test.ts); the acceptor of each
// rule is the edition's automaton (compiled from grammar.abnf, not from the PEG), so a record that
// names the wrong rule or the wrong span fails here. Inputs: strings generated from the collected
// ABNF of each parse rule (test/support/abnf-arbitrary.ts), the rules' examples from the vector
// tables, and the benchmark corpus.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import fc from "fast-check";
import { EDITIONS, type EditionId } from "../../../src/index.js";
import type { Edition } from "../../../src/edition.js";
import { abnfArbitrary } from "../../support/abnf-arbitrary.js";
import { loadAbnf } from "../../support/abnf.js";
import { corpus } from "../../support/corpus.js";

const root = join(__dirname, "..", "..", "..");

interface Parser { parse(input: string, options?: Record<string, unknown>): unknown }

/** The edition's grammar compiled by peggy (test/support/peggy-build.mjs, an ES module: a child process). */
function peggyBuild(edition: string): Parser {
  const r = spawnSync(process.execPath, [join(root, "test/support/peggy-build.mjs"), edition], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`peggy-build ${edition} failed: ${r.stderr}`);
  return new Function(`return (\n${r.stdout});`)() as Parser;
}


const CORPUS = corpus(2000, 16);
const RECORD_KEYS = ["rule", "start", "end"];

/**
 * What is wrong with the record of `input` (empty when nothing): each record's rule must be a rule
 * of the edition that accepts the record's span, each span inside its parent's, each part a record,
 * a text found inside the span, or null.
 */
function problems(edition: Edition, input: string, record: unknown, parent: { start: number; end: number }): string[] {
  const out: string[] = [];
  const visit = (value: unknown, within: { start: number; end: number }, path: string): void => {
    if (value === null) return;
    if (typeof value === "string") {
      if (!input.slice(within.start, within.end).includes(value)) out.push(`${path}: text ${JSON.stringify(value)} is not inside [${within.start}, ${within.end})`);
      return;
    }
    if (typeof value !== "object") {
      out.push(`${path}: ${typeof value} is neither a record, a text nor null`);
      return;
    }
    const r = value as Record<string, unknown>;
    if (JSON.stringify(Object.keys(r).slice(0, 3)) !== JSON.stringify(RECORD_KEYS)) out.push(`${path}: the record does not begin with rule, start, end: ${Object.keys(r).join(", ")}`);
    const { rule, start, end } = r as { rule: unknown; start: unknown; end: unknown };
    if (typeof rule !== "string" || typeof start !== "number" || typeof end !== "number") {
      out.push(`${path}: rule ${String(rule)}, start ${String(start)}, end ${String(end)}`);
      return;
    }
    const info = edition.rule(rule);
    if (info === undefined) out.push(`${path}: ${JSON.stringify(rule)} is not a rule of ${edition.id}`);
    if (start < within.start || end > within.end || start > end) out.push(`${path}: [${start}, ${end}) is not inside [${within.start}, ${within.end})`);
    else if (info !== undefined && !edition.accepts(input.slice(start, end), info)) {
      out.push(`${path}: ${JSON.stringify(input.slice(start, end))} at [${start}, ${end}) is not a ${rule}`);
    }
    for (const [key, part] of Object.entries(r)) {
      if (!RECORD_KEYS.includes(key)) visit(part, { start, end }, `${path}.${key}`);
    }
  };
  visit(record, parent, "record");
  return out;
}

describe.each(Object.keys(EDITIONS) as EditionId[])("the records of %s", (id) => {
  const edition = EDITIONS[id] as unknown as Edition;
  const parser = peggyBuild(id);
  const abnf = loadAbnf(id);

  describe.each(edition.roles.parse.map((name) => [name]))("%s", (name) => {
    const info = edition.requireRule(name);
    const recordOf = (input: string) => parser.parse(input, { startRule: info.pegName });
    const check = (input: string) => {
      const record = recordOf(input) as { start?: unknown; end?: unknown } | null;
      const found = problems(edition, input, record, { start: 0, end: input.length });
      if (record?.start !== 0 || record?.end !== input.length) found.push(`the record spans [${String(record?.start)}, ${String(record?.end)}), not the whole input`);
      return found;
    };

    test("strings of the rule generated from its ABNF", () => {
      fc.assert(fc.property(abnfArbitrary(abnf, name), (input) => {
        expect(check(input)).toEqual([]);
      }), { numRuns: 400, seed: 16 });
    });

    test("the rule's examples and the benchmark corpus", () => {
      const inputs = [...info.examples.match, ...CORPUS].filter((s) => edition.accepts(s, info));
      // The corpus is of today's URIs: it may hold none of a rule's strings (the 1993 draft's WAIS,
      // Prospero, Telnet and Gopher addresses); it gives strings to the reference rule (below).
      expect(inputs.length).toBeGreaterThan(0);
      const found = inputs.flatMap((input) => check(input).map((p) => `${JSON.stringify(input)}: ${p}`));
      expect(found.slice(0, 10)).toEqual([]);
    });
  });

  test("the benchmark corpus gives strings to the reference rule", () => {
    const info = edition.requireRule(edition.roles.reference);
    expect(CORPUS.filter((s) => edition.accepts(s, info)).length).toBeGreaterThan(info.examples.match.length);
  });

  test("the checks above catch a record that names the wrong rule or the wrong span", () => {
    const name = edition.roles.reference;
    const input = [...edition.requireRule(name).examples.match].sort((a, b) => b.length - a.length)[0];
    const record = recordOf(parser, edition, name, input);
    expect(problems(edition, input, { ...record, end: record.end - 1 }, { start: 0, end: input.length })).not.toEqual([]);
    expect(problems(edition, input, { ...record, rule: edition.roles.scheme ?? "scheme", start: 0 }, { start: 0, end: input.length })).not.toEqual([]);
  });
});

function recordOf(parser: Parser, edition: Edition, name: string, input: string): { rule: string; start: number; end: number } {
  return parser.parse(input, { startRule: edition.requireRule(name).pegName }) as { rule: string; start: number; end: number };
}
