// The automaton of positions of each edition's reference rule, built ahead of time
// (generated/ID/positions.js, scripts/build-positions.mjs) and run by src/diagnose.ts, held to the
// lazy construction it is built from (src/positions.ts Positions), reading for reading (chains,
// codes, ranges, in order), at every prefix of generated inputs that some match begins with, ASCII
// and past it (surrogate pairs, lone surrogates, the edges of RFC 3987's ucschar and iprivate), in
// every edition. And: one array of readings where the lazy construction has one (diagnose.ts
// caches what it derives per array), the same internal error past the prefix, and the table used
// for the reference rule and nothing else.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import fc from "fast-check";
import { EDITIONS, type EditionId } from "../src/index.js";
import type { Edition } from "../src/edition.js";
import { decodeRuns, runScan } from "../src/automaton.js";
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
  const same = (got: readonly Reading[], want: readonly Reading[]) => {
    expect(got).toEqual(want);
    expect(arrays.get(want) ?? got).toBe(got);
    arrays.set(want, got);
  };

  test("at every prefix of generated inputs, and past the prefix the same internal error", () => {
    fc.assert(fc.property(input, (text) => {
      const stop = runScan(automaton, text).offset;
      for (let at = 0; at <= stop; at++) {
        // A surrogate pair is one character: no prefix ends inside it.
        if (at > 0 && at < text.length && text.charCodeAt(at) >= 0xdc00 && text.charCodeAt(at) <= 0xdfff &&
          text.charCodeAt(at - 1) >= 0xd800 && text.charCodeAt(at - 1) <= 0xdbff) continue;
        same(table.after(text, at).readings, lazy.after(text, at).readings);
        if (at > 0) {
          const got = table.afterBoth(text, at);
          const want = lazy.afterBoth(text, at);
          same(got.before.readings, want.before.readings);
          same(got.after.readings, want.after.readings);
        }
      }
      if (stop < text.length) {
        const past = stop + (text.codePointAt(stop)! > 0xffff ? 2 : 1);
        expect(() => lazy.after(text, past)).toThrow(`internal error: the positions of the grammar cannot read offset ${stop}`);
        expect(() => table.after(text, past)).toThrow(`internal error: the positions of the grammar cannot read offset ${stop}`);
      }
    }), { numRuns: 200 });
  });

  test("every state of the table, at its shortest input, reads as the lazy construction there", () => {
    // Breadth-first over the table's states (its own transitions, one character of each class).
    const { base, classes, wide, width, states } = tables!;
    const witness: string[] = [];
    for (let c = 0; c < 128; c++) witness[classes.charCodeAt(c) - base] ??= String.fromCharCode(c);
    for (let i = 0; i < wide.length; i += 2) witness[wide[i + 1]] ??= String.fromCodePoint(wide[i]);
    expect(witness.filter((w) => w !== undefined)).toHaveLength(width);
    const next = decodeRuns(tables!.next, base);
    const shortest = new Map<number, string>([[1, ""]]);
    for (const [state, prefix] of shortest) {
      expect(table.after(prefix, prefix.length).readings).toEqual(lazy.after(prefix, prefix.length).readings);
      witness.forEach((w, k) => {
        const to = next[state * width + k];
        if (to !== 0 && !shortest.has(to)) shortest.set(to, prefix + w);
      });
    }
    expect(shortest.size).toBe(states - 1);
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
