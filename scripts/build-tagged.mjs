// A tagged DFA of a rule, built mechanically from the edition's collected ABNF: one pass over the
// input both decides whether the whole input matches the rule and finds where each captured rule
// (scheme, authority, host, ...) begins and ends in that match. parse() runs it (src/tagged.ts)
// where the edition has one; the compiled PEG remains the grammar of record, and the differential
// holds the records made from this automaton's spans to the PEG's (test/tagged.test.ts,
// scripts/grammar-fuzz.mjs).
//
// The match. Where the ABNF is ambiguous, the match is the one a backtracking regular expression
// finds when it tries the alternatives in the order the ABNF writes them and takes a repetition
// (or an option) before leaving it: the reading every edition's PEG takes (its "// PEG:"
// comments), and the acceptor's splitter (scripts/abnf-acceptor.mjs buildSplitter()). A captured
// rule inside a repetition has the span of its last repetition.
//
// How. The rule's ABNF becomes a Thompson NFA of the Pike VM's kind (each state reads one character
// class, or splits into ordered empty moves, some of which record the position in a tag: "rule
// begins", "rule ends"), which is determinized the way Laurikari's tagged DFAs are, with one
// character of lookahead (as Trofimovich's TDFA(1)):
//   - a DFA state is the ordered list of the NFA states the input can be in after a character,
//     highest priority first (two paths to one NFA state keep the higher one: its future is the
//     same), each with the register that holds each of its tags;
//   - a transition on a character follows each path's empty moves only as far as the states that
//     read that character, so a tag is set (a register takes the character's position) only when
//     the next character shows the path goes that way: the end of a query is set at the "#" or at
//     the end of the input, not after every character of the query;
//   - a transition also copies registers where paths part or the numbering changes;
//   - at the end of the input, the first path whose empty moves reach the end of the rule is the
//     match, and the state's final map names the register of each of its tags (or says the tag is
//     set at the end).
// Registers: a path that has not set tag t reads register t, which holds -1 and is never written;
// the values paths set live in T + t, 2T + t, ... in the order of the paths. Where every path that
// has set a tag agrees on its value (as they mostly do) it stays in T + t, so a transition that
// sets no tag moves nothing, and a path that ends leaves the others' registers where they are. The DFA is then
// minimized (Moore's partition refinement: a transition's operations are part of what must agree).
//
// What is captured (planOf): the rules of the edition's roles that are components, and which
// alternative each alternation of rule names in the reference rule, the authority and the host took
// (a tag where each alternative begins; the alternation's own begin and end, or its rule's).
//
// Characters past ASCII (RFC 3987's ucschar and iprivate): a state's set is ranges of code points,
// and the classes are each ASCII code and the intervals from 128 up that the ranges cut; the
// tables give the class of each ASCII code and, for a rule that reads past ASCII, those intervals
// (wide), and src/tagged.ts reads a surrogate pair as one character (a tag takes the position where
// the character begins).
// Not here: recursion that is not right-linear (refused, as everywhere).
//
// As a module: tagLayout(plan), taggedAutomaton(abnf, start, plan), planOf(abnf, roles),
// taggedModule(abnf, roles, source).
import { inlined, unrolled } from "./abnf-acceptor.mjs";
import { stringCodes } from "./abnf-strings.mjs";

/** Above this many DFA states the build stops: the grammar would need another construction. */
const MAX_STATES = 20_000;
const CHAR = 0, SPLIT = 1, MATCH = 2;
/** In a transition, "the position" for tag t: NEW - t (each tag its own register). */
const NEW = -2;

/**
 * The tags of a plan: every span captured has a tag where it begins and one where it ends; every
 * group (an alternation of rule names) one where it begins, one where it ends, and one per
 * alternative but the last, set where that alternative begins (which alternative the match took;
 * the last where none is set). Shared ends keep the automaton small: a tag per alternative's end
 * would make states that differ only in which end they will set.
 */
