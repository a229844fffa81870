// The library API of issue 3: typed components, rule-by-rule checking, errors that teach, and the
// parse tree. Cases come from the draft's own text where it gives them.
import {
  parse, validate, matches, explain, recompose, RULES, ruleInfo, UriSyntaxError, UriReference,
  EXPLAIN_MAX_LENGTH, type ParseTree,
  EDITIONS,
} from "../src/index.js";

describe("parse(): components as the draft names them", () => {
  test("a server authority with userinfo, IPv6reference host and port (section 3.2.2)", () => {
    const ref = parse("http://user@[::1]:8080/p?q#f");
    expect(ref).toBeInstanceOf(UriReference);
    expect({ ...ref }).toEqual({
      kind: "absolute-URI", scheme: "http",
      authority: {
        kind: "server", raw: "user@[::1]:8080", userinfo: "user",
        host: { kind: "IPv6reference", raw: "[::1]", address: "::1" }, port: "8080",
      },
      path: "/p", opaque: false, query: "q", fragment: "f",
    });
  });

  test.each([
    ["a@b@c", "a@b@c"],
    ["h:1:2", "h:1:2"],
    ["example.123.", "example.123."],
    ["foo.org:80Path", "foo.org:80Path"],
    ["localhost.", "localhost."],
  ])("authority %s is a reg-name, not a server (section 3.2.1)", (authority, raw) => {
    expect(parse(`http://${authority}/x`).authority).toEqual({ kind: "reg-name", raw });
  });

  test("1.2.3.4 is an IPv4address, 1.2.3.999 and 1.2.3.45a hostnames (section 3.2.2)", () => {
    expect(parse("http://1.2.3.4/").authority).toMatchObject({ host: { kind: "IPv4address", octets: [1, 2, 3, 4] } });
    expect(parse("http://1.2.3.999/").authority).toMatchObject({ host: { kind: "hostname", labels: ["1", "2", "3", "999"] } });
    expect(parse("http://1.2.3.45a/").authority).toMatchObject({ host: { kind: "hostname", raw: "1.2.3.45a" } });
    expect(parse("http://1.2.3.4.example/").authority).toMatchObject({ host: { kind: "hostname" } });
  });

  test("every server authority and host of a kind has the same properties; an absent one is undefined", () => {
    const keys = (o: object) => Object.keys(o).sort();
    const server = ["host", "kind", "port", "raw", "userinfo"];
    for (const input of ["http://a/", "http://u@a:1/", "file:///etc", "http://[::1]/", "http://1.2.3.4:/"]) {
      expect(keys(parse(input).authority!)).toEqual(server);
    }
    expect(parse("http://a/").authority).toStrictEqual({
      kind: "server", raw: "a", userinfo: undefined, port: undefined, host: { kind: "hostname", raw: "a", labels: ["a"] },
    });
    expect(parse("file:///etc").authority).toStrictEqual({ kind: "server", raw: "", userinfo: undefined, host: undefined, port: undefined });
    // Each reference gets its own objects, also for the empty server.
    expect(parse("file:///a").authority).not.toBe(parse("file:///b").authority);
    expect(keys((parse("http://[::1]/").authority as { host: object }).host)).toEqual(["address", "kind", "raw"]);
    expect(keys((parse("http://1.2.3.4/").authority as { host: object }).host)).toEqual(["kind", "octets", "raw"]);
    expect(keys(parse("x").valueOf())).toEqual(["authority", "fragment", "kind", "opaque", "path", "query", "scheme"]);
  });

  test("a fully qualified hostname keeps its trailing dot in raw, not in labels", () => {
    expect(parse("http://www.example.com./").authority).toEqual({
      kind: "server", raw: "www.example.com.",
      host: { kind: "hostname", raw: "www.example.com.", labels: ["www", "example", "com"] },
    });
  });

  test("labels and octets are the same for short and very long hosts, with and without the trailing dot", () => {
    for (const count of [1, 2, 3, 4, 5, 6, 40, 200]) {
      const labels = Array.from({ length: count }, (_, i) => `l${i}a`);
      // hostname = domainlabel qualified: the trailing-dot form needs a second label (section 3.2.2).
      for (const dot of count === 1 ? [""] : ["", "."]) {
        const host = labels.join(".") + dot;
        expect(parse(`http://${host}:8/`).authority).toEqual({
          kind: "server", raw: `${host}:8`, port: "8", host: { kind: "hostname", raw: host, labels },
        });
        expect(parse(`http://u@${host}`).authority).toEqual({
          kind: "server", raw: `u@${host}`, userinfo: "u", host: { kind: "hostname", raw: host, labels },
        });
      }
    }
    expect(parse("http://l0a.:8/").authority).toEqual({ kind: "reg-name", raw: "l0a.:8" });
    expect(parse("http://0.10.255.199/").authority).toMatchObject({ host: { kind: "IPv4address", octets: [0, 10, 255, 199] } });
  });

  test("an opaque URI follows the grammar: no query, opaque: true (section 3)", () => {
    const ref = parse("mailto:a@b?subject=x");
    expect(ref.path).toBe("a@b?subject=x");
    expect(ref.query).toBeUndefined();
    expect(ref.opaque).toBe(true);
    expect(parse("mailto:John.Doe@example.com").opaque).toBe(true);
  });

  test("x:?q is an empty hier-part with a query, not an opaque-part (the ABNF's order)", () => {
    expect({ ...parse("x:?q") }).toEqual({ kind: "absolute-URI", scheme: "x", path: "", opaque: false, query: "q" });
    // with a character only opaque-part allows, it is opaque
    expect({ ...parse("x:?q[1]") }).toEqual({ kind: "absolute-URI", scheme: "x", path: "?q[1]", opaque: true });
  });

  test("absent is undefined, present-but-empty is \"\"", () => {
    expect({ ...parse("") }).toEqual({ kind: "relative-URI", path: "", opaque: false });
    expect({ ...parse("?#") }).toEqual({ kind: "relative-URI", path: "", opaque: false, query: "", fragment: "" });
    expect(parse("http://a:/").authority).toEqual({
      kind: "server", raw: "a:", host: { kind: "hostname", raw: "a", labels: ["a"] }, port: "",
    });
    expect(parse("file:///etc/hosts").authority).toEqual({ kind: "server", raw: "" });
    expect(parse("about:").path).toBe("");
  });

  test("the authority wins over a path that starts with // (section 4.3)", () => {
    const ref = parse("///a");
    expect(ref.authority).toEqual({ kind: "server", raw: "" });
    expect(ref.path).toBe("/a");
  });

  test("this:that is absolute; ./this:that relative (section 5)", () => {
    expect(parse("this:that")).toMatchObject({ kind: "absolute-URI", scheme: "this", path: "that", opaque: true });
    expect(parse("./this:that")).toMatchObject({ kind: "relative-URI", path: "./this:that" });
  });

  test("options.rule restricts the start rule", () => {
    expect(parse("http://a/#f", { rule: "absolute-URI-reference" }).fragment).toBe("f");
    expect(() => parse("g#f", { rule: "absolute-URI-reference" })).toThrow(UriSyntaxError);
    expect(() => parse("http://a/#f", { rule: "absolute-URI" })).toThrow(UriSyntaxError);
    expect(parse("../g", { rule: "relative-URI" }).path).toBe("../g");
    expect(() => parse("g:h", { rule: "relative-URI" })).toThrow(UriSyntaxError);
    expect(() => parse("x", { rule: "host" as never })).toThrow(TypeError);
  });

  test("the draft's example URIs (section 1.3) parse and recompose", () => {
    for (const uri of [
      "ftp://ftp.is.co.za/rfc/rfc1808.txt", "gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/",
      "http://www.ietf.org/rfc/rfc2396.txt", "mailto:John.Doe@example.com",
      "news:comp.infosystems.www.servers.unix", "telnet://melvyl.ucop.edu/",
    ]) {
      expect(parse(uri).toString()).toBe(uri);
      expect(recompose(parse(uri))).toBe(uri);
    }
  });

  test("non-string input is a TypeError that says what was expected", () => {
    for (const bad of [undefined, null, 42, {}, new String("http://a/"), Buffer.from("http://a/")]) {
      expect(() => parse(bad as never)).toThrow(TypeError);
      expect(() => parse(bad as never)).toThrow(/must be a string/);
      expect(() => validate(bad as never)).toThrow(TypeError);
      expect(() => matches("URI-reference", bad as never)).toThrow(TypeError);
      expect(() => explain(bad as never)).toThrow(TypeError);
    }
    expect(() => matches("IPv6Address" as never, "::1")).toThrow(/did you mean "IPv6address"/);
  });
});

