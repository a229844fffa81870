// parse() of an edition's reference rule in one pass: the tagged DFA that scripts/build-tagged.mjs
// builds from the edition's collected ABNF (generated/ID/tagged.js) decides whether the input
// matches and, in the same pass, where each component begins and ends; the grammar's records
// ({ rule, start, end, ...parts }, docs/grammar.md) are made from those spans. They are the records
// the PEG's actions make (test/tagged.test.ts and scripts/grammar-fuzz.mjs hold the two to each
// other), so each model's builder takes either.
//
// What a span means is the edition's roles (edition.json): the scheme, authority, userinfo,
// host, port, query and fragment are the spans of those rules; the path is what lies between the
// authority (or the scheme's ":", or the start) and the query's "?" (or the fragment's "#", or the
// end), or the span of the opaque part; a record's rule is the alternative of its group
// (absolute-URI or relative-URI, server or reg-name, a host's kind) that the match took, when that
// alternative spans the whole record.
import type { EditionRoles } from "./edition-build.js";
import { wideAt, wideClassesOf, type WideClasses } from "./automaton.js";

/** The tables of generated/ID/tagged.js. */
export interface TaggedTables {
  readonly rule: string;
  readonly spans: readonly { readonly name: string; readonly start: number; readonly end: number }[];
  readonly groups: readonly {
    readonly rule: string; readonly alternatives: readonly string[]; readonly start: number; readonly end: number; readonly markers: readonly number[];
  }[];
  readonly tags: number;
  readonly registers: number;
  /** Registers that hold 0 throughout (no operation writes them). */
  readonly zeros: readonly number[];
  readonly width: number;
  readonly classes: string;
  /** For a rule that reads past ASCII (RFC 3987): [first code point, class, ...] from 128 up. */
  readonly wide?: readonly number[];
  readonly next: string;
  readonly operations: string;
  readonly ops: readonly number[];
  readonly accepts: readonly number[];
  readonly maps: readonly (readonly number[])[];
}

/**
 * How a model types a host and an authority as soon as they are found, from their spans (src/records.ts
 * for the draft's, whose parser types its records the same way): the typed objects take the records' places.
 */
export interface SpanTyping {
  host?(rule: string, start: number, end: number, input: string): unknown;
  authority?(rule: string, start: number, end: number, userinfo: string | null, host: unknown, port: string | null, input: string): unknown;
  /**
   * The model's reference, made at once from the reference's parts (texts, null where absent; the
   * authority, typed where the model types it, else its record; the path as a text, `opaque` where
   * it is the opaque part), for a model that needs no record of the reference: parse() then
   * returns it as it is, and no builder runs.
   */
  reference?(scheme: string | null, authority: unknown, path: string, opaque: boolean, query: string | null, fragment: string | null,
    input: string): unknown;
}

/** A group of alternatives: its tags, and the alternatives' names. */
type Group = TaggedTables["groups"][number];

const BASE = 0x30;
/**
 * The loops read a transition's target as the index of its row (the state times the width of a
 * row), so that a step is one addition and one lookup, not a multiplication too; the sign bit
 * (HAS_OPS) is set where the transition has register operations.
 */
const HAS_OPS = -0x80000000;
/**
 * A transition into the dead state, as the loop reads it: negative, so that the one test per
 * character for register operations finds it too, and the loop needs no second test.
 */
const DEAD = -1;
/**
 * String methods called through String.prototype's own functions, held in this module's
 * constants: `charCodeAt.call(input, i)`, not `input.charCodeAt(i)`. Inputs come as strings of
 * many internal kinds (flat, concatenated, sliced, one or two bytes a character, internalized or
 * not). Where one call site of `input.charCodeAt(i)`, `input.substring(a, b)` or `input.length` has
 * seen more than four of them when V8 compiles it (which depends on the order of the inputs and on
 * the timing of the compiler's thread), V8 compiles a generic lookup and call for it: on the
 * benchmark corpus parse() took 460 ns per reference in one process and 1,050 ns in the next. A
 * call of a constant function is compiled to the same inline code whatever the kind; the length,
 * which has no such function, is read once per input, not once per character. (An imported
 * constant is a property of the module object in the CommonJS build, which V8 does not take for a
 * constant: each module that reads inputs holds its own.) Texts are cut with substring: their
 * bounds are never negative, so slice's reading of them is not needed. src/automaton.ts,
 * src/records.ts, the builders and the fast parser (scripts/passes/generate-fast.mjs) do the same.
 */
