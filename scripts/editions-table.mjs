#!/usr/bin/env node
// The tables of the editions in README.md and docs/editions.md, computed from the built package so
// they cannot go stale (scripts/docs.mjs writes them into their generated blocks):
//
//   node scripts/editions-table.mjs list         the editions: id, document, title, date, model (docs/editions.md)
//   node scripts/editions-table.mjs readme       the editions: id, document, date (README.md)
//   node scripts/editions-table.mjs syntax       each input of docs/editions.tsv: every edition's verdict
//   node scripts/editions-table.mjs operations   each operation of docs/editions.tsv: every edition's answer
//
// docs/editions.tsv holds the inputs and the why column (the prose, with the deciding sections);
// every verdict and answer is the library's. Needs `npm run build` first.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const lib = require(join(root, "dist/cjs/src/index.js"));
const editions = Object.values(lib.EDITIONS);

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** "1997-11-18" or "1997-11" as "November 1997". */
const month = (date) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
const id = (e) => `\`${e.id}\`${e.default ? " (default)" : ""}`;
const cell = (text) => text.replace(/\|/g, "\\|");

/** The rows of docs/editions.tsv of one table: { operation, input, why }. */
function rowsOf(table) {
  const lines = readFileSync(join(root, "docs", "editions.tsv"), "utf8").split("\n").filter((l) => l !== "" && !l.startsWith("#"));
  return lines.map((l) => l.split("\t")).filter(([t]) => t === table).map(([, operation, input, why]) => ({ operation, input, why }));
}

/** An edition's answer to an operation of the table, as its cell shows it ("—": its document defines none). */
function answer(operation, input, edition) {
  const base = /^resolve against `([^`]+)`$/.exec(operation);
  try {
    if (base) return `\`${lib.resolve(base[1], input, { edition })}\``;
    if (operation === "normalize") return `\`${lib.normalize(input, { edition })}\``;
    if (operation === "audit") return `\`${lib.audit(input, { edition }).map((f) => `${f.code} ${f.section}`).join(", ")}\``;
  } catch (e) {
    if (e instanceof lib.NotDefinedError) return "—";
    throw e;
  }
  throw new Error(`editions-table: unknown operation ${JSON.stringify(operation)}`);
}

const what = process.argv[2];
const lines = [];
if (what === "list") {
  lines.push("| id | document | title | date | model |", "|---|---|---|---|---|");
  for (const e of editions) {
    lines.push(`| ${id(e)} | ${cell(e.document)}${e.reconstruction ? " (reconstructed from a diff)" : ""} | ${cell(e.title)} | ${e.date} | \`${e.model}\` |`);
  }
} else if (what === "readme") {
  lines.push("| id | document | date |", "|---|---|---|");
  for (const e of editions) lines.push(`| ${id(e)} | ${cell(e.document)}${e.reconstruction ? " (reconstructed from a diff)" : ""} | ${month(e.date)} |`);
} else if (what === "syntax") {
  lines.push(`| input (each edition's reference rule) | ${editions.map((e) => e.id).join(" | ")} | why (sections) |`, `|---|${editions.map(() => "---|").join("")}---|`);
  for (const { input, why } of rowsOf("syntax")) {
    const verdicts = editions.map((e) => (lib.matches(e.roles.reference, input, { edition: e.id }) ? "accept" : "reject"));
    lines.push(`| \`${cell(input)}\` | ${verdicts.join(" | ")} | ${why} |`);
  }
} else if (what === "operations") {
  lines.push(`| operation | input | ${editions.map((e) => e.id).join(" | ")} | why (sections) |`, `|---|---|${editions.map(() => "---|").join("")}---|`);
  for (const { operation, input, why } of rowsOf("operations")) {
    lines.push(`| ${operation} | \`${cell(input)}\` | ${editions.map((e) => answer(operation, input, e.id)).join(" | ")} | ${why} |`);
  }
} else {
  console.error("usage: node scripts/editions-table.mjs list|readme|syntax|operations");
  process.exit(2);
}
console.log(lines.join("\n"));
