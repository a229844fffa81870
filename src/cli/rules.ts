// uri-grammar rules: the grammar's rules with their sections; one rule in full.
import { EDITIONS, type EditionId, type RuleInfo } from "../index.js";
import { editionOf, expectPositionals, globalOptionHelp, ruleOption } from "./args.js";
import type { Command, Context } from "./context.js";
import { json } from "./report.js";
import { EXIT, exitStatusHelp } from "./exit.js";

export const rules: Command = {
  name: "rules",
  summary: "list the grammar's rules, or show one rule in full",
  usage: `Usage: uri-grammar rules [--json] [NAME]

Without NAME, lists every rule of the grammar with the section of the draft
that defines it, in the order a reader meets them; "*" marks the rules whose
PEG transcription differs in form from the ABNF.

With NAME, shows that rule: its ABNF, the draft's original text where it had
to be corrected, its PEG transcription and why the PEG differs, the rules it
uses and the rules that use it, and strings it matches and does not match.

Arguments:
  NAME             a rule name as the draft spells it, e.g. IPv6address

Options:
  --json           print the rule table (or the one rule) as JSON
${globalOptionHelp(19)}

${exitStatusHelp({ [EXIT.ok]: "shown", [EXIT.usage]: "an unknown rule name or another usage error" })}`,
  options: { json: { type: "boolean" } },
  run(values, positionals, ctx) {
    expectPositionals(positionals, ["[NAME]"]);
    const edition = editionOf(values);
    const RULES = EDITIONS[edition].rules as readonly RuleInfo[];
    if (positionals.length === 0) {
      if (values.json) ctx.print(json(RULES));
      else ctx.print(ruleList(RULES, ctx).join("\n"));
      return EXIT.ok;
    }
    const info = RULES.find((r) => r.name === ruleOption(positionals[0], "", edition))!;
    const examples = exampleVerdicts(edition, info);
    if (values.json) ctx.print(json({ ...info, examples }));
    else ctx.print(ruleText(info, examples, ctx).join("\n"));
    return EXIT.ok;
  },
};

function ruleList(RULES: readonly RuleInfo[], ctx: Context): string[] {
  const width = Math.max(...RULES.map((r) => r.name.length));
  const lines = RULES.map((r) => {
    const section = r.section === "RFC 2234" ? "RFC 2234" : `§${r.section}`;
    return `${section.padEnd(9)} ${r.name}${r.pegNote ? " ".repeat(width - r.name.length) + " *" : ""}`;
  });
  lines.push("", `${RULES.length} rules; * the PEG differs in form from the ABNF ('uri-grammar rules NAME' says why)`);
  return lines;
}

/**
 * The rule's examples (from the edition's vector tables) with the grammar's own verdict on each:
 * what is shown as matching is what the parser matches.
 */
function exampleVerdicts(edition: EditionId, info: RuleInfo): { match: string[]; noMatch: string[] } {
  const e = EDITIONS[edition];
  const rule = e.rule(info.name)!;
  const all = [...info.examples.match, ...info.examples.noMatch];
  return {
    match: all.filter((s) => e.accepts(s, rule)),
    noMatch: all.filter((s) => !e.accepts(s, rule)),
  };
}

function ruleText(info: RuleInfo, examples: { match: string[]; noMatch: string[] }, ctx: Context): string[] {
  const head = (text: string) => ctx.out.paint("bold", text);
  const indent = (text: string) => text.split("\n").map((l) => "  " + l);
  const names = (list: readonly string[]) => (list.length ? list.join(", ") : "(none)");
  const shown = (list: readonly string[]) => (list.length ? list.map((s) => JSON.stringify(s)).join("  ") : "(none)");
  const lines = [
    `${head(info.name)} (${info.section === "RFC 2234" ? "RFC 2234 core rule" : `section ${info.section}`})`,
    "",
    head("ABNF"),
    ...indent(info.abnf),
  ];
  if (info.draft) lines.push("", head("The draft's text (corrected above)"), ...indent(info.draft));
  lines.push("", head("PEG"), ...indent(info.peg));
  lines.push("", head("Why the PEG differs"), ...indent(wrap(info.pegNote ?? "It does not: the PEG has the ABNF's form.", 76)));
  lines.push("",
    `${head("Uses")}           ${names(info.uses)}`,
    `${head("Used by")}        ${names(info.usedBy)}`,
    `${head("Matches")}        ${shown(examples.match)}`,
    `${head("Does not match")} ${shown(examples.noMatch)}`);
  return lines;
}

/** Breaks a paragraph into lines of at most `width` characters (at spaces). */
function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) { lines.push(line); line = word; } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join("\n");
}
