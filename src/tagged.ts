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
  readonly width: number;
  readonly classes: string;
  readonly next: string;
  readonly operations: readonly number[];
  readonly ops: readonly number[];
  readonly accepts: readonly number[];
  readonly maps: readonly (readonly number[])[];
}

/** How a model types a record as soon as it is made (src/records.ts for the draft's hosts and authorities). */
export type RecordTyping = Readonly<Record<string, (record: never, input: string) => unknown>>;

/** A group of alternatives: its tags, and the alternatives' names. */
type Group = TaggedTables["groups"][number];

const BASE = 0x30;
const HAS_OPS = 0x8000;

/** An edition's tagged DFA, decoded, with what it needs to make the grammar's records. */
export class TaggedAutomaton {
  readonly #classes: Uint8Array;
  readonly #width: number;
  readonly #next: Uint16Array;
  readonly #opAt: Uint16Array;
  readonly #ops: Int32Array;
  readonly #accepts: Int16Array;
  /** maps[map * tags + tag]: the register of the tag, -1 for the end of the input. */
  readonly #maps: Int16Array;
  readonly #tags: number;
  readonly #registers: Int32Array;
  /** After a run that matched: where the final map of its last state begins in #maps, and the input's length. */
  #final = 0;
  #end = 0;
  readonly #span: Readonly<Record<string, { start: number; end: number } | undefined>>;
  /** The groups of the reference rule, the authority and the host (which alternative each took). */
  readonly #referenceGroup: Group | undefined;
  readonly #authorityGroup: Group | undefined;
  readonly #hostGroup: Group | undefined;
  readonly #roles: EditionRoles & { readonly opaque?: string };
  readonly #typing: RecordTyping | undefined;
  /** The tag where each role's span begins, -1 where it is not captured. */
  readonly #t: { readonly scheme: number; readonly authority: number; readonly userinfo: number; readonly host: number; readonly port: number;
    readonly query: number; readonly fragment: number; readonly opaque: number };

  constructor(tables: TaggedTables, roles: EditionRoles, typing?: RecordTyping) {
    const codes = (s: string, into: Uint8Array | Uint16Array) => {
      for (let i = 0; i < s.length; i++) into[i] = s.charCodeAt(i) - BASE;
      return into;
    };
    this.#classes = codes(tables.classes, new Uint8Array(128)) as Uint8Array;
    this.#width = tables.width;
    this.#next = codes(tables.next, new Uint16Array(tables.next.length)) as Uint16Array;
    this.#opAt = new Uint16Array(tables.next.length);
    for (let i = 0; i < tables.operations.length; i += 2) this.#opAt[tables.operations[i]] = tables.operations[i + 1];
    this.#ops = Int32Array.from(tables.ops);
    this.#accepts = Int16Array.from(tables.accepts);
    this.#tags = tables.tags;
    this.#maps = Int16Array.from(tables.maps.flat());
    // A tag that no path has set reads register t, which holds -1 and is never written; the
    // others are written before any state reads them.
    this.#registers = new Int32Array(tables.registers).fill(-1);
    this.#span = Object.fromEntries(tables.spans.map((s) => [s.name, s]));
    const group = (rule: string | undefined) => tables.groups.find((g) => g.rule === rule);
    this.#referenceGroup = group(roles.reference);
    this.#authorityGroup = group(roles.authority);
    this.#hostGroup = group(roles.host);
    this.#roles = roles;
    this.#typing = typing;
    this.#t = {
      scheme: this.#tagOf(roles.scheme), authority: this.#tagOf(roles.authority), userinfo: this.#tagOf(roles.userinfo),
      host: this.#tagOf(roles.host), port: this.#tagOf(roles.port), query: this.#tagOf(roles.query),
      fragment: this.#tagOf(roles.fragment), opaque: this.#tagOf(roles.opaque),
    };
  }

  /**
   * Runs the automaton over the whole input: true when it matches the rule, and then every tag's
   * value is in #values. Non-ASCII input never matches.
   */
  #run(input: string): boolean {
    const classes = this.#classes, width = this.#width, next = this.#next, R = this.#registers;
    let s = 1;
    for (let i = 0; i < input.length; i++) {
      const c = input.charCodeAt(i);
      if (c > 127) return false;
      const k = s * width + classes[c];
      let to = next[k];
      if (to >= HAS_OPS) {
        this.#apply(this.#opAt[k], i);
        to -= HAS_OPS;
      }
      if (to === 0) return false;
      s = to;
    }
    const map = this.#accepts[s];
    if (map < 0) return false;
    this.#final = map * this.#tags;
    this.#end = input.length;
    return true;
  }

  /** The value of tag t in the match of the last run: a position, or -1 where the match does not set it. */
  #v(t: number): number {
    const r = this.#maps[this.#final + t];
    return r < 0 ? this.#end : this.#registers[r];
  }

  /** A transition's register operations, at the position of its character. */
  #apply(at: number, position: number): void {
    const ops = this.#ops, R = this.#registers;
    for (let n = ops[at], i = at + 1; n > 0; n--, i += 2) {
      const source = ops[i + 1];
      R[ops[i]] = source < 0 ? position : R[source];
    }
  }

  /** The tag where a captured rule begins (its end is the next tag), or -1 where the automaton has none. */
  #tagOf(rule: string | undefined): number {
    const s = rule === undefined ? undefined : this.#span[rule];
    return s === undefined ? -1 : s.start;
  }

  /** The text of the span that begins at tag t, or null where the match has none. */
  #text(t: number, input: string): string | null {
    if (t < 0) return null;
    const start = this.#v(t);
    return start < 0 ? null : input.slice(start, this.#v(t + 1));
  }

  /** The rule a record of `rule` spanning [start, end) names: the alternative its group `g` took, if that spans it all. */
  #ruleOf(rule: string, g: Group | undefined, start: number, end: number): string {
    if (g === undefined) return rule;
    if (this.#v(g.start) !== start || this.#v(g.end) !== end) return rule;
    for (let i = 0; i < g.markers.length; i++) if (this.#v(g.markers[i]) === start) return g.alternatives[i];
    return g.alternatives[g.markers.length];
  }

  /**
   * The record of the reference rule for the whole input, as the grammar's actions make it (with
   * the model's typing of hosts and authorities), or null when the input does not match the rule.
   */
  record(input: string): unknown {
    return this.#run(input) ? this.#record(input) : null;
  }

  #record(input: string): unknown {
    const roles = this.#roles, t = this.#t, typing = this.#typing;
    const end = input.length;
    const schemeAt = t.scheme < 0 ? -1 : this.#v(t.scheme);
    const authorityAt = t.authority < 0 ? -1 : this.#v(t.authority);
    const queryAt = t.query < 0 ? -1 : this.#v(t.query);
    const fragmentAt = t.fragment < 0 ? -1 : this.#v(t.fragment);
    const opaqueAt = t.opaque < 0 ? -1 : this.#v(t.opaque);
    let authority: unknown = null;
    let pathStart = schemeAt >= 0 ? this.#v(t.scheme + 1) + 1 : 0;
    if (authorityAt >= 0) {
      const authorityEnd = this.#v(t.authority + 1);
      pathStart = authorityEnd;
      const rule = this.#ruleOf(roles.authority, this.#authorityGroup, authorityAt, authorityEnd);
      if (rule === roles.regName) authority = { rule, start: authorityAt, end: authorityEnd };
      else {
        const hostAt = t.host < 0 ? -1 : this.#v(t.host);
        let host: unknown = null;
        if (hostAt >= 0) {
          const hostEnd = this.#v(t.host + 1);
          host = { rule: this.#ruleOf(roles.host, this.#hostGroup, hostAt, hostEnd), start: hostAt, end: hostEnd };
          if (typing?.host !== undefined) host = typing.host(host as never, input);
        }
        authority = { rule, start: authorityAt, end: authorityEnd, userinfo: this.#text(t.userinfo, input), host, port: this.#text(t.port, input) };
      }
      if (typing?.authority !== undefined) authority = typing.authority(authority as never, input);
    }
    const path = opaqueAt >= 0
      ? { rule: roles.opaque, start: opaqueAt, end: this.#v(t.opaque + 1) }
      : input.slice(pathStart, queryAt >= 0 ? queryAt - 1 : fragmentAt >= 0 ? fragmentAt - 1 : end);
    return {
      rule: this.#ruleOf(roles.reference, this.#referenceGroup, 0, end), start: 0, end,
      scheme: schemeAt >= 0 ? input.slice(schemeAt, this.#v(t.scheme + 1)) : null,
      authority,
      path,
      query: queryAt >= 0 ? input.slice(queryAt, this.#v(t.query + 1)) : null,
      fragment: fragmentAt >= 0 ? input.slice(fragmentAt, this.#v(t.fragment + 1)) : null,
    };
  }

}
