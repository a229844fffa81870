// Which rules are open where an input stops matching: the automaton of the rule's positions, each
// character of the grammar that can be read with the chain of rules (from the start rule down) it
// belongs to. Built from the rules' ABNF trees (generated/ID/dfa.js GRAMMAR, right recursion
// already unrolled into repetition by the build) when an error's details are first read, and run
// over the input as a DFA of sets of positions built as it goes: time linear in the input, memory
// independent of it.
import { codePointAt, stringCharacter, type AbnfNode } from "./automaton.js";

/** A transition on a range of code points, taken inside a chain of rules. */
interface Edge { readonly lo: number; readonly hi: number; readonly to: number; readonly chain: number }

/**
 * A set of positions, with its transitions and its readings found as they are needed. Only the
 * states that read a character (a position, in Glushkov's sense) and the final state are kept: the
 * states that only lead elsewhere without reading (the joins of alternatives and repetitions)
 * change neither where a set goes on a character nor what it reads nor whether the input may end
 * there, so two sets that differ only in them are one. (The final state is kept: a caller derives
 * from a set's readings what the rule's DFA says there, whether the input may end among it.)
 */
interface SetState {
  readonly states: Int32Array;
  /** No state at all: no reading led here (the prefix is not one some match begins with). */
  readonly dead: boolean;
  /** By ASCII code (an array: most prefixes read are ASCII). */
  readonly next: (SetState | undefined)[];
  /** By code point past ASCII (RFC 3987's ucschar and iprivate), made when first needed. */
  wide?: Map<number, SetState>;
  readings?: readonly Reading[];
}

/** One way the grammar can read the next character: a chain of rules, and the characters it takes. */
export interface Reading {
  /** The rules from the start rule down to the one whose character or range takes the character. */
  readonly chain: readonly string[];
  /** The ASCII codes this chain can read next, in code order. */
  readonly codes: readonly number[];
  /** The code points past ASCII this chain can read next, as ranges [first, last] in order (empty for a rule of ASCII). */
  readonly ranges: readonly (readonly [number, number])[];
}

/**
 * What can follow a prefix: every reading of the next character, in the order of the grammar (the
 * alternatives of a rule in the order the document writes them).
 */
export interface Continuation {
  /** The same array for the same set of positions (a caller may cache what it derives from it). */
  readonly readings: readonly Reading[];
}


/** The largest number of sets kept: a grammar's own are far fewer; past it, the cache starts again. */
const MAX_SETS = 4096;

/** A node of the tree of chains met while building: a chain is numbered when its first edge is made. */
interface ChainNode { readonly chain: readonly string[]; id: number; readonly children: Map<string, ChainNode> }

export class Positions {
  readonly #eps: number[][] = [];
  readonly #edges: Edge[][] = [];
  readonly #chains: (readonly string[])[] = [];
  /** The states of the closure of each state that read a character, sorted, made when first needed. */
  #closures: (Int32Array | undefined)[] = [];
  readonly #initial: SetState;
  readonly #dead: SetState;
  /** The state at the end of the start rule. */
  readonly #final: number;
  #sets = new Map<string, SetState>();

