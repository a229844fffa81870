// The 1993 URL draft through the public API: parse() gives its components in its own terms, the
// readings the grammar and the model choose where its BNF is ambiguous, and the operations it
// does not define say so.
import { equivalent, audit, matches, normalize, NotDefinedError, parse, recompose, Url1993, validate } from "../../../src/index.js";

const edition = "url-1993" as const;
const url = (input: string) => parse(input, { edition });
const plain = (u: object) => JSON.parse(JSON.stringify(u)) as Record<string, unknown>;

describe("parse(x, { edition: \"url-1993\" }): the components", () => {
  test.each([
    ["http://info.cern.ch:80/hypertext/WWW/TheProject.html#intro",
      { production: "httpaddress", scheme: "http", host: "info.cern.ch", port: "80", path: "hypertext/WWW/TheProject.html", fragmentid: "intro" }],
    ["ftp://anonymous:me@cern.ch@info.cern.ch/pub",
      { production: "ftpaddress", scheme: "ftp", user: "anonymous", password: "me@cern.ch", host: "info.cern.ch", path: "pub" }],
    ["telnet://1u@2.3.4.5:23", { production: "telnetaddress", scheme: "telnet", user: "1u", host: "2.3.4.5", port: "23" }],
    ["news:comp.infosystems.www", { production: "newsaddress", scheme: "news", group: "comp.infosystems.www" }],
    ["news:123@cern.ch", { production: "newsaddress", scheme: "news", article: "123@cern.ch" }],
    ["news:*", { production: "newsaddress", scheme: "news", group: "*" }],
    ["wais://quake.think.com/wais-discussion-archives?lynch",
      { production: "waisindex", scheme: "wais", host: "quake.think.com", database: "wais-discussion-archives", search: "lynch" }],
    ["wais://h/db/TEXT/1234/x", { production: "waisdoc", scheme: "wais", host: "h", database: "db", wtype: "TEXT", length: "1234", path: "x" }],
    ["gopher://gopher.micro.umn.edu/00/Information About Gopher/About Gopher",
      { production: "gopheraddress", scheme: "gopher", host: "gopher.micro.umn.edu", gtype: "0", path: "0/Information About Gopher/About Gopher" }],
    ["prospero://h:1525/a/b%001%00attr%00x2",
      { production: "prosperolink", scheme: "prospero", host: "h", port: "1525", path: "a/b", version: "1", attributes: ["attr", "x2"] }],
    ["prospero://h/a%00%00x", { production: "prosperolink", scheme: "prospero", host: "h", path: "a", version: "", attributes: ["x"] }],
    ["prospero://h/a%00b", { production: "prosperolink", scheme: "prospero", host: "h", path: "a%00b" }],
    ["x-y:a/b?c+d#f", { production: "generic", scheme: "x-y", path: "a/b", search: "c+d", fragmentid: "f" }],
  ])("%s", (input, expected) => {
    const u = url(input);
    expect(u).toBeInstanceOf(Url1993.Url);
    expect(plain(u)).toEqual(expected);
    expect(String(u)).toBe(input);
    expect(recompose(u, { edition })).toBe(input);
  });
});

describe("where the BNF is ambiguous", () => {
  test("a string both generic and newsaddress is read by the scheme-specific production", () => {
    expect(matches("generic", "news:comp.text", { edition })).toBe(true);
    expect(matches("newsaddress", "news:comp.text", { edition })).toBe(true);
    expect(url("news:comp.text").production).toBe("newsaddress");
  });
  test("\"http:x\" is a generic whose scheme is http; no generic holds \"//\"", () => {
    expect(url("http:x")).toMatchObject({ production: "generic", scheme: "http", path: "x" });
    expect(matches("generic", "http://a/", { edition })).toBe(false);
  });
  test("\"h t t p\" is lower case only", () => {
    expect(validate("HTTP://info.cern.ch/", { edition }).valid).toBe(false);
    expect(url("HTTP:x").production).toBe("generic");
  });
  test("generic's scheme ends at the first \":\"", () => {
    expect(url("a:b:c")).toMatchObject({ scheme: "a", path: "b:c" });
  });
  test("a hostport's port is the digits after its last \":\" when a host stands before it", () => {
    expect(url("http://a:b:80/")).toMatchObject({ host: "a:b", port: "80" });
    expect(url("http://a:b/")).toMatchObject({ host: "a:b" });
    expect(url("http://a:b/").port).toBeUndefined();
  });
  test("a login's user part ends at the last \"@\" after which a hostport follows", () => {
    expect(url("telnet://a@b@c")).toMatchObject({ user: "a@b", host: "c" });
    expect(url("telnet://1@a@")).toMatchObject({ user: "1", host: "a@" });
    expect(url("telnet://u::p@h")).toMatchObject({ user: "u", password: ":p", host: "h" });
    expect(url("telnet://a@b@c").password).toBeUndefined();
  });
  test("every part the model reads is one its rule accepts", () => {
    for (const input of ["ftp://anonymous:me@cern.ch@info.cern.ch:21/pub", "telnet://1@a@", "http://a:b:80/"]) {
      const u = url(input);
      for (const [part, rule] of [["user", "user"], ["password", "password"], ["host", "host"], ["port", "port"], ["path", "path"]] as const) {
        if (u[part] !== undefined) expect(matches(rule, u[part]!, { edition })).toBe(true);
      }
    }
  });
});

describe("the learner's story", () => {
  test("a space is allowed (extra), \"~\" is not (national), nor is \"=\"", () => {
    expect(validate("http://a/b c", { edition }).valid).toBe(true);
    expect(validate("http://a/~b", { edition }).valid).toBe(false);
    expect(validate("http://a/?a=b", { edition }).valid).toBe(false);
    expect(validate("http://a/?a+b", { edition }).valid).toBe(true);
  });
  test("an error names the rule and the draft's section", () => {
    const result = validate("http://a/~b", { edition });
    expect(result.valid).toBe(false);
    if (!result.valid) {
      expect(result.error.offset).toBe(9);
      expect(result.error.section).toBe("BNF syntax");
    }
  });
  test("parse() takes the production named", () => {
    expect(parse("news:a", { edition, rule: "newsaddress" }).production).toBe("newsaddress");
    expect(() => parse("news:a", { edition, rule: "group" as never })).toThrow(TypeError);
  });
});

describe("what the draft does not define", () => {
  test.each([
    ["normalize", () => normalize("http://a/", { edition })],
    ["equivalent", () => equivalent("http://a/", "http://a/", { edition })],
  ])("%s is a NotDefinedError that says so", (_name, call) => {
    expect(call).toThrow(NotDefinedError);
    expect(call).toThrow(/1993 URL draft .* defines no/);
  });
  test("audit is what its section \"Security considerations\" names: a password", () => {
    expect(audit("http://a/", { edition })).toEqual([]);
    expect(audit("ftp://u:pw@a/", { edition }).map((f) => [f.code, f.section, f.text])).toEqual([["password", "Security considerations", "pw"]]);
  });
});
