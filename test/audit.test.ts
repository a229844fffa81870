// audit(): the checks of section 7 (and the lookalikes of section 3.2.2), each with its reason.
import { audit, type AuditCode, type AuditFinding, type AuditSeverity } from "../src/index.js";
import { UriSyntaxError } from "../src/errors.js";
import { readInetAton } from "../src/ipv4-forms.js";

/** input | code | severity | section | the exact text the finding is about | detail | why */
type Row = [string, AuditCode, AuditSeverity, string, string, string | undefined, string];

const FINDINGS: Row[] = [
  // 7.5 semantic attacks
  ["http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm", "misleading-userinfo", "danger", "7.5",
    "www.example.com&story=breaking_news", "10.0.0.1", "the draft's own example: userinfo that reads as a host name"],
  ["http://trusted.example.org@evil.example/", "misleading-userinfo", "danger", "7.5", "trusted.example.org", "evil.example",
    "a domain name as userinfo"],
  ["http://10.1.2.3@evil.example/", "misleading-userinfo", "danger", "7.5", "10.1.2.3", "evil.example", "an IPv4address as userinfo"],
  ["http://a=b&c@h/", "misleading-userinfo", "warning", "7.5", "a=b&c", "h", "\"&\" and \"=\" read like a query"],
  ["http://v1.2@h/", "misleading-userinfo", "warning", "7.5", "v1.2", "h", "\".\" without a name whose top label starts with a letter"],
  ["ftp://anonymous@ftp.example/", "userinfo", "info", "7.5", "anonymous", "ftp.example", "plain userinfo is only noted"],
  ["http://@h/", "userinfo", "info", "7.5", "", "h", "empty userinfo is still userinfo"],
  ["http://user@a_b.example/", "userinfo", "info", "7.5", "user", "a_b.example", "a reg-name read as userinfo@host"],
  // 7.4 passwords
  ["ftp://user:secret@ftp.example/", "password", "warning", "7.4", "secret", undefined, "user:password in clear text"],
  ["http://user:@h/", "password", "info", "7.4", "", undefined, "an empty password is not a secret"],
  ["http://u:p:q@h/", "password", "warning", "7.4", "p:q", undefined, "everything after the first \":\""],
  ["//u:pw@h_x/", "password", "warning", "7.4", "pw", undefined, "a reg-name in a relative reference read as a server"],
  // 7.2 ports
  ["http://h:25/", "port-other-protocol", "danger", "7.2", "25", "25", "SMTP's port on http"],
  ["gopher://h:25/", "port-other-protocol", "danger", "7.2", "25", "25", "the draft's gopher-to-SMTP example"],
  ["http://h:119/", "port-other-protocol", "danger", "7.2", "119", "119", "NNTP"],
  ["https://h:22/", "port-other-protocol", "danger", "7.2", "22", "22", "SSH"],
  ["http://h:0025/", "port-other-protocol", "danger", "7.2", "0025", "25", "leading zeros do not hide the number"],
  ["http://h:65561/", "port-out-of-range", "warning", "7.2", "65561", "25", "65561 mod 65536 is 25"],
  ["http://h:65561/", "port-other-protocol", "danger", "7.2", "65561", "25", "and 25 is SMTP"],
  ["http://h:99999999999999999999999/", "port-out-of-range", "warning", "7.2", "99999999999999999999999", "65535",
    "a port longer than any number type, truncated digit by digit"],
  ["http://h:1000/", "port-reserved", "warning", "7.2", "1000", "1000", "not the default and within 0-1023"],
  ["http://h:8080/", "port-not-default", "info", "7.2", "8080", "8080", "not the default, outside the reserved space"],
  ["ftp://h:80/", "port-other-protocol", "danger", "7.2", "80", "80", "http's port on ftp"],
  ["foo://h:25/", "port-other-protocol", "info", "7.2", "25", "25", "the scheme's default is not known"],
  ["imap://h:25/", "port-other-protocol", "danger", "7.2", "25", "25", "imap's default 143 comes from the port table"],
  // 7.2 escaped CR, LF, NUL
  ["http://h/a%0D%0Ab", "escaped-control", "warning", "7.2", "%0D%0A", undefined, "CR LF in the path, one finding for the run"],
  ["http://h/?x=%0d%0a", "escaped-control", "warning", "7.2", "%0d%0a", undefined, "lower-case hex digits too"],
  ["http://h/a%00.png", "escaped-control", "warning", "7.2", "%00", undefined, "NUL truncates strings"],
  ["http://h/#a%0A", "escaped-control", "info", "7.2", "%0A", undefined, "the fragment is not sent"],
  ["http://a%0Db/", "escaped-control", "danger", "7.2", "%0D", undefined, "in the authority (a reg-name)"],
  ["mailto:a@b.example?subject=%0D%0ABcc:c@d.example", "escaped-control", "warning", "7.2", "%0D%0A", undefined,
    "header injection through an opaque part"],
  // 7.2 other escaped controls: delimiters of fewer protocols (TAB of gopher), commands to terminals
  ["http://h/%0E%1A", "escaped-control", "info", "7.2", "%0E%1A", undefined, "SO and SUB, one run"],
  ["http://h/a%09b", "escaped-control", "info", "7.2", "%09", undefined, "TAB, gopher's field separator"],
  ["http://h/?%1B%5B2J", "escaped-control", "info", "7.2", "%1B", undefined, "ESC starts a terminal's command"],
  ["http://h/%7f", "escaped-control", "info", "7.2", "%7f", undefined, "DEL"],
  ["http://h/%85", "escaped-control", "info", "7.2", "%85", undefined, "NEL, a C1 control, as ISO 8859-1 reads the octet"],
  ["http://h/%C2%85", "escaped-control", "info", "7.2", "%C2%85", undefined, "NEL in UTF-8"],
  ["http://a%09b/", "escaped-control", "warning", "7.2", "%09", undefined, "in the authority"],
  ["http://h/%09%0D%0A", "escaped-control", "warning", "7.2", "%09%0D%0A", undefined, "a run with CR and LF ranks as they do"],
  // 7.3 rare IP address formats
  ["http://2130706433/", "ipv4-form", "danger", "7.3", "2130706433", "127.0.0.1", "a single 32-bit number"],
  ["http://127.1/", "ipv4-form", "danger", "7.3", "127.1", "127.0.0.1", "two parts: the last is 24 bits"],
  ["http://10.0.258/", "ipv4-form", "danger", "7.3", "10.0.258", "10.0.1.2", "three parts: the last is 16 bits"],
  ["http://0x7f.1/", "ipv4-form", "danger", "7.3", "0x7f.1", "127.0.0.1", "hexadecimal"],
  ["http://0X7F.0.0.1/", "ipv4-form", "danger", "7.3", "0X7F.0.0.1", "127.0.0.1", "upper-case 0X"],
  ["http://0177.0.0.1/", "ipv4-form", "danger", "7.3", "0177.0.0.1", "127.0.0.1", "octal"],
  ["http://0127.1/", "ipv4-form", "danger", "7.3", "0127.1", "87.0.0.1", "octal 0127 is 87, not 127"],
  ["http://01.02.03.04/", "ipv4-form", "danger", "7.3", "01.02.03.04", "1.2.3.4", "leading zeros, which dec-octet forbids"],
  ["http://u@0x7f.1:80/", "ipv4-form", "danger", "7.3", "0x7f.1", "127.0.0.1", "the span is the host alone"],
  ["http://127.1./", "ipv4-form", "danger", "7.3", "127.1.", "127.0.0.1", "a reg-name with a trailing dot, as browsers read it"],
  ["//0x7f.1/x", "ipv4-form", "danger", "7.3", "0x7f.1", "127.0.0.1", "in a relative reference too"],
  ["http://%31%32%37.1/", "ipv4-form", "danger", "7.3", "%31%32%37.1", "127.0.0.1",
    "a reg-name whose escaped digits normalize() decodes: http://127.1/"],
  ["http://%31%32%37.0.0.1/", "ipv4-form", "danger", "7.3", "%31%32%37.0.0.1", "127.0.0.1",
    "decoded, an IPv4address: a string filter on the reg-name misses it"],
  ["http://u@%30x7f.1:80/", "ipv4-form", "danger", "7.3", "%30x7f.1", "127.0.0.1", "decoded within a reg-name read as userinfo@host:port"],
  ["http://[::ffff:127.0.0.1]/", "ipv4-in-ipv6", "danger", "7.3", "[::ffff:127.0.0.1]", "127.0.0.1", "IPv4-mapped, dotted"],
  ["http://[::FFFF:7f00:1]/", "ipv4-in-ipv6", "danger", "7.3", "[::FFFF:7f00:1]", "127.0.0.1", "IPv4-mapped, in hex"],
  ["http://[0:0:0:0:0:ffff:a00:1]/", "ipv4-in-ipv6", "danger", "7.3", "[0:0:0:0:0:ffff:a00:1]", "10.0.0.1", "without \"::\""],
  ["http://[::127.0.0.1]/", "ipv4-in-ipv6", "warning", "7.3", "[::127.0.0.1]", "127.0.0.1", "IPv4-compatible (deprecated)"],
  // 2.4.2 double escapes
  ["http://h/%252e%252e/etc", "double-escape", "warning", "2.4.2", "%252e%252e", "..", "decoded twice, a dot segment"],
  ["http://h/a/.%252E/b", "double-escape", "warning", "2.4.2", ".%252E", "..", "half of it"],
  ["http://h/%25252e%25252e/", "double-escape", "warning", "2.4.2", "%25252e%25252e", "..", "decoded three times"],
  ["http://h/a%252Fb", "double-escape", "warning", "2.4.2", "%252F", "/", "decoded twice, a \"/\""],
  ["http://h/a%255Cb", "double-escape", "warning", "2.4.2", "%255C", "\\", "a \"\\\" of file systems"],
  ["http://h/?a=%2526b", "double-escape", "info", "2.4.2", "%2526", "&", "a \"&\" in the query"],
  ["http://a%2540b/", "double-escape", "danger", "2.4.2", "%2540", "@", "in the authority"],
  // 7.5 a query or fragment that reads as the authority
  ["http://evil.example#@good.example/", "misleading-authority", "danger", "7.5", "@good.example", "evil.example",
    "the fragment reads as userinfo@host"],
  ["http://evil.example?@good.example/", "misleading-authority", "danger", "7.5", "@good.example", "evil.example", "the query"],
  ["http://evil.example?x#@10.0.0.1", "misleading-authority", "danger", "7.5", "@10.0.0.1", "evil.example", "an IPv4 address"],
  // 3.2.2 lookalikes
  ["http://www.example.123/", "numeric-label", "warning", "3.2.2", "www.example.123", undefined, "an all-digit top label"],
  ["http://1.2.3.4.5/", "numeric-label", "warning", "3.2.2", "1.2.3.4.5", undefined, "five parts: no IPv4 reading"],
  ["http://256.1.1.1/", "numeric-label", "warning", "3.2.2", "256.1.1.1", undefined, "256 is no octet"],
  ["http://1.2.3.08/", "numeric-label", "warning", "3.2.2", "1.2.3.08", undefined, "08 is no octal number"],
  ["http://a_b.example/", "reg-name-authority", "warning", "3.2.2", "a_b.example", undefined, "\"_\" makes it a reg-name"],
  ["ftp://%66tp.example/", "reg-name-authority", "warning", "3.2.2", "%66tp.example", undefined, "an escape makes it a reg-name"],
  ["http:///etc/passwd", "missing-host", "warning", "3.2.2", "", undefined, "http does not allow the host to be omitted"],
];