export function tagLayout(plan) {
  let t = 0;
  const spans = plan.spans.map((name) => ({ name, start: t++, end: t++ }));
  // A group that is the whole of a captured rule (authority = server / reg-name) begins and ends with it.
  const groups = plan.groups.map(({ rule, alternatives, whole }) => {
    const span = whole ? spans.find((s) => s.name === rule) : undefined;
    const [start, end] = span === undefined ? [t++, t++] : [span.start, span.end];
    // The last alternative needs no marker: it is the one taken where no other's is set.
    return { rule, alternatives, start, end, markers: alternatives.slice(0, -1).map(() => t++), own: span === undefined };
  });
  return { spans, groups, tags: t };
}

/** The Pike-VM NFA of a rule, with the tags of the plan (tagLayout). */
function buildNfa(rules, start, plan, groupNodes) {
  const kind = [], set = [], out = [], edges = [];
  const state = (k) => { kind.push(k); set.push(null); out.push(-1); edges.push([]); return kind.length - 1; };
  const charState = (bits, to) => { const q = state(CHAR); set[q] = bits; out[q] = to; return q; };
  const split = (list) => { const q = state(SPLIT); edges[q] = list; return q; };
  // A CHAR state's set: ranges [lo, hi] of code points (RFC 3987's reach past ASCII).
  const bitsOf = (lo, hi) => [[lo, hi]];
  const layout = tagLayout(plan);
  const spanOf = new Map(layout.spans.map((s) => [s.name, s]));
  const groupOf = new Map(layout.groups.map((g, i) => [groupNodes[i], g]));
  const active = new Set();
  // build(n, k): the entry of an NFA that matches n and then goes on to k.
  const build = (n, k) => {
    switch (n.kind) {
      case "str": return stringCodes(n).reduceRight((to, codes) => charState(codes.map((code) => [code, code]), to), k);
      case "range": return charState(bitsOf(n.first, n.last), k);
      case "cat": return n.items.reduceRight((to, item) => build(item, to), k);
      case "alt": {
        const g = groupOf.get(n);
        if (g === undefined) return split(n.items.map((item) => [build(item, k), -1]));
        const marker = (i) => (i < g.markers.length ? g.markers[i] : -1);
        if (!g.own) return split(n.items.map((item, i) => [build(item, k), marker(i)]));
        const end = split([[k, g.end]]);
        return split([[split(n.items.map((item, i) => [build(item, end), marker(i)])), g.start]]);
      }
      case "rep": {
        let at;
        if (n.max === null) {
          // Greedy: another repetition before leaving.
          const loop = split([]);
          edges[loop] = [[build(n.item, loop), -1], [k, -1]];
          at = loop;
        } else {
          at = k;
          for (let j = n.min; j < n.max; j++) at = split([[build(n.item, at), -1], [k, -1]]);
        }
        for (let j = 0; j < n.min; j++) at = build(n.item, at);
        return at;
      }
      case "ref": {
        // A captured rule is wrapped in the empty moves that set its tags.
        const span = spanOf.get(n.name);
        return inlined(rules, n.name, active, (body) =>
          (span === undefined ? build(body, k) : split([[build(body, split([[k, span.end]])), span.start]])));
      }
      default: throw new Error(`unknown node ${n.kind}`);
    }
  };
  const match = state(MATCH);
  const first = build({ kind: "ref", name: start }, match);
  // The states from which the end of the rule can still be reached (for some input).
  const live = new Uint8Array(kind.length);
  const into = kind.map(() => []);
  kind.forEach((k, q) => {
    if (k === CHAR) into[out[q]].push(q);
    else for (const [to] of edges[q]) into[to].push(q);
  });
  const stack = [match];
  live[match] = 1;
  const reads = (q) => kind[q] !== CHAR || set[q].length > 0;
  while (stack.length) for (const p of into[stack.pop()]) if (!live[p] && reads(p)) { live[p] = 1; stack.push(p); }
  return { kind, set, out, edges, first, live, tags: layout.tags };
}

/**
 * The tagged DFA of `start` with the tags of `plan` (tagLayout). Tables: classes (the class of
 * each ASCII code), width (classes), next (state * width + class: the next state; 0 dead, 1
 * initial), op (same index: 0, or where the transition's register operations begin in ops), ops
 * (groups [count, (register, source) * count]; source -1 is the position of the character),
 * final (state * tags + tag: the register of the tag in the match, -1 set at the end of the input;
 * -2 throughout for a state that does not accept), registers (how many, the spare included), zeros
 * (registers that hold 0 from the start, and that no operation writes).
 *
 * The steps, each a function below: the NFA (buildNfa), its character classes (alphabetOf), the
 * subset construction with registers (determinize), tags that share registers (shareRegisters),
 * Moore's minimization (minimize), the tables of the minimal automaton (tablesOf), and classes
 * that every state now treats alike joined (mergeClasses).
 */
