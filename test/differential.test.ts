// differential(): the edition's reading beside the WHATWG URL Standard's (the platform's URL),
// the four examples of the issue, each class of difference, the options, the audit finding, the
// batch option and the command.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { audit, differential, EDITIONS, NotDefinedError, type Difference } from "../src/index.js";
import { compareReadings } from "../src/differential.js";
import { byteChecker, checkBlock, checkBytes } from "../src/cli/batch-core.js";
import { main } from "../src/cli/main.js";
import type { Context } from "../src/cli/context.js";

const pick = (d: Difference) => [d.component, d.kind, d.severity];

describe("the issue's examples", () => {
  test("http:/evil.com/: no authority in RFC 3986, host evil.com in the URL Standard (danger)", () => {
    const r = differential("http:/evil.com/");
    expect(r.edition).toBe("rfc3986");
    expect(r.rfc).toEqual({ valid: true, components: { scheme: "http", path: "/evil.com/" } });
    expect(r.whatwg).toEqual({ valid: true, href: "http://evil.com/", components: { scheme: "http", host: "evil.com", path: "/" } });
    expect(r.differences.map(pick)).toEqual([["host", "reading", "danger"], ["path", "reading", "warning"]]);
    expect(r.differences[0]).toMatchObject({ rfc: null, whatwg: "evil.com" });
    expect(r.differences[0].why).toMatch(/special authority slashes .*state.*RFC 3986 section 3 /);
    expect(r.differences[1]).toMatchObject({ rfc: "/evil.com/", whatwg: "/" });
  });

  test("http://0x7f.1/: a reg-name in RFC 3986, 127.0.0.1 in the URL Standard (danger)", () => {
    const r = differential("http://0x7f.1/");
    expect(r.differences).toEqual([{
      component: "host", rfc: "0x7f.1", whatwg: "127.0.0.1", kind: "reading", severity: "danger", why: expect.stringMatching(/IPv4 parser.*RFC 3986 section 3\.2\.2.*reg-name/),
    }]);
  });

  test("http://EXAMPLE.com/a/../b: host and path differ in form only (info)", () => {
    const r = differential("http://EXAMPLE.com/a/../b");
    expect(r.differences.map(pick)).toEqual([["host", "normalization", "info"], ["path", "normalization", "info"]]);
    expect(r.differences[0].why).toMatch(/host parser.*RFC 3986 section 6\.2\.2\.1/);
    expect(r.differences[1].why).toMatch(/path state.*RFC 3986 section 6\.2\.2\.3/);
  });

  test("http://a/b c: RFC 3986 rejects at the space, the URL Standard encodes it (validity, warning)", () => {
    const r = differential("http://a/b c");
    expect(r.rfc.valid).toBe(false);
    expect((r.rfc.error as { offset?: number }).offset).toBe(10);
    expect(r.whatwg).toMatchObject({ valid: true, href: "http://a/b%20c" });
    expect(r.differences).toEqual([{
      component: "validity", rfc: "invalid", whatwg: "valid", kind: "reading", severity: "warning",
      why: expect.stringMatching(/path state percent-encodes " ".*RFC 3986 rejects it at offset 10/),
    }]);
  });
});

