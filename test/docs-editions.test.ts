// docs/editions.md's tables of differences are claims about both grammars and both models: each
// row is checked here, so the table cannot drift from the code.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { EDITIONS, NotDefinedError, audit, matches, normalize, resolve, type EditionId } from "../src/index.js";

const doc = readFileSync(join(__dirname, "..", "docs", "editions.md"), "utf8");

/** The rows of the table that follows a "<!-- checked: NAME -->" line, as arrays of cells. */
function table(name: string): { header: string[]; rows: string[][] } {
  const at = doc.indexOf(`<!-- checked: ${name} -->`);
  if (at < 0) throw new Error(`docs/editions.md has no table marked ${name}`);
  // The table is a generated block (scripts/editions-table.mjs) right after the marker.
  const lines = doc.slice(at).split("\n").slice(1).filter((l) => !l.startsWith("<!-- generated:"));
  const body: string[][] = [];
  for (const line of lines) {
    if (!line.startsWith("|")) break;
    body.push(line.slice(1, -1).split(" | ").map((c) => c.trim()));
  }
  const [header, , ...rows] = body;
  return { header, rows };
}

const code = (cell: string) => {
  const m = /^`([^`]*)`$/.exec(cell);
  if (!m) throw new Error(`expected one code span, got ${cell}`);
  return m[1];
};

describe("docs/editions.md: syntax", () => {
  const { header, rows } = table("syntax");
  const editions = header.slice(1, -1) as EditionId[];

  test("its columns are the editions, every one of them", () => {
    expect(editions).toEqual(Object.keys(EDITIONS));
    expect(rows.length).toBeGreaterThan(5);
  });

  test.each(rows.map((r) => [code(r[0]), r]))("%s", (input, row) => {
    editions.forEach((edition, i) => {
      const rule = EDITIONS[edition].roles.reference as never;
      expect({ edition, verdict: matches(rule, input, { edition }) ? "accept" : "reject" })
        .toEqual({ edition, verdict: row[1 + i] });
    });
    // Every row says which sections decide it: a numbered section, or the 1993 draft's named one.
    expect(row[row.length - 1]).toMatch(/\((\d|BNF syntax|PARTIAL FORM|draft \d|RFC 3986)/);
  });
});

describe("docs/editions.md: resolution and normalization", () => {
  const { header, rows } = table("operations");
  const editions = header.slice(2, -1) as EditionId[];

  test("its columns are the editions", () => expect(editions).toEqual(Object.keys(EDITIONS)));

  test.each(rows.map((r) => [`${r[0]} ${r[1]}`, r]))("%s", (_name, row) => {
    const input = code(row[1]);
    editions.forEach((edition, i) => {
      const base = /^resolve against `([^`]+)`$/.exec(row[0]);
      const run = (): string => {
        if (base) return resolve(base[1], input, { edition });
        if (row[0] === "normalize") return normalize(input, { edition });
        // The findings as "code section", in input order.
        if (row[0] === "audit") return audit(input, { edition }).map((f) => `${f.code} ${f.section}`).join(", ");
        throw new Error(`unknown operation ${row[0]}`);
      };
      // "—": the edition's document defines no such operation, and the function says so.
      if (row[2 + i] === "—") {
        expect(run).toThrow(NotDefinedError);
        expect(run).toThrow(/defines no/);
        return;
      }
      expect({ edition, actual: run() }).toEqual({ edition, actual: code(row[2 + i]) });
    });
  });
});