export function taggedAutomaton(abnf, start, plan) {
  const nfa = buildNfa(abnf.rules, start, plan, plan.groups.map((g) => g.node));
  const alphabet = alphabetOf(nfa, start);
  const dfa = determinize(nfa, alphabet, start);
  shareRegisters(dfa, nfa.tags);
  const block = minimize(dfa);
  const tables = tablesOf(dfa, block, alphabet.width, nfa.tags);
  const merged = mergeClasses(tables, alphabet);
  return {
    tags: nfa.tags, states: tables.count, width: merged.width, classes: merged.classes, next: merged.next, op: merged.op,
    ops: tables.ops, final: tables.final, registers: dfa.registers + 1, zeros: tables.zeros, unminimized: dfa.states.length,
    wide: merged.wide,
  };
}

/**
 * Character classes: code points that every CHAR state of the NFA treats alike. Each ASCII code,
 * then the intervals from 128 up that the states' ranges cut (RFC 3987's ucschar and iprivate).
 * Takes the NFA (buildNfa); gives classes (the class of each ASCII code), wide ([first code
 * point, class, ...] from 128 up, neighbours of one class joined; null where no state reads past
 * ASCII), width (how many classes), representative (a code point of each class) and holds(q, c)
 * (whether the CHAR state q reads c).
 */
function alphabetOf({ kind, set, live }, start) {
  const chars = [];
  for (let q = 0; q < kind.length; q++) if (kind[q] === CHAR && live[q]) chars.push(q);
  const holds = (q, c) => set[q].some(([lo, hi]) => c >= lo && c <= hi);
  const cuts = new Set([128]);
  for (const q of chars) {
    for (const [lo, hi] of set[q]) {
      if (hi >= 0xd800 && lo <= 0xdfff) throw new Error(`rule ${start}: a range that holds surrogates`);
      if (hi >= 128) { cuts.add(Math.max(lo, 128)); if (hi < 0x10ffff) cuts.add(hi + 1); }
    }
  }
  const starts = [...cuts].sort((a, b) => a - b);
  const signatureOf = (c) => chars.map((q) => (holds(q, c) ? 1 : 0)).join("");
  const classIndex = new Map();
  const classOf = (sig) => { if (!classIndex.has(sig)) classIndex.set(sig, classIndex.size); return classIndex.get(sig); };
  const classes = Array.from({ length: 128 }, (_, c) => classOf(signatureOf(c)));
  const wideSignatures = starts.map(signatureOf);
  const none = chars.map(() => 0).join("");
  let wide = null;
  if (!wideSignatures.every((sig) => sig === none)) {
    wide = [];
    starts.forEach((from, i) => {
      const k = classOf(wideSignatures[i]);
      if (wide.length === 0 || wide[wide.length - 1] !== k) wide.push(from, k);
    });
  }
  const width = classIndex.size;
  const representative = new Array(width);
  classes.forEach((k, c) => { if (representative[k] === undefined) representative[k] = c; });
  starts.forEach((from, i) => { const k = classOf(wideSignatures[i]); if (representative[k] === undefined) representative[k] = from; });
  return { classes, wide, width, representative, holds };
}

/**
 * The subset construction with registers (Laurikari's, with one character of lookahead; see the
 * top of this file). Takes the NFA and its alphabet (alphabetOf); gives states (each { threads }:
 * the ordered NFA states and their registers; 0 dead, 1 initial), next[s][k] (the next state on
 * class k), moves[s][k] (the register moves [dst, src] of that transition, src -1 the position;
 * null where it leads to the dead state), finals[s] (each tag's register in the match, -1 set at
 * the end of the input; null where s does not accept) and registers (the highest number used + 1,
 * before the spare). Each transition is one step() of the threads on the class's
 * representative, renumbered (canonical()).
 */
