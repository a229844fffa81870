// The parse tree: which rule matched which characters. Built from the grammar's own trace build
// (the same grammar as the parser, with peggy's tracer hooks), so there is no second parser.
import { requireOptions, requireString } from "./args.js";
import { diagnose } from "./diagnose.js";
import { definitionOf } from "./model.js";
import { parseIn } from "./parse.js";
import type { Edition, RuleInfo, TraceEvent } from "./edition.js";

/** One rule that matched: its span [start, end) in the input and the rules inside it. */
export interface ParseTree<RuleName extends string = string> {
  readonly rule: RuleName;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly children: readonly ParseTree<RuleName>[];
  /**
   * Where the document's grammar reads this node's text another way too: the rule that reads it
   * all (`rule`) and the rule whose characters make that reading possible (`by`). The 1993 draft's
   * `hostport = host [ ":" port ]` over "a:80": its `ialpha` (`xalphas`) takes ":" and digits, so
   * `host` alone reads "a:80" as well; the tree, like parse(), reads host "a" and port "80" (the
   * draft's prose: the port follows a colon).
   */
  readonly otherReading?: { readonly rule: RuleName; readonly by: RuleName };
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
 * rule that matched; building it takes about 75 bytes of memory per input character at its peak
 * (measured on 2 MiB of path segments; about 50 on query parameters), and about 1,150 with
 * foldCharacters false (a node for each character's rules too);
 * above this limit explain()
 * throws a RangeError rather than exhaust the process's memory. parse(), matches() and validate()
 * have no such limit.
 */
export const EXPLAIN_MAX_LENGTH = 2 * 1024 * 1024;

export interface Node {
  rule: string;
  start: number;
  end: number;
  children: Node[];
  otherReading?: { rule: string; by: string };
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
  const root = traceTree(edition, input, start, 0, input.length, fold);
  if (root === undefined) throw diagnose(edition, input, start);
  const reading = definitionOf(edition).reread;
  if (reading !== undefined && (edition.roles.parse as readonly string[]).includes(start.name)) {
    reading(edition, input, root, parseIn(edition, input, start));
  }
  return freeze(edition, root, input, fold);
}

/**
 * The successful derivation of `rule` over input[from, to), offsets in the whole input, or
 * undefined when the rule does not match it. The trace build reports every rule that enters,
 * matches and fails, and marks each place an expression begins, and each return to one when the
 * expression fails (scripts/passes/trace-backtracks.mjs): what matched since the mark is dropped
 * then, so a rule's children are exactly the rules of the attempt that succeeded, in order.
 */
export function traceTree(edition: Edition, input: string, rule: RuleInfo, from: number, to: number, fold = false): Node | undefined {
  const root: Node = { rule: rule.name, start: from, end: to, children: [] };
  const stack: Node[] = [root];
  const tracer = {
    trace(event: TraceEvent): void {
      if (event.type === "rule.enter") {
        const info = edition.ruleByPegName(event.rule!)!;
        stack.push({ rule: info.name, start: from + event.location!.start.offset, end: -1, children: [] });
      } else if (event.type === "rule.match") {
        const node = stack.pop()!;
        node.end = from + event.location!.end.offset;
        const siblings = stack[stack.length - 1].children;
        // A rule of one character folded as it matches (not after), so that the nodes of the
        // whole input's characters are never all held at once.
        if (fold && stack.length > 1 && edition.rule(node.rule)!.singleCharacter) siblings.push(...node.children);
        else siblings.push(node);
      } else if (event.type === "rule.fail") {
        stack.pop();
      }
    },
    mark(): number {
      return stack[stack.length - 1].children.length;
    },
    reset(mark: number): void {
      stack[stack.length - 1].children.length = mark;
    },
  };
  try {
    edition.tracer.parse(from === 0 && to === input.length ? input : input.slice(from, to), { startRule: rule.pegName, tracer });
  } catch (e) {
    if (e && typeof e === "object" && "location" in e) return undefined;
    throw e;
  }
  // The start rule itself is the root's only child.
  return root.children.length === 1 ? root.children[0] : root;
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
    ...(node.otherReading === undefined ? {} : { otherReading: Object.freeze(node.otherReading) }),
  });
}

/** A node of a partial tree: `open` where the rule had not ended when the input stopped matching. */
export interface PartialTree<RuleName extends string = string> extends ParseTree<RuleName> {
  readonly open?: true;
  readonly children: readonly PartialTree<RuleName>[];
}

/**
 * For an input the rule does not match: the tree of what the grammar read before the stop (the
 * offset where the input stops matching, the DFA's: `stop`), the rules still open there marked
 * `open` and spanning up to it. Every reading fails at the stop; this is the one of the PEG's
 * attempts that reached furthest with the most rules open there, as the trace build reports it,
 * the attempts that failed before it dropped. Time and
 * memory grow with the input times the depth of the grammar; the playground asks for it only for
 * inputs of some thousands of characters.
 */
export function partialTreeIn(edition: Edition, input: string, ruleName: string, stop: number, fold = true): PartialTree | undefined {
  const start = edition.requireRule(ruleName);
  const root: Node = { rule: start.name, start: 0, end: 0, children: [] };
  const stack: Node[] = [root];
  let best = -1;
  let depth = 0;
  let snapshot: Node | undefined;
  const take = (at: number) => {
    // The open rules, outermost first, each with the completed children it has so far (a rule of
    // one character folded into its parent, as in explain()).
    let tail: Node[] = [];
    for (let i = stack.length - 1; i >= 1; i--) {
      const n = stack[i];
      if (fold && i > 1 && edition.rule(n.rule)!.singleCharacter) { tail = [...n.children, ...tail]; continue; }
      const copy: Node & { open?: true } = { rule: n.rule, start: n.start, end: at, children: [...n.children, ...tail], open: true };
      tail = [copy];
    }
    const child = tail[0];
    snapshot = child;
  };
  const tracer = {
    trace(event: TraceEvent): void {
      if (event.type === "rule.enter") {
        stack.push({ rule: edition.ruleByPegName(event.rule!)!.name, start: event.location!.start.offset, end: -1, children: [] });
      } else if (event.type === "rule.match") {
        const node = stack.pop()!;
        node.end = event.location!.end.offset;
        const siblings = stack[stack.length - 1].children;
        if (fold && stack.length > 1 && edition.rule(node.rule)!.singleCharacter) siblings.push(...node.children);
        else siblings.push(node);
        // Of the readings that reach furthest (every one fails at the stop), the one with the most
        // rules open there: the most detailed ("http://a b": the host "a", not a userinfo).
        if (node.end <= stop && stack.length > 1 && (node.end > best || (node.end === best && stack.length > depth))) {
          best = node.end;
          depth = stack.length;
          take(node.end);
        }
      } else if (event.type === "rule.fail") {
        stack.pop();
      }
    },
    mark: (): number => stack[stack.length - 1].children.length,
    reset: (mark: number): void => { stack[stack.length - 1].children.length = mark; },
  };
  try {
    edition.tracer.parse(input, { startRule: start.pegName, tracer });
  } catch (e) {
    if (!(e && typeof e === "object" && "location" in e)) throw e;
  }
  if (snapshot === undefined) return undefined;
  const frozen = (n: Node & { open?: true }): PartialTree => Object.freeze({
    rule: n.rule, start: n.start, end: n.end, text: input.slice(n.start, n.end),
    children: Object.freeze(n.children.map(frozen)), ...(n.open ? { open: true as const } : {}),
  });
  return frozen(snapshot);
}
