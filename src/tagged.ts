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
  host(rule: string, start: number, end: number, input: string): unknown;
  authority(rule: string, start: number, end: number, userinfo: string | null, host: unknown, port: string | null, input: string): unknown;
}

/** A group of alternatives: its tags, and the alternatives' names. */
type Group = TaggedTables["groups"][number];

const BASE = 0x30;
const HAS_OPS = 0x8000;
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
  readonly next: Uint16Array;
  readonly opAt: Uint16Array;
  readonly ops: Int32Array;
  readonly registers: Int32Array;
}

/**
 * The loop of a tagged DFA over an input, as a closure over its decoded tables: it runs the
 * automaton over the whole input and gives the state it ends in, or 0 where it stops in the dead
 * state or at a non-ASCII character; the registers R then hold the tags' values. It writes
 * nothing but registers, and leaves to its caller whether that state accepts.
 *
 * A closure over constants, not a method reading the automaton's fields: V8 compiles the loop into
 * parse() either way, and there it can take a known closure's constants (the tables, their
 * lengths, the width) as fixed values, which it does not do for an object's fields. Measured in
 * separate processes (docs/performance.md), parse() took about 10% less so.
 */
function scanner(tables: Scanned): (input: string) => number {
  // Constants of the closure, which V8 can take as such where it compiles the loop into its caller.
  const { classes, width, next, opAt, ops, registers: R } = tables;
  return (input: string): number => {
    let s = 1;
    const n = input.length;
    for (let i = 0; i < n; i++) {
      const c = charCodeAt.call(input, i);
      if (c > 127) return 0;
      const k = s * width + classes[c];
      let to = next[k];
      if (to >= HAS_OPS) {
        // The transition's register operations: [count, (register, source) * count], source -1 the position.
        const at = opAt[k];
        for (let m = ops[at], j = at + 1; m > 0; m--, j += 2) {
          const source = ops[j + 1];
          R[ops[j]] = source < 0 ? i : R[source];
        }
        to -= HAS_OPS;
      }
      if (to === 0) return 0;
      s = to;
    }
    return s;
  };
}

/** An edition's tagged DFA, decoded, with what it needs to make the grammar's records. */
export class TaggedAutomaton {
  // The fields are declared only, and set once each by the constructor (as UriReference's are):
  // a declaration compiled to a class field would define each as undefined first, and V8, seeing
  // it set again, would keep no record of the kind of value it holds.
  private declare readonly classes_: Uint8Array;
  private declare readonly width_: number;
  private declare readonly next_: Uint16Array;
  private declare readonly opAt_: Uint16Array;
  private declare readonly ops_: Int32Array;
  private declare readonly accepts_: Int16Array;
  /** maps[map * tags + tag]: the register of the tag, -1 for the end of the input. */
  private declare readonly maps_: Int16Array;
  private declare readonly tags_: number;
  private declare readonly registers_: Int32Array;
  /** The loop over an input (scanner()). */
  private declare readonly scan_: (input: string) => number;
  /** After a run that matched: where the final map of its last state begins in maps_, and the input's length. */
  private final_ = 0;
  private end_ = 0;
  private declare readonly span_: Readonly<Record<string, { start: number; end: number } | undefined>>;
  /** The groups of the reference rule, the authority and the host (which alternative each took). */
  private declare readonly referenceGroup_: Group | undefined;
  private declare readonly authorityGroup_: Group | undefined;
  private declare readonly hostGroup_: Group | undefined;
  private declare readonly roles_: EditionRoles;
  private declare readonly typing_: SpanTyping | undefined;
  /** The tag where each role's span begins, -1 where it is not captured. */
  private declare readonly t_: { readonly scheme: number; readonly authority: number; readonly userinfo: number; readonly host: number; readonly port: number;
    readonly query: number; readonly fragment: number; readonly opaque: number };

  constructor(tables: TaggedTables, roles: EditionRoles, typing?: SpanTyping) {
    const codes = (s: string, into: Uint8Array | Uint16Array) => {
      for (let i = 0; i < s.length; i++) into[i] = s.charCodeAt(i) - BASE;
      return into;
    };
    this.classes_ = codes(tables.classes, new Uint8Array(128)) as Uint8Array;
    this.width_ = tables.width;
    this.next_ = codes(tables.next, new Uint16Array(tables.next.length)) as Uint16Array;
    this.opAt_ = new Uint16Array(tables.next.length);
    // A transition with register operations has HAS_OPS added to its target.
    for (let i = 0, k = 0; i < tables.operations.length; i += 2) {
      k += tables.operations.charCodeAt(i) - BASE;
      this.opAt_[k] = tables.operations.charCodeAt(i + 1) - BASE;
      this.next_[k] += HAS_OPS;
    }
    this.ops_ = Int32Array.from(tables.ops);
    this.accepts_ = Int16Array.from(tables.accepts);
    // record() reads the dead state's entry after a run that stopped.
    if (this.accepts_[0] !== -1) throw new Error("internal error: the tagged DFA's dead state accepts");
    this.tags_ = tables.tags;
    this.maps_ = Int16Array.from(tables.maps.flat());
    // A tag that no path has set reads register t, which holds -1 and is never written; the
    // others are written before any state reads them.
    this.registers_ = new Int32Array(tables.registers).fill(-1);
    for (const r of tables.zeros) this.registers_[r] = 0;
    this.scan_ = scanner({
      classes: this.classes_, width: this.width_, next: this.next_, opAt: this.opAt_, ops: this.ops_, registers: this.registers_,
    });
    this.span_ = Object.fromEntries(tables.spans.map((s) => [s.name, s]));
    const group = (rule: string | undefined) => tables.groups.find((g) => g.rule === rule);
    this.referenceGroup_ = group(roles.reference);
    this.authorityGroup_ = group(roles.authority);
    this.hostGroup_ = group(roles.host);
    this.roles_ = roles;
    this.typing_ = typing;
    this.t_ = {
      scheme: this.tagOf_(roles.scheme), authority: this.tagOf_(roles.authority), userinfo: this.tagOf_(roles.userinfo),
      host: this.tagOf_(roles.host), port: this.tagOf_(roles.port), query: this.tagOf_(roles.query),
      fragment: this.tagOf_(roles.fragment), opaque: this.tagOf_(roles.opaque),
    };
  }