describe("the classes of difference", () => {
  const cls = (input: string, options?: { edition?: "rfc3986" | "rfc2396bis-01" | "rfc2396"; base?: string }) =>
    compareReadings(input, options).differences.map((d) => `${d.component}:${d.class}:${d.kind}:${d.severity}`);
  test.each([
    ["http://a/b", []],
    ["mailto:a@example.com", []],
    ["urn:isbn:0451450523", []],
    ["foo://Host/a/b", []], // an opaque host keeps its case
    ["foo://h/a/./b", ["path:path-dot-segments:normalization:info"]], // a non-special path loses its dot segments too
    ["HTTP://a/", ["scheme:scheme-case:normalization:info"]],
    ["http://a:80/", ["port:port-default:normalization:info"]],
    ["http://a:/", ["port:port-empty:normalization:info"]],
    ["http://a", ["path:path-empty-http:normalization:info"]],
    ["http://%61.com/", ["host:host-percent-encoding:normalization:info"]],
    ["http://[0:0::1]/", ["host:ipv6-text:normalization:info"]],
    ["file://localhost/etc", ["host:file-localhost:normalization:info"]],
    ["http://a/%2e%2e/b", ["path:path-dot-segments:normalization:info"]],
    ["http:evil.com/x", ["host:special-authority:reading:danger", "path:special-authority:reading:warning"]],
    ["http:///evil.com/x", ["host:special-authority:reading:danger", "path:special-authority:reading:warning"]],
    ["http://2130706433/", ["host:ipv4-number:reading:danger"]],
    ["http://127.1/", ["host:ipv4-number:reading:danger"]],
    ["http://1.2.3.4./", ["host:ipv4-number:reading:danger"]],
    ["http://a%21b/", ["host:host-percent-decoding:reading:danger"]],
    ["http://B%C3%BCcher.example/", ["host:idna:reading:danger"]],
    ["http://a;b@h/", ["userinfo:userinfo-encoding:reading:danger"]],
    ["ws://h", ["path:path-empty-special:reading:warning"]],
    ["http://h/?a'b", ["query:query-apostrophe:reading:warning"]],
    ["http://h/a\\b", ["validity:backslash:reading:warning"]],
    ["http://example.com\\@evil.com", ["validity:backslash:reading:warning"]],
    ["http://h/a\tb", ["validity:tab-newline:reading:warning"]],
    [" http://h/", ["validity:leading-trailing-space:reading:warning"]],
    ["http://h/%zz", ["validity:percent-not-hex:reading:warning"]],
    ["http://h/é", ["validity:non-ascii:reading:warning"]],
    ["http://a@b@h/", ["validity:userinfo-at:reading:warning"]],
    ["http://h/a<b", ["validity:whatwg-encodes:reading:warning"]],
    ["a/b", ["validity:relative-no-base:reading:warning"]],
    ["http://[v7.x]/", ["validity:ipvfuture:reading:warning"]],
    ["http://h:65536/", ["validity:port-range:reading:warning"]],
    ["http://1.2.3.256/", ["validity:ipv4-invalid:reading:warning"]],
    ["http://a%25b/", ["validity:host-forbidden:reading:warning"]],
    ["http://:80/", ["validity:empty-host:reading:warning"]],
  ])("%s", (input, expected) => {
    expect(cls(input)).toEqual(expected);
  });

  test("a string neither reads has no differences", () => {
    const r = differential("http://[::1/");
    expect(r.rfc.valid).toBe(false);
    expect(r.whatwg.valid).toBe(false);
    expect(r.differences).toEqual([]);
  });

  test("the draft reads a registry authority as one reg-name, which the URL Standard splits", () => {
    expect(cls("http://u@a_b:8/p", { edition: "rfc2396bis-01" })).toEqual([
      "userinfo:authority-reg-name:reading:danger", "host:authority-reg-name:reading:danger", "port:authority-reg-name:reading:danger",
    ]);
    expect(cls("http://u@a_b:8/p")).toEqual([]);
  });

  test("each edition's own normalization decides: RFC 2396 removes no dot segments", () => {
    expect(cls("http://a/b/../c")).toEqual(["path:path-dot-segments:normalization:info"]);
    expect(cls("http://a/b/../c", { edition: "rfc2396" })).toEqual(["path:path-dot-above-root:reading:warning"]);
    const d = differential("http://a/b/../c", { edition: "rfc2396" }).differences[0];
    expect(d.why).toMatch(/RFC 2396 section 6/);
  });

  test("a base: the targets of both are compared", () => {
    const r = differential("../../../g", { base: "http://a/b/c/d;p?q" });
    expect(r.rfc.components).toEqual({ scheme: "http", host: "a", path: "/g" });
    expect(r.whatwg.href).toBe("http://a/g");
    expect(r.differences).toEqual([]);
    expect(differential("//0x7f.1/x", { base: "http://a/" }).differences.map(pick)).toEqual([["host", "reading", "danger"]]);
  });

  test("every why names the URL Standard and the edition's document", () => {
    for (const input of ["http:/evil.com/", "http://0x7f.1/", "HTTP://a:80", "http://a/b c", "a", "http://[v7.x]/"]) {
      for (const d of differential(input).differences) expect(d.why).toMatch(/^The URL Standard.*RFC 3986/);
    }
  });
});

