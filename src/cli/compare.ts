// uri-grammar compare: are two URIs equivalent at a rung of section 6's comparison ladder?
import { choice, expectPositionals } from "./args.js";
import { withStdin, type Command } from "./context.js";
import { equivalent } from "../index.js";
import { errorJson, isInputError, json, reportInputError } from "./report.js";

const LADDERS = ["simple", "syntax", "scheme"] as const;

export const compare: Command = {
  name: "compare",
  summary: "tell whether two URIs are equivalent (section 6)",
  usage: `Usage: uri-grammar compare [--ladder RUNG] [--ignore-fragment] [--json] <a> <b>

Compares two URIs on a rung of the comparison ladder of section 6 and prints
"equivalent" or "not equivalent".

Arguments:
  <a> <b>            the URI references; one of them may be "-" (stdin)

Options:
  --ladder RUNG      simple: the strings are equal (section 6.2.1)
                     syntax: equal after syntax-based normalization (6.2.2)
                     scheme: equal after scheme-based normalization too
                     (6.2.3); the default
  --ignore-fragment  leave the fragments out of the comparison
  --json             print {a, b, ladder, equivalent} as JSON
  -h, --help         show this help

Exit status: 0 equivalent, 1 not equivalent, 2 usage error or an input that
is not a URI reference (the error is on stderr).`,
  options: { ladder: { type: "string" }, "ignore-fragment": { type: "boolean" }, json: { type: "boolean" } },
  async run(values, positionals, ctx) {
    expectPositionals(positionals, 2, 2, "<a> <b>");
    const ladder = choice(values.ladder, "--ladder", LADDERS, "scheme");
    const [a, b] = await withStdin(positionals, ctx);
    let same: boolean;
    try {
      same = equivalent(a, b, { ladder, ignoreFragment: values["ignore-fragment"] === true });
    } catch (e) {
      if (!isInputError(e)) throw e;
      if (values.json) ctx.print(json({ a, b, ladder, error: errorJson(e) }));
      else reportInputError(e, ctx);
      return 2;
    }
    if (values.json) ctx.print(json({ a, b, ladder, equivalent: same }));
    else ctx.print(same ? ctx.out.paint("green", "equivalent") : ctx.out.paint("red", "not equivalent"));
    return same ? 0 : 1;
  },
};