describe("matches(): any rule on its own", () => {
  test.each([
    ["IPv6address", "1::2", true], ["IPv6address", "fe80::1", true], ["IPv6address", "::ffff:1.2.3.4", true],
    ["IPv6address", "1::2::3", false], ["IPv6address", "1:2:3:4:5:6:7:8:9", false],
    ["dec-octet", "255", true], ["dec-octet", "256", false], ["dec-octet", "01", false],
    ["reg-name", "a@b@c", true], ["hostname", "example.com.", true], ["hostname", "localhost.", false],
    ["reg-name", "localhost.", true], ["hostname", "a.1.", false], ["rel-segment", "this:that", false],
    ["escaped", "%7a", true], ["escaped", "%7g", false], ["domainlabel", "a".repeat(63), true],
    ["domainlabel", "a".repeat(64), false], ["toplabel", "1a", false], ["port", "", true],
  ] as const)("%s %j -> %s", (rule, input, expected) => {
    expect(matches(rule, input)).toBe(expected);
    expect(validate(input, { rule }).valid).toBe(expected);
  });
});

describe("validate() of a valid input", () => {
  test("is one frozen { valid: true }, with or without options, in every edition", () => {
    const first = validate("http://a/b");
    expect(first).toEqual({ valid: true });
    expect(Object.isFrozen(first)).toBe(true);
    expect(validate("mailto:x@y")).toBe(first);
    expect(validate("1::2", { rule: "IPv6address" })).toBe(first);
    for (const edition of Object.keys(EDITIONS) as (keyof typeof EDITIONS)[]) expect(validate("http://a/b", { edition })).toBe(first);
    // An invalid input gets its own result.
    const bad = validate("a b");
    expect(bad.valid).toBe(false);
    expect(bad).not.toBe(validate("a b"));
  });
});

