#!/usr/bin/env node
// The generated parts of README.md and docs/*.md: every block between
//
//   <!-- generated: COMMAND -->
//   ...
//   <!-- end generated -->
//
// is the output of COMMAND, so that what the docs show is what the program prints:
//   uri-grammar ARGS...                       the command's output (the help texts), in a text fence
//   node scripts/conformance-syntax.mjs ...   the script's Markdown table (its lines starting "|")
//   node scripts/audit-table.mjs              the table of audit() findings, from the built package
//   node scripts/editions-table.mjs WHAT      the tables of the editions, every verdict computed (docs/editions.tsv)
//   node scripts/bench-table.mjs              the benchmark's tables, one per kind of machine (docs/bench/*.json)
//
//   node scripts/docs.mjs            rewrite the blocks (after npm run build)
//   node scripts/docs.mjs --check    exit 1 and name the stale blocks; test/docs.test.ts runs this check
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const CLI = join(root, "dist", "cjs", "src", "cli.js");
const BLOCK = /(<!-- generated: (.+?) -->\n)([\s\S]*?)(<!-- end generated -->)/g;

/** The documents with generated blocks. */
export function documents() {
  return ["README.md", ...readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).sort().map((f) => `docs/${f}`)];
}

/** What a block holds for its command. */
export function generate(command) {
  const words = command.split(" ");
  const env = { ...process.env, NO_COLOR: "1" };
  delete env.FORCE_COLOR;
  if (words[0] === "uri-grammar") {
    const r = spawnSync(process.execPath, [CLI, ...words.slice(1)], { cwd: root, encoding: "utf8", env });
    if (r.error || r.status !== 0) throw new Error(`docs: "${command}" failed (${r.status}): ${r.stderr}`);
    return "```text\n" + r.stdout + "```\n";
  }
  if (words[0] === "node" && ["scripts/audit-table.mjs", "scripts/editions-table.mjs", "scripts/bench-table.mjs"].includes(words[1])) {
    const r = spawnSync(process.execPath, words.slice(1), { cwd: root, encoding: "utf8", env });
    if (r.error || r.status !== 0) throw new Error(`docs: "${command}" failed (${r.status}): ${r.stderr.trim()}`);
    return r.stdout;
  }
  if (words[0] === "node" && words[1] === "scripts/conformance-syntax.mjs") {
    const r = spawnSync(process.execPath, words.slice(1), { cwd: root, encoding: "utf8", env });
    if (r.error || r.status !== 0) throw new Error(`docs: "${command}" failed (${r.status}): ${r.stderr.trim()}`);
    return r.stdout.split("\n").filter((l) => l.startsWith("|")).join("\n") + "\n";
  }
  throw new Error(`docs: no generator for "${command}"`);
}

/** Every block of every document: { file, command, shown, fresh }. */
export function blocks() {
  const all = [];
  for (const file of documents()) {
    const text = readFileSync(join(root, file), "utf8");
    for (const m of text.matchAll(BLOCK)) all.push({ file, command: m[2], shown: m[3] });
  }
  return all;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.on("uncaughtException", (e) => {
    console.error(e.message);
    process.exit(2);
  });
  const check = process.argv.includes("--check");
  let stale = 0;
  for (const file of documents()) {
    const path = join(root, file);
    const text = readFileSync(path, "utf8");
    const next = text.replace(BLOCK, (_all, open, command, shown, close) => {
      const fresh = generate(command);
      if (fresh !== shown) {
        stale++;
        if (check) console.error(`docs: ${file}: the block of "${command}" is stale`);
      }
      return open + fresh + close;
    });
    if (!check && next !== text) writeFileSync(path, next);
  }
  if (check && stale) {
    console.error(`docs: ${stale} stale block(s); run "node scripts/docs.mjs" after "npm run build"`);
    process.exit(1);
  }
}
