// The hand-written vector tables of every edition (grammar/ID/vectors/syntax-*.tsv): every row is
// checked against the edition's PEG (matches()) AND against the acceptor built from its collected
// ABNF, so a wrong row fails as surely as a wrong grammar.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { EDITIONS, matches, type EditionId } from "../src/index.js";
import { loadAbnf, ROOT } from "./support/abnf.js";
import { decodeInput, readVectors, vectorName, type Vector } from "./support/vectors.js";

const EDITION_IDS = Object.keys(EDITIONS) as EditionId[];

describe.each(EDITION_IDS.map((id) => [id]))("%s", (edition) => {
  const vectors = readVectors(edition);
  const abnf = loadAbnf(edition);
  const rules = EDITIONS[edition].rules;

  describe("grammar vectors: the PEG (matches)", () => {
    test.each(vectors.map((v) => [vectorName(v), v] as [string, Vector]))("%s", (_name, v) => {
      expect(matches(v.rule as never, v.input, { edition })).toBe(v.accept);
    });
  });

  describe("grammar vectors: the acceptor built from the ABNF", () => {
    test.each(vectors.map((v) => [vectorName(v), v] as [string, Vector]))("%s", (_name, v) => {
      expect(abnf.acceptor[v.rule].test(v.input)).toBe(v.accept);
    });
  });

  describe("grammar vector tables", () => {
    test("name only rules of the grammar", () => {
      const unknown = vectors.filter((v) => !abnf.order.includes(v.rule)).map((v) => `${v.file}:${v.line} ${v.rule}`);
      expect(unknown).toEqual([]);
    });

    test.each(abnf.order.map((r) => [r]))("%s has accepting and rejecting rows", (rule) => {
      const rows = vectors.filter((v) => v.rule === rule);
      expect(rows.filter((v) => v.accept).length).toBeGreaterThan(0);
      expect(rows.filter((v) => !v.accept).length).toBeGreaterThan(0);
    });

    // The rules whose PEG form differs from their ABNF ("// PEG:" in the grammar) each have a row
    // that would fail under a literal transcription, marked "PEG trap".
    const rewritten = rules.filter((r) => r.pegNote).map((r) => r.name);
    test("the grammar marks the expected rules // PEG: (the list is read, not assumed)", () => {
      const peg = readFileSync(join(ROOT, "grammar", edition, "grammar.peggy"), "utf8");
      const marked = [...peg.matchAll(/^\/\/ §[^ ]+\s+([A-Za-z][A-Za-z0-9-]*) =[^\n]*\n(?:\/\/[^\n]*\n)*?\/\/ PEG:/gm)].map((m) => m[1]);
      expect(rewritten.length).toBeGreaterThan(0);
      expect([...marked].sort()).toEqual([...rewritten].sort());
    });
    test.each(rewritten.map((r) => [r]))("the PEG rewrite of %s has a \"PEG trap\" row", (rule) => {
      const traps = vectors.filter((v) => v.rule === rule && v.reason.includes("PEG trap"));
      expect(traps.length).toBeGreaterThan(0);
    });
  });
});

describe("the vector tables' input column", () => {
  test("an input in double quotes is a JSON string; any other input is taken literally", () => {
    expect(decodeInput('""')).toBe("");
    expect(decodeInput('"\\""')).toBe('"');
    expect(decodeInput('"\\ud800"')).toBe("\ud800");
    expect(decodeInput('"')).toBe('"');
    expect(decodeInput('a"b"')).toBe('a"b"');
    expect(decodeInput("%20")).toBe("%20");
  });

  test("the tables read it so", () => {
    const draft = readVectors("rfc2396bis-01");
    expect(draft.find((v) => v.rule === "URI-reference" && v.section === "4.2")?.input).toBe("");
    expect(draft.find((v) => v.rule === "DQUOTE" && v.accept)?.input).toBe('"');
    const rfc3986 = readVectors("rfc3986");
    expect(rfc3986.find((v) => v.rule === "path-empty" && v.accept)?.input).toBe("");
  });
});