describe("arguments", () => {
  test("bad input and options are TypeErrors; the 1993 draft defines no normalization", () => {
    expect(() => differential(1 as never)).toThrow(TypeError);
    expect(() => differential("a", { edition: "rfc9999" as never })).toThrow(TypeError);
    expect(() => differential("a", { base: "a/b" })).toThrow(/options\.base must be an absolute URI/);
    expect(() => differential("a", { base: "http://[v7.x]/" })).toThrow(/URL Standard can parse/);
    expect(() => differential("a", 7 as never)).toThrow(TypeError);
    expect(() => differential("http://a/", { edition: "url-1993" })).toThrow(NotDefinedError);
    for (const id of Object.keys(EDITIONS).filter((e) => e !== "url-1993")) {
      expect(differential("http://a/b", { edition: id as never }).edition).toBe(id);
    }
  });
});

describe("audit(): parser-differential", () => {
  test("every danger and warning difference is a finding under its component", () => {
    const findings = audit("http:/evil.com/", { edition: "rfc3986" }).filter((f) => f.code === "parser-differential");
    expect(findings.map((f) => [f.severity, f.section, f.text, f.detail])).toEqual([
      ["danger", "3.2.2", "/evil.com/", "evil.com"], ["warning", "3.3", "/evil.com/", "/"],
    ]);
    const [ipv4] = audit("http://0x7f.1/x", { edition: "rfc3986" }).filter((f) => f.code === "parser-differential");
    expect(ipv4).toMatchObject({ severity: "danger", section: "3.2.2", start: 7, end: 13, text: "0x7f.1", detail: "127.0.0.1" });
    expect(audit("http://0x7f.1/x").some((f) => f.code === "parser-differential" && f.section === "3.2.2")).toBe(true);
  });

  test("no finding for info, for a relative reference, below minSeverity, or in the 1993 draft", () => {
    const codes = (input: string, options?: object) => audit(input, { edition: "rfc3986", ...options }).map((f) => f.code);
    expect(codes("HTTP://EXAMPLE.com:80/a/../b")).not.toContain("parser-differential");
    expect(codes("a/b")).not.toContain("parser-differential");
    expect(codes("ws://h", { minSeverity: "danger" })).not.toContain("parser-differential");
    expect(codes("ws://h")).toContain("parser-differential");
    expect(audit("http://h:65536/", { edition: "rfc3986" }).find((f) => f.code === "parser-differential")).toMatchObject({ severity: "warning", section: "3.2.3", text: "65536" });
    expect(audit("http://u@a_b:8/p", { edition: "url-1993" }).map((f) => f.code)).not.toContain("parser-differential");
    expect(audit("http://u@a_b:8/p", { edition: "rfc2396" }).map((f) => f.code)).toContain("parser-differential");
  });
});