const charCodeAt = String.prototype.charCodeAt;
const substring = String.prototype.substring;

/**
 * Where a reference's path begins: after its authority, else after the scheme's ":", else at the
 * reference's start (an absent component -1). The path has no rule of its own in every grammar
 * (the draft's is an abs-path or a rel-path, RFC 3986's one of five path rules); it is what lies
 * between the components around it. explain's colours read it so too (src/cli/components.ts).
 */
export function pathStart(start: number, schemeEnd: number, authorityEnd: number): number {
  return authorityEnd >= 0 ? authorityEnd : schemeEnd >= 0 ? schemeEnd + 1 : start;
}

/** Where a reference's path ends: before the query's "?", else before the fragment's "#", else at the reference's end. */
export function pathEnd(end: number, queryStart: number, fragmentStart: number): number {
  return queryStart >= 0 ? queryStart - 1 : fragmentStart >= 0 ? fragmentStart - 1 : end;
}

/** The decoded tables the loop reads, and the registers it writes. */
interface Scanned {
  readonly classes: Uint8Array;
  readonly width: number;
  /** The next row of each row and class, at `row + class` (a row is `state * width`), HAS_OPS or DEAD as above. */
  readonly next: Int32Array;
  readonly opAt: Uint16Array;
  readonly ops: Int32Array;
  readonly registers: Int32Array;
}

/**
 * The loop of a tagged DFA over an input: it runs the automaton over the whole input and gives
 * the state it ends in, or 0 where it stops in the dead state or at a non-ASCII character; the
 * registers then hold the tags' values. It writes nothing but registers, and leaves to its caller
 * whether that state accepts.
 *
 * Each automaton calls it bound to its tables (`scan.bind(undefined, tables)`), as record() is
 * bound to what it reads. Where a program parses in one edition, V8 compiles the bound function's
 * call into parse() with the tables as a constant object, whose fields (the arrays, their lengths,
 * the width) it then takes as fixed values: parse() took about 10% less than with a method
 * reading the automaton's fields (docs/performance.md). Where it parses in several, the calls see
 * several bound functions of one function, compiled once for all of them, as fast as the method.
 * (A closure per automaton did as well as the bound function in one edition, but where a program
 * had parsed in others, parse() took half as long again as with the method.)
 */
function scan(t: Scanned, input: string): number {
  const { classes, width, next, opAt, ops, registers: R } = t;
  // The row of the state (state * width): the initial state is 1.
  let s = width;
  // Every code unit read, ORed: past ASCII, no state goes on (the build fails on a rule that reads
  // one), so the input is rejected at the end; meanwhile the loop reads the class of the low seven
  // bits, with no test per character for it.
  let seen = 0;
  const n = input.length;
  for (let i = 0; i < n; i++) {
    const c = charCodeAt.call(input, i);
    seen |= c;
    const k = s + classes[c & 127];
    let to = next[k];
    if (to < 0) {
      if (to === DEAD) return 0;
      // The transition's register operations: [count, (register, source) * count], source -1 the position.
      const at = opAt[k];
      for (let m = ops[at], j = at + 1; m > 0; m--, j += 2) {
        const source = ops[j + 1];
        R[ops[j]] = source < 0 ? i : R[source];
      }
      to ^= HAS_OPS;
      if (to === 0) return 0;
    }
    s = to;
  }
  return seen > 127 ? 0 : (s / width) | 0;
}

