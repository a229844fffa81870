#!/usr/bin/env node
// Soak run of the differential check (scripts/grammar-fuzz.mjs): many cases per rule, the peggy
// parser and the rule's DFA started at each rule against the acceptor built from the collected
// ABNF, and the error of every rejected case (offset and next characters) against the acceptor's
// reading.
//
// Usage: node scripts/soak.mjs [--edition ID] [--count N] [--seed S] [--rule R]... [--peg FILE]
//   --edition ID  the edition (default rfc2396bis-01, the draft): its ABNF, builds and shapes
//   --count N  cases per rule (default 100000)
//   --seed S   PRNG seed (default 1); the same seed gives the same cases
//   --rule R   only this rule (repeatable); a rule's cases do not depend on the other rules run
//   --peg FILE check this .peggy grammar (compiled in memory) instead of generated/
// Prints every disagreement (rule, input, PEG verdict, ABNF verdict), then a summary per rule
// (cases, accepted, rejected, disagreements, time). Exit code 1 if there was any disagreement.
import { differential, loadShapes, parseArgs } from "./grammar-fuzz.mjs";

function table(headers, rows, align) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const cell = (v, i) => (align[i] === "r" ? String(v).padStart(widths[i]) : String(v).padEnd(widths[i]));
  const line = (r) => `| ${r.map(cell).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (align[i] === "r" ? "-".repeat(w + 1) + ":" : "-".repeat(w + 2))).join("|")}|`;
  return [line(headers), rule, ...rows.map(line)].join("\n");
}

/** Inputs shown as JSON strings, so spaces, controls and surrogates are visible. */
const show = (s) => JSON.stringify(s).replace(/\|/g, "\\|");

let args;
try {
  args = parseArgs(process.argv.slice(2), { count: 100000, seed: 1 });
} catch (e) {
  console.error(`soak: ${e.message}\nusage: node scripts/soak.mjs [--edition ID] [--count N] [--seed S] [--rule R]... [--peg FILE]`);
  process.exit(2);
}
if (args.help) {
  console.log("usage: node scripts/soak.mjs [--edition ID] [--count N] [--seed S] [--rule R]... [--peg FILE]");
  process.exit(0);
}

const started = Date.now();
const result = differential({
  ...args,
  onRule: (s, i, n) => process.stderr.write(`\r[${i + 1}/${n}] ${s.rule.padEnd(24)} ${s.ms} ms   `),
});
process.stderr.write("\n");

console.log(`# Soak: ${result.edition}, ${result.count} cases per rule, seed ${result.seed}\n`);
if (result.disagreements.length) {
  console.log(`## Disagreements (${result.rules.reduce((n, r) => n + r.disagreements, 0)}; first ${result.disagreements.length} shown)\n`);
  console.log(table(["rule", "input", "PEG", "ABNF"],
    result.disagreements.map((d) => [d.rule, show(d.input), d.peg === true ? "accept" : d.peg === false ? "reject" : d.peg, d.abnf ? "accept" : "reject"]),
    ["l", "l", "l", "l"]));
  console.log("");
} else {
  console.log("No disagreements.\n");
}
console.log("## Per rule\n");
const rows = result.rules.map((r) => [r.rule, r.cases, r.accepted, r.rejected, r.errorsChecked, r.disagreements, `${(r.ms / 1000).toFixed(1)} s`]);
const total = (k) => result.rules.reduce((n, r) => n + r[k], 0);
rows.push(["total", total("cases"), total("accepted"), total("rejected"), total("errorsChecked"), total("disagreements"), `${((Date.now() - started) / 1000).toFixed(1)} s`]);
console.log(table(["rule", "cases", "accepted", "rejected", "errors checked", "disagreements", "time"], rows, ["l", "r", "r", "r", "r", "r", "r"]));
const shapes = loadShapes(result.edition).filter(([name, rule]) => !args.rules.length || args.rules.includes(rule));
if (shapes.length) {
  console.log("\n## Rare shapes reached\n");
  console.log(table(["shape", "cases"], shapes.map(([name]) => [name, result.shapes[name]]), ["l", "r"]));
}
process.exitCode = result.disagreements.length ? 1 : 0;