describe("audit() findings", () => {
  test.each(FINDINGS)("%s: %s (%s, section %s) on %j, %s", (input, code, severity, section, text, detail, why) => {
    void why;
    const findings = audit(input);
    const hit = findings.find((f) => f.code === code && f.text === text);
    expect(hit).toBeDefined();
    const f = hit!;
    expect(f).toMatchObject({ severity, section });
    expect(input.slice(f.start, f.end)).toBe(text);
    expect(f.detail).toBe(detail);
    expect(f.message.length).toBeGreaterThan(20);
  });

  test("the spans are exact: the draft's example", () => {
    const input = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm";
    const [f] = audit(input);
    expect([f.start, f.end]).toEqual([7, 7 + "www.example.com&story=breaking_news".length]);
    expect(f.message).toContain("10.0.0.1");
    expect(f.message).toContain("www.example.com");
  });

  test("a span is the password only, the port only, the host only", () => {
    const input = "http://user:secret@0x7f.1:25/";
    const byCode = new Map(audit(input).map((f) => [f.code, f]));
    expect(byCode.get("password")).toMatchObject({ start: 12, end: 18 });
    expect(byCode.get("ipv4-form")).toMatchObject({ start: 19, end: 25 });
    expect(byCode.get("port-other-protocol")).toMatchObject({ start: 26, end: 28 });
  });
});

