// uri-grammar parse: the components of a URI reference, labelled, only those present.
import { parse as parseReference, type Host, type ParseRules, type DefaultEditionId, type UriReference } from "../index.js";

type ReferenceRuleName = ParseRules[DefaultEditionId];
import { choice, expectPositionals } from "./args.js";
import { withStdin, type Command, type Context } from "./context.js";
import { errorJson, isInputError, json, reportInputError } from "./report.js";
import { EXIT, exitStatusHelp } from "./exit.js";

const REFERENCE_RULES: readonly ReferenceRuleName[] = ["URI-reference", "absolute-URI-reference", "absolute-URI", "relative-URI"];

export const parse: Command = {
  name: "parse",
  summary: "split a URI reference into its components",
  usage: `Usage: uri-grammar parse [--rule NAME] [--json] <input>

Parses a URI reference and prints its components, each labelled, only those
present: scheme, authority (a server with userinfo, host and port, or a
reg-name), path (marked when it is an opaque-part), query and fragment. The
host kind is IPv6reference, IPv4address or hostname. An empty component is
shown as "". Values are shown without their delimiters.

Arguments:
  <input>          the URI reference; "-" reads it from stdin

Options:
  --rule NAME      URI-reference (default), absolute-URI-reference,
                   absolute-URI or relative-URI
  --json           print the components as JSON (absent ones left out)
  -h, --help       show this help

${exitStatusHelp({ [EXIT.ok]: "parsed", [EXIT.invalid]: "not valid" })}`,
  options: { rule: { type: "string", value: "NAME" }, json: { type: "boolean" } },
  async run(values, positionals, ctx) {
    expectPositionals(positionals, ["<input>"]);
    const rule = choice(values.rule, "--rule", REFERENCE_RULES, "URI-reference");
    const [input] = await withStdin(positionals, ctx);
    let reference: UriReference;
    try {
      reference = parseReference(input, { rule });
    } catch (e) {
      if (!isInputError(e)) throw e;
      if (values.json) ctx.print(json({ input, rule, valid: false, error: errorJson(e) }));
      else reportInputError(e, ctx);
      return EXIT.invalid;
    }
    ctx.print(values.json ? json(reference) : components(reference, ctx).join("\n"));
    return EXIT.ok;
  },
};

/** The labelled lines. */
export function components(ref: UriReference, ctx: Context): string[] {
  const lines: string[] = [];
  const label = (name: string, depth = 0) => ctx.out.paint("dim", ("  ".repeat(depth) + name).padEnd(11));
  const value = (text: string) => (text === "" ? '""' : text);
  const kind = (text: string) => ctx.out.paint("cyan", text);
  lines.push(`${label("kind")} ${ref.kind}`);
  if (ref.scheme !== undefined) lines.push(`${label("scheme")} ${value(ref.scheme)}`);
  const a = ref.authority;
  if (a !== undefined) {
    lines.push(`${label("authority")} ${kind(a.kind)} ${value(a.raw)}`);
    if (a.kind === "server") {
      if (a.userinfo !== undefined) lines.push(`${label("userinfo", 1)} ${value(a.userinfo)}`);
      if (a.host !== undefined) lines.push(`${label("host", 1)} ${kind(a.host.kind)} ${hostText(a.host)}`);
      if (a.port !== undefined) lines.push(`${label("port", 1)} ${value(a.port)}`);
    }
  }
  lines.push(`${label("path")} ${ref.opaque ? kind("opaque-part") + " " : ""}${value(ref.path)}`);
  if (ref.query !== undefined) lines.push(`${label("query")} ${value(ref.query)}`);
  if (ref.fragment !== undefined) lines.push(`${label("fragment")} ${value(ref.fragment)}`);
  return lines;
}

function hostText(host: Host): string {
  switch (host.kind) {
    case "IPv6reference": return `${host.raw} (address ${host.address})`;
    case "IPv4address": return host.raw;
    case "hostname": return host.raw;
  }
}