function determinize(nfa, { width, representative, holds }, start) {
  const T = nfa.tags;
  const states = [{ threads: [] }]; // 0: dead
  const index = new Map([["", 0]]);
  let registers = T;
  const add = (threads) => {
    const key = keyOf(threads);
    let id = index.get(key);
    if (id === undefined) {
      id = states.length;
      if (id > MAX_STATES) throw new Error(`rule ${start}: the tagged DFA has more than ${MAX_STATES} states`);
      index.set(key, id);
      states.push({ threads });
    }
    return id;
  };
  // Every tag starts in a register of its own, which holds -1 (unset) until a path sets the tag.
  add([[nfa.first, Array.from({ length: T }, (_, t) => t)]]);
  const next = [[]], moves = [[]];
  for (let s = 1; s < states.length; s++) {
    next.push(new Array(width).fill(0));
    moves.push(new Array(width).fill(null));
    for (let k = 0; k < width; k++) {
      const result = canonical(step(nfa, holds, states[s].threads, representative[k]), T);
      if (result.threads.length === 0) continue;
      registers = Math.max(registers, result.registers);
      next[s][k] = add(result.threads);
      moves[s][k] = result.moves;
    }
  }
  // The final map: each tag's register, or -1 where the match sets it at the end of the input.
  const finals = states.map(({ threads }) => {
    const regs = step(nfa, holds, threads, null);
    return regs === null ? null : regs.map((r) => (r <= NEW ? -1 : r));
  });
  return { states, next, moves, finals, registers };
}

/**
 * One step on the character c (a class's representative) from the ordered threads of a state:
 * each thread's empty moves are followed, in order, to the states that read c (tags set on the
 * way take NEW, the position of c); the threads after c, first path first. With c null, the
 * registers of the first path that reaches the end of the rule (the final map), or null.
 */
function step({ kind, out, edges, live }, holds, threads, c) {
  const seen = new Uint8Array(kind.length);
  const after = [];
  const taken = new Set();
  let final = null;
  const visit = (q, regs) => {
    if (seen[q] || !live[q] || final !== null) return;
    seen[q] = 1;
    if (kind[q] === SPLIT) {
      for (const [to, tag] of edges[q]) {
        if (tag < 0) visit(to, regs);
        else { const r = regs.slice(); r[tag] = NEW - tag; visit(to, r); }
      }
    } else if (c === null) {
      if (kind[q] === MATCH) final = regs;
    } else if (kind[q] === CHAR && holds(q, c) && live[out[q]] && !taken.has(out[q])) {
      taken.add(out[q]);
      after.push([out[q], regs]);
    }
  };
  for (const [q, regs] of threads) visit(q, regs);
  return c === null ? final : after;
}

/**
 * The threads with their registers renumbered in order of first use; the moves that fill the
 * new registers from the old ones (or the position).
 */
function canonical(threads, T) {
  // Tag t's registers are t, T + t, 2T + t, ...: t holds -1 (unset) and is never written; the
  // values paths set are in T + t, 2T + t, ... in the order of the paths. A path that has not
  // set the tag reads t, and where every path that has set it agrees (as they mostly do) its
  // value stays in T + t from state to state: a transition moves nothing, and a path that ends
  // leaves the others' registers where they are.
  const numbers = Array.from({ length: T }, () => new Map());
  const moves = [];
  let registers = T;
  const renamed = threads.map(([q, regs]) => [q, regs.map((r, t) => {
    if (r === t) return t;
    const number = numbers[t];
    let c = number.get(r);
    if (c === undefined) {
      c = (number.size + 1) * T + t;
      number.set(r, c);
      moves.push([c, r <= NEW ? -1 : r]);
      registers = Math.max(registers, c + 1);
    }
    return c;
  })]);
  return { threads: renamed, moves: moves.filter(([dst, src]) => dst !== src), registers };
}

/** The key of a state: its threads and their registers. */
function keyOf(threads) {
  return threads.map(([q, regs]) => `${q}:${regs.join(",")}`).join(" ");
}

/**
 * Tags that hold the same value in every path of every run (scheme< and the marker of
 * absolute-URI, say) share their registers: a tag whose registers have the same ranks as an
 * earlier tag's in every path of every state, and whose moves are the same moves of those ranks
 * on every transition, is read from the earlier tag's registers, and its own moves go. Takes the
 * automaton of determinize() and the number of tags; changes its moves and finals in place.
 */
