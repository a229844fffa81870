// uri-grammar resolve: each reference resolved against the base, by the edition's section 5.2;
// with --steps, the steps of that section that produced each target.
import { quote } from "../printable.js";
import { choice, editionOf, helpEnd, UsageError } from "./args.js";
import { inputsOf, type Command, type Context } from "./context.js";
import { RESOLVE_STEPS_MAX_LENGTH, resolve as resolveString, resolveReference, resolveSteps, type ResolutionStep } from "../index.js";
import { errorJson, isInputError, json, reportInputError } from "./report.js";
import { EXIT } from "./exit.js";

const DOT_SEGMENTS = ["retain", "remove", "error"] as const;

export const resolve: Command = {
  name: "resolve",
  summary: "resolve references against a base URI (section 5.2)",
  usage: `Usage: uri-grammar resolve [--non-strict] [--dot-segments MODE] [--steps]
                           [--json] <base> <ref>...

Resolves each reference against the base URI by the algorithm of section 5.2
and prints the results, one line per reference, in order. A reference that
cannot be resolved gives an empty line (so line N is always the result for
reference N), its error goes to stderr, and the others are still resolved.
With --steps, each result is followed by the steps of the edition's section
5.2 that produced it, as its document numbers and words them, each with what
it did and the state after it (a blank line after each reference).

Arguments:
  <base>           an absolute URI (section 5.1); its fragment is ignored
  <ref>...         one or more URI references; one argument may be "-" (stdin)

Options:
  --non-strict         the draft's non-validating parser: a reference whose
                       scheme equals the base's is taken as relative
                       ("http:g" against http://a/b/c/d gives http://a/b/c/g)
  --dot-segments MODE  what step 7 of the merge does with ".." segments left
                       at the start of the path: retain (default; "../../../g"
                       gives http://a/../g), remove (http://a/g) or error
  --steps              also print the steps of section 5.2 (the 1993 draft:
                       its PARTIAL FORM rules) that produced each result
  --json               print [{base, ref, result, currentDocument} or
                       {base, ref, error}] as JSON; with --steps each result
                       has its steps, [{section, label, did, state, steps?}]
                       (an undefined value in a state is left out)
${helpEnd(23, { [EXIT.ok]: "all resolved", [EXIT.invalid]: "the base or some reference could not be resolved" })}`,
  options: {
    "non-strict": { type: "boolean" }, "dot-segments": { type: "string", value: "MODE" }, steps: { type: "boolean" },
    json: { type: "boolean" },
  },
  async run(values, positionals, ctx) {
    if (positionals.length === 1) {
      throw new UsageError(`missing <ref>...: give one or more references to resolve against ${quote(positionals[0])}`);
    }
    // Only the options given: --dot-segments is the draft's choice, and an edition without it says so.
    const [[base, ...refs], options] = await inputsOf(positionals, ["<base>", "<ref>..."], ctx, () => ({
      edition: editionOf(values),
      strict: !values["non-strict"],
      ...(values["dot-segments"] === undefined ? {} : { dotSegments: choice(values["dot-segments"], "--dot-segments", DOT_SEGMENTS, "retain") }),
    }) as never);
    if (values.steps) {
      // resolveSteps() keeps the state after every step: its limit is a usage error here, said before any output.
      const long = [base, ...refs].findIndex((text) => text.length > RESOLVE_STEPS_MAX_LENGTH);
      if (long >= 0) {
        throw new UsageError(`--steps takes a base and references of at most ${RESOLVE_STEPS_MAX_LENGTH} characters ` +
          `(RESOLVE_STEPS_MAX_LENGTH); ${long === 0 ? "the base" : `reference ${long}`} has ${[base, ...refs][long].length}; ` +
          `without --steps any length is resolved`);
      }
    }
    // A base that no reference can be resolved against (section 5.1) is reported once.
    try {
      resolveReference(base, "", options);
    } catch (e) {
      if (e instanceof TypeError && values["dot-segments"] !== undefined) throw new UsageError(`--dot-segments: ${e.message.replace(/^\w+: /, "")}`);
      if (!isInputError(e)) throw e;
      if (values.json) ctx.print(json({ base, error: errorJson(e) }));
      else reportInputError(e, ctx, `cannot resolve against ${quote(base)}`);
      return EXIT.invalid;
    }
    const results: Record<string, unknown>[] = [];
    let failed = 0;
    for (const [i, ref] of refs.entries()) {
      try {
        const traced = values.steps ? resolveSteps(base, ref, options) : undefined;
        const result = traced?.target ?? resolveString(base, ref, options);
        if (values.json) {
          // The draft's resolution says when the target is the current document (section 4.2).
          const currentDocument = (resolveReference(base, ref, options) as { kind: string }).kind === "current-document";
          results.push({ base, ref, result, currentDocument, ...(traced === undefined ? {} : { steps: traced.steps }) });
        } else {
          ctx.print(result);
          if (traced !== undefined) {
            for (const line of stepLines(traced.steps, ctx)) ctx.print(line);
            ctx.print("");
          }
        }
      } catch (e) {
        if (!isInputError(e)) throw e;
        failed++;
        if (values.json) {
          results.push({ base, ref, error: errorJson(e) });
        } else {
          // Line i of stdout stays the result for reference i.
          ctx.print("");
          if (values.steps) ctx.print("");
          reportInputError(e, ctx, `cannot resolve ${quote(ref)} (reference ${i + 1})`);
        }
      }
    }
    if (values.json) ctx.print(json(results));
    return failed ? EXIT.invalid : EXIT.ok;
  },
};

/**
 * The steps as lines: the section and the step's label, what it did, then the state after it
 * (`name = "value"`, or `name undefined`); the steps of a routine indented under the step that
 * carries it out.
 */
function stepLines(steps: readonly ResolutionStep[], ctx: Context, indent = "  "): string[] {
  const paint = ctx.out.paint;
  return steps.flatMap((step) => [
    `${indent}${paint("dim", step.section)} ${paint("bold", step.label)}`,
    `${indent}  ${step.did}`,
    `${indent}  ${Object.entries(step.state).map(([name, value]) =>
      `${paint("cyan", name)}${value === undefined ? paint("dim", " undefined") : ` = ${JSON.stringify(value)}`}`).join(", ")}`,
    ...stepLines(step.steps ?? [], ctx, indent + "    "),
  ]);
}
