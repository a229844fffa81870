// Phase "tour" of the grammar build (scripts/build-grammar.mjs): generated/tour.js, the stops of the
// guided tour of the grammar's history, read from docs/history.tsv and checked for their form.
// tourModules(editions) takes every edition as readEdition() gives it (grammar-files.mjs) and
// gives tour.js and tour.d.ts as [name, text] pairs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../abnf-acceptor.mjs";
import { GENERATED_HEADER } from "./outputs.mjs";

/** generated/tour.js and tour.d.ts. */
export function tourModules(editions) {
  return [["tour.js", tourModule(readTour(editions))], ["tour.d.ts", tourDeclarations()]];
}

/**
 * docs/history.tsv, the stops of the guided tour of the grammar's history (src/tour.ts computes
 * every answer): each row checked here for its form, the editions it names and the rules it
 * checks. Its claims are checked against the editions by test/tour.test.ts.
 */
function readTour(editions) {
  const file = join(ROOT, "docs", "history.tsv");
  const ids = new Set(editions.map((e) => e.manifest.id));
  const ruleNames = new Set(editions.flatMap((e) => e.abnfRules.map((r) => r.name)));
  const rows = [];
  let header;
  readFileSync(file, "utf8").split("\n").forEach((line, i) => {
    if (line === "" || line.startsWith("#")) return;
    const where = `docs/history.tsv:${i + 1}`;
    const cells = line.split("\t");
    if (header === undefined) {
      header = cells;
      if (cells.join(" ") !== "kind input rule claim title point") throw new Error(`${where}: the header must be kind, input, rule, claim, title, point`);
      return;
    }
    if (cells.length !== header.length) throw new Error(`${where}: ${cells.length} cells, not ${header.length}`);
    const [kind, field, rule, claim, title, point] = cells;
    const input = field.length >= 2 && field.startsWith('"') && field.endsWith('"') ? JSON.parse(field) : field;
    if (!["editions", "resolve", "normalize", "diff"].includes(kind)) throw new Error(`${where}: unknown kind ${JSON.stringify(kind)}`);
    if (!title || !point || !claim) throw new Error(`${where}: a stop has a claim, a title and a point`);
    if (rule && (kind !== "editions" || !ruleNames.has(rule))) throw new Error(`${where}: ${JSON.stringify(rule)} is no rule of an edition (and only an editions stop names one)`);
    if (kind === "resolve" && input.split(" ").length !== 2) throw new Error(`${where}: a resolve stop's input is "BASE REF"`);
    if (kind === "diff") {
      const pair = input.split(" ");
      if (pair.length !== 2 || !pair.every((id) => ids.has(id))) throw new Error(`${where}: a diff stop's input is two edition ids`);
      const words = claim.split(" ");
      if (words.length % 2 !== 0 || !words.every((w, k) => (k % 2 === 0 ? ruleNames.has(w) : /^[>+-]./.test(w)))) {
        throw new Error(`${where}: a diff claim is "RULE >NEW", "RULE +CHARS" or "RULE -CHARS", repeated`);
      }
    } else {
      const named = claim.split(" ");
      if (!named.every((id) => ids.has(id))) throw new Error(`${where}: the claim names editions, oldest first: ${claim}`);
    }
    rows.push({ kind, input, ...(rule ? { rule } : {}), claim, title, point });
  });
  if (rows.length === 0) throw new Error("docs/history.tsv: no stops");
  return rows;
}

function tourModule(rows) {
  return `${GENERATED_HEADER} from docs/history.tsv.\n"use strict";\n\n` +
    `const TOUR = Object.freeze(${JSON.stringify(rows, null, 2)}.map((s) => Object.freeze(s)));\n\n` +
    `module.exports = { TOUR };\n`;
}

function tourDeclarations() {
  return `${GENERATED_HEADER} from docs/history.tsv.\n` +
    `/** One stop of the guided tour of the grammar's history, as docs/history.tsv writes it. */\n` +
    `export interface TourRow {\n` +
    `  readonly kind: "editions" | "resolve" | "normalize" | "diff";\n` +
    `  readonly input: string;\n  readonly rule?: string;\n  readonly claim: string;\n  readonly title: string;\n  readonly point: string;\n}\n` +
    `export declare const TOUR: readonly TourRow[];\n`;
}