function shareRegisters({ states, moves, finals }, T) {
  const rank = (r) => Math.floor(r / T);
  const movesOf = (m, t) => (m === null ? "" : m.filter(([d]) => d % T === t).map(([d, src]) => `${rank(d)}<${src < 0 ? "p" : rank(src)}`).join(";"));
  const tagSignature = (t) => states.map(({ threads }, s) =>
    `${threads.map(([, regs]) => rank(regs[t])).join(",")}|${finals[s] === null ? "" : finals[s][t] < 0 ? "e" : rank(finals[s][t])}|` +
    `${(moves[s] ?? []).map((m) => movesOf(m, t)).join("|")}`).join("/");
  const alias = new Array(T);
  const bySignature = new Map();
  for (let t = 0; t < T; t++) {
    const sig = tagSignature(t);
    if (!bySignature.has(sig)) bySignature.set(sig, t);
    alias[t] = bySignature.get(sig);
  }
  const remap = (r) => (r < 0 ? r : rank(r) * T + alias[r % T]);
  for (let s = 1; s < states.length; s++) {
    for (let k = 0; k < moves[s].length; k++) if (moves[s][k] !== null) moves[s][k] = moves[s][k].filter(([d]) => alias[d % T] === d % T);
    if (finals[s] !== null) finals[s] = finals[s].map(remap);
  }
}

/**
 * Moore's refinement: states whose final maps agree, and whose transitions agree on the block of
 * the target and on the register operations, are one. Takes the automaton of determinize() (after
 * shareRegisters()); gives the block of each state (equal numbers: one state of the minimal DFA).
 */
function minimize({ states, next, moves, finals }) {
  const movesKey = (m) => (m === null || m.length === 0 ? "" : m.map(([d, s]) => `${d}<${s}`).join(";"));
  let block = states.map((_, s) => (s === 0 ? "dead" : finals[s] === null ? "n" : `f${finals[s].join(",")}`));
  for (;;) {
    const ids = new Map();
    const refined = states.map((_, s) => {
      const sig = s === 0 ? "dead" : `${block[s]}|${next[s].map((t, k) => `${block[t]}/${movesKey(moves[s][k])}`).join("|")}`;
      if (!ids.has(sig)) ids.set(sig, ids.size);
      return ids.get(sig);
    });
    const before = new Set(block).size;
    block = refined;
    if (ids.size === before) break;
  }
  return block;
}

/**
 * The tables of the minimal DFA. Takes the automaton of determinize(), the blocks of minimize(),
 * the number of classes and of tags; gives count (states: dead 0, initial 1, the others in the
 * order first reached), next and op (state * width + class: the next state; where the
 * transition's register operations begin in ops, 0 none), ops, final (state * tags + tag) and
 * zeros.
 */
function tablesOf({ next, moves, finals, registers }, block, width, T) {
  // Renumber: dead 0, initial 1, the others in the order first reached.
  const newId = new Map([[block[0], 0], [block[1], 1]]);
  const order = [0, 1];
  for (let i = 1; i < order.length; i++) {
    for (const t of next[order[i]]) if (!newId.has(block[t])) { newId.set(block[t], order.length); order.push(t); }
  }
  const count = order.length;
  // Registers that only the initial state's transitions write, with the position: no transition
  // returns to the initial state, so the position is 0 there, and a register is written before
  // any state reads it, so they hold 0 whenever they are read. They are set to 0 once (zeros),
  // and those operations go (about one in five of the operations a run of the draft's reference
  // rule performs: the starts of the reference, of its scheme, and of absolute-URI).
  const returns = order.some((s) => next[s].some((t) => newId.get(block[t]) === 1));
  const atStart = new Set();
  const elsewhere = new Set();
  order.forEach((s, i) => {
    if (i === 0) return;
    for (const m of moves[s]) for (const [d, src] of m ?? []) (i === 1 && src < 0 ? atStart : elsewhere).add(d);
  });
  const zeros = returns ? [] : [...atStart].filter((r) => !elsewhere.has(r)).sort((a, b) => a - b);
  const zero = new Set(zeros);
  const nextTable = new Array(count * width).fill(0);
  const opTable = new Array(count * width).fill(0);
  const ops = [0]; // index 0: no operations
  const groups = new Map();
  const group = (m0) => {
    const m = m0 === null ? null : m0.filter(([d]) => !zero.has(d));
    if (m === null || m.length === 0) return 0;
    const seq = sequential(m, registers);
    const key = seq.join(",");
    if (!groups.has(key)) { groups.set(key, ops.length); ops.push(seq.length / 2, ...seq); }
    return groups.get(key);
  };
  const final = new Array(count * T).fill(-2);
  order.forEach((s, i) => {
    if (i === 0) return;
    for (let k = 0; k < width; k++) {
      nextTable[i * width + k] = newId.get(block[next[s][k]]);
      opTable[i * width + k] = group(moves[s][k]);
    }
    if (finals[s] !== null) for (let t = 0; t < T; t++) final[i * T + t] = finals[s][t];
  });
  return { count, next: nextTable, op: opTable, ops, final, zeros };
}