/** input | why nothing is reported */
const CLEAN: [string, string][] = [
  ["http://www.example.com/", "a plain server"],
  ["http://www.example.com:80/", "the default port"],
  ["https://www.example.com:443/x?y#z", "https's default"],
  ["http://10.0.0.1/", "an IPv4address in the dotted-decimal form of section 3.2.2"],
  ["http://[::1]:80/", "an IPv6 literal"],
  ["http://h:/", "an empty port is the default"],
  ["http://www.example.com./", "a fully qualified name with its trailing dot"],
  ["mailto:jim@example.com", "no authority: the \"@\" of an opaque part is not userinfo"],
  ["urn:isbn:0451450523", "opaque"],
  ["foo://a_b/", "a reg-name where the scheme's syntax is not known"],
  ["../a/b?c#d", "a relative path"],
  ["", "the empty reference"],
  ["http://h/%2e%2e/%2F", "single escapes are the grammar's data (RFC 3986 audits them, 7.3)"],
  ["http://h/%2541", "an escaped \"%\" before \"41\": decoded twice, a letter"],
  ["http://h/?%25", "an escaped \"%\" alone"],
  ["http://[::1]/", "loopback is reported only with the option fetch"],
  ["http://[::]/", "and so is the unspecified address"],
  ["http://[2001:db8::ffff:1:2]/", "ffff elsewhere than in the sixth group"],
  ["http://evil.example/#@good.example", "a \"/\" before the \"@\": the authority has ended"],
  ["http://evil.example#x@y", "no host name after the \"@\""],
  ["http://a1.example-2.com/", "digits inside labels"],
];

