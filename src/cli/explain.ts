// uri-grammar explain: which rule matched which characters, as an indented tree.
import { DEFAULT_EDITION, EXPLAIN_MAX_LENGTH, explain as explainInput, type ParseTree } from "../index.js";
import { CommandError, helpEnd, ruleIn } from "./args.js";
import { Components, PATH_COLOUR, paintComponents, type Span } from "./components.js";
import { inputsOf, type Command, type Context } from "./context.js";
import { errorJson, isInputError, json, reportInputError } from "./report.js";
import { EXIT, wrapText } from "./exit.js";

export const explain: Command = {
  name: "explain",
  summary: "show the rule-by-rule parse tree of the input",
  usage: `Usage: uri-grammar explain [--rule NAME] [--all] [--json] <input>

Prints the parse tree: every rule that matched, indented under the rule that
used it, with its span [start, end) in UTF-16 code units and the text it
matched; where the grammar reads a node's text another way too (the 1993
draft's hostport "a:80", which its host also reads whole), the line says so.
On a terminal the input is shown first with each component in its
own colour (scheme, userinfo, host, port, reg-name, path, query, fragment),
as section 7.5 recommends, so that a userinfo posing as a host stands out.
The tree has a node for every rule that matched: an input of more than
${EXPLAIN_MAX_LENGTH} characters (EXPLAIN_MAX_LENGTH, 2 MiB) is refused ('check' takes any).

Arguments:
  <input>          the string to explain; "-" reads it from stdin

Options:
  --rule NAME      the rule the whole input must match (default URI-reference)
  --all            also show the rules that match a single character (each
                   edition's own; in ${DEFAULT_EDITION.document}:
${wrapText(DEFAULT_EDITION.rules.filter((r) => r.singleCharacter).map((r) => r.name).join(", ") + ");", 78, " ".repeat(19)).join("\n")}
                   folded away by default
  --json           print the tree as JSON ({rule, start, end, text, children},
                   and otherReading {rule, by} where there is one)
${helpEnd(19, { [EXIT.ok]: "matched", [EXIT.invalid]: "not matched", [EXIT.usage]: "usage error, or an input too long to explain" })}`,
  options: { rule: { type: "string", value: "NAME" }, all: { type: "boolean" }, json: { type: "boolean" } },
  async run(values, positionals, ctx) {
    const [[input], { edition, rule }] = await inputsOf(positionals, ["<input>"], ctx, () => ruleIn(values));
    if (input.length > EXPLAIN_MAX_LENGTH) throw new CommandError(tooLongToExplain(input.length));
    let tree: ParseTree;
    try {
      tree = explainInput(input, { rule, edition, foldCharacters: !values.all } as never);
    } catch (e) {
      if (!isInputError(e)) throw e;
      if (values.json) ctx.print(json({ input, rule, valid: false, error: errorJson(e) }));
      else reportInputError(e, ctx);
      return EXIT.invalid;
    }
    if (values.json) {
      ctx.print(json(tree));
      return EXIT.ok;
    }
    const components = new Components(edition);
    const spans = components.spans(tree);
    if (ctx.out.enabled) {
      const { line, legend } = paintComponents(input, spans, ctx.out);
      ctx.print(line);
      if (legend) ctx.print(legend);
      ctx.print("");
    }
    ctx.print(treeLines(tree, ctx, components, spans).join("\n"));
    return EXIT.ok;
  },
};

/** Why an input over EXPLAIN_MAX_LENGTH gets no tree, in a sentence. */
export function tooLongToExplain(length: number): string {
  return `the input has ${length} characters, more than explain takes (EXPLAIN_MAX_LENGTH, ${EXPLAIN_MAX_LENGTH}: ` +
    `its parse tree needs hundreds of bytes a character); 'uri-grammar check' validates an input of any length`;
}

/**
 * One line per node: indentation, rule name, span, text. A component's rule name is in the
 * component's colour, and so is the outermost node that spans exactly a path found between
 * components (`spans`, Components.spans()).
 */
export function treeLines(tree: ParseTree, ctx: Context, components: Components, spans: readonly Span[]): string[] {
  const lines: string[] = [];
  let path = spans.find((s) => !s.node);
  const visit = (node: ParseTree, depth: number) => {
    let colour = components.colourOf(node.rule);
    if (colour === undefined && path !== undefined && node.start === path.start && node.end === path.end) {
      colour = PATH_COLOUR;
      path = undefined;
    }
    const name = colour ? ctx.out.paint(colour, node.rule) : node.rule;
    const other = node.otherReading === undefined ? "" : " " + ctx.out.paint("yellow",
      `(also read as ${node.otherReading.rule} alone, with ${node.otherReading.by} reading on)`);
    lines.push(`${"  ".repeat(depth)}${name} ${ctx.out.paint("dim", `[${node.start}, ${node.end})`)} ${JSON.stringify(node.text)}${other}`);
    node.children.forEach((c) => visit(c, depth + 1));
  };
  visit(tree, 0);
  return lines;
}
