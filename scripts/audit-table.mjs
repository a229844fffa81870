#!/usr/bin/env node
// The table of audit() findings in docs/api.md: every code with its severity, the section of each
// edition's document behind it ("-" where that document raises no such concern and the finding is
// never reported), and what it means. Read from the built package (src/audit-codes.ts: FINDINGS, and
// auditSectionsOf, each edition's manifest's "audit"), so the table is what the code does. Needs
// `npm run build` first.
//
//   node scripts/audit-table.mjs     the Markdown table
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const { FINDINGS, auditSectionsOf } = require(join(root, "dist/cjs/src/audit-codes.js"));
const { EDITIONS } = require(join(root, "dist/cjs/src/index.js"));

const editions = Object.values(EDITIONS);
const lines = [
  `| code | severity | ${editions.map((e) => `\`${e.id}\``).join(" | ")} | what it means and why |`,
  `|---|---|${editions.map(() => "---|").join("")}---|`,
];
for (const [code, { severity, what }] of Object.entries(FINDINGS)) {
  const sections = editions.map((e) => auditSectionsOf(e)[code] ?? "-");
  lines.push(`| \`${code}\` | ${severity} | ${sections.join(" | ")} | ${what} |`);
}
console.log(lines.join("\n"));