  /** The value of tag t in the match of the last run: a position, or -1 where the match does not set it. */
  private v_(t: number): number {
    const r = this.maps_[this.final_ + t];
    return r < 0 ? this.end_ : this.registers_[r];
  }

  /** The tag where a captured rule begins (its end is the next tag), or -1 where the automaton has none. */
  private tagOf_(rule: string | undefined): number {
    const s = rule === undefined ? undefined : this.span_[rule];
    return s === undefined ? -1 : s.start;
  }

  /** The text of the span that begins at tag t, or null where the match has none. */
  private text_(t: number, input: string): string | null {
    if (t < 0) return null;
    const start = this.v_(t);
    return start < 0 ? null : substring.call(input, start, this.v_(t + 1));
  }

  /** The rule a record of `rule` spanning [start, end) names: the alternative its group `g` took, if that spans it all. */
  private ruleOf_(rule: string, g: Group | undefined, start: number, end: number): string {
    if (g === undefined) return rule;
    if (this.v_(g.start) !== start || this.v_(g.end) !== end) return rule;
    for (let i = 0; i < g.markers.length; i++) if (this.v_(g.markers[i]) === start) return g.alternatives[i];
    return g.alternatives[g.markers.length];
  }

  /**
   * The record of the reference rule for the whole input, as the grammar's actions make it (with
   * the model's typing of hosts and authorities), or null when the input does not match the rule.
   */
  record(input: string): unknown {
    const map = this.accepts_[this.scan_(input)];
    if (map < 0) return null;
    this.final_ = map * this.tags_;
    this.end_ = input.length;
    return this.record_(input);
  }

  private record_(input: string): unknown {
    const roles = this.roles_, t = this.t_, typing = this.typing_;
    const end = this.end_;
    const schemeAt = t.scheme < 0 ? -1 : this.v_(t.scheme);
    const schemeEnd = schemeAt >= 0 ? this.v_(t.scheme + 1) : -1;
    const authorityAt = t.authority < 0 ? -1 : this.v_(t.authority);
    const queryAt = t.query < 0 ? -1 : this.v_(t.query);
    const fragmentAt = t.fragment < 0 ? -1 : this.v_(t.fragment);
    const opaqueAt = t.opaque < 0 ? -1 : this.v_(t.opaque);
    let authority: unknown = null;
    let authorityEnd = -1;
    if (authorityAt >= 0) {
      authorityEnd = this.v_(t.authority + 1);
      const rule = this.ruleOf_(roles.authority, this.authorityGroup_, authorityAt, authorityEnd);
      if (rule === roles.regName) {
        authority = typing === undefined ? { rule, start: authorityAt, end: authorityEnd } : typing.authority(rule, authorityAt, authorityEnd, null, null, null, input);
      } else {
        const hostAt = t.host < 0 ? -1 : this.v_(t.host);
        let host: unknown = null;
        if (hostAt >= 0) {
          const hostEnd = this.v_(t.host + 1);
          const hostRule = this.ruleOf_(roles.host, this.hostGroup_, hostAt, hostEnd);
          host = typing === undefined ? { rule: hostRule, start: hostAt, end: hostEnd } : typing.host(hostRule, hostAt, hostEnd, input);
        }
        const userinfo = this.text_(t.userinfo, input), port = this.text_(t.port, input);
        authority = typing === undefined
          ? { rule, start: authorityAt, end: authorityEnd, userinfo, host, port }
          : typing.authority(rule, authorityAt, authorityEnd, userinfo, host, port, input);
      }
    }
    const path = opaqueAt >= 0
      ? { rule: roles.opaque, start: opaqueAt, end: this.v_(t.opaque + 1) }
      : substring.call(input, pathStart(0, schemeEnd, authorityEnd), pathEnd(end, queryAt, fragmentAt));
    return {
      rule: this.ruleOf_(roles.reference, this.referenceGroup_, 0, end), start: 0, end,
      scheme: schemeAt >= 0 ? substring.call(input, schemeAt, schemeEnd) : null,
      authority,
      path,
      query: queryAt >= 0 ? substring.call(input, queryAt, this.v_(t.query + 1)) : null,
      fragment: fragmentAt >= 0 ? substring.call(input, fragmentAt, this.v_(t.fragment + 1)) : null,
    };
  }

}
