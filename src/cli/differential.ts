// uri-grammar differential: the edition's reading of each input beside the WHATWG URL Standard's
// (the parser of browsers and Node's fetch), component by component, with the differences marked.
import { DIFFERENTIAL_DEFAULT_EDITION, EDITIONS, differential as compareReadings, type DifferentialResult, type EditionId } from "../index.js";
import { visible } from "../printable.js";
import { UsageError, globalOptionHelp, editionOf } from "./args.js";
import { inputsOf, type Command, type Context } from "./context.js";
import { EXIT, exitStatusHelp } from "./exit.js";
import { errorJson, json } from "./report.js";
import type { StyleFormat } from "./style.js";

const SEVERITY_COLOURS: Record<string, StyleFormat> = { info: "cyan", warning: "yellow", danger: ["bold", "red"] };
const ROWS = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"] as const;

export const differential: Command = {
  name: "differential",
  summary: "show where a browser's URL parser reads an input otherwise",
  usage: `Usage: uri-grammar differential [--base URI] [--json] <input>...

Reads each input as the edition does (RFC 3986 unless --edition names
another) and as the WHATWG URL Standard does (the parser of browsers, Node's
fetch and undici: this platform's URL), and prints the components side by
side with the differences marked: danger where they name a different scheme,
userinfo, host or port (where a request goes), warning for path, query or
fragment and for an input one side rejects, info where the two differ only
in form (equal once normalized as the edition's section 6 says). Each
difference names the rule on each side. Where the two disagree, treat the
input as invalid: it was checked by one reading and will be fetched by the
other (docs/differential.md).

Arguments:
  <input>...       the URI references; one may be "-" (stdin)

Options:
  --base URI       resolve each input against this absolute URI on both
                   sides, and compare the targets (a relative reference has
                   no WHATWG reading without one)
  --json           print each result as JSON: {input, edition, rfc, whatwg,
                   differences}
  --edition NAME   the edition to compare (default for this command:
                   $URI_GRAMMAR_EDITION, else rfc3986); not url-1993, which
                   defines no normalization
${globalOptionHelp(19).split("\n").slice(3).join("\n")}

${exitStatusHelp({
    [EXIT.ok]: "the two read every input the same (differences of form only)",
    [EXIT.invalid]: "an input is invalid under both",
    [EXIT.no]: "the two read an input differently (a warning or a danger)",
  })}`,
  options: { base: { type: "string", value: "URI" }, json: { type: "boolean" } },
  async run(values, positionals, ctx) {
    const [inputs, edition] = await inputsOf(positionals, ["<input>..."], ctx, () => {
      const given = values.edition ?? process.env.URI_GRAMMAR_EDITION;
      const id: EditionId = given === undefined || given === "" ? DIFFERENTIAL_DEFAULT_EDITION : editionOf(values);
      if (EDITIONS[id].normalization === undefined) {
        throw new UsageError(`${EDITIONS[id].document} defines no normalization, which tells a difference of form from a difference of reading; choose another edition`);
      }
      return id;
    });
    const base = typeof values.base === "string" ? values.base : undefined;
    const results: DifferentialResult[] = [];
    for (const input of inputs) {
      try {
        results.push(compareReadings(input, { edition, ...(base !== undefined ? { base } : {}) }));
      } catch (e) {
        if (e instanceof TypeError && base !== undefined && e.message.includes("options.base")) {
          throw new UsageError(`--base: ${e.message.replace(/^differential: options\.base /, "")}`);
        }
        throw e;
      }
    }
    let status: number = EXIT.ok;
    if (results.some((r) => r.differences.some((d) => d.kind === "reading"))) status = EXIT.no;
    if (results.some((r) => !r.rfc.valid && !r.whatwg.valid)) status = EXIT.invalid;
    if (values.json) {
      for (const [i, r] of results.entries()) ctx.print(json(toJson(inputs[i], r)));
      return status;
    }
    ctx.print(results.map((r, i) => table(inputs[i], r, ctx)).join("\n\n"));
    return status;
  },
};

function toJson(input: string, r: DifferentialResult): unknown {
  return {
    input, edition: r.edition,
    rfc: r.rfc.valid ? r.rfc : { valid: false, ...(r.rfc.error !== undefined ? { error: errorJson(r.rfc.error) } : {}) },
    whatwg: r.whatwg,
    differences: r.differences,
  };
}

/** One input: its components side by side, the differences marked, then each difference's reason. */
function table(input: string, r: DifferentialResult, ctx: Context): string {
  const paint = ctx.out.paint;
  const show = (v: string | undefined | null) => (v === undefined || v === null ? "(none)" : v === "" ? '""' : visible(v));
  const lines = [visible(input)];
  const document = EDITIONS[r.edition].document;
  if (!r.rfc.valid && !r.whatwg.valid) {
    lines.push(`  invalid under both: ${document} (${r.rfc.error?.message ?? ""}) and the URL Standard`);
    return lines.join("\n");
  }
  const rows: [string, string, string, string][] = [["", document, "URL Standard", ""]];
  const byComponent = new Map(r.differences.map((d) => [d.component, d]));
  const validity = byComponent.get("validity");
  rows.push(["valid", r.rfc.valid ? "yes" : "no", r.whatwg.valid ? "yes" : "no", validity ? validity.severity : ""]);
  for (const part of ROWS) {
    const a = r.rfc.components?.[part];
    const b = r.whatwg.components?.[part];
    if (a === undefined && b === undefined) continue;
    const d = byComponent.get(part);
    rows.push([part, r.rfc.valid ? show(a) : "", r.whatwg.valid ? show(b) : "", d ? `${d.severity} (${d.kind})` : ""]);
  }
  const w0 = Math.max(...rows.map((x) => x[0].length));
  const w1 = Math.max(...rows.map((x) => x[1].length));
  const w2 = Math.max(...rows.map((x) => x[2].length));
  for (const [i, [name, a, b, mark]] of rows.entries()) {
    const text = `  ${name.padEnd(w0)}  ${a.padEnd(w1)}  ${b.padEnd(w2)}`;
    const severity = mark.split(" ")[0];
    lines.push(i === 0 ? paint("dim", text.trimEnd()) : mark ? `${paint(SEVERITY_COLOURS[severity] ?? "yellow", text)}  ${paint(SEVERITY_COLOURS[severity] ?? "yellow", "<- " + mark)}` : text.trimEnd());
  }
  if (r.whatwg.href !== undefined) lines.push(`  ${paint("dim", "URL Standard href:")} ${visible(r.whatwg.href)}`);
  if (r.differences.length === 0) {
    lines.push(paint("green", "  the two read it the same"));
  } else {
    for (const d of r.differences) lines.push(`  ${paint(SEVERITY_COLOURS[d.severity] ?? "yellow", d.severity)} ${d.component}: ${visible(d.why)}`);
  }
  return lines.join("\n");
}
