// uri-grammar compare: are two URIs equivalent at a rung of section 6's comparison ladder?
import { choice, editionOf, helpEnd } from "./args.js";
import { inputsOf, type Command } from "./context.js";
import { equivalent, normalize, type EditionId } from "../index.js";
import { errorJson, isInputError, json, reportInputError } from "./report.js";
import { EXIT } from "./exit.js";

const LADDERS = ["simple", "syntax", "scheme"] as const;

export const compare: Command = {
  name: "compare",
  summary: "tell whether two URIs are equivalent (section 6)",
  usage: `Usage: uri-grammar compare [--ladder RUNG] [--ignore-fragment] [--json] <a> <b>

Compares two URIs on a rung of the comparison ladder of section 6 and prints
"equivalent" or "not equivalent"; when they are not, and a normal form
differs from its input, the two strings that were compared follow.

Arguments:
  <a> <b>            the URI references; one of them may be "-" (stdin)

Options:
  --ladder RUNG      simple: the strings are equal (section 6.2.1)
                     syntax: equal after syntax-based normalization (6.2.2)
                     scheme: equal after scheme-based normalization too
                     (6.2.3); the default
  --ignore-fragment  leave the fragments out of the comparison
  --json             print {a, b, ladder, equivalent, compared} as JSON
${helpEnd(21, { [EXIT.ok]: "equivalent", [EXIT.invalid]: "an input is not a URI reference", [EXIT.no]: "not equivalent" })}`,
  options: { ladder: { type: "string", value: "RUNG" }, "ignore-fragment": { type: "boolean" }, json: { type: "boolean" } },
  async run(values, positionals, ctx) {
    const [[a, b], { edition, ladder }] = await inputsOf(positionals, ["<a>", "<b>"], ctx, () => ({
      edition: editionOf(values), ladder: choice(values.ladder, "--ladder", LADDERS, "scheme"),
    }));
    const ignoreFragment = values["ignore-fragment"] === true;
    let same: boolean;
    let forms: [string, string];
    try {
      same = equivalent(a, b, { ladder, ignoreFragment, edition });
      forms = [compared(edition, a, ladder, ignoreFragment), compared(edition, b, ladder, ignoreFragment)];
    } catch (e) {
      if (!isInputError(e)) throw e;
      if (values.json) ctx.print(json({ a, b, ladder, error: errorJson(e) }));
      else reportInputError(e, ctx);
      return EXIT.invalid;
    }
    if (values.json) {
      ctx.print(json({ a, b, ladder, equivalent: same, compared: forms }));
    } else if (same) {
      ctx.print(ctx.out.paint("green", "equivalent"));
    } else {
      ctx.print(ctx.out.paint("red", "not equivalent"));
      // What was compared, one above the other, so that the difference shows.
      if (forms[0] !== a || forms[1] !== b) ctx.print(`  ${ctx.out.paint("dim", "a")}  ${forms[0]}\n  ${ctx.out.paint("dim", "b")}  ${forms[1]}`);
    }
    return same ? EXIT.ok : EXIT.no;
  },
};

/** The string that is compared on the rung: the input, or its normal form (section 6.2). */
function compared(edition: EditionId, uri: string, ladder: (typeof LADDERS)[number], ignoreFragment: boolean): string {
  const hash = uri.indexOf("#");
  const body = ignoreFragment && hash >= 0 ? uri.slice(0, hash) : uri;
  return ladder === "simple" ? body : normalize(body, { scheme: ladder === "scheme", edition });
}