/**
 * scan() for a rule that reads past ASCII (RFC 3987): an ASCII code unit through its class, any
 * other through the class of its character (a surrogate pair is one, and the position a tag takes
 * is where the character begins).
 */
function scanWide(t: Scanned, wide: WideClasses, input: string): number {
  const { classes, width, next, opAt, ops, registers: R } = t;
  let s = width;
  const n = input.length;
  for (let i = 0; i < n;) {
    const c = charCodeAt.call(input, i);
    let size = 1;
    let k: number;
    if (c < 128) k = s + classes[c];
    else {
      const w = wideAt(wide, input, i);
      k = s + (w & 0xff);
      if (w > 0xff) size = 2;
    }
    let to = next[k];
    if (to < 0) {
      if (to === DEAD) return 0;
      const at = opAt[k];
      for (let m = ops[at], j = at + 1; m > 0; m--, j += 2) {
        const source = ops[j + 1];
        R[ops[j]] = source < 0 ? i : R[source];
      }
      to ^= HAS_OPS;
      if (to === 0) return 0;
    }
    s = to;
    i += size;
  }
  return (s / width) | 0;
}

/** What the records are made of: the automaton's final maps and registers, and the edition's roles. */
interface Recorded {
  readonly scan: (input: string) => number;
  readonly accepts: Int16Array;
  /** maps[map * tags + tag]: the register of the tag, -1 for the end of the input. */
  readonly maps: Int16Array;
  readonly tags: number;
  readonly registers: Int32Array;
  /** The tag where each role's span begins, -1 where it is not captured. */
  readonly t: { readonly scheme: number; readonly authority: number; readonly userinfo: number; readonly host: number; readonly port: number;
    readonly query: number; readonly fragment: number; readonly opaque: number };
  /** The groups of the reference rule, the authority and the host (which alternative each took). */
  readonly referenceGroup: Group | undefined;
  readonly authorityGroup: Group | undefined;
  readonly hostGroup: Group | undefined;
  readonly roles: EditionRoles;
  readonly typing: SpanTyping | undefined;
  /** The model's reference made from the parts (SpanTyping.reference), or undefined for the grammar's record. */
  readonly reference: SpanTyping["reference"];
}

/** The value of tag t in a match whose final map begins at `final`: a position, or -1 where the match does not set it. */
function v(of: Recorded, final: number, end: number, t: number): number {
  const r = of.maps[final + t];
  return r < 0 ? end : of.registers[r];
}

/** The text of the span that begins at tag t, or null where the match has none. */
function text(of: Recorded, final: number, end: number, t: number, input: string): string | null {
  if (t < 0) return null;
  const start = v(of, final, end, t);
  return start < 0 ? null : substring.call(input, start, v(of, final, end, t + 1));
}

/** The rule a record of `rule` spanning [start, stop) names: the alternative its group `g` took, if that spans it all. */
function ruleOf(of: Recorded, final: number, end: number, rule: string, g: Group | undefined, start: number, stop: number): string {
  if (g === undefined) return rule;
  if (v(of, final, end, g.start) !== start || v(of, final, end, g.end) !== stop) return rule;
  for (let i = 0; i < g.markers.length; i++) if (v(of, final, end, g.markers[i]) === start) return g.alternatives[i];
  return g.alternatives[g.markers.length];
}

/**
 * The record of the reference rule for an input (or, with `of.reference`, the model's reference
 * made from its parts), or null when the input does not match the rule. Each automaton calls it
 * bound to what it reads, as scan() is (and why).
 */
