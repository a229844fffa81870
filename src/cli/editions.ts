// uri-grammar editions: the editions of the URI syntax the tool knows, from the package's registry.
import { EDITIONS, type RuleInfo } from "../index.js";
import { expectPositionals, globalOptionHelp } from "./args.js";
import type { Command } from "./context.js";
import { EXIT, exitStatusHelp } from "./exit.js";
import { json } from "./report.js";

export const editions: Command = {
  name: "editions",
  summary: "list the editions of the URI syntax",
  usage: `Usage: uri-grammar editions [--json]

Lists the editions of the URI syntax this tool holds, oldest first: the id to
give --edition (or URI_GRAMMAR_EDITION), the document, its date, the number of
rules of its grammar, and which edition is the default.

Options:
  --json           print the editions as JSON (id, title, document, date,
                   spec, notation, model, default, roles, rules)
${globalOptionHelp(19)}

${exitStatusHelp({ [EXIT.ok]: "listed" })}`,
  options: { json: { type: "boolean" } },
  run(values, positionals, ctx) {
    expectPositionals(positionals, []);
    const list = Object.values(EDITIONS);
    if (values.json) {
      ctx.print(json(list.map((e) => ({
        id: e.id, title: e.title, document: e.document, date: e.date, spec: e.spec, notation: e.notation, model: e.model,
        default: e.default === true, roles: e.roles, rules: (e.rules as readonly RuleInfo[]).length,
      }))));
      return EXIT.ok;
    }
    const width = Math.max(...list.map((e) => e.id.length));
    const docWidth = Math.max(...list.map((e) => e.document.length));
    for (const e of list) {
      ctx.print(`${e.id.padEnd(width)}  ${e.date.padEnd(10)}  ${e.document.padEnd(docWidth)}  ${String(e.rules.length).padStart(3)} rules` +
        (e.default ? ctx.out.paint("dim", "  (default)") : ""));
    }
    return EXIT.ok;
  },
};
