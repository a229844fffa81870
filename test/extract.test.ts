// extract(): URI references in running text, as Appendix E recommends delimiting them.
import fc from "fast-check";
import { UriSyntaxError } from "../src/errors.js";
import { DEFAULT_EDITION, EDITIONS, extract, type ExtractedUri } from "../src/index.js";
import { parse } from "../src/index.js";
import type { Edition } from "../src/edition.js";
import { ExtractScanner, HEAD_LENGTH, LIMIT_LOOKAHEAD } from "../src/extract.js";

const uris = (text: string, options?: Parameters<typeof extract>[1]) => extract(text, options).map((x) => x.uri);

describe("Appendix E's example", () => {
  // The draft's text, with the angle-bracketed parts the conversion lost put back.
  const text = 'Yes, Jim, I found it under "http://www.w3.org/Addressing/", but you can probably pick it up from ' +
    "<ftp://ds.internic.net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING>.";

  test("gives its three URI references, in order", () => {
    expect(uris(text)).toEqual([
      "http://www.w3.org/Addressing/",
      "ftp://ds.internic.net/rfc/",
      "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
    ]);
  });

  test("with their delimiters and positions", () => {
    const found = extract(text);
    expect(found.map((x) => x.delimiter)).toEqual(["quote", "angle", "angle"]);
    for (const x of found) {
      expect(text.slice(x.start, x.end)).toBe(x.uri);
      expect(text.slice(x.outerStart, x.outerEnd)).toBe(x.delimiter === "quote" ? `"${x.uri}"` : `<${x.uri}>`);
      expect(x).toMatchObject({ valid: true, prefixed: false });
      expect(x.error).toBeUndefined();
      expect(x.alternatives).toBeUndefined();
    }
  });
});

/** text | the URIs extracted | why */
const CASES: [string, string[], string][] = [
  ["see http://a.example/b for more", ["http://a.example/b"], "whitespace on both sides"],
  ["http://a.example/b", ["http://a.example/b"], "the whole text"],
  ["<URL:http://a.example/b>", ["http://a.example/b"], "the URL: prefix inside angle brackets"],
  ["<URL: http://a.example/b>", ["http://a.example/b"], "the URL: prefix with a trailing space"],
  ["URL:http://a.example/b", ["http://a.example/b"], "the URL: prefix without brackets"],
  ["URL: http://a.example/b", ["http://a.example/b"], "the URL: prefix and a space, without brackets"],
  ["<http://a.example/very/\n     long/path>", ["http://a.example/very/long/path"], "a line break inside <> is ignored"],
  ["<http://a.example/\tb c>", ["http://a.example/bc"], "any whitespace inside <> is ignored"],
  ["<\r\n  http://a.example/b\r\n>", ["http://a.example/b"], "whitespace just inside the brackets"],
  ['"http://a.example/very/\n  long"', ["http://a.example/very/long"], "a line break inside quotes"],
  ["It ends http://a.example/b.", ["http://a.example/b"], "a full stop ends the sentence, not the URI"],
  ["http://a.example/b, http://c.example/d; http://e.example/f:", ["http://a.example/b", "http://c.example/d", "http://e.example/f"],
    "commas, semicolons and colons after URIs"],
  ["Really http://a.example/b!? Yes.", ["http://a.example/b"], "! and ? together"],
  ["(see http://a.example/b)", ["http://a.example/b"], "a closing parenthesis without an opening one"],
  ["see http://en.example/Foo_(bar).", ["http://en.example/Foo_(bar)"], "a balanced parenthesis is part of the URI"],
  ["(http://en.example/Foo_(bar))", ["http://en.example/Foo_(bar)"], "balanced inside, one extra outside"],
  ["'http://a.example/b'", ["http://a.example/b"], "single quotes around the URI"],
  ["[http://a.example/b]", ["http://a.example/b"], "square brackets around the URI"],
  ["http://[::1]/x]", ["http://[::1]/x"], "the brackets of an IPv6 literal stay"],
  ["<http://a.example/b.>", ["http://a.example/b."], "inside delimiters nothing is trimmed"],
  ['"http://a.example/b?"', ["http://a.example/b?"], "inside quotes nothing is trimmed"],
  ["mail <mailto:jim@example.com> now", ["mailto:jim@example.com"], "an opaque URI in brackets"],
  ["write to <jim@example.com>", [], "a mailbox is not a URI"],
  ['she said "hello there" and "yes"', [], "quoted words are not URIs"],
  ["Note: this is not a URI", [], "a word with a colon is not a URI"],
  ["a < b and c > d http://a.example/", ["http://a.example/"], "stray brackets in text"],
  ["<http://a.example/\n\nmore text>", ["http://a.example/"], "a blank line: no closing bracket, so whitespace delimits"],
  ["x <y <http://a.example/z>", ["http://a.example/z"], "an unclosed < before another"],
  ["http://a.example/b<http://c.example/d>", ["http://a.example/b", "http://c.example/d"], "< ends a whitespace-delimited URI"],
  ['http://a.example/b"x', ["http://a.example/b"], 'a double quote ends a whitespace-delimited URI'],
  ["urn:isbn:0451450523 and news:comp.infosystems.www", ["urn:isbn:0451450523", "news:comp.infosystems.www"], "other schemes"],
  ["mailto:", [], "a scheme with nothing after it"],
  ["", [], "the empty text"],
  ["\u00a0http://a.example/b\u2028", ["http://a.example/b"], "Unicode spaces and line separators delimit too"],
];