  constructor(rules: Readonly<Record<string, AbnfNode>>, start: string) {
    const root: ChainNode = { chain: [], id: -1, children: new Map() };
    let at: ChainNode = root;
    const chainOf = (): number => {
      if (at.id < 0) {
        at.id = this.#chains.length;
        this.#chains.push(Object.freeze(at.chain.slice()));
      }
      return at.id;
    };
    const state = (): number => { this.#eps.push([]); this.#edges.push([]); return this.#eps.length - 1; };
    const edge = (from: number, lo: number, hi: number, to: number) => this.#edges[from].push({ lo, hi, to, chain: chainOf() });
    const build = (n: AbnfNode, from: number): number => {
      switch (n.kind) {
        case "str": {
          let at = from;
          for (const ch of n.text) {
            const to = state();
            for (const code of stringCharacter(ch, n.ci)) edge(at, code, code, to);
            at = to;
          }
          return at;
        }
        case "range": { const to = state(); edge(from, n.first, n.last, to); return to; }
        case "cat": return n.items.reduce((at, item) => build(item, at), from);
        case "alt": {
          const end = state();
          for (const item of n.items) { const s = state(); this.#eps[from].push(s); this.#eps[build(item, s)].push(end); }
          return end;
        }
        case "rep": {
          let at = from;
          for (let i = 0; i < n.min; i++) at = build(n.item, at);
          const end = state();
          this.#eps[at].push(end);
          if (n.max === null) {
            const loop = state();
            this.#eps[at].push(loop);
            this.#eps[build(n.item, loop)].push(loop, end);
          } else {
            for (let i = n.min; i < n.max; i++) { at = build(n.item, at); this.#eps[at].push(end); }
          }
          return end;
        }
        case "ref": {
          if (at.chain.includes(n.name)) throw new Error(`internal error: rule ${n.name} refers to itself after unrolling`);
          const rule = rules[n.name];
          if (rule === undefined) throw new Error(`internal error: no tree for rule ${n.name}`);
          const outer = at;
          let inner = outer.children.get(n.name);
          if (inner === undefined) outer.children.set(n.name, inner = { chain: [...outer.chain, n.name], id: -1, children: new Map() });
          at = inner;
          const to = build(rule, from);
          at = outer;
          return to;
        }
      }
    };
    const first = state();
    this.#final = build({ kind: "ref", name: start }, first);
    this.#closures = new Array<Int32Array | undefined>(this.#eps.length);
    this.#marks = new Uint32Array(this.#eps.length);
    this.#dead = { states: new Int32Array(0), dead: true, next: new Array<SetState | undefined>(128).fill(undefined), wide: undefined, readings: undefined };
    this.#dead.next.fill(this.#dead);
    this.#initial = this.#set([first]);
  }

  /** Marks of the states met by the closure being computed (a stamp per call, so never cleared). */
  #marks: Uint32Array;
  #stamp = 0;

  /** The states that read a character in the closure of one state, and the final state if it is there, sorted. */
  #closureOf(q: number): Int32Array {
    let found = this.#closures[q];
    if (found !== undefined) return found;
    const marks = this.#marks;
    const stamp = ++this.#stamp;
    const eps = this.#eps;
    const edges = this.#edges;
    const out: number[] = [];
    const todo: number[] = [q];
    marks[q] = stamp;
    while (todo.length) {
      const p = todo.pop()!;
      if (edges[p].length > 0 || p === this.#final) out.push(p);
      const from = eps[p];
      for (let k = 0; k < from.length; k++) {
        const t = from[k];
        if (marks[t] !== stamp) { marks[t] = stamp; todo.push(t); }
      }
    }
    found = Int32Array.from(out).sort();
    this.#closures[q] = found;
    return found;
  }

  /** The set of the closure of `targets` (the dead set when there are none). */
  #set(targets: readonly number[]): SetState {
    if (targets.length === 0) return this.#dead;
    let states: Int32Array;
    if (targets.length === 1) states = this.#closureOf(targets[0]);
    else {
      const marks = this.#marks;
      const stamp = ++this.#stamp;
      const out: number[] = [];
      for (let i = 0; i < targets.length; i++) {
        const c = this.#closureOf(targets[i]);
        for (let k = 0; k < c.length; k++) if (marks[c[k]] !== stamp) { marks[c[k]] = stamp; out.push(c[k]); }
      }
      states = Int32Array.from(out).sort();
    }
    const key = states.join(",");
    let s = this.#sets.get(key);
    if (s === undefined) {
      if (this.#sets.size >= MAX_SETS) this.#sets = new Map();
      s = { states, dead: false, next: new Array<SetState | undefined>(128).fill(undefined), wide: undefined, readings: undefined };
      this.#sets.set(key, s);
    }
    return s;
  }

  /**
   * What can follow the first `length` code units of the input, which must be a prefix that some
   * match begins with (the DFA says how long that is).
   */
  after(input: string, length: number): Continuation {
    return this.#readings(this.#walk(input, length, undefined));
  }

  /** What can follow the first `length` code units and the first `length - 1`, in one pass (length >= 1). */
  afterBoth(input: string, length: number): { before: Continuation; after: Continuation } {
    const previous: SetState[] = [];
    const s = this.#walk(input, length, previous);
    return { before: this.#readings(previous[0]), after: this.#readings(s) };
  }

  #walk(input: string, length: number, previous: SetState[] | undefined): SetState {
    let s = this.#initial;
    for (let i = 0; i < length;) {
      // A code point, as the DFA reads it: a surrogate pair is one character (the DFA never stops inside one).
      const code = codePointAt(input, i);
      const size = code > 0xffff ? 2 : 1;
      if (previous !== undefined && i + size === length) previous.push(s);
      let next = code < 128 ? s.next[code] : s.wide?.get(code);
      if (next === undefined && code < 128) next = this.#ascii(s, code); else if (next === undefined) {
        const to: number[] = [];
        for (const q of s.states) for (const e of this.#edges[q]) if (code >= e.lo && code <= e.hi) to.push(e.to);
        next = this.#set(to);
        (s.wide ??= new Map()).set(code, next);
      }
      if (next.dead) throw new Error(`internal error: the positions of the grammar cannot read offset ${i}`);
      s = next;
      i += size;
    }
    return s;
  }

  /**
   * The transition of a set on an ASCII code, made when the code is first read there: one pass over
   * the edges of the set's states (tens of them: only the states that read a character are kept).
   */
  #ascii(s: SetState, code: number): SetState {
    const to: number[] = [];
    const edges = this.#edges;
    const states = s.states;
    for (let i = 0; i < states.length; i++) {
      const out = edges[states[i]];
      for (let k = 0; k < out.length; k++) if (code >= out[k].lo && code <= out[k].hi) to.push(out[k].to);
    }
    const next = this.#set(to);
    s.next[code] = next;
    return next;
  }

  #readings(s: SetState): Continuation {
    if (s.readings !== undefined) return { readings: s.readings };
    // Chains are numbered as the build meets them, which is the grammar's order.
    const byChain = new Map<number, Uint8Array>();
    const wideByChain = new Map<number, [number, number][]>();
    for (const q of s.states) {
      for (const e of this.#edges[q]) {
        let set = byChain.get(e.chain);
        if (set === undefined) byChain.set(e.chain, set = new Uint8Array(128));
        for (let c = e.lo, hi = Math.min(e.hi, 127); c <= hi; c++) set[c] = 1;
        if (e.hi >= 128) {
          let ranges = wideByChain.get(e.chain);
          if (ranges === undefined) wideByChain.set(e.chain, ranges = []);
          ranges.push([Math.max(e.lo, 128), e.hi]);
        }
      }
    }
    const readings: Reading[] = [];
    for (const id of [...byChain.keys()].sort((a, b) => a - b)) {
      const set = byChain.get(id)!;
      const codes: number[] = [];
      for (let c = 0; c < 128; c++) if (set[c] === 1) codes.push(c);
      const ranges = mergeRanges(wideByChain.get(id) ?? []);
      if (codes.length > 0 || ranges.length > 0) readings.push({ chain: this.#chains[id], codes, ranges });
    }
    s.readings = readings;
    return { readings };
  }
}

/** Ranges of code points in order, overlapping and adjacent ones joined. */
export function mergeRanges(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  for (const [lo, hi] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last !== undefined && lo <= last[1] + 1) last[1] = Math.max(last[1], hi); else out.push([lo, hi]);
  }
  return out;
}
