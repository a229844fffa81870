// The automaton of positions of each edition's reference rule, built ahead of time
// (generated/ID/positions.js, scripts/build-positions.mjs) and run by src/diagnose.ts, held to the
// lazy construction it is built from (src/positions.ts Positions), reading for reading (chains,
// codes, ranges, in order), at every prefix of generated inputs that some match begins with, ASCII
// and past it (surrogate pairs, lone surrogates, the edges of RFC 3987's ucschar and iprivate), in
// every edition. And: one array of readings where the lazy construction has one, and an array says
// all the rule's DFA says at the prefix, whether the input may end there too (diagnose.ts derives
// an error's words from the array, once per array); the same internal error past the prefix; the
// table read only when an error's details first need it.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import fc from "fast-check";
import { EDITIONS, type EditionId } from "../src/index.js";
import type { Edition } from "../src/edition.js";
import { nextIn, runScan } from "../src/automaton.js";
import { Positions, PositionsTable, type Reading } from "../src/positions.js";

/** The characters the inputs are made of: every ASCII character a grammar names, some it does not, and some past ASCII. */
const UNITS = [..."aAzZ09fF-._~:/?#[]@!$&'()*+,;=%{}|\\^`\"<> \t\n\u007fvVwW"]
  .concat(["é", "\u00a0", "\u{10000}", "\ud800", "\udc00", "\u202e", "\ufdd0", "\ue000", "\u{f0000}", "\u{10fffd}", "\u{e0000}"]);

/** Pieces of real references, so that inputs get deep into the grammar. */
const PIECES = ["http://", "//", "[", "]", "::", "v1.", "%2", "%41", "127.0.0.1", "255.", "www.example.com", ":80", "?q=1", "#f",
  "../", "./", "a@", "mailto:", "news:", "ftp://", "wais://", "file:", "telnet://", "gopher://", "prospero://", "@", ";type=a"];

const ids = Object.keys(EDITIONS) as EditionId[];
const root = join(__dirname, "..");

