// uri-grammar resolve: each reference resolved against the base, by the draft's section 5.2.
import { choice, expectPositionals } from "./args.js";
import { withStdin, type Command } from "./context.js";
import { resolve as resolveString, resolveReference, type DefaultEditionId, type ResolveOptions } from "../index.js";
import { errorJson, isInputError, json, reportInputError } from "./report.js";

const DOT_SEGMENTS = ["retain", "remove", "error"] as const;

export const resolve: Command = {
  name: "resolve",
  summary: "resolve references against a base URI (section 5.2)",
  usage: `Usage: uri-grammar resolve [--non-strict] [--dot-segments MODE] [--json]
                           <base> <ref>...

Resolves each reference against the base URI by the algorithm of section 5.2
and prints the results, one line per reference, in order. A reference that
cannot be resolved is reported on stderr and the others are still resolved.

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
  --json               print [{base, ref, result, currentDocument} or
                       {base, ref, error}] as JSON
  -h, --help           show this help

Exit status: 0 all resolved, 1 some could not be resolved, 2 usage error.`,
  options: { "non-strict": { type: "boolean" }, "dot-segments": { type: "string" }, json: { type: "boolean" } },
  async run(values, positionals, ctx) {
    expectPositionals(positionals, 2, Infinity, "<base> <ref>...");
    const options: ResolveOptions<DefaultEditionId> = {
      strict: !values["non-strict"],
      dotSegments: choice(values["dot-segments"], "--dot-segments", DOT_SEGMENTS, "retain"),
    };
    const [base, ...refs] = await withStdin(positionals, ctx);
    const results: Record<string, unknown>[] = [];
    let failed = 0;
    for (const ref of refs) {
      try {
        const result = resolveString(base, ref, options);
        if (values.json) {
          const currentDocument = resolveReference(base, ref, options).kind === "current-document";
          results.push({ base, ref, result, currentDocument });
        } else {
          ctx.print(result);
        }
      } catch (e) {
        if (!isInputError(e)) throw e;
        failed++;
        if (values.json) results.push({ base, ref, error: errorJson(e) });
        else reportInputError(e, ctx, `cannot resolve ${JSON.stringify(ref)}`);
      }
    }
    if (values.json) ctx.print(json(results));
    return failed ? 1 : 0;
  },
};
