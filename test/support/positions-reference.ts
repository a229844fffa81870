// The automaton of a rule's positions as src/positions.ts built it before its sets were cut down to
// the positions that read a character (a subset construction over every state of the NFA, each
// set keyed by all of its states): the reference that test/positions.test.ts holds the faster
// construction to, reading for reading.
import { codePointAt, stringCharacter, type AbnfNode } from "../../src/automaton.js";
import { mergeRanges, type Continuation, type Reading } from "../../src/positions.js";

/** A transition on a range of code points, taken inside a chain of rules. */
interface Edge { readonly lo: number; readonly hi: number; readonly to: number; readonly chain: number }

/** A set of positions, with its transitions and its readings found as they are needed. */
interface SetState {
  readonly states: readonly number[];
  /** By ASCII code (an array: most prefixes read are ASCII). */
  readonly next: (SetState | undefined)[];
  /** By code point past ASCII (RFC 3987's ucschar and iprivate), made when first needed. */
  wide?: Map<number, SetState>;
  readings?: readonly Reading[];
}


/** The largest number of sets kept: a grammar's own are far fewer; past it, the cache starts again. */
const MAX_SETS = 4096;

export class ReferencePositions {
  readonly #eps: number[][] = [];
  readonly #edges: Edge[][] = [];
  readonly #chains: (readonly string[])[] = [];
  readonly #initial: SetState;
  #sets = new Map<string, SetState>();

  constructor(rules: Readonly<Record<string, AbnfNode>>, start: string) {
    const chainIds = new Map<string, number>();
    const stack: string[] = [];
    const chainOf = (): number => {
      const key = stack.join("\u0000");
      let id = chainIds.get(key);
      if (id === undefined) {
        id = this.#chains.length;
        this.#chains.push(Object.freeze(stack.slice()));
        chainIds.set(key, id);
      }
      return id;
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
          if (stack.includes(n.name)) throw new Error(`internal error: rule ${n.name} refers to itself after unrolling`);
          const rule = rules[n.name];
          if (rule === undefined) throw new Error(`internal error: no tree for rule ${n.name}`);
          stack.push(n.name);
          const to = build(rule, from);
          stack.pop();
          return to;
        }
      }
    };
    const first = state();
    build({ kind: "ref", name: start }, first);
    this.#initial = this.#set(this.#closure([first]));
  }

  /** Marks of the states met by the closure being computed (a stamp per call, so never cleared). */
  #marks = new Uint32Array(0);
  #stamp = 0;

  #closure(states: readonly number[]): number[] {
    if (this.#marks.length !== this.#eps.length) this.#marks = new Uint32Array(this.#eps.length);
    const marks = this.#marks;
    const stamp = ++this.#stamp;
    const eps = this.#eps;
    const out: number[] = [];
    const todo: number[] = [];
    for (const q of states) if (marks[q] !== stamp) { marks[q] = stamp; out.push(q); todo.push(q); }
    while (todo.length) {
      const from = eps[todo.pop()!];
      for (let k = 0; k < from.length; k++) {
        const t = from[k];
        if (marks[t] !== stamp) { marks[t] = stamp; out.push(t); todo.push(t); }
      }
    }
    return out.sort((a, b) => a - b);
  }

  #set(states: number[]): SetState {
    const key = states.join(",");
    let s = this.#sets.get(key);
    if (s === undefined) {
      if (this.#sets.size >= MAX_SETS) this.#sets = new Map();
      s = { states, next: new Array<SetState | undefined>(128) };
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
      if (next === undefined && code < 128) {
        this.#ascii(s);
        next = s.next[code]!;
      } else if (next === undefined) {
        const to: number[] = [];
        for (const q of s.states) for (const e of this.#edges[q]) if (code >= e.lo && code <= e.hi) to.push(e.to);
        next = this.#set(this.#closure(to));
        (s.wide ??= new Map()).set(code, next);
      }
      if (next.states.length === 0) throw new Error(`internal error: the positions of the grammar cannot read offset ${i}`);
      s = next;
      i += size;
    }
    return s;
  }

  /**
   * The transitions of a set on every ASCII code at once: one pass over its edges, and one closure
   * for each distinct list of targets (the codes of a class, ALPHA or DIGIT, share theirs), where
   * a transition at a time would pass over the set's edges once per code met.
   */
  #ascii(s: SetState): void {
    const to: number[][] = Array.from({ length: 128 }, () => []);
    for (const q of s.states) {
      for (const e of this.#edges[q]) for (let c = e.lo, hi = Math.min(e.hi, 127); c <= hi; c++) to[c].push(e.to);
    }
    const byTargets = new Map<string, SetState>();
    for (let c = 0; c < 128; c++) {
      const key = to[c].join(",");
      let next = byTargets.get(key);
      if (next === undefined) byTargets.set(key, next = this.#set(this.#closure(to[c])));
      s.next[c] = next;
    }
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