describe("batch --differential", () => {
  const settings = { edition: "rfc3986" as const, rule: "URI-reference" as never, skipEmpty: false, numbered: false, differential: true };
  test("jsonl: each record gets its differences", () => {
    const text = Buffer.from(checkBlock("http://a/\nhttp://0x7f.1/\na b\n", 1, { ...settings, format: "jsonl" }).out).toString("utf8");
    const records = text.trim().split("\n").map((l) => JSON.parse(l));
    expect(records[0].differences).toEqual([]);
    expect(records[1].differences.map(pick)).toEqual([["host", "reading", "danger"]]);
    expect(records[2]).toMatchObject({ valid: false, differences: [] });
  });
  test("tsv: a last column of component:severity:kind", () => {
    const text = Buffer.from(checkBlock("http://0x7f.1/\nHTTP://a/\n", 1, { ...settings, format: "tsv" }).out).toString("utf8");
    expect(text.split("\n").map((l) => l.split("\t").pop())).toEqual(["host:danger:reading", "scheme:info:normalization", ""]);
  });
  test("the byte path (checkBytes) writes the same records as the decoded one", () => {
    const block = "http://a/\nhttp://0x7f.1/\na b\nHTTP://a/\n";
    for (const format of ["jsonl", "tsv"] as const) {
      const s = { ...settings, format };
      expect(Buffer.from(checkBytes(Buffer.from(block), 1, byteChecker(s)).out).toString("utf8"))
        .toBe(Buffer.from(checkBlock(block, 1, s).out).toString("utf8"));
    }
  });
});

describe("uri-grammar differential", () => {
  async function run(args: string[]): Promise<{ status: number; out: string; err: string }> {
    let out = "";
    let err = "";
    const plain = { enabled: false, paint: (_f: unknown, t: string) => t };
    const ctx = {
      print: (t: string) => { out += t + "\n"; }, warn: (t: string) => { err += t + "\n"; },
      out: plain, err: plain, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr,
    } as unknown as Context;
    const status = await main(["differential", ...args], ctx);
    return { status, out, err };
  }
  test("exit 0 when the two read every input the same, 3 when they differ, 1 when invalid under both, 2 usage", async () => {
    expect((await run(["http://a/b", "HTTP://a/"])).status).toBe(0);
    const differ = await run(["http://a/b", "http:/evil.com/"]);
    expect(differ.status).toBe(3);
    expect(differ.out).toMatch(/host\s+\(none\)\s+evil\.com\s+<- danger \(reading\)/);
    expect(differ.out).toMatch(/danger host: The URL Standard's special authority slashes/);
    expect((await run(["http://[::1/"])).status).toBe(1);
    expect((await run([])).status).toBe(2);
    expect((await run(["--base", "a/b", "c"])).status).toBe(2);
    expect((await run(["--edition", "url-1993", "c"])).status).toBe(2);
  });
  test("--json and --base", async () => {
    const r = await run(["--json", "--base", "http://a/b/", "//0x7f.1/"]);
    expect(r.status).toBe(3);
    const value = JSON.parse(r.out);
    expect(value).toMatchObject({ input: "//0x7f.1/", edition: "rfc3986", whatwg: { href: "http://127.0.0.1/" } });
    expect(value.differences.map(pick)).toEqual([["host", "reading", "danger"]]);
  });
});

describe("the WPT URL test data", () => {
  // Every input of the web-platform-tests' URL data, with its base: differential() gives a result
  // (never a crash), the URL Standard's side is the platform's URL, and every difference names both sides.
  const file = join(__dirname, "..", "..", "shared", "conformance", "wpt-urltestdata-whatwg.json");
  const cases = (JSON.parse(readFileSync(file, "utf8")) as { ref?: string; input?: string; base?: string | null }[])
    .map((c) => ({ input: c.ref ?? c.input, base: c.base ?? undefined }))
    .filter((c): c is { input: string; base: string | undefined } => typeof c.input === "string");
  test(`${cases.length} cases`, () => {
    expect(cases.length).toBeGreaterThan(500);
    let compared = 0;
    for (const { input, base } of cases) {
      let usable = base;
      if (usable !== undefined) {
        try { differential("", { base: usable }); } catch { usable = undefined; }
      }
      const r = differential(input, usable === undefined ? {} : { base: usable });
      let href: string | undefined;
      try { href = new URL(input, usable).href; } catch { href = undefined; }
      expect(r.whatwg.href).toBe(href);
      for (const d of r.differences) expect(d.why).toMatch(/^The URL Standard.*RFC 3986/);
      if (r.rfc.valid && r.whatwg.valid) compared++;
    }
    expect(compared).toBeGreaterThan(100);
  });
});
