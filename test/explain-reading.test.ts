// One reading (issue: the playground as a teacher): explain()'s tree holds exactly the successful
// derivation, and the typed components parse() gives are the tree's component nodes. For every
// edition, on references generated from its ABNF: the outermost node of each component role
// exists exactly when parse() has that component, and spans its text.
import fc from "fast-check";
import { EDITIONS, explain, parse, type EditionId, type ParseTree } from "../src/index.js";
import { abnfArbitrary } from "./support/abnf-arbitrary.js";
import { loadAbnf } from "./support/abnf.js";

type Role = "scheme" | "authority" | "userinfo" | "host" | "port" | "path" | "query" | "fragment";
const ROLES: readonly Role[] = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"];

/** The text of each component parse() gives, by role (undefined: parse() has none). */
function componentsOf(parsed: Record<string, unknown>): Partial<Record<Role, string>> {
  if ("production" in parsed) {
    // The 1993 draft's Url: its own words for the query and the fragment; no authority object.
    const u = parsed as { scheme?: string; host?: string; port?: string; path?: string; search?: string; fragmentid?: string };
    return { scheme: u.scheme, host: u.host, port: u.port, path: u.path, query: u.search, fragment: u.fragmentid };
  }
  const r = parsed as { scheme?: string; authority?: { raw: string; userinfo?: string; host?: { raw: string }; port?: string }; path: string; query?: string; fragment?: string };
  return {
    scheme: r.scheme, authority: r.authority?.raw, userinfo: r.authority?.userinfo, host: r.authority?.host?.raw,
    port: r.authority?.port, path: r.path, query: r.query, fragment: r.fragment,
  };
}

/** The outermost node of each role's rule, by role; the path as the tree's spans read it. */
function nodesOf(id: EditionId, tree: ParseTree, input: string, parsed: Record<string, unknown>): Partial<Record<Role, string>> {
  const roles = EDITIONS[id].roles as unknown as Record<string, string | undefined>;
  const out: Partial<Record<Role, string>> = {};
  const nodes: Partial<Record<Role, ParseTree>> = {};
  for (const role of ROLES) {
    const rule = roles[role];
    if (rule === undefined) continue;
    // A part parse() gives under its rule's own name holds its rules for itself: the 1993 news
    // article's host is the domain of a message id (parse(): article), not the URL's host.
    const own = (node: ParseTree) => node !== tree && node.rule in parsed && !Object.values(roles).includes(node.rule);
    const find = (node: ParseTree): ParseTree | undefined =>
      node.rule === rule ? node : own(node) ? undefined : node.children.reduce<ParseTree | undefined>((found, c) => found ?? find(c), undefined);
    const node = find(tree);
    if (node !== undefined) { out[role] = node.text; nodes[role] = node; }
  }
  if (nodes.path === undefined && !("production" in parsed)) {
    // No node is the path (RFC 3986's path-abempty, the drafts' abs_path and rel_path are each
    // some of it): it is what lies between the authority (or the scheme's ":", or the start) and
    // the query's "?" (or the fragment's "#", or the end).
    const start = nodes.authority?.end ?? (nodes.scheme ? nodes.scheme.end + 1 : 0);
    const end = nodes.query ? nodes.query.start - 1 : nodes.fragment ? nodes.fragment.start - 1 : input.length;
    out.path = input.slice(start, end);
  }
  return out;
}

/** A path parse() gives as "" is no node; the 1993 scheme-specific productions write the scheme as a literal. */
function expected(id: EditionId, tree: ParseTree, parsed: Record<string, unknown>): Partial<Record<Role, string>> {
  const want = componentsOf(parsed);
  if (want.path === undefined && !("production" in parsed)) want.path = "";
  if ("production" in parsed) {
    const u = parsed as { production: string; user?: string; password?: string; host?: string; port?: string };
    if (u.production !== "generic") delete want.scheme;
    // The 1993 Url has no authority object: its login (the authority role) is the user, password,
    // host and port of a production that writes one (ftpaddress, telnetaddress).
    if ((EDITIONS[id].rule(u.production)!.uses as readonly string[]).includes((EDITIONS[id].roles as unknown as Record<string, string>).authority)) {
      want.authority = (u.user === undefined ? "" : u.user + (u.password === undefined ? "" : ":" + u.password) + "@") +
        u.host + (u.port === undefined ? "" : ":" + u.port);
    }
  }
  for (const role of ROLES) if (want[role] === undefined) delete want[role];
  void tree;
  return want;
}

const IDS = Object.keys(EDITIONS) as EditionId[];

describe.each(IDS)("%s: the tree's component nodes are parse()'s components", (id) => {
  const edition = EDITIONS[id];
  const abnf = loadAbnf(id);
  const check = (input: string) => {
    const tree = explain(input, { edition: id });
    const parsed = parse(input, { edition: id }) as unknown as Record<string, unknown>;
    expect({ input, ...nodesOf(id, tree, input, parsed) }).toEqual({ input, ...expected(id, tree, parsed) });
  };

  test("on references generated from the ABNF", () => {
    fc.assert(fc.property(abnfArbitrary(abnf, edition.roles.reference), check), { numRuns: 400, seed: 30 });
  });
});

describe("the cases that taught something false", () => {
  const rules = (tree: ParseTree): string[] => [`${tree.rule} [${tree.start},${tree.end})`, ...tree.children.flatMap(rules)];

  test.each([
    ["rfc2396bis-01", "http://[::1]/"], ["rfc3986", "http://[::1]/"], ["rfc2396bis-01", "//[::1]"], ["rfc3986", "http:///x"],
    ["rfc2396bis-01", "http:///x"],
  ] as [EditionId, string][])("%s %s: no node of a failed alternative (no userinfo without an \"@\")", (id, input) => {
    const tree = explain(input, { edition: id });
    expect(rules(tree).filter((r) => r.startsWith("userinfo "))).toEqual([]);
  });

  test("url-1993: port and fragmentid have their nodes; the tree reads host and port as parse() does, and says the other reading", () => {
    const tree = explain("http://a:80/x#f", { edition: "url-1993" });
    expect(rules(tree)).toEqual(expect.arrayContaining(["uri [0,13)", "hostport [7,11)", "host [7,8)", "port [9,11)", "fragmentid [14,15)"]));
    const find = (t: ParseTree, rule: string): ParseTree | undefined => t.rule === rule ? t : t.children.map((c) => find(c, rule)).find(Boolean);
    expect(find(tree, "hostport")!.otherReading).toEqual({ rule: "host", by: "ialpha" });
    expect(find(tree, "hostport")!.children.map((c) => c.text)).toEqual(["a", "80"]);
    // Unambiguous: no other reading.
    expect(find(explain("http://a/x", { edition: "url-1993" }), "hostport")!.otherReading).toBeUndefined();
  });
});