describe("UriSyntaxError: where, what, in which rule", () => {
  function error(input: string, rule?: Parameters<typeof validate>[1]): UriSyntaxError {
    const result = validate(input, rule);
    if (result.valid) throw new Error(`expected ${JSON.stringify(input)} to be invalid`);
    return result.error;
  }

  describe("the call stack", () => {
    const thrown = (input: string): UriSyntaxError => {
      try {
        parse(input);
      } catch (e) {
        return e as UriSyntaxError;
      }
      throw new Error(`expected ${JSON.stringify(input)} to be invalid`);
    };
    const frames = (stack: string | undefined) => (stack ?? "").split("\n").filter((l) => /^\s+at /.test(l));

    test("by default the stack is the name and message only, and Error.stackTraceLimit is left as it was", () => {
      const limit = Error.stackTraceLimit;
      const e = thrown("http://a b/");
      expect(Error.stackTraceLimit).toBe(limit);
      expect(e.stack).toBe(`UriSyntaxError: ${e.message}`);
      expect(e.stack).toContain("offset 8: space is not allowed here");
      expect(frames(e.stack)).toEqual([]);
      // Other errors still record their stacks.
      expect(frames(new Error("x").stack).length).toBeGreaterThan(0);
    });

    test("UriSyntaxError.captureStack = true records the frames, down to the caller of parse()", () => {
      expect(UriSyntaxError.captureStack).toBe(false);
      UriSyntaxError.captureStack = true;
      try {
        const e = thrown("http://a b/");
        expect(e.stack!.startsWith(`UriSyntaxError: ${e.message}\n`)).toBe(true);
        expect(frames(e.stack).some((l) => l.includes("api.test"))).toBe(true);
        const result = validate("%zz");
        expect(result.valid).toBe(false);
        if (!result.valid) expect(frames(result.error.stack).length).toBeGreaterThan(0);
      } finally {
        UriSyntaxError.captureStack = false;
      }
    });

    test("a user's Error.stackTraceLimit is kept, also when it is 0 or undefined", () => {
      const limit = Error.stackTraceLimit;
      try {
        for (const value of [0, 3, Infinity]) {
          Error.stackTraceLimit = value;
          thrown("%");
          expect(Error.stackTraceLimit).toBe(value);
        }
      } finally {
        Error.stackTraceLimit = limit;
      }
    });
  });

  test("an unclosed IPv6reference (the issue's example)", () => {
    const e = error("http://[fe80::1/x");
    expect(e).toBeInstanceOf(SyntaxError);
    expect(e.name).toBe("UriSyntaxError");
    expect(e.offset).toBe(15);
    expect(e.found).toBe("/");
    // Exactly what could come after "fe80::1": more of the h4, the ":" of another piece, the "."
    // of an IPv4address in ls32 (whose first dec-octet "1" could go on), or the closing "]".
    expect(e.next).toEqual({ characters: ".0123456789:ABCDEF]abcdef", ranges: [], end: false });
    expect(e.expected).toEqual(['"." (IPv4address)', "digit (dec-octet)", "hex digit (h4)", '":" (IPv6address or ls32)', '"]"']);
    expect(e.rule).toBe("IPv6reference");
    expect(e.section).toBe("3.2.2");
    expect(e.path).toEqual(["URI-reference", "absolute-URI", "hier-part", "net-path", "authority", "server",
      "hostport", "host", "IPv6reference"]);
    expect(e.format()).toBe("http://[fe80::1/x\n               ^ " + e.message);
    expect(e.message).toMatch(/^offset 15: "\/" is not allowed here; expected .* in IPv6reference \(section 3\.2\.2\)/);
  });

  test("a bad escape", () => {
    const e = error("http://a/%zz");
    expect(e.offset).toBe(10);
    expect(e.rule).toBe("escaped");
    expect(e.path).toEqual(["URI-reference", "absolute-URI", "hier-part", "net-path", "abs-path", "path-segments", "segment", "pchar", "escaped"]);
    expect(e.expected).toEqual(["hex digit"]);
    expect(e.hint).toMatch(/two hex digits.*section 2\.4\.1/);
  });

  test("a second #", () => {
    const e = error("a#b#c");
    expect(e.offset).toBe(3);
    expect(e.rule).toBe("fragment");
    expect(e.hint).toMatch(/second "#"/);
  });

  test("a space", () => {
    const e = error("http://a/b c");
    expect(e.offset).toBe(10);
    expect(e.found).toBe(" ");
    expect(e.hint).toMatch(/%20/);
  });

  test("non-ASCII: URIs are ASCII, data is percent-encoded as UTF-8", () => {
    const e = error("http://a/caf\u00e9");
    expect(e.offset).toBe(12);
    expect(e.hint).toMatch(/ASCII.*%C3%A9/);
    const astral = error("http://a/\u{1F600}");
    expect(astral.found).toBe("\u{1F600}");
    expect(astral.hint).toMatch(/%F0%9F%98%80/);
  });

  test("a label over 63 characters", () => {
    const e = error("a".repeat(64), { rule: "domainlabel" });
    expect(e.offset).toBe(63);
    expect(e.hint).toMatch(/63 characters/);
  });

  test("an octet over 255", () => {
    const e = error("1.2.3.256", { rule: "IPv4address" });
    expect(e.offset).toBe(8);
    expect(e.rule).toBe("dec-octet");
    expect(e.hint).toMatch(/0-255/);
  });

  test("a colon in the first segment of a relative path", () => {
    const e = error("this:that", { rule: "relative-URI" });
    expect(e.offset).toBe(4);
    expect(e.hint).toMatch(/first segment.*":".*\.\/this:that/);
  });

  test("the offset is the input length when the input ends too soon", () => {
    const e = error("http://[::1");
    expect(e.offset).toBe(11);
    expect(e.found).toBeUndefined();
    expect(e.message).toMatch(/unexpected end of input/);
  });

  test("surrounding whitespace or <> hints at Appendix E", () => {
    expect(error(" http://a/").hint).toMatch(/Appendix E/);
    expect(error("http://a/ ").hint).toMatch(/Appendix E/);
    expect(error("<http://a/>").hint).toMatch(/Appendix E/);
  });

  test("the details are worked out once, when first read, and stay the same", () => {
    let thrown: unknown;
    try { parse("http://[::1"); } catch (e) { thrown = e; }
    const e = thrown as UriSyntaxError;
    expect(e).toBeInstanceOf(UriSyntaxError);
    expect(e.input).toBe("http://[::1");
    expect(e.startRule).toBe("URI-reference");
    expect(String(e.stack).split("\n")[0]).toBe(`UriSyntaxError: ${e.message}`);
    expect(e.path).toBe(e.path);
    expect(e.offset).toBe(11);
  });

  test("parse() throws the same error validate() returns", () => {
    let thrown: unknown;
    try { parse("http://a/b c"); } catch (e) { thrown = e; }
    expect(thrown).toBeInstanceOf(UriSyntaxError);
    expect((thrown as UriSyntaxError).toJSON()).toEqual(error("http://a/b c").toJSON());
  });

  test("format() shows a window of a long input with the caret under the offset", () => {
    const input = "http://a/" + "x".repeat(500) + " " + "y".repeat(500);
    const e = error(input);
    const [line, caretLine] = e.format().split("\n");
    expect(line.length).toBeLessThan(200);
    const caret = caretLine.indexOf("^");
    expect([...line][caret]).toBe(" ");
    expect(line.startsWith("…")).toBe(true);
  });
});

