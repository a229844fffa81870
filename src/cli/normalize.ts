// uri-grammar normalize: the normal form of section 6.2.2 (and 6.2.3 unless told otherwise).
import { editionOf, helpEnd } from "./args.js";
import { inputsOf, type Command } from "./context.js";
import { normalize as normalizeUri } from "../index.js";
import { errorJson, isInputError, json, reportInputError } from "./report.js";
import { EXIT } from "./exit.js";

export const normalize: Command = {
  name: "normalize",
  summary: "normalize a URI (section 6.2)",
  usage: `Usage: uri-grammar normalize [--no-scheme] [--json] <uri>

Prints the normal form of the URI: scheme and host in lower case, the hex
digits of escapes in upper case, escapes of unreserved letters, digits, "_"
and "~" decoded, "." and ".." removed from an absolute path (section 6.2.2),
then the scheme-based steps (section 6.2.3): a default port or an empty port
removed, an empty http or https path made "/".

Arguments:
  <uri>            the URI reference; "-" reads it from stdin

Options:
  --no-scheme      syntax-based normalization only (leave out section 6.2.3)
  --json           print {input, normalized} as JSON
${helpEnd(19, { [EXIT.ok]: "normalized", [EXIT.invalid]: "not valid" })}`,
  options: { "no-scheme": { type: "boolean" }, json: { type: "boolean" } },
  async run(values, positionals, ctx) {
    const [[input]] = await inputsOf(positionals, ["<uri>"], ctx);
    try {
      const normalized = normalizeUri(input, { scheme: !values["no-scheme"], edition: editionOf(values) });
      ctx.print(values.json ? json({ input, normalized }) : normalized);
      return EXIT.ok;
    } catch (e) {
      if (!isInputError(e)) throw e;
      if (values.json) ctx.print(json({ input, error: errorJson(e) }));
      else reportInputError(e, ctx);
      return EXIT.invalid;
    }
  },
};
