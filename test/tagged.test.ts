// parse() of an edition's reference rule runs the edition's tagged DFA where it has one
// (edition.json "tagged"; scripts/build-tagged.mjs builds it from the collected ABNF, src/tagged.ts
// runs it and makes the grammar's records of its spans). The PEG is the grammar of record: here
// the tagged DFA's records are held to the records the PEG's actions make (the parser of
// generated/, itself held to peggy's own build by test/build-passes.test.ts), on strings generated
// from the ABNF, on those strings with one character changed, on the vector tables and on the
// benchmark corpus; a string one rejects, the other rejects too. And parse() gives what the PEG's
// records build.
import fc from "fast-check";
import { EDITIONS, parse, type EditionId } from "../src/index.js";
import type { Edition } from "../src/edition.js";
import { builderOf } from "../src/models/index.js";
import { taggedOf } from "../src/parse.js";
import { abnfArbitrary } from "./support/abnf-arbitrary.js";
import { loadAbnf } from "./support/abnf.js";
import { corpus } from "./support/corpus.js";
import { readVectors } from "./support/vectors.js";

const CORPUS = corpus(5000, 31);
const ids = Object.keys(EDITIONS) as EditionId[];
const withTagged = ids.filter((id) => (EDITIONS[id] as unknown as Edition).tagged === true);
/** Characters that end, begin or break components, and some that no URI holds. */
// Past ASCII too, for RFC 3987: a ucschar of the BMP and past it, private use, a noncharacter, a lone surrogate.
const EDITS = [..."/?#:@[]%.;=+$,-_~!*'()&aZ09 \"<>\\^`{|}", "\u00e9", "\u0000", "\ud800", "\udc00", "例", "\u{1d49c}", "\ue000",
  "\u{f0000}", "\ufffe", "\u{1fffe}"];

test("the editions whose manifest says so have a tagged DFA, and only they", () => {
  expect(withTagged.length).toBeGreaterThan(0);
  for (const id of ids) {
    const edition = EDITIONS[id] as unknown as Edition;
    expect(taggedOf(edition) !== null).toBe(edition.tagged === true);
  }
});

describe.each(withTagged)("the tagged DFA of %s", (id) => {
  const edition = EDITIONS[id] as unknown as Edition;
  const tagged = taggedOf(edition)!;
  const start = edition.requireRule(edition.roles.reference);
  const abnf = loadAbnf(id);
  /** The PEG's record (the parser of generated/, with the model's typing), or null. */
  const pegRecord = (input: string): unknown => {
    const r = edition.parser.run(input, start.pegName);
    return r === edition.parser.FAILED ? null : r;
  };
  const agree = (input: string) => {
    const record = tagged.record(input);
    expect({ input, record }).toEqual({ input, record: pegRecord(input) });
    return record;
  };

  test("its records are the PEG's, for strings generated from the ABNF", () => {
    fc.assert(fc.property(abnfArbitrary(abnf, start.name), (input) => {
      expect(agree(input)).not.toBeNull();
      expect(tagged.scan(input)).toBe(true);
    }), { numRuns: 3000, seed: 1 });
  });

  test("and for those strings with a character inserted, deleted or replaced: both reject what either rejects", () => {
    let rejected = 0;
    fc.assert(fc.property(abnfArbitrary(abnf, start.name), fc.nat(), fc.constantFrom(...EDITS), fc.constantFrom(0, 1, 2), (s, at, c, how) => {
      const i = s.length === 0 ? 0 : at % (s.length + 1);
      const input = how === 0 ? s.slice(0, i) + c + s.slice(i) : how === 1 ? s.slice(0, i) + s.slice(i + 1) : s.slice(0, i) + c + s.slice(i + 1);
      if (agree(input) === null) rejected++;
      expect(tagged.record(input) !== null).toBe(edition.accepts(input, start));
      // Its pass alone (scripts/bench-parts.mjs times it) says the same.
      expect(tagged.scan(input)).toBe(edition.accepts(input, start));
    }), { numRuns: 3000, seed: 2 });
    // The edits reach both sides of the language.
    expect(rejected).toBeGreaterThan(300);
  });

  test("and for the strings of the vector tables and the benchmark corpus", () => {
    const inputs = [...readVectors(id).map((v) => v.input), ...CORPUS];
    let accepted = 0;
    for (const input of inputs) if (agree(input) !== null) accepted++;
    expect(accepted).toBeGreaterThan(CORPUS.length / 2);
  });

  test("a register it holds at 0 from the start is one that no operation writes, and no transition returns to its initial state", () => {
    const { zeros } = edition.taggedTables!;
    const t = tagged as unknown as { next_: Int32Array; opAt_: Uint16Array; ops_: Int32Array };
    const { width } = edition.taggedTables!;
    const written = new Set<number>();
    let intoInitial = 0;
    for (let k = 0; k < t.next_.length; k++) {
      // -1: a transition into the dead state, with no operations; the sign bit: a transition with
      // operations; the rest: the target's row, state * width (src/tagged.ts), the initial state's `width`.
      if (t.next_[k] === -1) continue;
      if ((t.next_[k] & 0x7fffffff) === width) intoInitial++;
      if (t.next_[k] >= 0) continue;
      const at = t.opAt_[k];
      for (let n = t.ops_[at], i = at + 1; n > 0; n--, i += 2) written.add(t.ops_[i]);
    }
    expect(written.size).toBeGreaterThan(0);
    if (zeros.length > 0) expect(intoInitial).toBe(0);
    expect(zeros.filter((r) => written.has(r))).toEqual([]);
  });

  test("parse() gives what the PEG's records build", () => {
    const build = builderOf(edition);
    for (const input of CORPUS) {
      const record = pegRecord(input);
      if (record === null) expect(() => parse(input, { edition: id as never })).toThrow();
      else {
        const parsed = parse(input, { edition: id as never }), built = build(record, input, edition);
        expect(parsed).toEqual(built);
        // Of the same class, with the same properties in the same order (a model may make it from the spans).
        expect(Object.getPrototypeOf(parsed)).toBe(Object.getPrototypeOf(built));
        expect(JSON.stringify(parsed)).toBe(JSON.stringify(built));
      }
    }
  });
});
