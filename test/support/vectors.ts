// Reads the hand-written grammar vector tables of an edition, grammar/ID/vectors/syntax-*.tsv (one per
// section or group of sections of the edition's document).
//
// Format: tab-separated, one header row "rule input expect section reason", lines starting with
// "#" are comments. The input is taken literally, except that an input that starts and ends with a
// double quote (and is at least two characters long) is a JSON string literal: "" is the empty
// string, "\u00e9" a non-ASCII character, "\ud800" a lone surrogate, " " a space.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface Vector {
  file: string;
  line: number;
  rule: string;
  input: string;
  accept: boolean;
  section: string;
  reason: string;
}

/** The folder of an edition's vector tables: they live with its grammar. */
export function vectorDir(edition: string): string {
  return join(__dirname, "..", "..", "grammar", edition, "vectors");
}
const HEADER = ["rule", "input", "expect", "section", "reason"];

export function decodeInput(field: string): string {
  if (field.length >= 2 && field.startsWith('"') && field.endsWith('"')) return JSON.parse(field) as string;
  return field;
}

/** The syntax vectors of the edition (grammar/ID/vectors/syntax-*.tsv). */
export function readVectors(edition: string): Vector[] {
  return readVectorsIn(vectorDir(edition));
}

/** The syntax vectors of a folder (its syntax-*.tsv files). */
export function readVectorsIn(dir: string): Vector[] {
  const vectors: Vector[] = [];
  for (const file of readdirSync(dir).filter((f) => f.startsWith("syntax-") && f.endsWith(".tsv")).sort()) {
    const lines = readFileSync(join(dir, file), "utf8").split("\n");
    let header = false;
    lines.forEach((text, i) => {
      if (text === "" || text.startsWith("#")) return;
      const cells = text.split("\t");
      if (!header) {
        if (cells.join(" ") !== HEADER.join(" ")) throw new Error(`${file}:${i + 1}: header must be ${HEADER.join(" | ")}`);
        header = true;
        return;
      }
      if (cells.length !== 5) throw new Error(`${file}:${i + 1}: expected 5 tab-separated cells, got ${cells.length}`);
      const [rule, input, expect, section, reason] = cells;
      if (expect !== "accept" && expect !== "reject") throw new Error(`${file}:${i + 1}: expect must be accept or reject`);
      if (!section || !reason) throw new Error(`${file}:${i + 1}: section and reason are required`);
      vectors.push({ file, line: i + 1, rule, input: decodeInput(input), accept: expect === "accept", section, reason });
    });
  }
  return vectors;
}

/** A test name made from the row itself. */
export function vectorName(v: Vector): string {
  return `${v.rule} ${v.accept ? "accepts" : "rejects"} ${JSON.stringify(v.input)} (§${v.section}: ${v.reason})`;
}
