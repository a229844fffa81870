// Which rules are open where an input stops matching: the automaton of the rule's positions, each
// character of the grammar that can be read with the chain of rules (from the start rule down) it
// belongs to. Built from the rules' ABNF trees (generated/ID/dfa.js GRAMMAR, right recursion
// already unrolled into repetition by the build) when an error's details are first read, and run
// over the input as a DFA of sets of positions built as it goes: time linear in the input, memory
// independent of it.
import { codePointAt, stringCharacter, wideClassesOf, wideClassOf, type AbnfNode, type WideClasses } from "./automaton.js";

/**
 * A set of positions, with its transitions and its readings found as they are needed. Only the
 * states that read a character (a position, in Glushkov's sense) and the final state are kept: the
 * states that only lead elsewhere without reading (the joins of alternatives and repetitions)
 * change neither where a set goes on a character nor what it reads nor whether the input may end
 * there, so two sets that differ only in them are one. (The final state is kept: a caller derives
 * from a set's readings what the rule's DFA says there, whether the input may end among it.)
 */
interface SetState {
  readonly states: readonly number[];
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


/** The automaton of positions run to completion (Positions.complete()). */
export interface CompletePositions {
  /** The first code point of each class past ASCII, from 128 up, in order (class 128 + k). */
  readonly wide: readonly number[];
  /** For each set (0 dead, 1 initial), the set each class leads to: the 128 ASCII codes, then `wide`. */
  readonly next: readonly (readonly number[])[];
  /** For each set, its readings (empty for the dead set). */
  readonly readings: readonly (readonly Reading[])[];
  /**
   * For each set, whether it holds the end of the rule (the input may end there): what a caller
   * derives from a set's readings array with the rule's DFA, so two sets that differ in it never
   * share an array.
   */
  readonly final: readonly boolean[];
}

/** What src/diagnose.ts asks of the automaton of a rule's positions: Positions, or PositionsTable for the reference rule. */
export interface PositionsAutomaton {
  /**
   * What can follow the first `length` code units of the input, which must be a prefix that some
   * match begins with (the DFA says how long that is).
   */
  after(input: string, length: number): Continuation;
  /** What can follow the first `length` code units and the first `length - 1`, in one pass (length >= 1). */
  afterBoth(input: string, length: number): { before: Continuation; after: Continuation };
}

/** The largest number of sets kept: a grammar's own are far fewer; past it, the cache starts again. */
const MAX_SETS = 4096;

/** A node of the tree of chains met while building: a chain is numbered when its first edge is made. */
interface ChainNode { readonly chain: readonly string[]; id: number; readonly children: Map<string, ChainNode> }

export class Positions implements PositionsAutomaton {
  // The NFA, its arrays by state in compressed rows: the ε-moves of state q are
  // #epsTo[#epsStart[q] .. #epsStart[q + 1]), its edges (a range of code points lo..hi to a state,
  // taken inside a chain of rules) the entries #edgeStart[q] .. #edgeStart[q + 1] of the others.
  readonly #epsStart: Int32Array;
  readonly #epsTo: Int32Array;
  readonly #edgeStart: Int32Array;
  readonly #lo: Int32Array;
  readonly #hi: Int32Array;
  readonly #to: Int32Array;
  readonly #chain: Int32Array;
  readonly #chains: (readonly string[])[] = [];
  /** The states of the closure of each state that read a character (and the final state), sorted, made when first needed. */
  readonly #closures: (number[] | undefined)[];
  /** The set of the closure of one state, by that state, once made. */
  readonly #single: (SetState | undefined)[];
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
    // The moves as they are made (from, to), and the edges (from, lo, hi, to, chain), in order.
    const eps: number[] = [];
    const edges: number[] = [];
    let states = 0;
    const state = (): number => states++;
    const edge = (from: number, lo: number, hi: number, to: number) => { edges.push(from, lo, hi, to, chainOf()); };
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
        case "cat": {
          let at = from;
          for (const item of n.items) at = build(item, at);
          return at;
        }
        case "alt": {
          const end = state();
          for (const item of n.items) { const s = state(); eps.push(from, s, build(item, s), end); }
          return end;
        }
        case "rep": {
          let at = from;
          for (let i = 0; i < n.min; i++) at = build(n.item, at);
          const end = state();
          eps.push(at, end);
          if (n.max === null) {
            const loop = state();
            eps.push(at, loop);
            const after = build(n.item, loop);
            eps.push(after, loop, after, end);
          } else {
            for (let i = n.min; i < n.max; i++) { at = build(n.item, at); eps.push(at, end); }
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
    // Rows by state (a counting sort, which keeps each state's edges in the order they were made).
    const epsStart = new Int32Array(states + 1);
    for (let k = 0; k < eps.length; k += 2) epsStart[eps[k] + 1]++;
    for (let q = 0; q < states; q++) epsStart[q + 1] += epsStart[q];
    const epsTo = new Int32Array(eps.length / 2);
    const epsFill = epsStart.slice(0, states);
    for (let k = 0; k < eps.length; k += 2) epsTo[epsFill[eps[k]]++] = eps[k + 1];
    const edgeStart = new Int32Array(states + 1);
    for (let k = 0; k < edges.length; k += 5) edgeStart[edges[k] + 1]++;
    for (let q = 0; q < states; q++) edgeStart[q + 1] += edgeStart[q];
    const count = edges.length / 5;
    const lo = new Int32Array(count), hi = new Int32Array(count), to = new Int32Array(count), chain = new Int32Array(count);
    const edgeFill = edgeStart.slice(0, states);
    for (let k = 0; k < edges.length; k += 5) {
      const e = edgeFill[edges[k]]++;
      lo[e] = edges[k + 1]; hi[e] = edges[k + 2]; to[e] = edges[k + 3]; chain[e] = edges[k + 4];
    }
    this.#epsStart = epsStart; this.#epsTo = epsTo;
    this.#edgeStart = edgeStart; this.#lo = lo; this.#hi = hi; this.#to = to; this.#chain = chain;
    this.#closures = new Array<number[] | undefined>(states).fill(undefined);
    this.#single = new Array<SetState | undefined>(states).fill(undefined);
    this.#marks = new Uint32Array(states);
    this.#dead = { states: [], dead: true, next: new Array<SetState | undefined>(128).fill(undefined), wide: undefined, readings: undefined };
    this.#dead.next.fill(this.#dead);
    this.#initial = this.#set([first]);
  }

  /** Marks of the states met by the closure being computed (a stamp per call, so never cleared). */
  #marks: Uint32Array;
  #stamp = 0;

  /** The states that read a character in the closure of one state, and the final state if it is there, sorted. */
  #closureOf(q: number): number[] {
    let found = this.#closures[q];
    if (found !== undefined) return found;
    const marks = this.#marks;
    const stamp = ++this.#stamp;
    const epsStart = this.#epsStart;
    const epsTo = this.#epsTo;
    const edgeStart = this.#edgeStart;
    const out: number[] = [];
    const todo: number[] = [q];
    marks[q] = stamp;
    while (todo.length) {
      const p = todo.pop()!;
      if (edgeStart[p + 1] > edgeStart[p] || p === this.#final) out.push(p);
      for (let k = epsStart[p], end = epsStart[p + 1]; k < end; k++) {
        const t = epsTo[k];
        if (marks[t] !== stamp) { marks[t] = stamp; todo.push(t); }
      }
    }
    found = out.sort(byNumber);
    this.#closures[q] = found;
    return found;
  }

  /** The set of the closure of `targets` (the dead set when there are none). */
  #set(targets: readonly number[]): SetState {
    if (targets.length === 0) return this.#dead;
    let states: number[];
    if (targets.length === 1) {
      const single = this.#single[targets[0]];
      if (single !== undefined) return single;
      states = this.#closureOf(targets[0]);
    } else {
      const marks = this.#marks;
      const stamp = ++this.#stamp;
      const out: number[] = [];
      for (let i = 0; i < targets.length; i++) {
        const c = this.#closureOf(targets[i]);
        for (let k = 0; k < c.length; k++) if (marks[c[k]] !== stamp) { marks[c[k]] = stamp; out.push(c[k]); }
      }
      states = out.sort(byNumber);
    }
    // (An array of numbers, not a typed array: V8 joins the former far faster.)
    const key = states.join(",");
    let s = this.#sets.get(key);
    if (s === undefined) {
      if (this.#sets.size >= MAX_SETS) this.#sets = new Map();
      s = { states, dead: false, next: new Array<SetState | undefined>(128).fill(undefined), wide: undefined, readings: undefined };
      this.#sets.set(key, s);
    }
    if (targets.length === 1) this.#single[targets[0]] = s;
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
        next = this.#set(this.#targets(s, code));
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
    const next = this.#set(this.#targets(s, code));
    s.next[code] = next;
    return next;
  }

  /** The states the edges of a set's states lead to on a code point. */
  #targets(s: SetState, code: number): number[] {
    const to: number[] = [];
    const { states } = s;
    const edgeStart = this.#edgeStart, lo = this.#lo, hi = this.#hi, target = this.#to;
    for (let i = 0; i < states.length; i++) {
      for (let e = edgeStart[states[i]], end = edgeStart[states[i] + 1]; e < end; e++) if (code >= lo[e] && code <= hi[e]) to.push(target[e]);
    }
    return to;
  }

