// The components of a parse tree, each in its own colour: section 7.5 recommends showing a URI's
// parts distinctly so that a misleading userinfo ("www.example.com&story=...@10.0.0.1") is seen
// for what it is.
import type { ParseTree, RuleName } from "../index.js";
import type { StyleFormat, Styler } from "./style.js";

/** The rules that are a component, and the colour of each. */
export const COMPONENT_COLOURS: ReadonlyMap<RuleName, StyleFormat> = new Map<RuleName, StyleFormat>([
  ["scheme", "cyan"],
  ["userinfo", ["bold", "red"]],
  ["host", ["bold", "green"]],
  ["port", "magenta"],
  ["reg-name", "yellow"],
  ["abs-path", "blue"],
  ["rel-path", "blue"],
  ["opaque-part", "blue"],
  ["query", "magentaBright"],
  ["fragment", "gray"],
]);

/** What the legend calls each component rule. */
const LABELS: Partial<Record<RuleName, string>> = { "abs-path": "path", "rel-path": "path", "opaque-part": "opaque-part" };

export interface Span {
  readonly rule: RuleName;
  readonly start: number;
  readonly end: number;
}

/** The outermost component nodes of the tree, left to right (empty ones left out). */
export function componentSpans(tree: ParseTree): Span[] {
  const spans: Span[] = [];
  const visit = (node: ParseTree) => {
    if (COMPONENT_COLOURS.has(node.rule as RuleName)) {
      if (node.end > node.start) spans.push({ rule: node.rule as RuleName, start: node.start, end: node.end });
      return;
    }
    node.children.forEach(visit);
  };
  visit(tree);
  return spans;
}

/** The input with each component painted, and a legend naming the colours. */
export function paintComponents(input: string, tree: ParseTree, style: Styler): { line: string; legend: string } {
  const spans = componentSpans(tree);
  let line = "";
  let at = 0;
  for (const span of spans) {
    line += style.paint("dim", input.slice(at, span.start));
    line += style.paint(COMPONENT_COLOURS.get(span.rule)!, input.slice(span.start, span.end));
    at = span.end;
  }
  line += style.paint("dim", input.slice(at));
  const seen = new Set<string>();
  const legend = spans
    .filter((s) => { const l = LABELS[s.rule] ?? s.rule; if (seen.has(l)) return false; seen.add(l); return true; })
    .map((s) => style.paint(COMPONENT_COLOURS.get(s.rule)!, LABELS[s.rule] ?? s.rule))
    .join(" ");
  return { line, legend };
}