describe("audit() stays quiet", () => {
  // Nothing of section 7; where a browser reads the reference otherwise, that is another check
  // ("parser-differential", test/differential.test.ts): "%2e%2e" is a dot segment to the URL Standard.
  test.each(CLEAN)("%s (%s)", (input) => {
    expect(audit(input).filter((f) => f.code !== "parser-differential")).toEqual([]);
  });

  test("port 443 on http is https's port: danger, the scheme compared case-insensitively", () => {
    const findings = audit("HTTP://www.example.com:443/");
    expect(findings.map((f) => [f.code, f.severity, f.detail])).toEqual([["port-other-protocol", "danger", "443"]]);
  });
});

/** input | the text of the host | the address it is | why, with the option fetch */
const LOCAL: [string, string, string, string][] = [
  ["http://127.0.0.1/", "127.0.0.1", "127.0.0.1", "loopback"],
  ["http://127.9.9.9:8080/", "127.9.9.9", "127.9.9.9", "all of 127.0.0.0/8"],
  ["http://0.0.0.0/", "0.0.0.0", "0.0.0.0", "the unspecified address reaches the local machine"],
  ["http://[::1]/", "[::1]", "::1", "IPv6 loopback"],
  ["http://[0:0:0:0:0:0:0:1]/", "[0:0:0:0:0:0:0:1]", "::1", "written in full"],
  ["http://[::]/", "[::]", "::", "IPv6 unspecified"],
  ["http://[::ffff:127.0.0.1]/", "[::ffff:127.0.0.1]", "127.0.0.1", "IPv4-mapped loopback"],
  ["http://127.1/", "127.1", "127.0.0.1", "a rare form of loopback"],
  ["http://0x7f000001/", "0x7f000001", "127.0.0.1", "a single hexadecimal number"],
  ["http://0/", "0", "0.0.0.0", "a single zero"],
  ["http://%31%32%37.1/", "%31%32%37.1", "127.0.0.1", "escaped, as normalize() decodes it"],
  ["http://localhost:8080/", "localhost", "localhost", "the name (RFC 6761 6.3)"],
  ["http://LOCALHOST./", "LOCALHOST.", "localhost", "in any case, fully qualified"],
  ["http://api.localhost/", "api.localhost", "localhost", "a name under localhost"],
  ["http://user@a_b@127.0.0.1/", "127.0.0.1", "127.0.0.1", "the host of a reg-name read as userinfo@host"],
];