describe("extract() cases", () => {
  test.each(CASES)("%j gives %j (%s)", (text, expected) => {
    expect(uris(text)).toEqual(expected);
    for (const x of extract(text)) expect(sliceWithoutSpace(text, x)).toBe(x.uri);
  });
});

describe("the URL: prefix", () => {
  test.each([
    ["<URL:http://a.example/>", 0, 23],
    ["say URL: http://a.example/ ok", 4, 26],
    ["URL:http://a.example/", 0, 21],
  ])("%j: prefixed, outer span from %d to %d", (text, outerStart, outerEnd) => {
    const [x] = extract(text);
    expect(x).toMatchObject({ prefixed: true, outerStart, outerEnd, uri: "http://a.example/" });
  });

  test("not prefixed otherwise", () => {
    expect(extract("see http://a.example/")[0].prefixed).toBe(false);
  });
});

describe("a line break right after a hyphen", () => {
  test("inside <>: the whitespace is ignored, the hyphen kept, and the reading without it offered", () => {
    const text = "<http://a.example/one-\n    two>";
    const [x] = extract(text);
    expect(x.uri).toBe("http://a.example/one-two");
    expect(x.alternatives).toEqual(["http://a.example/onetwo"]);
    expect(text.slice(x.start, x.end)).toBe("http://a.example/one-\n    two");
  });

  test("in running text the URI continues on the next line", () => {
    const text = "See http://a.example/some-\n  thing, then more.";
    const [x, ...rest] = extract(text);
    expect(rest).toEqual([]);
    expect(x).toMatchObject({ uri: "http://a.example/some-thing", alternatives: ["http://a.example/something"], delimiter: "whitespace" });
  });

  test("spaces before the line break count as around it", () => {
    expect(extract("<http://a.example/a-  \r\n b>")[0]).toMatchObject({ uri: "http://a.example/a-b", alternatives: ["http://a.example/ab"] });
  });

  test("a hyphen before plain spaces, or before a blank line, does not join", () => {
    expect(uris("http://a.example/a- b")).toEqual(["http://a.example/a-"]);
    expect(uris("http://a.example/a-\n\nb:c")).toEqual(["http://a.example/a-", "b:c"]);
  });

  test("after a blank line the bracket is no delimiter", () => {
    expect(extract("<http://a.example/\n\nmore text>")[0].delimiter).toBe("whitespace");
  });

  test("a line break after other characters in <> has no alternative", () => {
    expect(extract("<http://a.example/a/\n b>")[0].alternatives).toBeUndefined();
  });
});

describe("validity", () => {
  test("an invalid candidate is reported with its syntax error", () => {
    const [x] = extract('see "http://a.example/%zz" here');
    expect(x.valid).toBe(false);
    expect(x.error).toBeInstanceOf(UriSyntaxError);
    expect(x.error!.input).toBe(x.uri);
    expect(x.error!.offset).toBe("http://a.example/%".length);
  });

  test("characters outside the URI syntax stay in a whitespace-delimited candidate and make it invalid", () => {
    const [x] = extract("go to http://a.example/caf\u00e9 now");
    expect(x).toMatchObject({ uri: "http://a.example/caf\u00e9", valid: false });
  });

  test("valid agrees with parse()", () => {
    const text = "a http://h/{x} b <http://h/ok> c \"mailto:a@b\" d <ftp://h/%4g>";
    for (const x of extract(text)) {
      let ok = true;
      try { parse(x.uri); } catch { ok = false; }
      expect(x.valid).toBe(ok);
    }
    expect(extract(text).map((x) => x.valid)).toEqual([false, true, true, false]);
  });
});

