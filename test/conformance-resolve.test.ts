// The resolution, normalization and comparison vectors of the public suites (../shared/conformance/),
// scored by scripts/conformance-resolve.mjs. For the draft the script describes how the RFC 2396 and
// RFC 3986 suites differ from it (docs/differences.md); for RFC 3986 and RFC 2396 every applicable vector agrees,
// or a decision (with the deciding section) or the source's own note explains it, and the script
// exits 1 on anything unexplained or any decision no vector uses.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const ROOT = join(__dirname, "..");

describe.each([["rfc2396bis-01"], ["rfc3986"], ["rfc2396"]])("conformance-resolve --edition %s", (edition) => {
  const run = spawnSync(process.execPath, [join(ROOT, "scripts/conformance-resolve.mjs"), "--dist", "--edition", edition], {
    cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024,
  });

  test("runs to the end and exits 0", () => {
    expect({ status: run.status, stderr: run.stderr.slice(0, 2000) }).toEqual({ status: 0, stderr: "" });
    expect(run.stdout).toMatch(/^# resolve .*against /m);
  });

  if (edition !== "rfc2396bis-01") {
    test("nothing unexplained, no unused decision", () => {
      expect(run.stdout).toMatch(/^unexplained: 0; unused decisions: 0$/m);
    });
  }
});