describe("audit(input, { fetch: true }): hosts that are the machine itself (local-address, section 7.3)", () => {
  test.each(LOCAL)("%s: %s is %s (%s)", (input, text, address) => {
    const findings = audit(input, { fetch: true }).filter((f) => f.code === "local-address");
    expect(findings).toMatchObject([{ severity: "danger", section: "7.3", text, detail: address }]);
    expect(input.slice(findings[0].start, findings[0].end)).toBe(text);
    expect(audit(input).filter((f) => f.code === "local-address")).toEqual([]);
  });

  test.each(["http://10.0.0.1/", "http://[::2]/", "http://[::ffff:10.0.0.1]/", "http://localhost.example/", "http://128.0.0.1/",
    "http://mylocalhost/", "foo://a@b@127.0.0.1/"])("%s is not the machine itself", (input) => {
    expect(audit(input, { fetch: true }).filter((f) => f.code === "local-address")).toEqual([]);
  });

  test("options.fetch must be a boolean", () => {
    expect(() => audit("http://h/", { fetch: "yes" } as never)).toThrow(new TypeError("audit: options.fetch must be a boolean, got a string"));
  });
});

describe("audit() options", () => {
  test("minSeverity leaves out lesser findings", () => {
    const input = "http://user:pw@h:8080/";
    expect(audit(input).map((f) => f.code)).toEqual(["userinfo", "password", "port-not-default"]);
    expect(audit(input, { minSeverity: "warning" }).map((f) => f.code)).toEqual(["password"]);
    expect(audit(input, { minSeverity: "danger" })).toEqual([]);
  });

  test("serverSchemes decides where a reg-name or a missing host is reported", () => {
    expect(audit("foo://a_b/").map((f) => f.code)).toEqual([]);
    expect(audit("foo://a_b/", { serverSchemes: ["FOO"] }).map((f) => f.code)).toEqual(["reg-name-authority"]);
    expect(audit("http://a_b/", { serverSchemes: [] })).toEqual([]);
    expect(audit("http:///x", { serverSchemes: [] }).map((f) => f.code)).toEqual(["parser-differential", "parser-differential"]);
  });

  test("defaultPorts adds and overrides defaults", () => {
    expect(audit("foo://h:8000/")).toEqual([]);
    expect(audit("foo://h:8000/", { defaultPorts: { foo: 9000 } }).map((f) => f.code)).toEqual(["port-not-default"]);
    expect(audit("http://h:8080/", { defaultPorts: { http: 8080 } })).toEqual([]);
  });

  test.each([
    [[], "options must be an object"], ["x", "options must be an object"],
    [{ minSeverity: "high" }, "minSeverity"], [{ serverSchemes: "http" }, "serverSchemes"],
    [{ serverSchemes: [1] }, "serverSchemes"], [{ defaultPorts: { http: 70000 } }, "defaultPorts"],
    [{ defaultPorts: { http: "80" } }, "defaultPorts"], [{ defaultPorts: null }, "defaultPorts"],
  ])("bad options %j give a TypeError naming %s", (options, what) => {
    expect(() => audit("http://h/", options as never)).toThrow(TypeError);
    expect(() => audit("http://h/", options as never)).toThrow(what);
  });
});

