// The grammar's rules as minimal DFAs (scripts/build-dfa.mjs builds them from each edition's
// collected ABNF into generated/ID/dfa.js): whole-input matching in one pass over the input, and,
// for an input a rule does not match, exactly how far it could still be completed and what could
// come next. Nothing here knows a rule; the tables are decoded when a rule is first used.
// runAccepts() is the fast one (no test per character but the table lookup); runScan() tests every
// character, and says exactly where an input stops.

/** String.prototype.charCodeAt itself, called on inputs of every kind (why: src/tagged.ts). */
const charCodeAt = String.prototype.charCodeAt;

/** How runAccepts() reads a rule's automaton (scripts/build-dfa.mjs chooses, by its number of states). */
export type Layout = "direct" | "classes";

/** What the build writes for one rule (see scripts/build-dfa.mjs). */
export type EncodedAutomaton = readonly [classes: string, width: number, table: string, accepting: string, layout: Layout];

/** The generated module of an edition's automata. */
export interface AutomataModule {
  readonly CODE_BASE: number;
  readonly AUTOMATA: Readonly<Record<string, EncodedAutomaton>>;
  readonly GRAMMAR: Readonly<Record<string, unknown>>;
}

/** One rule's DFA. State 0 is dead (no completion is possible, and no transition leaves it), 1 the initial state. */
export interface Automaton {
  /** The class of each ASCII code unit. */
  readonly classes: Uint8Array;
  /** The number of classes: a row of the table. */
  readonly width: number;
  /** The next state of each state and class, at `state * width + class`. */
  readonly table: Uint16Array;
  /** 1 for an accepting state. */
  readonly accepting: Uint8Array;
  /** The layout the build chose for this rule. */
  readonly layout: Layout;
  /**
   * Whether the whole input matches, bound to this automaton's tables (`accept.bind`): in the
   * direct layout, one lookup per character in a table of the next state of each state and code
   * unit (`state * 128 + code`); in the classes layout, the class of the code unit, then the table.
   */
  readonly accepts: (input: string) => boolean;
  /**
   * The same loop over bytes (`bytes[start..end)`, read as code units), which copies each byte it
   * reads into `out` from `at` on (for 'uri-grammar batch', which writes a valid line's input as it
   * is: one pass over it, not two; `out` must have room): 1 where the rule matches them, 0 where it
   * does not, -1 where a byte is past ASCII (the caller decodes those as UTF-8).
   */
  readonly acceptsBytes: (bytes: Uint8Array, start: number, end: number, out: Uint8Array, at: number) => number;
}

/** Where an input stops being the beginning of a match, and what could come there. */
export interface Scan {
  /** The length of the input's longest prefix that some match of the rule begins with. */
  readonly offset: number;
  /** The state after reading that prefix. */
  readonly state: number;
}

/** The direct layout's table: the next state of each state and ASCII code unit, at `state * 128 + code`. */
export function directTable(classes: Uint8Array, width: number, table: Uint16Array): Uint8Array {
  const states = table.length / width;
  if (states > 256) throw new Error(`internal error: ${states} states do not fit the direct layout`);
  const direct = new Uint8Array(states * 128);
  for (let s = 0; s < states; s++) for (let c = 0; c < 128; c++) direct[s * 128 + c] = table[s * width + classes[c]];
  return direct;
}

export function decodeAutomaton([classes, width, table, accepting, layout]: EncodedAutomaton, base: number): Automaton {
  const codes = (s: string, into: Uint8Array | Uint16Array) => {
    for (let i = 0; i < s.length; i++) into[i] = s.charCodeAt(i) - base;
    return into;
  };
  const states = table.length / width;
  const accept = new Uint8Array(states);
  for (let i = 0; i < accepting.length; i++) accept[accepting.charCodeAt(i) - base] = 1;
  const classOf = codes(classes, new Uint8Array(128)) as Uint8Array;
  const next = codes(table, new Uint16Array(table.length)) as Uint16Array;
  if (layout !== "direct" && layout !== "classes") throw new Error(`internal error: unknown automaton layout ${String(layout)}`);
  return {
    classes: classOf,
    width,
    table: next,
    accepting: accept,
    layout,
    ...(layout === "direct" ? direct(directTable(classOf, width, next), accept) : {
      accepts: acceptClasses.bind(undefined, classOf, width, next, accept),
      acceptsBytes: bytesClasses.bind(undefined, classOf, width, next, accept),
    }),
  };
}