describe("options", () => {
  test("relative: delimited references without a scheme", () => {
    expect(uris("see <../a/b> and \"c/d\" and e/f", { relative: true })).toEqual(["../a/b", "c/d"]);
    expect(uris("see <../a/b> and \"c/d\" and e/f")).toEqual([]);
  });

  test("schemes: only these schemes", () => {
    const text = "http://a.example/ ftp://b.example/ <HTTPS://c.example/> Re:subject";
    expect(uris(text, { schemes: ["http", "https"] })).toEqual(["http://a.example/", "HTTPS://c.example/"]);
    expect(uris(text)).toEqual(["http://a.example/", "ftp://b.example/", "HTTPS://c.example/", "Re:subject"]);
  });

  test.each([
    [5, "options must be an object"], [[], "options must be an object"], [{ relative: "yes" }, "options.relative"],
    [{ schemes: "http" }, "options.schemes"], [{ schemes: [null] }, "options.schemes"],
  ])("bad options %j: TypeError naming %s", (options, what) => {
    expect(() => extract("x", options as never)).toThrow(TypeError);
    expect(() => extract("x", options as never)).toThrow(what);
  });

  test.each([undefined, null, 1, {}, new String("http://a/"), Buffer.from("http://a/"), ["http://a/"]])("text %p: TypeError", (text) => {
    expect(() => extract(text as never)).toThrow(TypeError);
    expect(() => extract(text as never)).toThrow("extract: text must be a string");
  });
});

/** The URI's characters in the text, with the embedded whitespace taken out. */
function sliceWithoutSpace(text: string, x: ExtractedUri): string {
  return text.slice(x.start, x.end).replace(/\s+/g, "");
}

describe("each edition's own scheme characters (its scheme rule)", () => {
  const uris = (text: string, edition: string) => extract(text, { edition } as never).map((x) => x.uri);

  test.each([
    ["uri-syntax-01", "see 1a:x here", ["1a:x"]], // scheme = 1*( alpha | digit | "+" | "-" | "." )
    ["rfc3986", "see 1a:x here", []], // scheme = ALPHA *( ... ): a digit begins no scheme, and "1" is in the run
    ["url-1993", "see my_app:x here", ["my_app:x"]], // ialpha = alpha [ xalphas ], "_" is safe
    ["rfc3986", "see my_app:x here", ["app:x"]], // "_" cannot be in a scheme, so one starts after it
    ["url-1993", "see (http://a/b) and 'ftp://h/p'", ["http://a/b", "ftp://h/p"]],
    ["rfc3986", "see (http://a/b) here", ["http://a/b"]],
    ["url-1993", "see a%41b:x here", ["a%41b:x"]], // xalpha holds an escape
    ["url-1993", "see a%:/ here", []], // "%" not followed by two hex digits: no scheme, so no URI
    ["url-1993", "see a%zz-ftp:x here", ["zz-ftp:x"]], // the scheme after the broken escape
  ])("%s: %j finds %j", (edition, text, expected) => {
    expect(uris(text, edition)).toEqual(expected);
  });

  // Characters around a scheme's own: ASCII letters and digits, and the punctuation any edition's scheme may hold.
  const schemeChar = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(..."abcxyzABZ0189") },
    { weight: 1, arbitrary: fc.constantFrom(..."+-._$@&!*'(),;~=%") },
  );
  test.each(Object.keys(EDITIONS))("%s: every string of its scheme rule, then \":x\", is found whole", (id) => {
    const edition = EDITIONS[id as keyof typeof EDITIONS] as unknown as Edition;
    const scheme = edition.requireRule(edition.roles.scheme);
    const candidate = fc.array(schemeChar, { minLength: 1, maxLength: 8 }).map((cs) => cs.join(""))
      .filter((s) => edition.accepts(s, scheme) && !/^url$/i.test(s) && !"([\'".includes(s[0]));
    fc.assert(fc.property(candidate, (s) => {
      expect(uris(`see ${s}:x here`, id)).toEqual([`${s}:x`]);
    }), { numRuns: 200 });
  });

  test.each(Object.keys(EDITIONS))("%s: the scheme of every URI found matches its scheme rule", (id) => {
    const edition = EDITIONS[id as keyof typeof EDITIONS] as unknown as Edition;
    const scheme = edition.requireRule(edition.roles.scheme);
    const text = fc.array(fc.oneof(schemeChar, fc.constantFrom(":", " ", "/", "<", ">")), { maxLength: 40 }).map((cs) => cs.join(""));
    fc.assert(fc.property(text, (t) => {
      for (const x of extract(t, { edition: id } as never)) {
        expect(edition.accepts(x.uri.slice(0, x.uri.indexOf(":")), scheme)).toBe(true);
      }
    }), { numRuns: 300 });
  });
});

