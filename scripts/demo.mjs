#!/usr/bin/env node
// npm start: the uri-grammar command at work on a real example (run after npm run build, which
// npm start does first): check, parse, explain and audit a URI, and a check that fails.
//
//   npm start                      the example below
//   npm start -- 'http://[::1]/'   your own URI
//   URI_GRAMMAR_CLI=path/to/cli.js npm start   another build of the command
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const cli = process.env.URI_GRAMMAR_CLI ?? join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "cjs", "src", "cli.js");
// The draft's own example of a misleading URI (section 7.5): the host is 10.0.0.1.
const example = process.argv[2] ?? "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm";
const bad = "http://[fe80::1/x";

/** Runs the command as a user would, on this terminal (colours where it is one). */
function show(args) {
  const shown = args.map((a) => (/^[\w./:@%=-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`)).join(" ");
  process.stdout.write(`\n$ uri-grammar ${shown}\n`);
  const r = spawnSync(process.execPath, [cli, ...args], { stdio: "inherit" });
  if (r.error) throw r.error;
  process.stdout.write(`(exit status ${r.status})\n`);
}

show(["check", example]);
show(["parse", example]);
show(["explain", example]);
show(["audit", example]);
show(["check", bad]);
show(["rules", "IPv6reference"]);
