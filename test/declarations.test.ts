// The package's own declarations, as a user's program reads them: a consumer (test/fixtures/
// consumer.ts) compiled against the built package by its name, strictly, with
// exactOptionalPropertyTypes on and skipLibCheck off, for both module systems.
import { join } from "node:path";
import * as ts from "typescript";

const ROOT = join(__dirname, "..");

describe.each([["commonjs", ts.ModuleKind.Node16], ["ES modules", ts.ModuleKind.NodeNext]])("declarations (%s)", (_name, module) => {
  test("a strict consumer compiles with no error", () => {
    const program = ts.createProgram([join(ROOT, "test/fixtures/consumer.ts")], {
      strict: true, exactOptionalPropertyTypes: true, skipLibCheck: false, noEmit: true,
      module, moduleResolution: ts.ModuleResolutionKind.Node16, target: ts.ScriptTarget.ES2022,
      types: ["node"], typeRoots: [join(ROOT, "node_modules/@types")],
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) =>
      `${d.file ? `${d.file.fileName.replace(ROOT + "/", "")}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ` : ""}` +
      ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(diagnostics).toEqual([]);
    // The consumer was read through the package's exports, from dist/.
    expect(program.getSourceFiles().some((f) => f.fileName.includes("/dist/") && f.fileName.endsWith("src/index.d.ts"))).toBe(true);
  });
});
