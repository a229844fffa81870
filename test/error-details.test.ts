// The details of a UriSyntaxError (offset, next, expected, rule, path, message) come from the
// rule's DFA and the automaton of its positions: memory independent of the input's length, and
// the exact expectations the grammar has at the offset.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { validate, type UriSyntaxError } from "../src/index.js";

const root = join(__dirname, "..");

const errorOf = (input: string, options?: Parameters<typeof validate>[1]): UriSyntaxError => {
  const result = validate(input, options);
  if (result.valid) throw new Error(`expected ${JSON.stringify(input)} to be invalid`);
  return result.error;
};

describe("reading an error's details takes no memory beyond the input's", () => {
  // Reproducer: before the DFA, the first read of .offset re-parsed with the trace build at about
  // 140 bytes per character, and a 40-million-character input ended in V8's fatal out-of-memory.
  // Here 20 million characters in a heap of 64 MB: the input alone takes 20 MB of it.
  test("an invalid input of 20 million characters, every detail read, in a 64 MB heap", () => {
    const script = `
      const { validate } = require(${JSON.stringify(join(root, "dist/cjs/src/index.js"))});
      const input = "http://a/" + "b/".repeat(1e7 - 5) + " ";
      const e = validate(input).error;
      console.log(JSON.stringify({ offset: e.offset, length: input.length, rule: e.rule, path: e.path, next: e.next,
        message: e.message.slice(0, 43), json: JSON.stringify(e).length > 0 }));`;
    const run = spawnSync(process.execPath, ["--max-old-space-size=64", "-e", script], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.offset).toBe(out.length - 1);
    expect(out.rule).toBe("URI-reference");
    expect(out.next.end).toBe(true);
    expect(out.next.characters).toContain("/");
    expect(out.message).toBe(`offset ${out.offset}: space is not allowed here;`);
  });
});

describe("the expectations at the offset are exact", () => {
  // The examples of the issue that asked for exact errors: each list was missing something.
  test("after a host, the end, a path, a query and a fragment are all allowed", () => {
    const e = errorOf("http://a b", { edition: "rfc3986" });
    expect(e.offset).toBe(8);
    expect(e.next.end).toBe(true);
    for (const c of "#/?:@%") expect(e.next.characters).toContain(c);
    expect(e.expected).toEqual(expect.arrayContaining(['"#" or "?"', '"/" (path-abempty)', '":" or "@" (authority)', "end of input"]));
  });

  test("after a port's colon: digits, or the end, a path, a query, a fragment", () => {
    const e = errorOf("http://[::1]:x/", { edition: "rfc3986" });
    expect(e.offset).toBe(13);
    expect(e.next).toEqual({ characters: "#/0123456789?", ranges: [], end: true });
    expect(e.message).toBe('offset 13: "x" is not allowed here; expected "#" or "?", "/" (path-abempty), digit (port) or end of input in URI (section 3)');
  });

  test("in a path segment of the draft, \";\" is among the characters that could come", () => {
    const e = errorOf("http://a/b c");
    expect(e.next.characters).toContain(";");
    expect(e.expected).toEqual(["a segment character", '"#"', '"/" (path-segments)', '"?" (hier-part)', "end of input"]);
  });

  test("a multi-character literal is expected one character at a time: \"[:]\" needs the second \":\"", () => {
    const e = errorOf("http://[:]", { edition: "rfc3986" });
    expect(e.offset).toBe(9);
    expect(e.next).toEqual({ characters: ":", ranges: [], end: false });
    expect(e.rule).toBe("IPv6address");
  });

  test("non-ASCII input stops at its first non-ASCII character", () => {
    const e = errorOf("http://a/caf\u00e9/x");
    expect(e.offset).toBe(12);
    expect(e.found).toBe("\u00e9");
  });

  test("a rule other than the reference: what could follow in an IPv4address", () => {
    const e = errorOf("1.2.3", { rule: "IPv4address", edition: "rfc3986" });
    expect(e.offset).toBe(5);
    expect(e.next).toEqual({ characters: ".0123456789", ranges: [], end: false });
    expect(e.path[0]).toBe("IPv4address");
  });

  test("past the end of a complete match, only the end is allowed", () => {
    const e = errorOf("ab", { rule: "ALPHA", edition: "rfc3986" });
    expect(e.offset).toBe(1);
    expect(e.next).toEqual({ characters: "", ranges: [], end: true });
    expect(e.expected).toEqual(["end of input"]);
    expect(e.rule).toBe("ALPHA");
  });

  test("a set is named by its rule, with the article its name is read with", () => {
    const e = errorOf("http://a/~x", { edition: "url-1993" });
    expect(e.expected[0]).toBe("an xpalphas character");
    expect(errorOf("http://a/b c", { edition: "rfc3986" }).expected[0]).toBe("a segment character");
  });
});

describe("a case-insensitive string of the ABNF, in an error's details (RFC 5234 section 2.3)", () => {
  test('RFC 3986\'s IPvFuture "v": both cases of the letter may come next, and nothing else for it', () => {
    const e = errorOf("http://[", { edition: "rfc3986" });
    expect(e.next.characters).toBe("0123456789:ABCDEFVabcdefv");
    expect(e.expected).toContain('"V" or "v" (IPvFuture)');
    // The Kelvin sign (U+212A), whose lower case is "k", is not a case of an ASCII letter.
    expect(e.next.ranges).toEqual([]);
  });
});

describe("what could come next, worked out once for each state of the rule's automaton", () => {
  test("two errors that stop in the same state share one frozen `next`; another state has its own", () => {
    const a = errorOf("http://a b");
    const b = errorOf("http://c d");
    expect(a.next).toBe(b.next);
    expect(Object.isFrozen(a.next)).toBe(true);
    expect(Object.isFrozen(a.next.ranges)).toBe(true);
    expect(() => { (a.next as { end: boolean }).end = !a.next.end; }).toThrow(TypeError);
    const c = errorOf("http://[");
    expect(c.next).not.toBe(a.next);
    expect(c.next.characters).not.toBe(a.next.characters);
  });
});

describe("the hint for text before ':' that is no scheme names the characters of the edition's scheme rule", () => {
  test.each(["rfc2396", "rfc2396bis-01", "rfc3986"] as const)("%s", (edition) => {
    const hint = errorOf("a_b:c", { edition }).hint!;
    const words = /a scheme has only (.*?), section/.exec(hint)![1];
    // Every ASCII character a scheme may hold after its first is named (as a letter, a digit or itself), and no other.
    for (let c = 0x21; c < 0x7f; c++) {
      const ch = String.fromCharCode(c);
      if (ch === ":") continue;
      const named = /[A-Za-z]/.test(ch) ? words.includes("letters") : /[0-9]/.test(ch) ? words.includes("digits") : words.includes(JSON.stringify(ch));
      expect([ch, named]).toEqual([ch, validate(`a${ch}`, { edition, rule: "scheme" }).valid]);
    }
    expect(errorOf("1a:b", { edition }).hint).toContain("a scheme starts with a letter,");
  });
});
