#!/usr/bin/env node
// The tables of docs/performance.md: one per kind of machine measured, from the runs of
// `npm run bench -- --record` kept in docs/bench/<machine>.json (each file is a run's
// bench-results/bench.json, the last run on that kind of machine). scripts/docs.mjs puts the output
// in the page; test/docs.test.ts checks that it is fresh.
//
//   node scripts/bench-table.mjs     Markdown: a heading, a line on the run and a table per machine
//                                    (and the pieces of a parse(), where the run has them)
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = join(root, "docs", "bench");

/** The runs kept, one per kind of machine, in the order of their file names. */
export function runs() {
  return readdirSync(dir).filter((f) => f.endsWith(".json")).sort().map((f) => ({ file: f, run: JSON.parse(readFileSync(join(dir, f), "utf8")) }));
}

/** The targets the benchmark checks (scripts/bench.mjs prints the same), each a most ratio to the regex split. */
export const TARGETS = [
  { key: "matchesToRegex", what: "`matches()` / regex split", most: 0.9 },
  { key: "validateToRegex", what: "`validate()` of a valid reference / regex split", most: 0.9 },
  { key: "parseToRegex", what: "`parse()` / regex split", most: 2.0 },
];

const fmt = (n) => (n >= 100 ? Math.round(n).toLocaleString("en-US") : n.toFixed(1));

function table(run) {
  const cpuColumns = run.results.every((r) => typeof r.medianCpuNs === "number");
  const head = cpuColumns
    ? ["| contender | references | ns per reference | ratio to regex split | CPU ns per reference | CPU ratio |", "|---|---|---:|---:|---:|---:|"]
    : ["| contender | references | ns per reference | ratio to regex split |", "|---|---|---:|---:|"];
  const rows = run.results.map((r) => {
    const cells = [r.name, `${r.set} (${r.count.toLocaleString("en-US")})`, fmt(r.medianNs), r.ratioToRegex.toFixed(2)];
    if (cpuColumns) cells.push(fmt(r.medianCpuNs), r.cpuRatioToRegex.toFixed(2));
    return `| ${cells.join(" | ")} |`;
  });
  return [...head, ...rows];
}

/**
 * The pieces of a parse() (scripts/bench-parts.mjs, which npm run bench runs and keeps in its
 * report as `parts`) as a Markdown table.
 */
export function partsTable(parts) {
  return ["| piece | references | ns a reference | the regex split beside it, ns | ratio to the regex split |", "|---|---|---:|---:|---:|",
    ...parts.rows.map((row) => `| ${row.name} | ${row.set} | ${row.ns.toFixed(0)} | ${row.regexNs.toFixed(0)} | ${row.ratio.toFixed(2)} |`)];
}

function targets(run) {
  return TARGETS.filter((t) => typeof run.targets?.[t.key] === "number").map((t) => {
    const v = run.targets[t.key];
    return `- ${t.what}: ${v.toFixed(2)}x (target at most ${t.most.toFixed(1)}x: ${v <= t.most ? "met" : "not met"})`;
  });
}

export function render() {
  const out = [];
  for (const { run } of runs()) {
    out.push(`### ${run.cpu}`, "");
    const load = Array.isArray(run.loadavg) ? `, load average ${run.loadavg.map((l) => l.toFixed(1)).join(", ")} at the end` : "";
    const harness = run.harness === "shared-loop"
      ? "; measured with the earlier harness, one loop shared by every contender, which adds a generic call to each of them"
      : "";
    out.push(`${run.date.slice(0, 10)}, Node ${run.node}, ${run.cpu} (${run.cores} cores), ${run.platform}${load}; ` +
      `median of ${run.passes} passes after ${run.warmup} warm-up passes${harness}.`, "");
    out.push(...table(run), "");
    const t = targets(run);
    if (t.length > 0) out.push(...t, "");
    if (run.parts !== undefined) {
      out.push(`Where parse() spends its time, in the same run (scripts/bench-parts.mjs: each piece in a process of its own beside the ` +
        `regex split on the same references, CPU time, the smallest of ${run.parts.rounds} rounds):`, "", ...partsTable(run.parts), "");
    }
  }
  return out.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(render());
