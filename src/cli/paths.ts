// Where the compiled files are, in the CommonJS and the ES module build alike.
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";

/** The directory of the compiled src/ files (dist/cjs/src or dist/esm/src). */
export function srcDir(): string {
  // CommonJS has __dirname (this file is in src/cli/); the ES module build runs as the bin, argv[1].
  if (typeof __dirname !== "undefined") return join(__dirname, "..");
  return dirname(realpathSync(process.argv[1]));
}

/** The version in the package's package.json. */
export function packageVersion(): string {
  for (let dir = srcDir(); ; dir = dirname(dir)) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "uri-grammar" && pkg.version) return pkg.version;
    }
    if (dirname(dir) === dir) return "unknown";
  }
}
