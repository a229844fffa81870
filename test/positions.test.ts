// The automaton of a rule's positions (src/positions.ts) keeps, of each set of NFA states, only the
// states that read a character, and makes a set's transitions a group of codes at a time: held
// here to the construction it replaced (test/support/positions-reference.ts, every state of the
// NFA in every set), reading for reading (chains, codes, ranges, in order), at every prefix of
// generated inputs that some match begins with, in every edition, for the reference rule and
// others. And a set's readings (one array per set) say all that the rule's DFA says at the prefix,
// whether the input may end there too: src/diagnose.ts derives an error's words from them, once
// per array.
import fc from "fast-check";
import { EDITIONS, type EditionId } from "../src/index.js";
import type { Edition } from "../src/edition.js";
import { nextIn, runScan } from "../src/automaton.js";
import { Positions } from "../src/positions.js";
import { namesWideRules } from "../src/diagnose.js";
import { ReferencePositions } from "./support/positions-reference.js";

/** The characters the inputs are made of: every ASCII character a grammar names, some it does not, and a few past ASCII. */
const UNITS = [..."aAzZ09fF-._~:/?#[]@!$&'()*+,;=%{}|\\^`\"<> \t\n\u007fvV"].concat(["é", "\u00a0", "\u{10000}", "\ud800", "\u202e", "\ufdd0"]);

const input = fc.array(fc.oneof(
  fc.constantFrom(...UNITS),
  // Pieces of real references, so that inputs get deep into the grammar.
  fc.constantFrom("http://", "//", "[", "::", "v1.", "%2", "%41", "127.0.0.1", "www.example.com", ":80", "?q=1", "#f", "../", "a@", "mailto:"),
), { maxLength: 24 }).map((parts) => parts.join(""));

const cases: [EditionId, string][] = [];
for (const id of Object.keys(EDITIONS) as EditionId[]) {
  const edition = EDITIONS[id] as unknown as Edition;
  for (const rule of new Set([edition.roles.reference, edition.roles.parse[1] ?? edition.roles.reference])) cases.push([id, rule]);
}

describe.each(cases)("%s %s: the readings at every prefix are those of the reference construction", (id, rule) => {
  const edition = EDITIONS[id] as unknown as Edition;
  const automaton = edition.automata.of(rule);
  const fast = new Positions(edition.automata.grammar, rule);
  const reference = new ReferencePositions(edition.automata.grammar, rule);

  /** What the DFA says after the prefixes that ended in each array of readings. */
  const dfaSays = new Map<unknown, string>();

  test("generated inputs", () => {
    fc.assert(fc.property(input, (text) => {
      const stop = runScan(automaton, text).offset;
      for (let at = 0; at <= stop; at++) {
        // A surrogate pair is one character: no prefix ends inside it.
        if (at > 0 && at < text.length && text.charCodeAt(at) >= 0xdc00 && text.charCodeAt(at) <= 0xdfff &&
          text.charCodeAt(at - 1) >= 0xd800 && text.charCodeAt(at - 1) <= 0xdbff) continue;
        const { readings } = fast.after(text, at);
        expect(readings).toEqual(reference.after(text, at).readings);
        const says = JSON.stringify(nextIn(automaton, runScan(automaton, text.slice(0, at)).state));
        expect(dfaSays.get(readings) ?? says).toBe(says);
        dfaSays.set(readings, says);
        if (at > 0) {
          const both = fast.afterBoth(text, at);
          const want = reference.afterBoth(text, at);
          expect(both.before.readings).toEqual(want.before.readings);
          expect(both.after.readings).toEqual(want.after.readings);
        }
      }
    }), { numRuns: 200 });
  });

  test("the same array for the same set of positions", () => {
    expect(fast.after("", 0).readings).toBe(fast.after("", 0).readings);
  });
});

describe("an edition names rules of characters past ASCII exactly when its reference rule reads past ASCII", () => {
  // src/diagnose.ts passes over an edition that names none without loading its automata.
  test.each(Object.keys(EDITIONS) as EditionId[])("%s", (id) => {
    const edition = EDITIONS[id] as unknown as Edition;
    expect(namesWideRules(edition)).toBe(edition.automata.of(edition.roles.reference).wide !== null);
  });
});
