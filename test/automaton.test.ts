// The rules' DFAs run in the layout the build chose for each (scripts/build-dfa.mjs: "direct", one
// lookup per character in a table of state x code unit, for automata of at most 256 states;
// "classes", the code unit's class and then the table, for larger ones), and their loops test for
// the dead state and for code units past ASCII only every so many characters
// (src/automaton.ts). Here every rule of every edition is run in both layouts where both fit, and
// each verdict is held to runScan(), which tests every character: on the vector tables' examples,
// on random strings over the characters that matter, and on long inputs that go wrong before,
// at and after the points where the loops look.
import { EDITIONS, type EditionId } from "../src/index.js";
import { decodeAutomaton, decodeRuns, runScan, type Automaton, type AutomataModule, type EncodedAutomaton } from "../src/automaton.js";
import type { Edition } from "../src/edition.js";

const ids = Object.keys(EDITIONS) as EditionId[];
// eslint-disable-next-line @typescript-eslint/no-require-imports
const moduleOf = (id: string) => require(`../generated/${id}/dfa.js`) as AutomataModule;

/** The verdict of the loop that tests every character. */
function scanned(a: Automaton, input: string): boolean {
  const { offset, state } = runScan(a, input);
  return offset === input.length && a.accepting[state] === 1;
}

/** A small seeded generator (mulberry32). */
function random(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = [..."/?#:@[]%.;=+$,-_~!*'()&aZ09fF \"<>\\^`{|}", "\u007f", "\u0000", "\u00e9", "\u0180", "\ud800", "\uffff"];

describe.each(ids)("the automata of %s", (id) => {
  const edition = EDITIONS[id] as unknown as Edition;
  const mod = moduleOf(id);
  const names = Object.keys(mod.AUTOMATA);

  test("the build chose the direct layout for every automaton of at most 256 states, and the classes layout for the others", () => {
    for (const name of names) {
      const [, width, table, , layout] = mod.AUTOMATA[name];
      expect([name, layout]).toEqual([name, decodeRuns(table, mod.CODE_BASE).length / width <= 256 ? "direct" : "classes"]);
    }
  });

  test("both layouts give runScan()'s verdict on every rule", () => {
    const next = random(34);
    for (const name of names) {
      const encoded = mod.AUTOMATA[name];
      const states = decodeRuns(encoded[2], mod.CODE_BASE).length / encoded[1];
      const layouts = (states <= 256 ? ["direct", "classes"] : ["classes"]) as EncodedAutomaton[4][];
      const automata = layouts.map((layout) => decodeAutomaton([encoded[0], encoded[1], encoded[2], encoded[3], layout, ...(encoded.length > 5 ? [encoded[5]] : [])] as unknown as EncodedAutomaton, mod.CODE_BASE));
      const rule = edition.rule(name);
      const examples = rule === undefined ? [] : [...rule.examples.match, ...rule.examples.noMatch];
      const inputs: string[] = [...examples, ""];
      for (const example of examples) {
        // Each example with one character changed, dropped or added.
        for (let k = 0; k < 4; k++) {
          const at = Math.floor(next() * (example.length + 1));
          const c = ALPHABET[Math.floor(next() * ALPHABET.length)];
          inputs.push(example.slice(0, at) + c + example.slice(at + 1), example.slice(0, at) + example.slice(at + 1),
            example.slice(0, at) + c + example.slice(at));
        }
      }
      for (let k = 0; k < 200; k++) {
        let s = "";
        for (let n = Math.floor(next() * 12); n > 0; n--) s += ALPHABET[Math.floor(next() * ALPHABET.length)];
        inputs.push(s);
      }
      // Long inputs: a long run of a character the rule repeats, going wrong around the loops' looks (every 256).
      const long = examples.find((e) => e.length > 0 && scanned(automata[0], e.repeat(2)));
      const unit = long ?? "a";
      for (const length of [255, 256, 257, 511, 512, 513, 1000]) {
        const body = unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
        inputs.push(body, body + " ", " " + body, body + "\u00e9", "\u00e9" + body, body.slice(0, 256) + "\u0100" + body.slice(256));
      }
      for (const input of inputs) {
        const expected = scanned(automata[0], input);
        // Over bytes (the input's UTF-8, between two other bytes): -1 for a byte past ASCII, and a copy of what it read.
        const bytes = Buffer.concat([Buffer.from("<"), Buffer.from(input, "utf8"), Buffer.from(">")]);
        const ascii = bytes.every((b) => b < 128);
        for (const a of automata) {
          if (a.accepts(input) !== expected) throw new Error(`${id} ${name} (${a.layout}): ${JSON.stringify(input)} should be ${expected}`);
          const out = Buffer.alloc(bytes.length + 4, 0x21);
          const verdict = a.acceptsBytes(bytes, 1, bytes.length - 1, out, 3);
          if (verdict !== (ascii ? (expected ? 1 : 0) : -1)) {
            throw new Error(`${id} ${name} (${a.layout}) over bytes: ${JSON.stringify(input)} gave ${verdict}`);
          }
          if (verdict === 1 && out.toString("latin1") !== "!!!" + input + "!!!") throw new Error(`${id} ${name}: the copy of ${JSON.stringify(input)}`);
        }
      }
      expect(automata.length).toBeGreaterThan(0);
    }
  });

  test("matches() runs the rule's automaton in its layout", () => {
    for (const name of names) {
      const a = edition.automata.of(name);
      expect(a.layout).toBe(mod.AUTOMATA[name][4]);
    }
  });
});

test("both layouts occur", () => {
  const layouts = new Set(ids.flatMap((id) => Object.values(moduleOf(id).AUTOMATA).map((a) => a[4])));
  expect([...layouts].sort()).toEqual(["classes", "direct"]);
});
