// The grammar's rules as minimal DFAs (scripts/build-dfa.mjs builds them from each edition's
// collected ABNF into generated/ID/dfa.js): whole-input matching in one pass over the input, and,
// for an input a rule does not match, exactly how far it could still be completed and what could
// come next. Nothing here knows a rule; the tables are decoded when a rule is first used.

/** String.prototype.charCodeAt itself, called on inputs of every kind (why: src/tagged.ts). */
const charCodeAt = String.prototype.charCodeAt;

/** What the build writes for one rule (see scripts/build-dfa.mjs). */
export type EncodedAutomaton = readonly [classes: string, width: number, table: string, accepting: string];

/** The generated module of an edition's automata. */
export interface AutomataModule {
  readonly CODE_BASE: number;
  readonly AUTOMATA: Readonly<Record<string, EncodedAutomaton>>;
  readonly GRAMMAR: Readonly<Record<string, unknown>>;
}

/** One rule's DFA. State 0 is dead (no completion is possible), 1 the initial state. */
export interface Automaton {
  /** The class of each ASCII code unit. */
  readonly classes: Uint8Array;
  /** The number of classes: a row of the table. */
  readonly width: number;
  /** The next state of each state and class, at `state * width + class`. */
  readonly table: Uint16Array;
  /** 1 for an accepting state. */
  readonly accepting: Uint8Array;
}

/** Where an input stops being the beginning of a match, and what could come there. */
export interface Scan {
  /** The length of the input's longest prefix that some match of the rule begins with. */
  readonly offset: number;
  /** The state after reading that prefix. */
  readonly state: number;
}

export function decodeAutomaton([classes, width, table, accepting]: EncodedAutomaton, base: number): Automaton {
  const codes = (s: string, into: Uint8Array | Uint16Array) => {
    for (let i = 0; i < s.length; i++) into[i] = s.charCodeAt(i) - base;
    return into;
  };
  const states = table.length / width;
  const accept = new Uint8Array(states);
  for (let i = 0; i < accepting.length; i++) accept[accepting.charCodeAt(i) - base] = 1;
  return {
    classes: codes(classes, new Uint8Array(128)) as Uint8Array,
    width,
    table: codes(table, new Uint16Array(table.length)) as Uint16Array,
    accepting: accept,
  };
}

/** Whether the whole input matches: one table lookup per code unit, stopping at the dead state. */
export function runAccepts(a: Automaton, input: string): boolean {
  const { classes, width, table } = a;
  // Read through charCodeAt itself, the length once (src/tagged.ts says why).
  let s = 1;
  for (let i = 0, n = input.length; i < n; i++) {
    const c = charCodeAt.call(input, i);
    if (c > 127) return false;
    s = table[s * width + classes[c]];
    if (s === 0) return false;
  }
  return a.accepting[s] === 1;
}

/** Reads the input as far as it can still be completed to a match. */
export function runScan(a: Automaton, input: string): Scan {
  const { classes, width, table } = a;
  let s = 1;
  for (let i = 0, n = input.length; i < n; i++) {
    const c = charCodeAt.call(input, i);
    const to = c > 127 ? 0 : table[s * width + classes[c]];
    if (to === 0) return { offset: i, state: s };
    s = to;
  }
  return { offset: input.length, state: s };
}

/** Every ASCII character that can follow in a state (in code order), and whether a match can end there. */
export function nextIn(a: Automaton, state: number): { characters: string; end: boolean } {
  const { classes, width, table } = a;
  let characters = "";
  for (let c = 0; c < 128; c++) if (table[state * width + classes[c]] !== 0) characters += String.fromCharCode(c);
  return { characters, end: a.accepting[state] === 1 };
}

/** The automata of one edition, each decoded when first used. */
export class Automata {
  readonly #module: AutomataModule;
  readonly #decoded = new Map<string, Automaton>();

  constructor(module: AutomataModule) {
    this.#module = module;
  }

  /** The automaton of a rule (its name as the document spells it). */
  of(rule: string): Automaton {
    let a = this.#decoded.get(rule);
    if (a === undefined) {
      const encoded = this.#module.AUTOMATA[rule];
      if (encoded === undefined) throw new Error(`internal error: no automaton for rule ${rule}`);
      a = decodeAutomaton(encoded, this.#module.CODE_BASE);
      this.#decoded.set(rule, a);
    }
    return a;
  }

  /** The rules' ABNF trees (for src/positions.ts). */
  get grammar(): Readonly<Record<string, unknown>> {
    return this.#module.GRAMMAR;
  }
}
