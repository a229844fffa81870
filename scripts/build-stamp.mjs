#!/usr/bin/env node
// Whether dist/ is a build of the files as they are now. scripts/build-dist.mjs writes a hash of
// every file a build reads (dist/build-inputs.sha256); `npm start` runs this script first and
// builds only when the hash differs (or dist/ is missing), so it does not rebuild a fresh build.
//
//   node scripts/build-stamp.mjs --ensure   build (npm run build) unless dist/ is fresh
//   node scripts/build-stamp.mjs --check    exit 0 if dist/ is fresh, 1 if not
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const STAMP = join(root, "dist", "build-inputs.sha256");

/**
 * The files a build reads: src/, grammar/, generated/, playground/, the tour (docs/history.tsv),
 * the build scripts, their phases and passes (scripts/build/, scripts/passes/), and the configs.
 */
function inputs() {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  for (const dir of ["src", "grammar", "generated", "playground", "scripts/passes", "scripts/build"]) if (existsSync(join(root, dir))) walk(join(root, dir));
  for (const file of ["scripts/build-grammar.mjs", "scripts/build-dfa.mjs", "scripts/build-tagged.mjs", "scripts/build-positions.mjs", "scripts/abnf-strings.mjs",
    "scripts/build-dist.mjs", "scripts/build-playground.mjs", "scripts/abnf-acceptor.mjs", "docs/history.tsv", "tsconfig.json", "tsconfig.build.json", "package.json", "package-lock.json"]) {
    if (existsSync(join(root, file))) files.push(join(root, file));
  }
  return files;
}

/** One hash of the names and contents of every input. */
export function inputsHash() {
  const hash = createHash("sha256");
  for (const file of inputs()) hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex");
}

export function isFresh() {
  return existsSync(STAMP) && readFileSync(STAMP, "utf8").trim() === inputsHash();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--check")) process.exit(isFresh() ? 0 : 1);
  if (process.argv.includes("--ensure")) {
    if (isFresh()) {
      console.log("build: dist/ is up to date");
    } else {
      try {
        execFileSync(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
      } catch (e) {
        process.exit(typeof e.status === "number" ? e.status : 1);
      }
    }
  }
}