describe("explain(): the parse tree", () => {
  function check(tree: ParseTree, input: string): void {
    expect(tree.text).toBe(input.slice(tree.start, tree.end));
    let at = tree.start;
    for (const child of tree.children) {
      expect(child.start).toBeGreaterThanOrEqual(at);
      expect(child.end).toBeLessThanOrEqual(tree.end);
      at = child.end;
      check(child, input);
    }
  }
  const rulesOf = (t: ParseTree): string[] => [t.rule, ...t.children.flatMap(rulesOf)];

  test("rules nest as the grammar nests them, spans are exact", () => {
    const input = "http://user@www.example.com.:80/a%20b;c?q#f";
    const tree = explain(input);
    expect(tree.rule).toBe("URI-reference");
    expect([tree.start, tree.end]).toEqual([0, input.length]);
    check(tree, input);
    const abs = tree.children[0];
    expect(abs.rule).toBe("absolute-URI");
    expect(abs.children.map((c) => c.rule)).toEqual(["scheme", "hier-part"]);
    expect(rulesOf(tree)).toEqual(expect.arrayContaining(["userinfo", "hostname", "toplabel", "port", "escaped", "query", "fragment"]));
    // character rules are folded by default
    expect(rulesOf(tree)).not.toContain("ALPHA");
    expect(rulesOf(tree)).not.toContain("pchar");
  });

  test("foldCharacters: false shows every rule", () => {
    const tree = explain("/a%41", { foldCharacters: false });
    expect(rulesOf(tree)).toEqual(expect.arrayContaining(["segment", "pchar", "unreserved", "escaped", "HEXDIG"]));
    expect(rulesOf(explain("/a%41"))).toEqual(["URI-reference", "relative-URI", "abs-path", "path-segments", "segment", "escaped"]);
  });

  test("backtracked attempts leave no nodes (IPv6address alternatives)", () => {
    const tree = explain("1::2", { rule: "IPv6address" });
    expect(tree.children.map((c) => [c.rule, c.text])).toEqual([["h4", "1"], ["h4", "2"]]);
    const ipv4 = explain("::ffff:1.2.3.4", { rule: "IPv6address" });
    check(ipv4, "::ffff:1.2.3.4");
    expect(ipv4.children.map((c) => c.rule)).toEqual(["h4", "ls32"]);
  });

  test("a lookahead leaves no nodes (qualified, trailing-dot form)", () => {
    const tree = explain("example.com.", { rule: "hostname" });
    const qualified = tree.children[1];
    expect(qualified.rule).toBe("qualified");
    expect(qualified.children.map((c) => [c.rule, c.text])).toEqual([["toplabel", "com"]]);
  });

  test("an alternative abandoned after an empty match leaves no node (hier-part before opaque-part)", () => {
    const tree = explain("mailto:a@b");
    expect(tree.children[0].children.map((c) => [c.rule, c.start, c.end])).toEqual([["scheme", 0, 6], ["opaque-part", 7, 10]]);
    const reg = explain("//:x");
    const authority = reg.children[0].children[0].children[0];
    expect(authority.rule).toBe("authority");
    expect(authority.children.map((c) => c.rule)).toEqual(["reg-name"]);
    // an empty server that is kept stays
    expect(explain("///a").children[0].children[0].children.map((c) => c.rule)).toEqual(["authority", "abs-path"]);
  });

  test("an input that does not match throws UriSyntaxError", () => {
    expect(() => explain("http://a/b c")).toThrow(UriSyntaxError);
  });

  test("an input over EXPLAIN_MAX_LENGTH is a RangeError that names the limit, before any parsing", () => {
    const long = "/" + "a".repeat(EXPLAIN_MAX_LENGTH);
    expect(() => explain(long)).toThrow(RangeError);
    expect(() => explain(long)).toThrow(/at most 2097152/);
  });
});

describe("RULES", () => {
  test("every rule with its section, ABNF and PEG text, in the draft's order", () => {
    expect(RULES).toHaveLength(47);
    expect(RULES[0].name).toBe("uric");
    const dec = ruleInfo("dec-octet")!;
    expect(dec.section).toBe("3.2.2");
    expect(dec.abnf).toMatch(/^dec-octet\s+= DIGIT/);
    expect(dec.peg).toMatch(/^dec_octet\n/);
    expect(dec.pegNote).toMatch(/longest first/);
    expect(ruleInfo("domainlabel")!.draft).toMatch(/alphanum \| "-"/);
    expect(ruleInfo("host")!.uses).toEqual(["IPv6reference", "IPv4address", "hostname"]);
    expect(ruleInfo("alphanum")!.usedBy).toEqual(["domainlabel", "toplabel"]);
    expect(ruleInfo("ALPHA")!.section).toBe("RFC 2234");
  });
});