function record(of: Recorded, input: string): unknown {
  const { roles, typing, reference, t } = of;
  const map = of.accepts[of.scan(input)];
  if (map < 0) return null;
  const final = map * of.tags, end = input.length;
  const schemeAt = t.scheme < 0 ? -1 : v(of, final, end, t.scheme);
  const schemeEnd = schemeAt >= 0 ? v(of, final, end, t.scheme + 1) : -1;
  const authorityAt = t.authority < 0 ? -1 : v(of, final, end, t.authority);
  const queryAt = t.query < 0 ? -1 : v(of, final, end, t.query);
  const fragmentAt = t.fragment < 0 ? -1 : v(of, final, end, t.fragment);
  const opaqueAt = t.opaque < 0 ? -1 : v(of, final, end, t.opaque);
  let authority: unknown = null;
  let authorityEnd = -1;
  if (authorityAt >= 0) {
    authorityEnd = v(of, final, end, t.authority + 1);
    const rule = ruleOf(of, final, end, roles.authority, of.authorityGroup, authorityAt, authorityEnd);
    if (rule === roles.regName) {
      authority = typing?.authority === undefined
        ? { rule, start: authorityAt, end: authorityEnd }
        : typing.authority(rule, authorityAt, authorityEnd, null, null, null, input);
    } else {
      const hostAt = t.host < 0 ? -1 : v(of, final, end, t.host);
      let host: unknown = null;
      if (hostAt >= 0) {
        const hostEnd = v(of, final, end, t.host + 1);
        const hostRule = ruleOf(of, final, end, roles.host, of.hostGroup, hostAt, hostEnd);
        host = typing?.host === undefined ? { rule: hostRule, start: hostAt, end: hostEnd } : typing.host(hostRule, hostAt, hostEnd, input);
      }
      const userinfo = text(of, final, end, t.userinfo, input), port = text(of, final, end, t.port, input);
      authority = typing?.authority === undefined
        ? { rule, start: authorityAt, end: authorityEnd, userinfo, host, port }
        : typing.authority(rule, authorityAt, authorityEnd, userinfo, host, port, input);
    }
  }
  const scheme = schemeAt >= 0 ? substring.call(input, schemeAt, schemeEnd) : null;
  const query = queryAt >= 0 ? substring.call(input, queryAt, v(of, final, end, t.query + 1)) : null;
  const fragment = fragmentAt >= 0 ? substring.call(input, fragmentAt, v(of, final, end, t.fragment + 1)) : null;
  if (reference !== undefined) {
    const path = opaqueAt >= 0
      ? substring.call(input, opaqueAt, v(of, final, end, t.opaque + 1))
      : substring.call(input, pathStart(0, schemeEnd, authorityEnd), pathEnd(end, queryAt, fragmentAt));
    return reference(scheme, authority, path, opaqueAt >= 0, query, fragment, input);
  }
  const path = opaqueAt >= 0
    ? { rule: roles.opaque, start: opaqueAt, end: v(of, final, end, t.opaque + 1) }
    : substring.call(input, pathStart(0, schemeEnd, authorityEnd), pathEnd(end, queryAt, fragmentAt));
  return { rule: ruleOf(of, final, end, roles.reference, of.referenceGroup, 0, end), start: 0, end, scheme, authority, path, query, fragment };
}

/** An edition's tagged DFA, decoded, with what it needs to make the grammar's records. */
export class TaggedAutomaton {
  // The fields are declared only, and set once each by the constructor (as UriReference's are):
  // a declaration compiled to a class field would define each as undefined first, and V8, seeing
  // it set again, would keep no record of the kind of value it holds.
  private declare readonly next_: Int32Array;
  private declare readonly opAt_: Uint16Array;
  private declare readonly ops_: Int32Array;
  /** What record() reads, kept to bind record() when first asked for. */
  private declare readonly recorded_: Recorded;
  /** Whether parse() gives the model's reference (its typing makes it, SpanTyping.reference), not the record. */
  declare readonly makesReference: boolean;
  /** What parse() takes: the model's reference, or the record where the model has a builder (record(), bound). */
  private declare readonly parse_: (input: string) => unknown;
  private declare record_: ((input: string) => unknown) | undefined;

