#!/usr/bin/env node
// The uri-grammar command (package.json "bin"). Everything is in src/cli/; this only runs it.
import { main } from "./cli/main.js";
import { processContext } from "./cli/context.js";

// A reader that goes away (`uri-grammar rules | head -1`) is not an error.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code !== "EPIPE") throw e;
});

main(process.argv.slice(2), processContext()).then((status) => {
  process.exitCode = status;
});
