// uri-grammar rules: the grammar's rules with their sections; one rule in full.
import { quote } from "../printable.js";
import { EDITIONS, type EditionId, type RuleInfo } from "../index.js";
import { sectionText } from "../errors.js";
import { ruleChange, type RuleChange } from "../diff-editions.js";
import type { Edition } from "../edition.js";
import { editionOf, expectPositionals, helpEnd, ruleOption, UsageError } from "./args.js";
import type { Command, Context } from "./context.js";
import { json } from "./report.js";
import { EXIT } from "./exit.js";

export const rules: Command = {
  name: "rules",
  summary: "list the grammar's rules, or show one rule in full",
  usage: `Usage: uri-grammar rules [--json] [--editions] [NAME]

Without NAME, lists every rule of the edition's grammar with the section of
its document that defines it, in the order a reader meets them; "*" marks the
rules whose PEG transcription differs in form from the ABNF.

With NAME, shows that rule: its ABNF, the document's own text where it had to
be transcribed, its PEG transcription and why the PEG differs, the rules it
uses and the rules that use it, and strings it matches and does not match.

With NAME and --editions, shows the rule in every edition that has it (in the
same role under whatever name: absoluteURI, absolute-URI; site, authority; or
else by that name), oldest first: its section and ABNF, and what changed from
the edition before: characters added to or removed from its set, rules it
began or stopped using. A rule an edition's document does not show (an
edition reconstructed from a diff) says where it was filled from.

Arguments:
  NAME             a rule name as the edition spells it, e.g. IPv6address

Options:
  --editions       the rule's history across the editions (needs NAME)
  --json           print the rule table (or the one rule) as JSON
${helpEnd(19, { [EXIT.ok]: "shown", [EXIT.usage]: "an unknown rule name or another usage error" })}`,
  options: { json: { type: "boolean" }, editions: { type: "boolean" } },
  run(values, positionals, ctx) {
    expectPositionals(positionals, ["[NAME]"]);
    if (values.editions) {
      if (positionals.length === 0) throw new UsageError("--editions needs a rule NAME");
      const rows = history(positionals[0]);
      if (values.json) ctx.print(json(rows));
      else ctx.print(historyText(rows, ctx).join("\n"));
      return EXIT.ok;
    }
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
    else ctx.print(ruleText(info, examples, EDITIONS[edition].document, EDITIONS[edition].spec, ctx).join("\n"));
    return EXIT.ok;
  },
};

