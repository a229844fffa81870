// uri-grammar audit: the warnings of section 7 about a URI, each with its span marked.
import { audit as auditUri, explain, EXPLAIN_MAX_LENGTH, type AuditFinding } from "../index.js";
import { choice, editionOf, expectPositionals, globalOptionHelp } from "./args.js";
import { Components, paintComponents } from "./components.js";
import { withStdin, type Command, type Context } from "./context.js";
import { errorJson, isInputError, json, reportInputError } from "./report.js";
import { EXIT, exitStatusHelp } from "./exit.js";
import type { StyleFormat } from "./style.js";

const SEVERITIES = ["info", "warning", "danger"] as const;
const SEVERITY_COLOURS: Record<string, StyleFormat> = { info: "cyan", warning: "yellow", danger: ["bold", "red"] };

export const audit: Command = {
  name: "audit",
  summary: "report what in a URI section 7 warns about",
  usage: `Usage: uri-grammar audit [--min-severity LEVEL] [--fetch] [--json] <uri>

Checks a URI reference against the security considerations of section 7:
userinfo, or a fragment, that may mislead a reader about the host (7.5), a
password in userinfo (7.4), ports of other protocols and escaped control
characters (7.2), hosts that platform routines read as IPv4 addresses in
rare formats, also once decoded or inside an IPv6 literal (7.3), escapes
that a second decoding turns into delimiters (2.4.2), and lookalikes the
grammar allows (3.2.2); each edition cites its own document's sections.
Prints the URI with each component in its own colour on a terminal (up to
EXPLAIN_MAX_LENGTH, 2 MiB; a longer one in plain text), above each finding:
its span marked with carets, its severity (info, warning or danger) and
section.

Arguments:
  <uri>                 the URI reference; "-" reads it from stdin

Options:
  --min-severity LEVEL  leave out findings below info (default), warning or
                        danger
  --fetch               the URI will be fetched on someone's behalf: also
                        report hosts that are this machine (127.0.0.1,
                        [::1], 0.0.0.0, localhost, in any form)
  --json                print the findings as JSON
${globalOptionHelp(24)}

${exitStatusHelp({ [EXIT.ok]: "nothing of severity warning or worse", [EXIT.invalid]: "not a URI reference", [EXIT.no]: "a finding of severity warning or danger" })}`,
  options: { "min-severity": { type: "string", value: "LEVEL" }, fetch: { type: "boolean" }, json: { type: "boolean" } },
  async run(values, positionals, ctx) {
    expectPositionals(positionals, ["<uri>"]);
    const edition = editionOf(values);
    const minSeverity = choice(values["min-severity"], "--min-severity", SEVERITIES, "info");
    const [input] = await withStdin(positionals, ctx);
    let findings: AuditFinding[];
    try {
      findings = auditUri(input, { minSeverity, fetch: values.fetch === true, edition });
    } catch (e) {
      if (!isInputError(e)) throw e;
      if (values.json) ctx.print(json({ input, error: errorJson(e) }));
      else reportInputError(e, ctx);
      return EXIT.invalid;
    }
    const status = findings.some((f) => f.severity !== "info") ? EXIT.no : EXIT.ok;
    if (values.json) {
      ctx.print(json({ input, findings }));
      return status;
    }
    // The parse tree is built only to colour the components, on a terminal, and only where
    // explain() builds one; the findings need no tree, so audit takes an input of any length.
    const line = ctx.out.enabled && input.length <= EXPLAIN_MAX_LENGTH ? paintComponents(input, new Components(edition).spans(explain(input, { edition })), ctx.out).line : input;
    if (findings.length === 0) {
      ctx.print(line);
      ctx.print(ctx.out.paint("green", minSeverity === "info" ? "no findings" : `no findings of severity ${minSeverity} or worse`));
    }
    // The input above each finding, so that its carets sit under the text it names.
    if (findings.length) ctx.print(findings.map((f) => `${line}\n${findingText(f, ctx)}`).join("\n\n"));
    return status;
  },
};

function findingText(f: AuditFinding, ctx: Context): string {
  const paint = ctx.out.paint;
  // An empty span (an empty password) is marked where it would be.
  const marks = " ".repeat(f.start) + "^".repeat(Math.max(1, f.end - f.start));
  const head = `${paint(SEVERITY_COLOURS[f.severity] ?? "yellow", f.severity)} ${f.code} (section ${f.section})`;
  return `${paint(SEVERITY_COLOURS[f.severity] ?? "yellow", marks)} ${head}\n  ${f.message}` +
    (f.detail !== undefined ? `\n  ${paint("dim", "detail:")} ${f.detail}` : "");
}
