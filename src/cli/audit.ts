// uri-grammar audit: the warnings of section 7 about a URI, each with its span marked.
import { AUDIT_MAX_FINDINGS_PER_CODE, audit as auditUri, explain, type AuditFinding } from "../index.js";
import { shown, visible } from "../printable.js";
import { choice, editionOf, helpEnd } from "./args.js";
import { Components, paintComponents } from "./components.js";
import { inputsOf, type Command, type Context } from "./context.js";
import { errorJson, isInputError, json, reportInputError } from "./report.js";
import { EXIT } from "./exit.js";
import type { StyleFormat } from "./style.js";

const SEVERITIES = ["info", "warning", "danger"] as const;
const SEVERITY_COLOURS: Record<string, StyleFormat> = { info: "cyan", warning: "yellow", danger: ["bold", "red"] };

/** The longest input audit shows whole above each finding; a longer one is cut around each. */
export const AUDIT_LINE_MAX_LENGTH = 160;
/** How many characters of the input a cut shows on each side of a finding, and of a long span at each end. */
const CONTEXT = 40;
const SPAN_END = 30;

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
Prints the URI with each component in its own colour on a terminal above each
finding: its span marked with carets, its severity (info, warning or danger)
and section. A URI of more than ${AUDIT_LINE_MAX_LENGTH} characters is cut around each finding
instead. Past ${AUDIT_MAX_FINDINGS_PER_CODE} findings of one kind, the rest are one finding that says how
many (in --json too, with "count").

Arguments:
  <uri>                 the URI reference; "-" reads it from stdin

Options:
  --min-severity LEVEL  leave out findings below info (default), warning or
                        danger
  --fetch               the URI will be fetched on someone's behalf: also
                        report hosts that are this machine (127.0.0.1,
                        [::1], 0.0.0.0, localhost, in any form)
  --json                print the findings as JSON
${helpEnd(24, { [EXIT.ok]: "nothing of severity warning or worse", [EXIT.invalid]: "not a URI reference", [EXIT.no]: "a finding of severity warning or danger" })}`,
  options: { "min-severity": { type: "string", value: "LEVEL" }, fetch: { type: "boolean" }, json: { type: "boolean" } },
  async run(values, positionals, ctx) {
    const [[input], { edition, minSeverity }] = await inputsOf(positionals, ["<uri>"], ctx, () => ({
      edition: editionOf(values), minSeverity: choice(values["min-severity"], "--min-severity", SEVERITIES, "info"),
    }));
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
    // An input short enough to read at a glance is shown whole above each finding, its carets
    // under the text it names (in colour on a terminal: the parse tree is built only for that, and
    // only where explain() builds one). A longer one is shown once cut around each finding, so the
    // output grows with the number of findings (at most AUDIT_MAX_FINDINGS_PER_CODE of a kind, the
    // rest coalesced), not with the input times the findings.
    const whole = input.length <= AUDIT_LINE_MAX_LENGTH;
    const line = !whole ? "" : ctx.out.enabled ? paintComponents(input, new Components(edition).spans(explain(input, { edition })), ctx.out).line : input;
    if (findings.length === 0) {
      ctx.print(whole ? line : excerpt(input, 0, 0).text);
      ctx.print(ctx.out.paint("green", minSeverity === "info" ? "no findings" : `no findings of severity ${minSeverity} or worse`));
      return status;
    }
    if (!whole) ctx.print(ctx.out.paint("dim", `The input has ${input.length} characters; each finding shows the text around it.`));
    ctx.print(findings.map((f) => {
      if (whole) return `${line}\n${findingText(f, f.start, Math.max(1, f.end - f.start), ctx)}`;
      const cut = excerpt(input, f.start, f.end);
      return `${cut.text}\n${findingText(f, cut.column, cut.width, ctx)}`;
    }).join("\n\n"));
    return status;
  },
};

/**
 * The input around [start, end): up to CONTEXT characters on each side, a span longer than
 * 2 * SPAN_END cut in its middle, "…" where text is left out; as visible() shows it. `column` and
 * `width` are where the span stands in that text.
 */
export function excerpt(input: string, start: number, end: number): { text: string; column: number; width: number } {
  const from = Math.max(0, start - CONTEXT);
  const to = Math.min(input.length, end + CONTEXT);
  const before = (from > 0 ? "…" : "") + visible(input.slice(from, start));
  const span = end - start > 2 * SPAN_END
    ? visible(input.slice(start, start + SPAN_END)) + "…" + visible(input.slice(end - SPAN_END, end))
    : visible(input.slice(start, end));
  const after = visible(input.slice(end, to)) + (to < input.length ? "…" : "");
  return { text: before + span + after, column: before.length, width: Math.max(1, span.length) };
}

function findingText(f: AuditFinding, column: number, width: number, ctx: Context): string {
  const paint = ctx.out.paint;
  // An empty span (an empty password) is marked where it would be.
  const marks = " ".repeat(column) + "^".repeat(width);
  const head = `${paint(SEVERITY_COLOURS[f.severity] ?? "yellow", f.severity)} ${f.code} (section ${f.section})` +
    (f.count !== undefined ? ` ${paint("dim", `x${f.count}`)}` : "");
  return `${paint(SEVERITY_COLOURS[f.severity] ?? "yellow", marks)} ${head}\n  ${f.message}` +
    (f.detail !== undefined ? `\n  ${paint("dim", "detail:")} ${shown(f.detail)}` : "");
}