function ruleList(RULES: readonly RuleInfo[], ctx: Context): string[] {
  const width = Math.max(...RULES.map((r) => r.name.length));
  const lines = RULES.map((r) => {
    const section = r.section === "RFC 2234" ? "RFC 2234" : `§${r.section}`;
    const marks = `${r.pegNote ? "*" : " "}${r.reconstructed ? ` from ${r.reconstructed.from} §${r.reconstructed.section}` : ""}`.trimEnd();
    return `${section.padEnd(9)} ${r.name}${marks ? " ".repeat(width - r.name.length) + " " + marks : ""}`;
  });
  lines.push("", `${RULES.length} rules; * the PEG differs in form from the ABNF ('uri-grammar rules NAME' says why)`);
  const filled = RULES.filter((r) => r.reconstructed).length;
  if (filled) lines.push(`${filled} not shown by the document, reconstructed from the edition and section named`);
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

function ruleText(info: RuleInfo, examples: { match: string[]; noMatch: string[] }, document: string, spec: string, ctx: Context): string[] {
  const head = (text: string) => ctx.out.paint("bold", text);
  const indent = (text: string) => text.split("\n").map((l) => "  " + l);
  const names = (list: readonly string[]) => (list.length ? list.join(", ") : "(none)");
  const shown = (list: readonly string[]) => (list.length ? list.map((s) => JSON.stringify(s)).join("  ") : "(none)");
  const lines = [
    `${head(info.name)} (${sectionText(info.section)})`,
    "",
    head("ABNF"),
    ...indent(info.abnf),
  ];
  if (info.draft) lines.push("", head(`The text of ${document} (transcribed above)`), ...indent(info.draft));
  if (info.reconstructed) {
    const { from, section, note } = info.reconstructed;
    lines.push("", head("Reconstructed"), ...indent(wrap(`${spec}, the source of ${document}, does not show this rule; ` +
      `it is filled from ${from}, section ${section}${note ? `: ${note}` : "."}`, 76)));
  }
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

/** One edition's form of a rule, and what changed from the edition before. */
interface HistoryRow {
  readonly edition: string;
  readonly date: string;
  readonly rule: string;
  readonly section: string;
  readonly abnf: string;
  /** Characters the rule's set gained and lost (RuleChange's charactersAdded and charactersRemoved). */
  readonly added: string;
  readonly removed: string;
  readonly usesAdded: RuleChange["usesAdded"];
  readonly usesRemoved: RuleChange["usesRemoved"];
  /** Where the rule comes from when the edition's document does not show it. */
  readonly reconstructed?: RuleInfo["reconstructed"];
}

/**
 * The rule in every edition that has it by role or by name, oldest first. The role is the one the
 * newest edition with a rule of that role gives the name (authority is RFC 3986's authority, which
 * draft -01 calls site; -01's own authority is the registry-based form, later reg_name); an
 * edition without that role shows its rule of the name, if it has one.
 */
function history(name: string): HistoryRow[] {
  const all = Object.values(EDITIONS);
  const role = [...all].reverse().flatMap((e) => Object.entries(e.roles).filter(([, v]) => v === name).map(([k]) => k))[0];
  const rows: HistoryRow[] = [];
  let before: { edition: Edition; info: RuleInfo } | undefined;
  for (const e of all) {
    const byRole = role === undefined ? undefined : (e.roles as unknown as Record<string, unknown>)[role];
    const own = typeof byRole === "string" ? byRole : e.rule(name)?.name;
    if (typeof own !== "string") continue;
    const info = e.rule(own)! as RuleInfo;
    const change = before ? ruleChange(before.edition, before.info, e, info) : undefined;
    rows.push({
      edition: e.id, date: e.date, rule: info.name, section: info.section, abnf: info.abnf,
      ...(info.reconstructed ? { reconstructed: info.reconstructed } : {}),
      added: change?.charactersAdded ?? "", removed: change?.charactersRemoved ?? "",
      usesAdded: change?.usesAdded ?? [], usesRemoved: change?.usesRemoved ?? [],
    });
    before = { edition: e, info };
  }
  if (rows.length === 0) {
    throw new UsageError(`no edition has a rule ${quote(name)}; 'uri-grammar rules --edition ID' lists an edition's rules`);
  }
  return rows;
}

function historyText(rows: readonly HistoryRow[], ctx: Context): string[] {
  const lines: string[] = [];
  for (const r of rows) {
    const from = r.reconstructed ? ` (not in the document's source: from ${r.reconstructed.from}, section ${r.reconstructed.section})` : "";
    lines.push(`${ctx.out.paint("bold", r.edition)} (${r.date}): ${r.rule}, ${r.section === "RFC 2234" ? "RFC 2234" : "section " + r.section}${from}`);
    for (const l of r.abnf.split("\n")) lines.push(`  ${l}`);
    const changes: string[] = [];
    if (r.added) changes.push(`characters added: ${[...r.added].map((c) => JSON.stringify(c)).join(" ")}`);
    if (r.removed) changes.push(`characters removed: ${[...r.removed].map((c) => JSON.stringify(c)).join(" ")}`);
    if (r.usesAdded.length) changes.push(`now uses ${r.usesAdded.join(", ")}`);
    if (r.usesRemoved.length) changes.push(`no longer uses ${r.usesRemoved.join(", ")}`);
    if (changes.length) for (const c of changes) lines.push(`  ${ctx.out.paint("cyan", c)}`);
    lines.push("");
  }
  lines.pop();
  return lines;
}
