// uri-grammar extract: the URI references in running text, found as Appendix E describes.
import { readFileSync } from "node:fs";
import { extract as extractUris, type EditionId, type ExtractOptions } from "../index.js";
import { CommandError, editionOf, expectPositionals, globalOptionHelp } from "./args.js";
import { readStdin, type Command } from "./context.js";
import { json } from "./report.js";
import { EXIT, exitStatusHelp } from "./exit.js";

export const extract: Command = {
  name: "extract",
  summary: "find the URI references in plain text (Appendix E)",
  usage: `Usage: uri-grammar extract [--relative] [--scheme NAME]... [--valid] [--json]
                           [FILE|-]

Finds the URI references in running text the way Appendix E describes: a URI
is delimited by <...>, double quotes or whitespace; a "URL:" prefix is left
out; whitespace and line breaks inside <...> are ignored; a line break right
after "-" is reported with both readings (in --json); trailing punctuation
that is not part of the URI is left out. Prints one URI per line, in order;
a candidate that is not a valid URI reference is followed by a tab and
"(not a valid URI reference)", unless --valid leaves it out.

Arguments:
  FILE             the text to read; "-" or nothing reads stdin

Options:
  --relative       also take relative references between <...> or quotes
                   ("<../a/b>"); by default only text with a scheme is taken
  --scheme NAME    only URIs of this scheme; may be given more than once
  --valid          leave out candidates that are not valid URI references
  --json           print every reference found with its position [start,
                   end) in the text, its delimiter and whether it is valid
${globalOptionHelp(19)}

${exitStatusHelp({ [EXIT.ok]: "some URI found", [EXIT.usage]: "usage error, or a file that cannot be read", [EXIT.no]: "none found" })}`,
  options: {
    relative: { type: "boolean" }, scheme: { type: "string", multiple: true, value: "NAME" },
    valid: { type: "boolean" }, json: { type: "boolean" },
  },
  async run(values, positionals, ctx) {
    expectPositionals(positionals, ["[FILE|-]"]);
    const file = positionals[0] ?? "-";
    let text: string;
    if (file === "-") {
      text = await readStdin(ctx.stdin);
    } else {
      try {
        text = readFileSync(file, "utf8");
      } catch (e) {
        throw new CommandError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
    }
    const options: ExtractOptions & { edition: EditionId } = { relative: values.relative === true, edition: editionOf(values) };
    if (Array.isArray(values.scheme)) options.schemes = values.scheme;
    const found = extractUris(text, options).filter((u) => u.valid || !values.valid);
    if (values.json) ctx.print(json(found));
    else for (const item of found) ctx.print(item.valid ? item.uri : `${item.uri}\t${ctx.out.paint("red", "(not a valid URI reference)")}`);
    return found.length ? EXIT.ok : EXIT.no;
  },
};