/**
 * Classes that every state now treats alike (same target, same operations) become one. Takes the
 * tables of tablesOf() and the alphabet of alphabetOf(); gives width, classes (of each ASCII
 * code), next and op (over the joined classes) and wide (merged as the ASCII classes are,
 * neighbours of one class joined again).
 */
function mergeClasses({ count, next, op }, { classes, wide, width }) {
  const columnKey = (k) => Array.from({ length: count }, (_, i) => `${next[i * width + k]}/${op[i * width + k]}`).join(",");
  const merged = new Map();
  const classMap = Array.from({ length: width }, (_, k) => {
    const key = columnKey(k);
    if (!merged.has(key)) merged.set(key, merged.size);
    return merged.get(key);
  });
  const w = merged.size;
  const next2 = new Array(count * w).fill(0);
  const op2 = new Array(count * w).fill(0);
  for (let i = 0; i < count; i++) {
    for (let k = 0; k < width; k++) {
      next2[i * w + classMap[k]] = next[i * width + k];
      op2[i * w + classMap[k]] = op[i * width + k];
    }
  }
  let wideMerged = null;
  if (wide !== null) {
    wideMerged = [];
    for (let i = 0; i < wide.length; i += 2) {
      const k = classMap[wide[i + 1]];
      if (wideMerged.length === 0 || wideMerged[wideMerged.length - 1] !== k) wideMerged.push(wide[i], k);
    }
  }
  return { width: w, classes: classes.map((k) => classMap[k]), next: next2, op: op2, wide: wideMerged };
}

/**
 * What an edition's reference rule captures (src/tagged.ts makes the grammar's records of them):
 * spans, the rules of the edition's roles that are components (scheme, authority, its userinfo,
 * host and port, query, fragment, the opaque part); groups, every
 * alternation of rule names in the reference rule, the authority and the host (which rule a record
 * names: "absolute-URI", "server", "IPv4address").
 */
export function planOf(abnf, roles) {
  const roleNames = ["scheme", "authority", "userinfo", "host", "port", "query", "fragment", "opaque"];
  const spans = [...new Set(roleNames.map((r) => roles[r]).filter((n) => n !== undefined && n in abnf.rules))];
  const groups = [];
  for (const rule of [roles.reference, roles.authority, roles.host]) {
    if (rule === undefined || !(rule in abnf.rules)) continue;
    const walk = (n) => {
      if (n.kind === "alt" && n.items.every((i) => i.kind === "ref")) {
        if (groups.some((g) => g.rule === rule)) throw new Error(`rule ${rule} has two alternations of rule names: which one names its record?`);
        groups.push({ rule, alternatives: n.items.map((i) => i.name), node: n });
      }
      else if (n.items) n.items.forEach(walk);
      else if (n.item) walk(n.item);
    };
    const body = unrolled(rule, abnf.rules[rule]);
    walk(body);
    for (const g of groups) if (g.node === body) g.whole = true;
  }
  return { spans, groups };
}