  /**
   * The construction above run to completion: every set of positions reachable from the initial one,
   * with its transition on every class of characters and its readings (scripts/build-positions.mjs
   * minimizes it into the table of generated/ID/positions.js, which PositionsTable runs). The
   * classes are each ASCII code (0-127) and then, from 128 up, the intervals of code points that the
   * edges cut (`wide`: the first code point of each, in order, the first 128): every code point of
   * an interval takes the same edges. Set 0 is the dead set, 1 the initial one. Each set's readings
   * and whether it holds the end of the rule are what a caller sees of it.
   */
  complete(): CompletePositions {
    const edgeStart = this.#edgeStart, lo = this.#lo, hi = this.#hi;
    const cuts = new Set<number>([128]);
    for (let e = 0; e < edgeStart[edgeStart.length - 1]; e++) {
      if (hi[e] >= 128) { cuts.add(Math.max(lo[e], 128)); if (hi[e] < 0x10ffff) cuts.add(hi[e] + 1); }
    }
    const wide = [...cuts].sort(byNumber);
    const index = new Map<SetState, number>([[this.#dead, 0]]);
    const byKey = new Map<string, number>([["", 0]]);
    const order: SetState[] = [this.#dead];
    const number = (s: SetState): number => {
      let k = index.get(s);
      if (k !== undefined) return k;
      // (The cache of sets may start again on a large grammar: a set is known by its states.)
      const key = s.states.join(",");
      k = byKey.get(key);
      if (k === undefined) { k = order.length; byKey.set(key, k); order.push(s); }
      index.set(s, k);
      return k;
    };
    number(this.#initial);
    const next: number[][] = [new Array<number>(128 + wide.length).fill(0)];
    const readings: (readonly Reading[])[] = [[]];
    const final: boolean[] = [false];
    for (let k = 1; k < order.length; k++) {
      const s = order[k];
      const row: number[] = [];
      for (let code = 0; code < 128; code++) row.push(number(this.#set(this.#targets(s, code))));
      for (const first of wide) row.push(number(this.#set(this.#targets(s, first))));
      next.push(row);
      readings.push(this.#readings(s).readings);
      final.push(s.states.includes(this.#final));
    }
    return { wide, next, readings, final };
  }

  #readings(s: SetState): Continuation {
    if (s.readings !== undefined) return { readings: s.readings };
    // Chains are numbered as the build meets them, which is the grammar's order.
    const byChain = new Map<number, Uint8Array>();
    const wideByChain = new Map<number, [number, number][]>();
    const edgeStart = this.#edgeStart, lo = this.#lo, hi = this.#hi, chainOf = this.#chain;
    for (const q of s.states) {
      for (let e = edgeStart[q], end = edgeStart[q + 1]; e < end; e++) {
        const chain = chainOf[e];
        let set = byChain.get(chain);
        if (set === undefined) byChain.set(chain, set = new Uint8Array(128));
        for (let c = lo[e], last = Math.min(hi[e], 127); c <= last; c++) set[c] = 1;
        if (hi[e] >= 128) {
          let ranges = wideByChain.get(chain);
          if (ranges === undefined) wideByChain.set(chain, ranges = []);
          ranges.push([Math.max(lo[e], 128), hi[e]]);
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

const byNumber = (a: number, b: number): number => a - b;

/** Ranges of code points in order, overlapping and adjacent ones joined. */
export function mergeRanges(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  for (const [lo, hi] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last !== undefined && lo <= last[1] + 1) last[1] = Math.max(last[1], hi); else out.push([lo, hi]);
  }
  return out;
}

/**
 * The automaton of positions of an edition's reference rule as the build writes it
 * (generated/ID/positions.js, scripts/build-positions.mjs): Positions run to completion and
 * minimized. Numbers in strings are code units, `base` more than the number.
 */
export interface PositionsTables {
  /** The rule whose positions these are (the edition's reference rule). */
  readonly rule: string;
  readonly base: number;
  readonly states: number;
  /** The number of classes of characters. */
  readonly width: number;
  /** The class of each ASCII code. */
  readonly classes: string;
  /** The classes from 128 up: [first code point, class, ...], each interval up to the next. */
  readonly wide: readonly number[];
  /** The next state of each state and class (0 dead, 1 initial), at state x width + class. */
  readonly next: string;
  /** Each chain of rules: [its parent chain, or -1 for none, the rule]. */
  readonly chains: readonly (readonly [number, string])[];
  /** Each distinct reading: [chain, ASCII codes, ranges past ASCII as [first, last, ...]]. */
  readonly readings: readonly (readonly [number, string, readonly number[]])[];
  /** Each distinct list of readings, as reading numbers. */
  readonly lists: readonly string[];
  /** The list of readings of each state. */
  readonly list: string;
}

/**
 * The automaton of positions of a rule from the build's tables: the same readings at every prefix
 * as Positions (test/positions-table.test.ts), with nothing to construct: two lookups a character,
 * in the tables' strings as the module holds them (nothing is decoded but the classes past ASCII),
 * and the readings of a state made when first asked.
 */
export class PositionsTable implements PositionsAutomaton {
  readonly #tables: PositionsTables;
  readonly #base: number;
  /** The class of each ASCII code, then the next state of each state and class: read from the tables' strings as they are. */
  readonly #classes: string;
  readonly #next: string;
  readonly #width: number;
  readonly #wide: WideClasses;
  readonly #lists: (readonly Reading[] | undefined)[];
  readonly #readings: (Reading | undefined)[];
  readonly #chains: (readonly string[] | undefined)[];

  constructor(tables: PositionsTables) {
    this.#tables = tables;
    this.#base = tables.base;
    this.#classes = tables.classes;
    this.#next = tables.next;
    this.#width = tables.width;
    this.#wide = wideClassesOf(tables.wide);
    this.#lists = new Array<readonly Reading[] | undefined>(tables.lists.length).fill(undefined);
    this.#readings = new Array<Reading | undefined>(tables.readings.length).fill(undefined);
    this.#chains = new Array<readonly string[] | undefined>(tables.chains.length).fill(undefined);
  }

  after(input: string, length: number): Continuation {
    return { readings: this.#readingsOf(this.#walk(input, length)) };
  }

  afterBoth(input: string, length: number): { before: Continuation; after: Continuation } {
    const previous = [0];
    const s = this.#walk(input, length, previous);
    return { before: { readings: this.#readingsOf(previous[0]) }, after: { readings: this.#readingsOf(s) } };
  }

  #walk(input: string, length: number, previous?: number[]): number {
    const classes = this.#classes, next = this.#next, width = this.#width, base = this.#base;
    let s = 1;
    for (let i = 0; i < length;) {
      // A code point, as Positions reads it: a surrogate pair is one character.
      const code = codePointAt(input, i);
      const size = code > 0xffff ? 2 : 1;
      if (previous !== undefined && i + size === length) previous[0] = s;
      const k = code < 128 ? classes.charCodeAt(code) - base : wideClassOf(this.#wide, code);
      s = next.charCodeAt(s * width + k) - base;
      if (s === 0) throw new Error(`internal error: the positions of the grammar cannot read offset ${i}`);
      i += size;
    }
    return s;
  }

  /** The readings of a state: the same array for every state of the same list. */
  #readingsOf(s: number): readonly Reading[] {
    const k = this.#tables.list.charCodeAt(s) - this.#base;
    let found = this.#lists[k];
    if (found === undefined) {
      const encoded = this.#tables.lists[k];
      const list: Reading[] = [];
      for (let i = 0; i < encoded.length; i++) list.push(this.#reading(encoded.charCodeAt(i) - this.#tables.base));
      this.#lists[k] = found = list;
    }
    return found;
  }

  #reading(k: number): Reading {
    let found = this.#readings[k];
    if (found === undefined) {
      const [chain, codes, flat] = this.#tables.readings[k];
      const ranges: [number, number][] = [];
      for (let i = 0; i < flat.length; i += 2) ranges.push([flat[i], flat[i + 1]]);
      const list: number[] = [];
      for (let i = 0; i < codes.length; i++) list.push(codes.charCodeAt(i) - this.#tables.base);
      this.#readings[k] = found = { chain: this.#chain(chain), codes: list, ranges };
    }
    return found;
  }

  #chain(k: number): readonly string[] {
    let found = this.#chains[k];
    if (found === undefined) {
      const [parent, name] = this.#tables.chains[k];
      this.#chains[k] = found = Object.freeze(parent < 0 ? [name] : [...this.#chain(parent), name]);
    }
    return found;
  }
}
