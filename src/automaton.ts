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
export type EncodedAutomaton = readonly [classes: string, width: number, table: string, accepting: string, layout: Layout,
  wide?: readonly number[]];

/**
 * The classes of the code points from 128 up, for a rule that reads characters past ASCII (RFC
 * 3987's ucschar and iprivate): the code point where each interval begins, in order (the first is
 * 128, the last interval ends at U+10FFFF), and its class.
 */
export interface WideClasses {
  readonly starts: Uint32Array;
  readonly classes: Uint8Array;
  /** The class of every code unit from 128 to U+FFFF (a surrogate as itself), made when first needed. */
  bmp?: Uint8Array;
}

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
  /** The classes of the code points past ASCII; null when every one leads to the dead state. */
  readonly wide: WideClasses | null;
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

/**
 * The direct layout's table: the next state of each state and ASCII code unit, at `state * 128 +
 * code`, each state written times 128 (the index of its row), so that the loop's step is one
 * addition and one lookup (`s = direct[s + code]`); the dead state is still 0, the initial state 128.
 */
export function directTable(classes: Uint8Array, width: number, table: Uint16Array): Uint16Array {
  const states = table.length / width;
  if (states > 256) throw new Error(`internal error: ${states} states do not fit the direct layout`);
  const direct = new Uint16Array(states * 128);
  for (let s = 0; s < states; s++) for (let c = 0; c < 128; c++) direct[s * 128 + c] = table[s * width + classes[c]] * 128;
  return direct;
}

/**
 * A table as scripts/build-dfa.mjs encodes it: each code unit a number plus `base`, but for a run
 * of dead states, written as the code unit `base - 1` and the run's length plus `base`.
 */
export function decodeRuns(s: string, base: number): Uint16Array {
  const run = base - 1;
  let length = 0;
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) === run) { length += s.charCodeAt(i + 1) - base; i++; } else length++;
  }
  const out = new Uint16Array(length);
  for (let i = 0, k = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === run) { k += s.charCodeAt(++i) - base; continue; } // the array is zero already
    out[k++] = c - base;
  }
  return out;
}

/**
 * The class of the character at i, a code unit of 128 or more, and whether it takes two code units:
 * class | 0x100 for a surrogate pair. A code unit of the BMP is looked up (the table is made on the
 * first one); a code point past it is found by halves.
 */
export function wideAt(wide: WideClasses, input: string, i: number): number {
  const cp = codePointAt(input, i);
  return cp > 0xffff ? wideClassOf(wide, cp) | 0x100 : bmpOf(wide)[cp];
}

/** The class of every code unit from 128 to U+FFFF, made when first asked (64 KiB for an automaton that reads past ASCII). */
function bmpOf(wide: WideClasses): Uint8Array {
  let bmp = wide.bmp;
  if (bmp === undefined) {
    bmp = new Uint8Array(0x10000);
    for (let k = 0; k < wide.starts.length; k++) {
      const end = k + 1 < wide.starts.length ? Math.min(wide.starts[k + 1], 0x10000) : 0x10000;
      if (wide.starts[k] < 0x10000) bmp.fill(wide.classes[k], wide.starts[k], end);
    }
    wide.bmp = bmp;
  }
  return bmp;
}

/** The classes past ASCII as the builds write them: [first code point, class, ...] from 128 up. */
export function wideClassesOf(flat: readonly number[]): WideClasses {
  const starts = new Uint32Array(flat.length / 2);
  const classes = new Uint8Array(flat.length / 2);
  for (let k = 0; k < starts.length; k++) { starts[k] = flat[2 * k]; classes[k] = flat[2 * k + 1]; }
  return { starts, classes };
}

/** The class of a code point from 128 up (found by halves among the intervals). */
export function wideClassOf(wide: WideClasses, cp: number): number {
  const { starts } = wide;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= cp) lo = mid; else hi = mid - 1;
  }
  return wide.classes[lo];
}

