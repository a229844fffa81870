// The components of a parse tree, each in its own colour: section 7.5 recommends showing a URI's
// parts distinctly so that a misleading userinfo ("www.example.com&story=...@10.0.0.1") is seen
// for what it is.
//
// Which rules are components is each edition's own: the rules of its roles (edition.json: scheme,
// userinfo, host, port, regName, path, query, fragment). Where the path is no rule of the tree (the
// draft's abs-path and rel-path, RFC 3986's path-abempty ... are each some of it), it is what lies
// between the authority (or the scheme's ":", or the start) and the query's "?" (or the fragment's
// "#", or the end), as the tagged DFA reads it (pathStart() and pathEnd() of src/tagged.ts).
import { EDITIONS, type EditionId, type ParseTree } from "../index.js";
import { pathEnd, pathStart } from "../tagged.js";
import type { StyleFormat, Styler } from "./style.js";

/** The colour of each component, by its role. */
const ROLE_COLOURS = {
  scheme: "cyan",
  userinfo: ["bold", "red"],
  host: ["bold", "green"],
  port: "magenta",
  regName: "yellow",
  path: "blue",
  query: "magentaBright",
  fragment: "gray",
} as const satisfies Record<string, StyleFormat>;

type Role = keyof typeof ROLE_COLOURS;

export interface Span {
  /** The component's role, and what the legend calls it: the edition's rule ("path" for the path). */
  readonly role: Role;
  readonly label: string;
  readonly start: number;
  readonly end: number;
  /** False for a path found between the components around it (no node of the tree is it). */
  readonly node: boolean;
}

/** The components of an edition's parse trees: the role of each component rule. */
export class Components {
  readonly #roles: ReadonlyMap<string, Role>;
  readonly #edition: EditionId;

  constructor(edition: EditionId) {
    this.#edition = edition;
    const roles = EDITIONS[edition].roles as unknown as Readonly<Record<string, string | undefined>>;
    const byRule = new Map<string, Role>();
    for (const role of Object.keys(ROLE_COLOURS) as Role[]) {
      const rule = roles[role];
      if (rule !== undefined && !byRule.has(rule)) byRule.set(rule, role);
    }
    this.#roles = byRule;
  }

  /** The colour of a rule that is a component, or undefined. */
  colourOf(rule: string): StyleFormat | undefined {
    const role = this.#roles.get(rule);
    return role === undefined ? undefined : ROLE_COLOURS[role];
  }

  /**
   * The outermost component nodes of the tree, left to right (empty ones left out), and, where no
   * node is the path, the path between the components around it (for a tree of one of the
   * edition's reference rules).
   */
  spans(tree: ParseTree): Span[] {
    const { roles } = EDITIONS[this.#edition];
    const spans: Span[] = [];
    let authority: ParseTree | undefined;
    const visit = (node: ParseTree) => {
      const role = this.#roles.get(node.rule);
      if (role !== undefined) {
        if (node.end > node.start) spans.push({ role, label: role === "path" ? "path" : node.rule, start: node.start, end: node.end, node: true });
        return;
      }
      if (node.rule === roles.authority && authority === undefined) authority = node;
      node.children.forEach(visit);
    };
    visit(tree);
    if (!spans.some((s) => s.role === "path") && (roles.parse as readonly string[]).includes(tree.rule)) {
      const at = (role: Role) => spans.find((s) => s.role === role);
      const scheme = at("scheme"), query = at("query"), fragment = at("fragment");
      const start = pathStart(tree.start, scheme?.end ?? -1, authority?.end ?? -1);
      const end = pathEnd(tree.end, query?.start ?? -1, fragment?.start ?? -1);
      if (end > start) spans.push({ role: "path", label: "path", start, end, node: false });
      spans.sort((a, b) => a.start - b.start);
    }
    return spans;
  }
}

/** The input with each component painted, and a legend naming the colours. */
export function paintComponents(input: string, spans: readonly Span[], style: Styler): { line: string; legend: string } {
  let line = "";
  let at = 0;
  for (const span of spans) {
    line += style.paint("dim", input.slice(at, span.start));
    line += style.paint(ROLE_COLOURS[span.role], input.slice(span.start, span.end));
    at = span.end;
  }
  line += style.paint("dim", input.slice(at));
  const seen = new Set<string>();
  const legend = spans
    .filter((s) => { if (seen.has(s.label)) return false; seen.add(s.label); return true; })
    .map((s) => style.paint(ROLE_COLOURS[s.role], s.label))
    .join(" ");
  return { line, legend };
}

/** The colour of the path, for a tree node that spans exactly the path a Components found. */
export const PATH_COLOUR: StyleFormat = ROLE_COLOURS.path;
