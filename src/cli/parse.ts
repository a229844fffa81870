// uri-grammar parse: the components of a URI reference, labelled, only those present.
import { EDITIONS, parse as parseReference } from "../index.js";
import { helpEnd, ruleIn } from "./args.js";
import { inputsOf, type Command, type Context } from "./context.js";
import { errorJson, isInputError, json, reportInputError } from "./report.js";
import { EXIT } from "./exit.js";

export const parse: Command = {
  name: "parse",
  summary: "split a URI reference into its components",
  usage: `Usage: uri-grammar parse [--rule NAME] [--json] <input>

Parses a URI reference and prints its components, each labelled, only those
present: scheme, authority (a server with userinfo, host and port, or a
reg-name), path (marked when it is an opaque-part), query and fragment. The
host kind is IPv6reference, IPv4address or hostname. An empty component is
shown as "". Values are shown without their delimiters. In the 1993 URL draft
(--edition url-1993): the production that matched (httpaddress, ftpaddress,
...), then the parts it names (user, password, host, port, path, search,
fragmentid, ...).

Arguments:
  <input>          the URI reference; "-" reads it from stdin

Options:
  --rule NAME      one of the edition's reference rules: URI-reference
                   (default), absolute-URI-reference, absolute-URI or
                   relative-URI in the draft; URI-reference, URI,
                   relative-ref or absolute-URI in RFC 3986
  --json           print the components as JSON (absent ones left out)
${helpEnd(19, { [EXIT.ok]: "parsed", [EXIT.invalid]: "not valid" })}`,
  options: { rule: { type: "string", value: "NAME" }, json: { type: "boolean" } },
  async run(values, positionals, ctx) {
    const [[input], { edition, rule }] = await inputsOf(positionals, ["<input>"], ctx, () => ruleIn(values, (roles) => roles.parse));
    let reference: Reference;
    try {
      reference = parseReference(input, { rule, edition } as never) as Reference;
    } catch (e) {
      if (!isInputError(e)) throw e;
      if (values.json) ctx.print(json({ input, rule, valid: false, error: errorJson(e) }));
      else reportInputError(e, ctx);
      return EXIT.invalid;
    }
    ctx.print(values.json ? json(reference) : components(reference, ctx, EDITIONS[edition].roles.authority).join("\n"));
    return EXIT.ok;
  },
};

/** A reference of any edition's model, as this command reads it. */
interface Reference {
  /** The reference's kind; undefined in a model whose references have none (the 1993 draft's). */
  readonly kind?: string;
  readonly scheme?: string;
  readonly authority?: { readonly kind?: string; readonly raw: string; readonly userinfo?: string; readonly host?: Host; readonly port?: string };
  readonly path: string;
  readonly opaque?: boolean;
  readonly query?: string;
  readonly fragment?: string;
}

/** A host of any edition's model: its kind (a rule of the edition), its text, and what it says. */
interface Host {
  readonly kind: string;
  readonly raw: string;
  readonly address?: string;
  readonly version?: string;
}

/** The labelled lines; the authority is labelled with the edition's name of it (draft -01's site). */
export function components(ref: Reference, ctx: Context, authorityName = "authority"): string[] {
  const lines: string[] = [];
  const label = (name: string, depth = 0) => ctx.out.paint("dim", ("  ".repeat(depth) + name).padEnd(11));
  const value = (text: string) => (text === "" ? '""' : text);
  const kind = (text: string) => ctx.out.paint("cyan", text);
  if (ref.kind === undefined) {
    // A model whose reference has no kind and no generic components (the 1993 draft's Url: the
    // production that matched, then its own parts): each part it has, as the model names it.
    for (const [name, part] of Object.entries(ref)) {
      if (part === undefined) continue;
      lines.push(`${label(name)} ${name === "production" ? kind(String(part)) : typeof part === "string" ? value(part) : JSON.stringify(part)}`);
    }
    return lines;
  }
  lines.push(`${label("kind")} ${ref.kind}`);
  if (ref.scheme !== undefined) lines.push(`${label("scheme")} ${value(ref.scheme)}`);
  const a = ref.authority;
  if (a !== undefined) {
    // The draft's authority is a server or a reg-name; RFC 3986's has no kind of its own.
    lines.push(`${label(authorityName)} ${a.kind === undefined ? "" : kind(a.kind) + " "}${value(a.raw)}`);
    if (a.userinfo !== undefined) lines.push(`${label("userinfo", 1)} ${value(a.userinfo)}`);
    if (a.host !== undefined) lines.push(`${label("host", 1)} ${kind(a.host.kind)} ${hostText(a.host)}`);
    if (a.port !== undefined) lines.push(`${label("port", 1)} ${value(a.port)}`);
  }
  lines.push(`${label("path")} ${ref.opaque ? kind("opaque-part") + " " : ""}${value(ref.path)}`);
  if (ref.query !== undefined) lines.push(`${label("query")} ${value(ref.query)}`);
  if (ref.fragment !== undefined) lines.push(`${label("fragment")} ${value(ref.fragment)}`);
  return lines;
}

function hostText(host: Host): string {
  const raw = host.raw === "" ? '""' : host.raw;
  if (host.version !== undefined) return `${raw} (version ${host.version}, address ${host.address})`;
  if (host.address !== undefined) return `${raw} (address ${host.address})`;
  return raw;
}
