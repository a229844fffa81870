#!/usr/bin/env node
// Runs before `npm run build` (npm's prebuild): building needs the development dependencies.
// Without them (`npm ci --omit=dev`) say so in a sentence, not with a module-not-found stack.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const missing = ["peggy", "typescript"].filter((name) => {
  try {
    require.resolve(`${name}/package.json`);
    return false;
  } catch {
    return true;
  }
});
if (missing.length) {
  console.error(`uri-grammar: building needs the development dependencies, and ${missing.join(" and ")} ` +
    `${missing.length === 1 ? "is" : "are"} not installed (npm ci --omit=dev leaves them out). ` +
    "Run 'npm ci' to install them, or install the published package, which comes built.");
  process.exit(1);
}