describe("properties", () => {
  const word = fc.stringMatching(/^[A-Za-z,.;!?()']{1,8}$/);
  const uri = fc.constantFrom(
    "http://a.example/", "ftp://h/p;type=d", "mailto:jim@example.com", "http://h/a-b?c=d#e", "news:comp.lang",
    "http://[fe80::1]:8080/x", "urn:a:b",
  );
  const wrapped = fc.tuple(uri, fc.constantFrom("<>", '""', "  ", "<URL:>")).map(([u, d]) =>
    d === "<URL:>" ? { u, text: `<URL:${u}>` } : { u, text: d[0] + u + d[1] });
  const piece = fc.oneof(word.map((w) => ({ u: undefined as string | undefined, text: w })), wrapped);

  test("every delimited URI in a text of words is found, in order, and the spans hold it", () => {
    fc.assert(fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
      const text = pieces.map((p) => p.text).join(" ");
      const found = extract(text);
      expect(found.map((x) => x.uri)).toEqual(pieces.filter((p) => p.u !== undefined).map((p) => p.u));
      for (const x of found) {
        expect(x.valid).toBe(true);
        expect(text.slice(x.start, x.end)).toBe(x.uri);
        expect(x.outerStart).toBeLessThanOrEqual(x.start);
        expect(x.outerEnd).toBeGreaterThanOrEqual(x.end);
      }
    }));
  });

  test("on any text: spans in order, inside the text, and holding the URI", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
      let last = 0;
      for (const x of extract(text)) {
        expect(x.outerStart).toBeGreaterThanOrEqual(last);
        expect(x.start).toBeGreaterThanOrEqual(x.outerStart);
        expect(x.end).toBeLessThanOrEqual(x.outerEnd);
        expect(x.outerEnd).toBeLessThanOrEqual(text.length);
        expect(sliceWithoutSpace(text, x)).toBe(x.uri);
        expect(x.valid).toBe(x.error === undefined);
        last = x.outerEnd;
      }
    }), { numRuns: 500 });
  });
});

// ----- a text that streams in: the scan of extract() taking its text in pieces -----

const EDITION = EDITIONS[DEFAULT_EDITION.id] as unknown as Edition;

interface Found { uris: unknown[]; maxHeld: number }

/** What the scanner finds in `text` pushed in pieces of `size` characters, with the limit. */
function scanInPieces(text: string, size: number, limit = Infinity, options?: Parameters<typeof extract>[1]): Found {
  const uris: unknown[] = [];
  const scanner = new ExtractScanner(EDITION, options, {
    onUri: (x) => uris.push(summary(x)),
    onTooLong: (c) => uris.push({ tooLong: [c.start, c.end], head: c.head }),
  }, limit);
  for (let k = 0; k < text.length; k += size) scanner.push(text.slice(k, k + size));
  scanner.end();
  return { uris, maxHeld: scanner.maxHeld };
}

/** Everything extract() says of a URI but the error object (its offset stands for it). */
function summary(x: ExtractedUri): unknown {
  return { ...x, error: x.error?.offset };
}

/** Text made of the pieces Appendix E's rules turn on: delimiters, line breaks after hyphens, CR LF, prefixes. */
const delimitingText = fc.array(fc.constantFrom(
  "<", ">", '"', " ", "\n", "\r", "\r\n", "\n\n", "-", "-\n", "- \r\n ", "URL:", "http:", "a:", "//", "x", "h", "(", ")",
  ".", ",", "'", "[", "]", "\t", "\u2028", "\u00e9", "%", "?", "#", "abcdefghijk",
), { maxLength: 40 }).map((pieces) => pieces.join(""));

