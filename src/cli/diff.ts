// uri-grammar diff: how the grammar changed between two editions.
import { quote as quoteValue } from "../printable.js";
import { diffEditions, EDITIONS, type EditionId } from "../index.js";
import { expectPositionals, helpEnd, UsageError } from "./args.js";
import type { Command } from "./context.js";
import { EXIT } from "./exit.js";
import { json } from "./report.js";

export const diff: Command = {
  name: "diff",
  summary: "how the grammar changed between two editions",
  usage: `Usage: uri-grammar diff [--json] <edition> <edition>

Compares the grammars of two editions ('uri-grammar editions' lists them): the
rules only the second has (added) and only the first has (removed), the rules
renamed (the same role in both editions, such as absoluteURI and
absolute-URI, or a name spelled with "_" for "-"), and the rules whose ABNF
changed, with the characters their set gained or lost and the rules they
began or stopped using.

Options:
  --json           print the comparison as JSON
${helpEnd(19, { [EXIT.ok]: "compared" })}`,
  options: { json: { type: "boolean" } },
  run(values, positionals, ctx) {
    expectPositionals(positionals, ["<edition>", "<edition>"]);
    const ids = positionals.map((id) => {
      if (!Object.hasOwn(EDITIONS, id)) throw new UsageError(`unknown edition ${quoteValue(String(id))}; the editions are ${Object.keys(EDITIONS).join(", ")}`);
      return id as EditionId;
    });
    const d = diffEditions(ids[0], ids[1]);
    if (values.json) {
      ctx.print(json(d));
      return EXIT.ok;
    }
    const quote = (chars: string) => [...chars].map((c) => JSON.stringify(c)).join(" ");
    const lines: string[] = [`${d.from} (${EDITIONS[ids[0]].date}) to ${d.to} (${EDITIONS[ids[1]].date})`, ""];
    lines.push(`${ctx.out.paint("bold", "added")}    ${d.added.length ? d.added.join(", ") : "(none)"}`);
    lines.push(`${ctx.out.paint("bold", "removed")}  ${d.removed.length ? d.removed.join(", ") : "(none)"}`);
    lines.push(ctx.out.paint("bold", "renamed") + (d.renamed.length ? "" : "  (none)"));
    for (const r of d.renamed) lines.push(`  ${r.from} -> ${r.to} (${r.why})`);
    lines.push(ctx.out.paint("bold", "changed") + (d.changed.length ? "" : "  (none)"));
    for (const c of d.changed) {
      const what: string[] = [];
      if (c.charactersAdded) what.push(`characters added: ${quote(c.charactersAdded)}`);
      if (c.charactersRemoved) what.push(`characters removed: ${quote(c.charactersRemoved)}`);
      if (c.usesAdded.length) what.push(`now uses ${c.usesAdded.join(", ")}`);
      if (c.usesRemoved.length) what.push(`no longer uses ${c.usesRemoved.join(", ")}`);
      lines.push(`  ${c.from === c.to ? c.to : `${c.from} -> ${c.to}`}${what.length ? ": " + what.join("; ") : ": its ABNF"}`);
    }
    ctx.print(lines.join("\n"));
    return EXIT.ok;
  },
};
