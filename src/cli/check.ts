// uri-grammar check: is the input in the language of the rule? Exit 0 if so, 1 if not.
import { validate } from "../index.js";
import { helpEnd, ruleIn } from "./args.js";
import { inputsOf, type Command } from "./context.js";
import { json, syntaxErrorText } from "./report.js";
import { EXIT } from "./exit.js";

export const check: Command = {
  name: "check",
  summary: "check that the input matches a rule (URI-reference by default)",
  usage: `Usage: uri-grammar check [--rule NAME] [--json] <input>

Checks that the whole input matches a rule of the grammar. Prints "valid" and
exits 0 if it does; otherwise prints the input with a caret under the first
character that cannot be matched, what was expected there and the path of
rules that was being matched, on stderr, and exits 1.

Arguments:
  <input>          the string to check; "-" reads it from stdin (one trailing
                   line break is dropped); an input starting with "-" goes
                   after "--"

Options:
  --rule NAME      the rule to check against (default URI-reference); any of
                   the rules 'uri-grammar rules' lists, e.g. IPv6address
  --json           print the result as JSON on stdout
${helpEnd(19, { [EXIT.ok]: "valid", [EXIT.invalid]: "not valid" })}`,
  options: { rule: { type: "string", value: "NAME" }, json: { type: "boolean" } },
  async run(values, positionals, ctx) {
    const [[input], { edition, rule }] = await inputsOf(positionals, ["<input>"], ctx, () => ruleIn(values));
    const result = validate(input, { rule, edition } as never);
    if (values.json) {
      ctx.print(json(result.valid ? { input, rule, valid: true } : { input, rule, valid: false, error: result.error.toJSON() }));
    } else if (result.valid) {
      ctx.print(`${ctx.out.paint("green", "valid")} ${rule}`);
    } else {
      ctx.warn(`${ctx.err.paint(["bold", "red"], "invalid")} ${rule}`);
      ctx.warn(syntaxErrorText(result.error, ctx));
    }
    return result.valid ? EXIT.ok : EXIT.invalid;
  },
};
