#!/usr/bin/env node
// The uri-grammar command (package.json "bin"). Everything is in src/cli/; this only runs it.
import { main, outputFault } from "./cli/main.js";
import { processContext } from "./cli/context.js";

const ctx = processContext();
// A reader that goes away (`uri-grammar rules | head -1`) is not an error; any other fault of the
// output (a full disk) ends the command: whatever it writes next would be lost too.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code !== "EPIPE") process.exit(outputFault(e, ctx));
});

main(process.argv.slice(2), ctx).then((status) => {
  process.exitCode = status;
});
