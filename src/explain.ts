// The parse tree: which rule matched which characters. Built from the grammar's own trace build
// (the same grammar as the parser, with peggy's tracer hooks), so there is no second parser.
import { requireOptions, requireString } from "./args.js";
import { diagnose } from "./diagnose.js";
import type { Edition, TraceEvent } from "./edition.js";

/** One rule that matched: its span [start, end) in the input and the rules inside it. */
export interface ParseTree<RuleName extends string = string> {
  readonly rule: RuleName;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly children: readonly ParseTree<RuleName>[];
}

/**
 * Fold the rules that match a single character or escape (the rule table's `singleCharacter`:
 * ALPHA, DIGIT, unreserved, pchar, ...) into their parent: their nodes are left out and whatever
 * they contain (an escape, say) is hoisted into the parent. Default true; false shows every rule.
 */
export interface FoldOption {
  foldCharacters?: boolean;
}

/**
 * The longest input explain() takes, in UTF-16 code units (2 MiB). The tree has a node for every
 * rule that matched, about 350 bytes of memory per input character; above this limit explain()
 * throws a RangeError rather than exhaust the process's memory. parse(), matches() and validate()
 * have no such limit.
 */
export const EXPLAIN_MAX_LENGTH = 2 * 1024 * 1024;

interface Node {
  rule: string;
  start: number;
  end: number;
  children: Node[];
}

/**
 * The rule-by-rule parse tree of the input. Throws UriSyntaxError when the input does not match.
 */
export function explainIn(edition: Edition, input: unknown, options: { rule?: unknown; foldCharacters?: unknown } | undefined): ParseTree {
  requireString(input, "explain: input");
  requireOptions(options, "explain: options");
  if (input.length > EXPLAIN_MAX_LENGTH) {
    throw new RangeError(`explain: the input has ${input.length} characters; explain() builds a node for every rule ` +
      `that matches and takes at most ${EXPLAIN_MAX_LENGTH} (EXPLAIN_MAX_LENGTH); use validate() or parse() for longer inputs`);
  }
  const start = edition.requireRule(options?.rule ?? edition.roles.reference, "explain: options.rule");
  const fold = options?.foldCharacters ?? true;
  if (typeof fold !== "boolean") throw new TypeError(`explain: options.foldCharacters must be a boolean, got ${typeof fold}`);
  const root: Node = { rule: start.name, start: 0, end: input.length, children: [] };
  const stack: Node[] = [];
  const tracer = {
    trace(event: TraceEvent): void {
      if (event.type === "rule.enter") {
        const info = edition.ruleByPegName(event.rule!)!;
        stack.push({ rule: info.name, start: event.location!.start.offset, end: -1, children: [] });
      } else if (event.type === "rule.match") {
        const node = stack.pop()!;
        node.end = event.location!.end.offset;
        // Keep only the children of the attempt that succeeded (see attach()).
        node.children = node.children.filter((c) => c.end <= node.end);
        attach(edition, stack.length ? stack[stack.length - 1] : root, node);
      } else if (event.type === "rule.fail") {
        stack.pop();
      }
    },
  };
  try {
    edition.tracer.parse(input, { startRule: start.pegName, tracer });
  } catch (e) {
    if (e && typeof e === "object" && "location" in e) throw diagnose(edition, input, start);
    throw e;
  }
  // The start rule itself is the root's only child; make it the root.
  const top = root.children.length === 1 ? root.children[0] : root;
  return freeze(edition, top, input, fold);
}

/**
 * Adds a matched rule to its parent. A PEG backtracks: rules that matched in an alternative that
 * failed later (or inside a lookahead) were reported too. Such a node overlaps the nodes of the
 * attempt that finally succeeded, which start at or before its end, so every earlier child that
 * ends after the new child starts is dropped.
 */
function attach(edition: Edition, parent: Node, node: Node): void {
  const children = parent.children;
  for (;;) {
    const last = children[children.length - 1];
    if (last === undefined) break;
    // A rule that matched the empty string where the new one starts, in another alternative of
    // the same choice (hier-part before opaque-part in "mailto:a@b"), was abandoned too.
    if (last.end > node.start || (last.start === last.end && last.start === node.start && exclusive(edition, parent.rule, last.rule, node.rule))) {
      children.pop();
    } else {
      break;
    }
  }
  children.push(node);
}

/** True when the two rules stand in different alternatives of one choice of the parent rule. */
function exclusive(edition: Edition, parent: string, a: string, b: string): boolean {
  const pairs = edition.rule(parent)?.exclusive;
  return pairs !== undefined && pairs.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

function freeze(edition: Edition, node: Node, input: string, fold: boolean): ParseTree {
  const children: ParseTree[] = [];
  const visit = (child: Node) => {
    if (fold && edition.rule(child.rule)!.singleCharacter) child.children.forEach(visit);
    else children.push(freeze(edition, child, input, fold));
  };
  node.children.forEach(visit);
  return Object.freeze({
    rule: node.rule, start: node.start, end: node.end, text: input.slice(node.start, node.end),
    children: Object.freeze(children),
  });
}
