// uri-grammar editions: the editions of the URI syntax the tool knows; with an input, where they
// disagree about it and which rule of which edition decides it.
import { compareEditions, EDITIONS, type RuleInfo } from "../index.js";
import { sectionText } from "../errors.js";
import { quote } from "../printable.js";
import { expectPositionals, helpEnd, suggestRule, UsageError } from "./args.js";
import { withStdin, type Command } from "./context.js";
import { EXIT } from "./exit.js";
import { errorJson, json, syntaxErrorText } from "./report.js";

export const editions: Command = {
  name: "editions",
  summary: "list the editions, or compare their verdicts on an input",
  usage: `Usage: uri-grammar editions [--rule NAME] [--json] [<input>]

Without an input, lists the editions of the URI syntax this tool holds, oldest
first: the id to give --edition (or URI_GRAMMAR_EDITION), the date, the
document, the number of rules of its grammar, and which is the default; for an
edition reconstructed from a diff, how many of its rules were filled from
another edition.

With an input, checks it against every edition (oldest first): one row each
with the date and the verdict, and for each reject the caret, the rule and the
section of that edition that decide it. --rule names the rule in any edition's
spelling; each edition checks its own rule of that name or role (absoluteURI,
absolute-URI). (--edition is ignored here.)

Arguments:
  <input>          the string to compare; "-" reads it from stdin

Options:
  --rule NAME      the rule to check (default: each edition's URI-reference)
  --json           print the editions, or the verdicts, as JSON
${helpEnd(19, { [EXIT.ok]: "listed, or every edition gives the same verdict", [EXIT.invalid]: "the editions disagree about the input" })}`,
  options: { rule: { type: "string", value: "NAME" }, json: { type: "boolean" } },
  async run(values, positionals, ctx) {
    expectPositionals(positionals, ["[<input>]"]);
    if (positionals.length === 0) return list(values.json === true, ctx);
    const [input] = await withStdin(positionals, ctx);
    const rule = values.rule === undefined ? undefined : String(values.rule);
    if (rule !== undefined && !Object.values(EDITIONS).some((e) => e.rule(rule) !== undefined)) {
      const near = suggestRule(rule);
      throw new UsageError(`--rule: no edition has a rule ${quote(rule)}` +
        (near ? ` (did you mean ${quote(near)}?)` : "; 'uri-grammar rules --edition ID' lists an edition's rules"));
    }
    const verdicts = compareEditions(input, rule === undefined ? undefined : { rule });
    const agree = verdicts.every((v) => v.valid === verdicts[0].valid);
    if (values.json) {
      ctx.print(json({
        input, agree,
        editions: verdicts.map((v) => ({
          edition: v.edition, rule: v.rule, valid: v.valid,
          ...(v.error ? { error: errorJson(v.error) } : {}), ...(v.reference ? { reference: v.reference } : {}),
        })),
      }));
      return agree ? EXIT.ok : EXIT.invalid;
    }
    const width = Math.max(...verdicts.map((v) => v.edition.length));
    for (const v of verdicts) {
      const e = EDITIONS[v.edition as keyof typeof EDITIONS];
      const verdict = v.valid ? ctx.out.paint("green", "valid  ") : ctx.out.paint("red", "invalid");
      const why = v.error ? `  at ${v.error.offset}, in ${v.error.rule} (${sectionText(v.error.section)})` : "";
      ctx.print(`${v.edition.padEnd(width)}  ${e.date.padEnd(10)}  ${verdict} ${v.rule}${why}`);
    }
    for (const v of verdicts) {
      if (!v.error) continue;
      ctx.print("");
      ctx.print(ctx.out.paint("bold", `${v.edition}:`));
      ctx.print(syntaxErrorText(v.error, ctx));
    }
    ctx.print("");
    ctx.print(agree ? "The editions agree." : "The editions disagree.");
    return agree ? EXIT.ok : EXIT.invalid;
  },
};

function list(asJson: boolean, ctx: Parameters<Command["run"]>[2]): number {
  const all = Object.values(EDITIONS);
  if (asJson) {
    ctx.print(json(all.map((e) => ({
      id: e.id, title: e.title, document: e.document, date: e.date, spec: e.spec, notation: e.notation, model: e.model,
      default: e.default === true, roles: e.roles, rules: (e.rules as readonly RuleInfo[]).length,
      ...(e.reconstruction ? { reconstruction: e.reconstruction, reconstructed: (e.rules as readonly RuleInfo[]).filter((r) => r.reconstructed).map((r) => r.name) } : {}),
    }))));
    return EXIT.ok;
  }
  const width = Math.max(...all.map((e) => e.id.length));
  const docWidth = Math.max(...all.map((e) => e.document.length));
  for (const e of all) {
    const filled = (e.rules as readonly RuleInfo[]).filter((r) => r.reconstructed).length;
    ctx.print(`${e.id.padEnd(width)}  ${e.date.padEnd(10)}  ${e.document.padEnd(docWidth)}  ${String(e.rules.length).padStart(3)} rules` +
      (e.default ? ctx.out.paint("dim", "  (default)") : "") +
      (filled ? ctx.out.paint("dim", `  (reconstructed from a diff; ${filled} filled from ${[...new Set(e.rules.map((r) => (r as RuleInfo).reconstructed?.from).filter(Boolean))].join(", ")})`) : ""));
  }
  return EXIT.ok;
}