/**
 * The code point at i and the code units it takes (1, or 2 for a surrogate pair), as every
 * reader of a rule past ASCII reads it: a lone surrogate is itself, a value no class holds.
 */
export function codePointAt(input: string, i: number): number {
  const c = charCodeAt.call(input, i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < input.length) {
    const d = charCodeAt.call(input, i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
  }
  return c;
}

export function decodeAutomaton([classes, width, table, accepting, layout, wideEncoded]: EncodedAutomaton, base: number): Automaton {
  const codes = (s: string, into: Uint8Array | Uint16Array) => {
    for (let i = 0; i < s.length; i++) into[i] = s.charCodeAt(i) - base;
    return into;
  };
  const next = decodeRuns(table, base);
  const states = next.length / width;
  const accept = new Uint8Array(states);
  for (let i = 0; i < accepting.length; i++) accept[accepting.charCodeAt(i) - base] = 1;
  const classOf = codes(classes, new Uint8Array(128)) as Uint8Array;
  if (layout !== "direct" && layout !== "classes") throw new Error(`internal error: unknown automaton layout ${String(layout)}`);
  const wide = wideEncoded === undefined ? null : wideClassesOf(wideEncoded);
  const common = { classes: classOf, width, table: next, accepting: accept, layout, wide };
  if (wide !== null) {
    // A rule past ASCII: ASCII as the layout says, every other code point through its class.
    const ascii = layout === "direct" ? directTable(classOf, width, next) : null;
    return {
      ...common,
      accepts: ascii !== null ? acceptWideDirect.bind(undefined, ascii, width, next, wide, accept)
        : acceptWideClasses.bind(undefined, classOf, width, next, wide, accept),
      acceptsBytes: bytesWide.bind(undefined, ascii, classOf, width, next, accept),
    };
  }
  return {
    ...common,
    ...(layout === "direct" ? direct(directTable(classOf, width, next), accept) : {
      accepts: acceptClasses.bind(undefined, classOf, width, next, accept),
      acceptsBytes: bytesClasses.bind(undefined, classOf, width, next, accept),
    }),
  };
}

function direct(table: Uint16Array, accepting: Uint8Array) {
  return { accepts: acceptDirect.bind(undefined, table, accepting), acceptsBytes: bytesDirect.bind(undefined, table, accepting) };
}

/**
 * How many characters the loops read between two looks at the dead state. The dead state has no
 * way out, so looking at it after every character only ends a run early; a run of up to this
 * many characters past the point of no return costs less than a test per character (a third of
 * the loop). The offset of an error is not read from these loops: runScan() finds it.
 */
const STRIDE = 256;

/*
 * The loops below read four code units a turn, then the rest one by one: the four lookups of a
 * turn still follow one another (each row is the previous lookup's result), but the loads of the
 * characters, the OR of what was read and the loop's test of its bound are made once for four. On
 * the benchmark corpus (AMD EPYC, docs/performance.md) matches() took 0.85x-0.91x the regex split
 * with the four, against 0.83x-1.0x without, in runs of scripts/bench-paired.mjs side by side; in
 * the minutes when the machine is slow, the difference was the larger. Eight a turn was no faster.
 */

/**
 * The direct layout's loop. A code unit past ASCII leads nowhere in any state (the build fails
 * on a rule that reads one): the loop reads the row of its low seven bits, which is some
 * state's, and the input is rejected at the end, or at the next look, from the OR of every
 * code unit read, so no test per character is needed for it either.
 */
function acceptDirect(direct: Uint16Array, accepting: Uint8Array, input: string): boolean {
  // Read through charCodeAt itself, the length once (src/tagged.ts says why).
  const n = input.length;
  // The state times 128 (directTable()).
  let s = 128;
  let seen = 0;
  for (let i = 0; i < n;) {
    const stop = n - i > STRIDE ? i + STRIDE : n;
    for (; i + 4 <= stop; i += 4) {
      const c0 = charCodeAt.call(input, i), c1 = charCodeAt.call(input, i + 1);
      const c2 = charCodeAt.call(input, i + 2), c3 = charCodeAt.call(input, i + 3);
      seen |= c0 | c1 | c2 | c3;
      s = direct[s + (c0 & 127)];
      s = direct[s + (c1 & 127)];
      s = direct[s + (c2 & 127)];
      s = direct[s + (c3 & 127)];
    }
    for (; i < stop; i++) {
      const c = charCodeAt.call(input, i);
      seen |= c;
      s = direct[s + (c & 127)];
    }
    if (s === 0 || seen > 127) return false;
  }
  return accepting[s >> 7] === 1;
}

/** The classes layout's loop: the class of each code unit, then the table; the same looks as acceptDirect's. */
function acceptClasses(classes: Uint8Array, width: number, table: Uint16Array, accepting: Uint8Array, input: string): boolean {
  const n = input.length;
  let s = 1;
  let seen = 0;
  for (let i = 0; i < n;) {
    const stop = n - i > STRIDE ? i + STRIDE : n;
    for (; i + 4 <= stop; i += 4) {
      const c0 = charCodeAt.call(input, i), c1 = charCodeAt.call(input, i + 1);
      const c2 = charCodeAt.call(input, i + 2), c3 = charCodeAt.call(input, i + 3);
      seen |= c0 | c1 | c2 | c3;
      s = table[s * width + classes[c0 & 127]];
      s = table[s * width + classes[c1 & 127]];
      s = table[s * width + classes[c2 & 127]];
      s = table[s * width + classes[c3 & 127]];
    }
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
function bytesDirect(direct: Uint16Array, accepting: Uint8Array, bytes: Uint8Array, start: number, end: number, out: Uint8Array,
  at: number): number {
  let s = 128;
  let seen = 0;
  const shift = at - start;
  for (let i = start; i < end;) {
    const stop = end - i > STRIDE ? i + STRIDE : end;
    for (; i + 4 <= stop; i += 4) {
      const c0 = bytes[i], c1 = bytes[i + 1], c2 = bytes[i + 2], c3 = bytes[i + 3];
      out[i + shift] = c0; out[i + shift + 1] = c1; out[i + shift + 2] = c2; out[i + shift + 3] = c3;
      seen |= c0 | c1 | c2 | c3;
      s = direct[s + (c0 & 127)];
      s = direct[s + (c1 & 127)];
      s = direct[s + (c2 & 127)];
      s = direct[s + (c3 & 127)];
    }
    for (; i < stop; i++) {
      const c = bytes[i];
      out[i + shift] = c;
      seen |= c;
      s = direct[s + (c & 127)];
    }
    if (seen > 127) return -1;
    if (s === 0) return end - i > 0 && !ascii(bytes, i, end) ? -1 : 0;
  }
  return accepting[s >> 7];
}

/** acceptClasses() over bytes, copied to `out` from `at` on. */
function bytesClasses(classes: Uint8Array, width: number, table: Uint16Array, accepting: Uint8Array, bytes: Uint8Array, start: number,
  end: number, out: Uint8Array, at: number): number {
  let s = 1;
  let seen = 0;
  const shift = at - start;
  for (let i = start; i < end;) {
    const stop = end - i > STRIDE ? i + STRIDE : end;
    for (; i + 4 <= stop; i += 4) {
      const c0 = bytes[i], c1 = bytes[i + 1], c2 = bytes[i + 2], c3 = bytes[i + 3];
      out[i + shift] = c0; out[i + shift + 1] = c1; out[i + shift + 2] = c2; out[i + shift + 3] = c3;
      seen |= c0 | c1 | c2 | c3;
      s = table[s * width + classes[c0 & 127]];
      s = table[s * width + classes[c1 & 127]];
      s = table[s * width + classes[c2 & 127]];
      s = table[s * width + classes[c3 & 127]];
    }
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

/**
 * The direct layout's loop of a rule past ASCII: runs of ASCII code units through the direct table
 * (up to STRIDE of them between two looks at the dead state), any other code unit through the
 * class of its character (wideAt).
 */
function acceptWideDirect(direct: Uint16Array, width: number, table: Uint16Array, wide: WideClasses, accepting: Uint8Array,
  input: string): boolean {
  const n = input.length;
  const bmp = bmpOf(wide);
  // The state times 128 (directTable()).
  let s = 128;
  for (let i = 0; i < n;) {
    const stop = n - i > STRIDE ? i + STRIDE : n;
    let c = 0;
    // A run of ASCII code units, then one of other characters (a word of a script past ASCII).
    while (i < stop && (c = charCodeAt.call(input, i)) < 128) {
      s = direct[s + c];
      i++;
    }
    while (i < stop && c >= 128) {
      if (c < 0xd800 || c > 0xdfff) {
        // A character of the BMP: its class from the table.
        s = table[(s >> 7) * width + bmp[c]] << 7;
        i++;
      } else {
        const k = wideAt(wide, input, i);
        s = table[(s >> 7) * width + (k & 0xff)] << 7;
        i += k > 0xff ? 2 : 1;
      }
      if (i < stop) c = charCodeAt.call(input, i);
    }
    if (s === 0) return false;
  }
  return accepting[s >> 7] === 1;
}

/** The classes layout's loop of a rule past ASCII. */
function acceptWideClasses(classes: Uint8Array, width: number, table: Uint16Array, wide: WideClasses, accepting: Uint8Array,
  input: string): boolean {
  const n = input.length;
  let s = 1;
  for (let i = 0; i < n;) {
    const stop = n - i > STRIDE ? i + STRIDE : n;
    while (i < stop) {
      const c = charCodeAt.call(input, i);
      if (c < 128) {
        s = table[s * width + classes[c]];
        i++;
      } else {
        const k = wideAt(wide, input, i);
        s = table[s * width + (k & 0xff)];
        i += k > 0xff ? 2 : 1;
      }
    }
    if (s === 0) return false;
  }
  return accepting[s] === 1;
}

/** The bytes loop of a rule past ASCII: ASCII bytes as the layout says; -1 at the first byte past ASCII (decoded by the caller). */
function bytesWide(direct: Uint16Array | null, classes: Uint8Array, width: number, table: Uint16Array, accepting: Uint8Array,
  bytes: Uint8Array, start: number, end: number, out: Uint8Array, at: number): number {
  let s = 1;
  const shift = at - start;
  for (let i = start; i < end; i++) {
    const c = bytes[i];
    if (c > 127) return -1;
    out[i + shift] = c;
    s = direct !== null ? direct[s * 128 + c] >> 7 : table[s * width + classes[c]];
    if (s === 0) return ascii(bytes, i, end) ? 0 : -1;
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

/**
 * Reads the input as far as it can still be completed to a match (the offset in code units; a
 * surrogate pair is read whole, or not at all).
 */
export function runScan(a: Automaton, input: string): Scan {
  const { classes, width, table, wide } = a;
  let s = 1;
  for (let i = 0, n = input.length; i < n;) {
    const c = charCodeAt.call(input, i);
    let size = 1;
    let to: number;
    if (c < 128) to = table[s * width + classes[c]];
    else if (wide === null) to = 0;
    else {
      const cp = codePointAt(input, i);
      if (cp > 0xffff) size = 2;
      to = table[s * width + wideClassOf(wide, cp)];
    }
    if (to === 0) return { offset: i, state: s };
    s = to;
    i += size;
  }
  return { offset: input.length, state: s };
}

/** What can follow in a state of an automaton. */
export interface Next {
  /** Every ASCII character that can follow, in code order. */
  readonly characters: string;
  /** The code points past ASCII that can follow, as ranges [first, last] in order (none for a rule of ASCII). */
  readonly ranges: readonly (readonly [number, number])[];
  /** Whether a match can end there. */
  readonly end: boolean;
}

/** What nextIn() found for each automaton and state (it is the same every time: errors share it, frozen). */
const NEXT = new WeakMap<Automaton, Map<number, Next>>();

/**
 * What can follow in a state: the ASCII characters, the ranges of code points past ASCII, and
 * whether a match can end. Worked out once for each automaton and state, and frozen.
 */
export function nextIn(a: Automaton, state: number): Next {
  let byState = NEXT.get(a);
  if (byState === undefined) NEXT.set(a, byState = new Map());
  let next = byState.get(state);
  if (next === undefined) byState.set(state, next = nextOf(a, state));
  return next;
}

function nextOf(a: Automaton, state: number): Next {
  const { classes, width, table, wide } = a;
  let characters = "";
  for (let c = 0; c < 128; c++) if (table[state * width + classes[c]] !== 0) characters += String.fromCharCode(c);
  const ranges: [number, number][] = [];
  if (wide !== null) {
    for (let k = 0; k < wide.starts.length; k++) {
      if (table[state * width + wide.classes[k]] === 0) continue;
      const last = k + 1 < wide.starts.length ? wide.starts[k + 1] - 1 : 0x10ffff;
      const prev = ranges[ranges.length - 1];
      if (prev !== undefined && prev[1] + 1 === wide.starts[k]) prev[1] = last; else ranges.push([wide.starts[k], last]);
    }
  }
  return Object.freeze({ characters, ranges: Object.freeze(ranges.map((r) => Object.freeze(r))), end: a.accepting[state] === 1 });
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

  #grammar: Readonly<Record<string, AbnfNode>> | undefined;

  /** The rules' ABNF trees (for src/positions.ts), expanded from the module's compact form when first asked. */
  get grammar(): Readonly<Record<string, AbnfNode>> {
    this.#grammar ??= Object.fromEntries(Object.entries(this.#module.GRAMMAR).map(([name, tree]) => [name, expandTree(tree as CompactTree)]));
    return this.#grammar;
  }
}

/** A rule's ABNF as a tree (scripts/abnf-acceptor.mjs toPlain()), right recursion unrolled. */
export type AbnfNode =
  | { readonly kind: "str"; readonly text: string; readonly ci: boolean }
  | { readonly kind: "range"; readonly first: number; readonly last: number }
  | { readonly kind: "cat" | "alt"; readonly items: readonly AbnfNode[] }
  | { readonly kind: "rep"; readonly min: number; readonly max: number | null; readonly item: AbnfNode }
  | { readonly kind: "ref"; readonly name: string };

/**
 * The characters one character of an ABNF string matches, as code points: RFC 5234 section 2.3,
 * "ABNF strings are case insensitive and the character set for these strings is US-ASCII", so an
 * ASCII letter of a case-insensitive string matches both its cases, and every other character (and
 * every character of a case-sensitive %s string) itself alone. The build scripts read strings the
 * same way (scripts/abnf-strings.mjs).
 */
export function stringCharacter(ch: string, ci: boolean): readonly number[] {
  const code = ch.codePointAt(0)!;
  if (!ci) return [code];
  if (code >= 0x61 && code <= 0x7a) return [code - 0x20, code];
  if (code >= 0x41 && code <= 0x5a) return [code, code + 0x20];
  return [code];
}

/** The compact form of a tree in generated/ID/dfa.js (scripts/build-dfa.mjs compactTree()). */
type CompactTree = string | readonly [number, ...unknown[]];

function expandTree(t: CompactTree): AbnfNode {
  if (typeof t === "string") return { kind: "ref", name: t };
  const [tag, ...rest] = t;
  switch (tag) {
    case 0: return { kind: "str", text: rest[0] as string, ci: rest[1] === 1 };
    case 1: return { kind: "range", first: rest[0] as number, last: rest[1] as number };
    case 2: return { kind: "cat", items: (rest as CompactTree[]).map(expandTree) };
    case 3: return { kind: "alt", items: (rest as CompactTree[]).map(expandTree) };
    case 4: return { kind: "rep", min: rest[0] as number, max: rest[1] === -1 ? null : rest[1] as number, item: expandTree(rest[2] as CompactTree) };
    default: throw new Error(`internal error: unknown ABNF tree node ${String(tag)}`);
  }
}