describe("extract on a text that comes in pieces (uri-grammar extract reads a stream)", () => {
  test.each([...CASES.map(([text]) => text),
    "<http://a.example/one-\r\n    two> and http://b.example/some-\n  thing, URL: <http://c/>"])(
    "%j cut into pieces of every size gives extract()'s result on the whole text", (text) => {
      const whole = extract(text).map(summary);
      for (let size = 1; size <= text.length; size++) expect(scanInPieces(text, size).uris).toEqual(whole);
    });

  test("on texts of delimiters, hyphens at line breaks and prefixes: every cut gives the whole text's result", () => {
    fc.assert(fc.property(delimitingText, fc.constantFrom(undefined, { relative: true }, { schemes: ["http"] }), (text, options) => {
      const whole = extract(text, options).map(summary);
      for (let size = 1; size <= text.length; size++) expect(scanInPieces(text, size, Infinity, options).uris).toEqual(whole);
    }), { numRuns: 300 });
  });

  test("with a limit: the result does not depend on the cut, and the scanner holds at most the limit and one piece", () => {
    fc.assert(fc.property(delimitingText, fc.integer({ min: 1, max: 30 }), (text, limit) => {
      const once = scanInPieces(text, text.length + 1, limit).uris;
      for (let size = 1; size <= text.length; size++) {
        const found = scanInPieces(text, size, limit);
        expect(found.uris).toEqual(once);
        expect(found.maxHeld).toBeLessThanOrEqual(limit + LIMIT_LOOKAHEAD + size);
      }
    }), { numRuns: 300 });
  });

  test("a candidate over the limit is reported with its span and its first characters, and skipped; the text after it is scanned", () => {
    const long = "http://a.example/" + "b".repeat(5000);
    const text = `see <http://x/> ${long}, then http://c.example/ and (((((${"(".repeat(3000)}http://d.example/`;
    for (const size of [1, 7, 4096, text.length]) {
      const { uris, maxHeld } = scanInPieces(text, size, 1000);
      expect(uris).toEqual([
        expect.objectContaining({ uri: "http://x/" }),
        { tooLong: [16, 16 + long.length + 1], head: long.slice(0, HEAD_LENGTH) },
        expect.objectContaining({ uri: "http://c.example/", start: text.indexOf("http://c") }),
        // A long token without a scheme is left behind as it is read: the URI at its end is found.
        expect.objectContaining({ uri: "http://d.example/", start: text.indexOf("http://d") }),
      ]);
      expect(maxHeld).toBeLessThanOrEqual(1000 + LIMIT_LOOKAHEAD + size);
    }
    // Without the limit, the whole candidate.
    expect(scanInPieces(text, 4096).uris[1]).toMatchObject({ uri: long });
  });

  test("a < or a quote whose partner is further than the limit delimits nothing: the words inside are tokens", () => {
    const text = `<http://a.example/ ${"word ".repeat(300)}>`;
    expect(scanInPieces(text, 100).uris).toEqual([expect.objectContaining({ delimiter: "angle" })]);
    expect(scanInPieces(text, 100, 500).uris).toEqual([expect.objectContaining({ uri: "http://a.example/", delimiter: "whitespace" })]);
  });

  test("a URI broken after a hyphen on 100,000 lines: both readings, the whitespace out of each", () => {
    const text = "<http://a/" + "b-\n".repeat(100000) + "c>";
    const [x] = extract(text);
    expect(x.uri).toBe("http://a/" + "b-".repeat(100000) + "c");
    expect(x.alternatives).toEqual(["http://a/" + "b".repeat(100000) + "c"]);
    expect(scanInPieces(text, 65536).uris).toEqual([summary(x)]);
  });
});

describe("the limit is on the candidate as found (trailing punctuation trimmed), not on the token", () => {
  const scan = (text: string, limit: number) => {
    const found: unknown[] = [];
    const tooLong: unknown[] = [];
    const scanner = new ExtractScanner(EDITIONS["rfc2396bis-01"] as unknown as Edition, undefined, { onUri: (u) => found.push(u.uri), onTooLong: (c) => tooLong.push(c.end - c.start) }, limit);
    scanner.push(text);
    scanner.end();
    return { found, tooLong };
  };
  test.each([
    ["see http://a/xyz ok", { found: ["http://a/xyz"], tooLong: [] }],
    ["see http://a/xyz. ok", { found: ["http://a/xyz"], tooLong: [] }],
    ["see (http://a/xyz), ok", { found: ["http://a/xyz"], tooLong: [] }],
    ["see <http://a/xyz> ok", { found: ["http://a/xyz"], tooLong: [] }],
    ["see http://a/xyza ok", { found: [], tooLong: [13] }],
  ])("%s, limit 12 (the URI's length)", (text, expected) => {
    expect(scan(text, 12)).toEqual(expected);
  });
});
