// uri-grammar tour: the grammar's history from 1993 to 2005, stop by stop, every answer computed now.
import { quote as quoteValue } from "../printable.js";
import { tour as computeTour, type TourStop } from "../index.js";
import { sectionText } from "../errors.js";
import { expectPositionals, helpEnd, UsageError } from "./args.js";
import type { Command, Context } from "./context.js";
import { EXIT } from "./exit.js";
import { errorJson, json } from "./report.js";

export const tour: Command = {
  name: "tour",
  summary: "the grammar's history, 1993 to 2005, in a few inputs",
  usage: `Usage: uri-grammar tour [--json] [STOP]

A guided tour of the URI grammar from the 1993 URL draft to RFC 3986: inputs
the editions disagree about, and changes between two editions, each with the
point it makes. Every verdict, result and difference shown is computed now
from the editions' grammars and models, as 'uri-grammar editions', 'diff',
'resolve' and 'normalize' print them; "*" marks the editions whose answer
differs from the edition before. The stops and their points are the table
docs/history.tsv; a stop whose point the editions no longer bear out says so.

Arguments:
  STOP             show only that stop (its number)

Options:
  --json           print the stops as JSON
${helpEnd(19, { [EXIT.ok]: "shown" })}`,
  options: { json: { type: "boolean" } },
  run(values, positionals, ctx) {
    expectPositionals(positionals, ["[STOP]"]);
    let stops = computeTour().map((s, i) => ({ number: i + 1, ...s }));
    if (positionals.length) {
      const n = Number(positionals[0]);
      if (!Number.isInteger(n) || n < 1 || n > stops.length) {
        throw new UsageError(`STOP must be a stop's number, 1 to ${stops.length}; got ${quoteValue(positionals[0])}`);
      }
      stops = [stops[n - 1]];
    }
    if (values.json) {
      ctx.print(json(stops.map((s) => ({
        ...s,
        ...(s.answers ? {
          answers: s.answers.map(({ verdict, ...a }) => ({
            ...a, ...(verdict ? { rule: verdict.rule, ...(verdict.error ? { error: errorJson(verdict.error) } : {}) } : {}),
          })),
        } : {}),
      }))));
      return EXIT.ok;
    }
    const lines: string[] = [];
    if (positionals.length === 0) {
      lines.push(`The URI grammar from 1993 to 2005 in ${stops.length} stops; "*" marks an edition whose answer`,
        "differs from the one before it.", "");
    }
    for (const s of stops) lines.push(...stopText(s, s.number, ctx), "");
    lines.pop();
    ctx.print(lines.join("\n"));
    return EXIT.ok;
  },
};

function stopText(s: TourStop, n: number, ctx: Context): string[] {
  const lines = [ctx.out.paint("bold", `${n}. ${s.title}`), ctx.out.paint("dim", `   $ ${s.command}`)];
  if (s.answers) {
    const width = Math.max(...s.answers.map((a) => a.edition.length));
    const changed = new Set(s.changes);
    for (const a of s.answers) {
      const mark = changed.has(a.edition) ? ctx.out.paint("cyan", " * ") : "   ";
      let text: string;
      if (a.verdict) {
        const v = a.verdict;
        const verdict = v.valid ? ctx.out.paint("green", "valid  ") : ctx.out.paint("red", "invalid");
        text = `${verdict} ${v.rule}${v.error ? `  at ${v.error.offset}, in ${v.error.rule} (${sectionText(v.error.section)})` : ""}`;
      } else {
        text = a.value;
      }
      lines.push(`${mark}${a.edition.padEnd(width)}  ${a.date.padEnd(10)}  ${text}`);
    }
  }
  for (const c of s.diff ?? []) {
    const quote = (chars: string) => [...chars].map((ch) => JSON.stringify(ch)).join(" ");
    const said = c.found.startsWith(">") ? `renamed ${c.rule} -> ${c.found.slice(1)}`
      : c.found.startsWith("+") ? `${c.rule}: characters added: ${quote(c.found.slice(1))}`
        : c.found.startsWith("-") ? `${c.rule}: characters removed: ${quote(c.found.slice(1))}` : `${c.rule}: (no such change)`;
    lines.push(`   ${said}`);
  }
  if (!s.holds) {
    lines.push(ctx.out.paint(["bold", "red"], `   This stop's claim (${s.claim}) no longer holds: the editions say ` +
      (s.changes ? `the answer changes at ${s.changes.join(" ") || "no edition"}` : s.diff!.map((c) => `${c.rule} ${c.found || "(nothing)"}`).join(" "))));
  }
  lines.push(...wrap(s.point, 73).map((l) => `   ${l}`));
  return lines;
}

/** The paragraph in lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) { lines.push(line); line = word; } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