describe("audit() input", () => {
  test("an invalid reference is a UriSyntaxError, not a finding", () => {
    expect(() => audit("http://h/a b")).toThrow(UriSyntaxError);
    expect(() => audit("http://[::1/")).toThrow(UriSyntaxError);
  });

  test.each([undefined, null, 42, {}, new String("http://h/"), Buffer.from("http://h/")])("non-string %p: TypeError", (value) => {
    expect(() => audit(value as never)).toThrow(TypeError);
    expect(() => audit(value as never)).toThrow("audit: input must be a string");
  });

  test("findings come in input order", () => {
    const findings: AuditFinding[] = audit("http://u:p@127.1:25/%0A?%00#%0D");
    const starts = findings.map((f) => f.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(findings.map((f) => f.code)).toEqual([
      "userinfo", "password", "ipv4-form", "parser-differential", "port-other-protocol", "escaped-control", "escaped-control", "escaped-control",
    ]);
  });
});

/**
 * Section 7.3's reading of numbers, against values worked out by hand from the C rules (and
 * checked against the platform's inet_aton()).
 */
const INET_ATON: [string, string | undefined, string][] = [
  ["127.0.0.1", "127.0.0.1", "the ordinary form"],
  ["127.1", "127.0.0.1", "two parts"],
  ["1.16777215", "1.255.255.255", "the largest 24-bit last part"],
  ["1.16777216", undefined, "too large for 24 bits"],
  ["1.2.65535", "1.2.255.255", "the largest 16-bit last part"],
  ["1.2.65536", undefined, "too large for 16 bits"],
  ["4294967295", "255.255.255.255", "the largest single number"],
  ["4294967296", undefined, "33 bits"],
  ["0x100000000", undefined, "33 bits in hex"],
  ["0x0000000000000000000000007f.1", "127.0.0.1", "leading zeros do not overflow"],
  ["00000000000000000000000000127.1", "87.0.0.1", "octal, however many zeros"],
  ["0", "0.0.0.0", "zero"],
  ["0x", undefined, "0x needs a hex digit"],
  ["0xg", undefined, "not a hex digit"],
  ["08", undefined, "8 is no octal digit"],
  ["256.1", undefined, "a leading part above 255"],
  ["1.2.3.4.5", undefined, "five parts"],
  [".1", undefined, "an empty part"],
  ["1..1", undefined, "an empty part"],
  ["127.1.", undefined, "inet_aton() does not take a trailing dot"],
  ["", undefined, "nothing"],
  ["1e3", undefined, "no exponents"],
  ["+1", undefined, "no signs"],
];

describe("readInetAton()", () => {
  test.each(INET_ATON)("%j reads as %s (%s)", (text, dotted) => {
    expect(readInetAton(text)?.dotted).toBe(dotted);
  });

  test("octets, parts and bases", () => {
    expect(readInetAton("0x7f.1.01")).toEqual({ octets: [127, 1, 0, 1], dotted: "127.1.0.1", parts: 3, bases: [16, 10, 8] });
    // In C a lone "0" is an octal constant.
    expect(readInetAton("0.0")?.bases).toEqual([8, 8]);
  });
});