function direct(table: Uint8Array, accepting: Uint8Array) {
  return { accepts: acceptDirect.bind(undefined, table, accepting), acceptsBytes: bytesDirect.bind(undefined, table, accepting) };
}

/**
 * How many characters the loops read between two looks at the dead state. The dead state has no
 * way out, so looking at it after every character only ends a run early; a run of up to this
 * many characters past the point of no return costs less than a test per character (a third of
 * the loop). The offset of an error is not read from these loops: runScan() finds it.
 */
const STRIDE = 256;

/**
 * The direct layout's loop. A code unit past ASCII leads nowhere in any state (the build fails
 * on a rule that reads one): the loop reads the row of its low seven bits, which is some
 * state's, and the input is rejected at the end, or at the next look, from the OR of every
 * code unit read, so no test per character is needed for it either.
 */
function acceptDirect(direct: Uint8Array, accepting: Uint8Array, input: string): boolean {
  // Read through charCodeAt itself, the length once (src/tagged.ts says why).
  const n = input.length;
  let s = 1;
  let seen = 0;
  for (let i = 0; i < n;) {
    const stop = n - i > STRIDE ? i + STRIDE : n;
    for (; i < stop; i++) {
      const c = charCodeAt.call(input, i);
      seen |= c;
      s = direct[(s << 7) | (c & 127)];
    }
    if (s === 0 || seen > 127) return false;
  }
  return accepting[s] === 1;
}

/** The classes layout's loop: the class of each code unit, then the table; the same looks as acceptDirect's. */
function acceptClasses(classes: Uint8Array, width: number, table: Uint16Array, accepting: Uint8Array, input: string): boolean {
  const n = input.length;
  let s = 1;
  let seen = 0;
  for (let i = 0; i < n;) {
    const stop = n - i > STRIDE ? i + STRIDE : n;
    for (; i < stop; i++) {
      const c = charCodeAt.call(input, i);
      seen |= c;
      s = table[s * width + classes[c & 127]];
    }
    if (s === 0 || seen > 127) return false;
  }
  return accepting[s] === 1;
}

/** acceptDirect() over bytes, copied to `out` from `at` on. */
function bytesDirect(direct: Uint8Array, accepting: Uint8Array, bytes: Uint8Array, start: number, end: number, out: Uint8Array,
  at: number): number {
  let s = 1;
  let seen = 0;
  const shift = at - start;
  for (let i = start; i < end;) {
    const stop = end - i > STRIDE ? i + STRIDE : end;
    for (; i < stop; i++) {
      const c = bytes[i];
      out[i + shift] = c;
      seen |= c;
      s = direct[(s << 7) | (c & 127)];
    }
    if (seen > 127) return -1;
    if (s === 0) return end - i > 0 && !ascii(bytes, i, end) ? -1 : 0;
  }
  return accepting[s];
}

/** acceptClasses() over bytes, copied to `out` from `at` on. */
function bytesClasses(classes: Uint8Array, width: number, table: Uint16Array, accepting: Uint8Array, bytes: Uint8Array, start: number,
  end: number, out: Uint8Array, at: number): number {
  let s = 1;
  let seen = 0;
  const shift = at - start;
  for (let i = start; i < end;) {
    const stop = end - i > STRIDE ? i + STRIDE : end;
    for (; i < stop; i++) {
      const c = bytes[i];
      out[i + shift] = c;
      seen |= c;
      s = table[s * width + classes[c & 127]];
    }
    if (seen > 127) return -1;
    if (s === 0) return end - i > 0 && !ascii(bytes, i, end) ? -1 : 0;
  }
  return accepting[s];
}

/** Whether bytes[start..end) are all ASCII. */
function ascii(bytes: Uint8Array, start: number, end: number): boolean {
  let seen = 0;
  for (let i = start; i < end; i++) seen |= bytes[i];
  return seen < 128;
}

/** Whether the whole input matches the automaton's rule. */
export function runAccepts(a: Automaton, input: string): boolean {
  return a.accepts(input);
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