describe.each(ids)("%s: the reference rule's table gives the readings of the lazy construction", (id) => {
  const edition = EDITIONS[id] as unknown as Edition;
  const rule = edition.roles.reference;
  const tables = edition.positionsTables;

  test("the build wrote the table of the reference rule", () => {
    expect(tables).not.toBeNull();
    expect(tables!.rule).toBe(rule);
  });

  const table = new PositionsTable(tables!);
  const lazy = new Positions(edition.automata.grammar, rule);
  const automaton = edition.automata.of(rule);
  // Code points at the edges of the table's classes past ASCII (each interval's first and the one before it).
  const edges = tables!.wide.filter((_, k) => k % 2 === 0).flatMap((cp) => [cp, cp - 1]).filter((cp) => cp >= 128 && cp <= 0x10ffff);
  const wideChar = fc.oneof(
    fc.constantFrom(...edges),
    fc.integer({ min: 128, max: 0x10ffff }),
  ).map((cp) => String.fromCodePoint(cp));
  const input = fc.array(fc.oneof(
    { arbitrary: fc.constantFrom(...UNITS), weight: 4 },
    { arbitrary: fc.constantFrom(...PIECES), weight: 3 },
    { arbitrary: wideChar, weight: 1 },
  ), { maxLength: 28 }).map((parts) => parts.join(""));

  /** The table's array for each of the lazy construction's: one for one. */
  const arrays = new Map<readonly Reading[], readonly Reading[]>();
  /** What the rule's DFA says after the prefixes that ended in each of the table's arrays (src/diagnose.ts derives it from the array). */
  const dfaSays = new Map<readonly Reading[], string>();
  const same = (got: readonly Reading[], want: readonly Reading[], prefix: string) => {
    expect(got).toEqual(want);
    expect(arrays.get(want) ?? got).toBe(got);
    arrays.set(want, got);
    const says = JSON.stringify(nextIn(automaton, runScan(automaton, prefix).state));
    expect(dfaSays.get(got) ?? says).toBe(says);
    dfaSays.set(got, says);
  };

  test("at every prefix of generated inputs, and past the prefix the same internal error", () => {
    fc.assert(fc.property(input, (text) => {
      const stop = runScan(automaton, text).offset;
      for (let at = 0; at <= stop; at++) {
        // A surrogate pair is one character: no prefix ends inside it.
        if (at > 0 && at < text.length && text.charCodeAt(at) >= 0xdc00 && text.charCodeAt(at) <= 0xdfff &&
          text.charCodeAt(at - 1) >= 0xd800 && text.charCodeAt(at - 1) <= 0xdbff) continue;
        same(table.after(text, at).readings, lazy.after(text, at).readings, text.slice(0, at));
        if (at > 0) {
          const got = table.afterBoth(text, at);
          const want = lazy.afterBoth(text, at);
          const before = at - (at >= 2 && text.codePointAt(at - 2)! > 0xffff ? 2 : 1);
          same(got.before.readings, want.before.readings, text.slice(0, before));
          same(got.after.readings, want.after.readings, text.slice(0, at));
        }
      }
      if (stop < text.length) {
        const past = stop + (text.codePointAt(stop)! > 0xffff ? 2 : 1);
        expect(() => lazy.after(text, past)).toThrow(`internal error: the positions of the grammar cannot read offset ${stop}`);
        expect(() => table.after(text, past)).toThrow(`internal error: the positions of the grammar cannot read offset ${stop}`);
      }
    }), { numRuns: 200 });
  });

  test("every pair of a state of the table and a set of the lazy construction that one input reaches", () => {
    // Breadth-first over the pairs (the table's state, by its own transitions; the lazy set, known
    // by its array of readings, one per set), by every ASCII character and the first and last code
    // point of each of the table's classes past ASCII: at each pair's shortest input, the same
    // readings, and the table's array says what the rule's DFA says.
    const { base, wide, width, classes, states } = tables!;
    const next = Array.from(tables!.next, (c) => c.charCodeAt(0) - base);
    const characters: [string, number][] = [];
    for (let c = 0; c < 128; c++) characters.push([String.fromCharCode(c), classes.charCodeAt(c) - base]);
    for (let i = 0; i < wide.length; i += 2) {
      const last = i + 2 < wide.length ? wide[i + 2] - 1 : 0x10ffff;
      for (const cp of new Set([wide[i], last])) characters.push([String.fromCodePoint(cp), wide[i + 1]]);
    }
    const ids = new Map<readonly Reading[], number>();
    const pairs = new Map<string, string>();
    const tableStates = new Set<number>();
    const queue: [number, string][] = [[1, ""]];
    for (let q = 0; q < queue.length; q++) {
      const [state, prefix] = queue[q];
      const want = lazy.after(prefix, prefix.length).readings;
      let id = ids.get(want);
      if (id === undefined) ids.set(want, id = ids.size);
      const key = `${state},${id}`;
      if (pairs.has(key)) continue;
      pairs.set(key, prefix);
      tableStates.add(state);
      same(table.after(prefix, prefix.length).readings, want, prefix);
      for (const [ch, k] of characters) {
        const to = next[state * width + k];
        if (to !== 0) queue.push([to, prefix + ch]);
      }
    }
    expect(tableStates.size).toBe(states - 1);
  });
});

describe("the table is read when an error's details first need it", () => {
  // Like the tagged DFA's tables: a program with no error in an edition never loads its positions.js
  // (the built package, in a fresh process).
  test("not on loading an edition, nor on a valid input, nor on an error not read; on the first error's message", () => {
    const script = `
      const loaded = () => Object.keys(require.cache).filter((f) => f.includes("generated") && f.endsWith("positions.js")).length;
      const { validate } = require(${JSON.stringify(join(root, "dist/cjs/src/index.js"))});
      const steps = [loaded()];
      validate("http://a/b");
      steps.push(loaded());
      const r = validate("http://a b");
      steps.push(loaded());
      r.error.message;
      steps.push(loaded());
      validate("http://a b", { edition: "rfc3986" }).error.message;
      steps.push(loaded());
      console.log(JSON.stringify(steps));`;
    const run = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual([0, 0, 0, 1, 2]);
  });
});