/** The final maps of the states: each distinct map once (maps), and the index of each state's (accepts, -1 none). */
function finalMaps(a) {
  const maps = [];
  const index = new Map();
  const accepts = [];
  for (let s = 0; s < a.states; s++) {
    const map = a.final.slice(s * a.tags, (s + 1) * a.tags);
    if (map[0] === -2) { accepts.push(-1); continue; }
    const key = map.join(",");
    if (!index.has(key)) { index.set(key, maps.length); maps.push(map); }
    accepts.push(index.get(key));
  }
  return { accepts, maps };
}

/** The numbers of a table as a string of code units, each CODE_BASE more (as scripts/build-dfa.mjs writes them). */
function encode(numbers, base) {
  for (const n of numbers) if (n + base < 0 || n + base >= 0xd800) throw new Error(`a number (${n}) outside the table encoding`);
  return String.fromCharCode(...numbers.map((n) => n + base));
}

/**
 * The generated module of an edition's tagged DFA (generated/ID/tagged.js): its reference rule,
 * the rules it captures, and the tables (src/tagged.ts reads them).
 */
export function taggedModule(abnf, roles, source) {
  const plan = planOf(abnf, roles);
  const a = taggedAutomaton(abnf, roles.reference, plan);
  const { spans, groups } = tagLayout(plan);
  if (a.states >= 0x8000) throw new Error(`rule ${roles.reference}: ${a.states} states do not fit the table's 15 bits`);
  const BASE = 0x30;
  // The transitions with register operations are listed apart (operations).
  // Each such transition as two numbers: how far its index is past the previous one's, and where
  // its operations begin in ops.
  const operations = [];
  let previous = 0;
  a.op.forEach((o, k) => {
    if (o === 0) return;
    operations.push(k - previous, o);
    previous = k;
  });
  const tables = {
    rule: roles.reference,
    spans,
    groups,
    tags: a.tags,
    registers: a.registers,
    zeros: a.zeros,
    width: a.width,
    classes: encode(a.classes, BASE),
    ...(a.wide === null ? {} : { wide: a.wide }),
    next: encode(a.next, BASE),
    operations: encode(operations, BASE),
    ops: a.ops,
    ...finalMaps(a),
  };
  const text = `// @generated by scripts/build-tagged.mjs from ${source}.
// The tagged DFA of ${roles.reference} (${a.states} states, ${a.width} classes, ${a.registers} registers), which
// parse() runs (src/tagged.ts). spans: the rules whose spans it finds, with the tags where each
// begins and ends; groups: alternations of rule names, the tags where each begins and ends and
// where each alternative but the last begins (markers); classes: the class of each ASCII code (and
// wide, for a rule that reads past ASCII: [first code point, class, ...] from 128 up); next: the next
// state of each state and class (0 dead, 1 initial); operations: for each transition with register
// operations, its index (as the distance from the previous one's) and where its operations begin in
// ops; ops: groups [count, (register, source) * count], source -1 the position of the character;
// accepts: the index of each state's final map in maps, -1 where the state does not accept; maps:
// the register of each tag in the match, -1 where the match sets it at the end of the input; zeros:
// registers that hold 0 throughout (tags that, where set, are set at the start).
// classes, next and operations are strings of code units, each ${BASE} more than the number.
"use strict";

module.exports = { TAGGED: ${JSON.stringify(tables)} };
`;
  return { text, automaton: a, plan };
}

export const TAGGED_DTS = `// @generated by scripts/build-tagged.mjs.
import type { TaggedTables } from "../../src/tagged.js";
export declare const TAGGED: TaggedTables;
`;

/**
 * Parallel register moves ([dst, src], src -1 the position) as a sequence in which no register is
 * overwritten before it is read; a cycle goes through the spare register `spare`.
 */
function sequential(moves, spare) {
  const pending = moves.map(([d, s]) => [d, s]);
  const seq = [];
  while (pending.length) {
    const i = pending.findIndex(([d]) => !pending.some(([, s]) => s === d));
    if (i >= 0) {
      const [d, s] = pending.splice(i, 1)[0];
      seq.push(d, s);
    } else {
      // Every destination is still to be read: a cycle. Keep one source aside.
      const [d, s] = pending[0];
      seq.push(spare, s);
      pending[0] = [d, spare];
      void d;
    }
  }
  return seq;
}
