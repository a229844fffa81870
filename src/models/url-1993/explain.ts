// explain() in the 1993 draft's model: the parse tree's nodes read again where the draft's grammar
// keeps a component whole, over the components parse() reads, so that the tree and the components
// read the input one way (ModelDefinition.reread, src/model.ts).
import type { Edition } from "../../edition.js";
import { traceTree, type Node } from "../../explain.js";

/**
 * The 1993 draft's grammar (grammar/url-1993/grammar.peggy, "login and hostport are kept
 * whole") reads a login and a hostport as one run of characters: its user, password and host
 * may hold "@" and ":" themselves. The model splits them as the draft's prose says (build.ts:
 * the port after the last ":", the user part up to the last "@" before a hostport); here the
 * login's and the hostport's nodes are read again over those parts:
 *   login    = [ user [ ":" password ] "@" ] hostport
 *   hostport = host [ ":" port ]
 * prosperolink's hsoname, which the grammar reads whole (a path holds "%00"), is read again as
 * the model's hsoname, version and attributes ("%00" version [ attributes ]), and generic's
 * scheme, which its PEG reads up to the first ":" in place (scheme = ialpha, and ialpha holds
 * ":"), is the scheme's node again: generic = scheme ":" path [ "?" search ].
 */
export function reread(edition: Edition, input: string, tree: Node, parsed: unknown): void {
  const url = parsed as { scheme?: string; user?: string; password?: string; host?: string; port?: string;
    path?: string; version?: string; attributes?: readonly string[] };
  const schemeRule = edition.roles.scheme;
  const withScheme = (node: Node): void => {
    if (url.scheme === undefined || node.children.some((c) => c.rule === schemeRule)) return;
    if (!(edition.rule(node.rule)!.uses as readonly string[]).includes(schemeRule)) return;
    if (!input.startsWith(url.scheme + ":", node.start)) return;
    const scheme = traceTree(edition, input, edition.requireRule(schemeRule), node.start, node.start + url.scheme.length);
    if (scheme !== undefined) node.children.unshift(scheme);
  };
  const productions = edition.roles.parse as readonly string[];
  const schemes = (node: Node): void => {
    if (productions.includes(node.rule)) withScheme(node);
    node.children.forEach(schemes);
  };
  schemes(tree);
  if (url.host === undefined) return;
  const rule = (name: string) => edition.requireRule(name);
  const read = (name: string, from: number, text: string): Node | undefined =>
    input.startsWith(text, from) ? traceTree(edition, input, rule(name), from, from + text.length) : undefined;
  const hostport = (node: Node): boolean => {
    const host = read(edition.roles.host, node.start, url.host!);
    if (host === undefined) return false;
    const children = [host];
    if (url.port !== undefined) {
      const port = input[host.end] === ":" ? read(edition.roles.port, host.end + 1, url.port) : undefined;
      if (port === undefined) return false;
      children.push(port);
    }
    if (children[children.length - 1].end !== node.end) return false;
    node.children = children;
    if (url.port !== undefined) {
      // The other reading: host over the whole hostport, and the rule in it that reads the ":".
      const whole = traceTree(edition, input, rule(edition.roles.host), node.start, node.end);
      if (whole !== undefined) node.otherReading = { rule: edition.roles.host, by: innermostAt(whole, host.end) };
    }
    return true;
  };
  const login = (node: Node): boolean => {
    const children: Node[] = [];
    let at = node.start;
    if (url.user !== undefined) {
      const user = read("user", at, url.user);
      if (user === undefined) return false;
      children.push(user);
      at = user.end;
      if (url.password !== undefined) {
        const password = input[at] === ":" ? read("password", at + 1, url.password) : undefined;
        if (password === undefined) return false;
        children.push(password);
        at = password.end;
      }
      if (input[at] !== "@") return false;
      at++;
    }
    const rest: Node = { rule: "hostport", start: at, end: node.end, children: [] };
    if (!hostport(rest)) return false;
    children.push(rest);
    node.children = children;
    return true;
  };
  const hsoname = (node: Node): Node[] | undefined => {
    if (url.path === undefined || url.version === undefined) return undefined;
    const parts = [{ rule: "hsoname", text: url.path }, { rule: "version", text: url.version },
      ...(url.attributes ?? []).map((text) => ({ rule: "attribute", text }))];
    const children: Node[] = [];
    let at = node.start;
    for (const [i, part] of parts.entries()) {
      if (i > 0) {
        if (!input.startsWith("%00", at)) return undefined;
        at += 3;
      }
      if (part.text === "" && part.rule === "version") continue; // an empty version: digits cannot read it
      const read = input.startsWith(part.text, at) ? traceTree(edition, input, rule(part.rule), at, at + part.text.length) : undefined;
      if (read === undefined) return undefined;
      children.push(read);
      at = read.end;
    }
    if (at !== node.end) return undefined;
    const attributes = children.filter((c) => c.rule === "attribute");
    const out = children.filter((c) => c.rule !== "attribute");
    if (attributes.length > 0) out.push({ rule: "attributes", start: attributes[0].start, end: node.end, children: attributes });
    return out;
  };
  const visit = (node: Node): void => {
    const at = node.children.findIndex((c) => c.rule === "hsoname");
    const parts = at < 0 ? undefined : hsoname(node.children[at]);
    if (parts !== undefined) node.children.splice(at, 1, ...parts);
    if (node.rule === edition.roles.authority && login(node)) return;
    if (node.rule === "hostport" && hostport(node)) return;
    node.children.forEach(visit);
  };
  visit(tree);
}

/** The innermost node that holds the characters on both sides of `offset`. */
function innermostAt(node: Node, offset: number): string {
  const inner = node.children.find((c) => c.start < offset && c.end > offset);
  return inner === undefined ? node.rule : innermostAt(inner, offset);
}