  constructor(tables: TaggedTables, roles: EditionRoles, typing?: SpanTyping) {
    const codes = (s: string, into: Uint8Array | Uint16Array) => {
      for (let i = 0; i < s.length; i++) into[i] = s.charCodeAt(i) - BASE;
      return into;
    };
    const classes = codes(tables.classes, new Uint8Array(128)) as Uint8Array;
    const width = tables.width;
    // Each target as the index of its row (state * width).
    const next = new Int32Array(tables.next.length);
    for (let k = 0; k < next.length; k++) next[k] = (tables.next.charCodeAt(k) - BASE) * width;
    const opAt = new Uint16Array(tables.next.length);
    // A transition with register operations has the sign bit (HAS_OPS) set on its target.
    for (let i = 0, k = 0; i < tables.operations.length; i += 2) {
      k += tables.operations.charCodeAt(i) - BASE;
      opAt[k] = tables.operations.charCodeAt(i + 1) - BASE;
      next[k] |= HAS_OPS;
    }
    for (let k = 0; k < next.length; k++) if (next[k] === 0) next[k] = DEAD;
    const ops = Int32Array.from(tables.ops);
    const accepts = Int16Array.from(tables.accepts);
    // The record reads the dead state's entry after a run that stopped.
    if (accepts[0] !== -1) throw new Error("internal error: the tagged DFA's dead state accepts");
    // A tag that no path has set reads register t, which holds -1 and is never written; the
    // others are written before any state reads them.
    const registers = new Int32Array(tables.registers).fill(-1);
    for (const r of tables.zeros) registers[r] = 0;
    this.next_ = next;
    this.opAt_ = opAt;
    this.ops_ = ops;
    const span = new Map(tables.spans.map((s) => [s.name, s]));
    // The tag where a captured rule begins (its end is the next tag), or -1 where the automaton has none.
    const tagOf = (rule: string | undefined) => (rule === undefined ? undefined : span.get(rule))?.start ?? -1;
    const group = (rule: string | undefined) => tables.groups.find((g) => g.rule === rule);
    this.recorded_ = {
      scan: tables.wide === undefined ? scan.bind(undefined, { classes, width, next, opAt, ops, registers })
        : scanWide.bind(undefined, { classes, width, next, opAt, ops, registers }, wideClassesOf(tables.wide)),
      accepts, maps: Int16Array.from(tables.maps.flat()), tags: tables.tags, registers,
      t: {
        scheme: tagOf(roles.scheme), authority: tagOf(roles.authority), userinfo: tagOf(roles.userinfo), host: tagOf(roles.host),
        port: tagOf(roles.port), query: tagOf(roles.query), fragment: tagOf(roles.fragment), opaque: tagOf(roles.opaque),
      },
      referenceGroup: group(roles.reference), authorityGroup: group(roles.authority), hostGroup: group(roles.host),
      roles, typing, reference: typing?.reference,
    };
    this.makesReference = typing?.reference !== undefined;
    this.parse_ = record.bind(undefined, this.recorded_);
    this.record_ = this.makesReference ? undefined : this.parse_;
  }

  /**
   * The automaton's pass alone: whether the whole input matches the rule (the registers then hold
   * where each tag was set; nothing is made from them). scripts/bench-parts.mjs times it.
   */
  scan(input: string): boolean {
    const { scan, accepts } = this.recorded_;
    return accepts[scan(input)] >= 0;
  }

  /**
   * What parse() builds on: where the model's typing makes the reference (SpanTyping.reference),
   * that reference, else the record (record()); null when the input does not match the rule.
   */
  parse(input: string): unknown {
    return this.parse_(input);
  }

  /**
   * The record of the reference rule for the whole input, as the grammar's actions make it (with
   * the model's typing of hosts and authorities), or null when the input does not match the rule.
   * (The proofs compare it with the PEG's; for a model whose typing makes the reference, parse()
   * does not make it, and the function that does is bound when first asked for.)
   */
  record(input: string): unknown {
    this.record_ ??= record.bind(undefined, { ...this.recorded_, reference: undefined });
    return this.record_(input);
  }
}
