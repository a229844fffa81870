// The hand-written vector tables (test/vectors/syntax-*.tsv): every row is checked against the
// PEG (matches()) AND against the acceptor built from the collected ABNF, so a wrong row fails
// as surely as a wrong grammar.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { matches } from "../src/index.js";
import { RULES, type RuleName } from "../src/index.js";
import { loadAbnf, ROOT } from "./support/abnf.js";
import { readVectors, vectorName, type Vector } from "./support/vectors.js";

const vectors = readVectors();
const abnf = loadAbnf();

describe("grammar vectors: the PEG (matches)", () => {
  test.each(vectors.map((v) => [vectorName(v), v] as [string, Vector]))("%s", (_name, v) => {
    expect(matches(v.rule as RuleName, v.input)).toBe(v.accept);
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
  const rewritten = RULES.filter((r) => r.pegNote).map((r) => r.name);
  test("the grammar marks the expected rules // PEG: (the list is read, not assumed)", () => {
    const peg = readFileSync(join(ROOT, "grammar/rfc2396bis-01/grammar.peggy"), "utf8");
    const marked = [...peg.matchAll(/^\/\/ §[^ ]+\s+([A-Za-z][A-Za-z0-9-]*) =[^\n]*\n(?:\/\/[^\n]*\n)*?\/\/ PEG:/gm)].map((m) => m[1]);
    expect(rewritten.length).toBeGreaterThan(0);
    expect([...marked].sort()).toEqual([...rewritten].sort());
  });
  test.each(rewritten.map((r) => [r]))("the PEG rewrite of %s has a \"PEG trap\" row", (rule) => {
    const traps = vectors.filter((v) => v.rule === rule && v.reason.includes("PEG trap"));
    expect(traps.length).toBeGreaterThan(0);
  });

  test("an input column in double quotes is a JSON string", () => {
    const empty = vectors.find((v) => v.rule === "URI-reference" && v.section === "4.2");
    expect(empty?.input).toBe("");
    const dquote = vectors.find((v) => v.rule === "DQUOTE" && v.accept);
    expect(dquote?.input).toBe('"');
  });
});
