// audit() in the edition "rfc3986": the checks of RFC 3986 section 7 (and the lookalikes of 3.2.2
// and 3.2.3), each cited by RFC 3986's own section, with the exact span of the input it is about.
import {
  EDITIONS, UriSyntaxError, audit, parse, type AuditCode, type AuditFinding, type AuditOptions, type AuditSeverity,
} from "../../../src/index.js";
import { auditReference } from "../../../src/models/rfc3986/audit.js";

function audit3986(input: string, options?: AuditOptions): AuditFinding[] {
  return audit(input, { ...options, edition: "rfc3986" });
}

/** input | code | severity | RFC 3986 section | the exact text the finding is about | detail | why */
type Row = [string, AuditCode, AuditSeverity, string, string, string | undefined, string];

const FINDINGS: Row[] = [
  // 7.6 semantic attacks
  ["ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm", "misleading-userinfo", "danger", "7.6",
    "cnn.example.com&story=breaking_news", "10.0.0.1", "RFC 3986's own example"],
  ["http://trusted.example.org@evil.example/", "misleading-userinfo", "danger", "7.6", "trusted.example.org", "evil.example",
    "a domain name as userinfo"],
  ["http://10.1.2.3@evil.example/", "misleading-userinfo", "danger", "7.6", "10.1.2.3", "evil.example",
    "an IPv4address (the edition's ipv4 rule) as userinfo"],
  ["http://login.example.com.@evil.example/", "misleading-userinfo", "danger", "7.6", "login.example.com.", "evil.example",
    "a fully qualified name with the root's trailing dot"],
  ["http://a=b&c@h/", "misleading-userinfo", "warning", "7.6", "a=b&c", "h", "\"&\" and \"=\" read like a query"],
  ["http://v1.2@h/", "misleading-userinfo", "warning", "7.6", "v1.2", "h", "a top label that starts with a digit is no host name"],
  ["http://-a.example@h/", "misleading-userinfo", "warning", "7.6", "-a.example", "h",
    "a label may not begin with a hyphen (RFC 1034 3.5), so only the \".\" is noted"],
  ["ftp://anonymous@ftp.example/", "userinfo", "info", "7.6", "anonymous", "ftp.example", "plain userinfo is only noted"],
  ["http://@h/", "userinfo", "info", "7.6", "", "h", "empty userinfo is still userinfo"],
  // 7.5 sensitive information
  ["ftp://user:secret@ftp.example/", "password", "warning", "7.5", "secret", undefined, "user:password in clear text"],
  ["http://user:@h/", "password", "info", "7.5", "", undefined, "an empty password is not a secret"],
  ["http://u:p:q@h/", "password", "warning", "7.5", "p:q", undefined, "everything after the first \":\""],
  ["//u:pw@h/", "password", "warning", "7.5", "pw", undefined, "in a relative reference too"],
  // 7.2 malicious construction: ports
  ["http://h:25/", "port-other-protocol", "danger", "7.2", "25", "25", "7.2's own example: SMTP's port"],
  ["https://h:22/", "port-other-protocol", "danger", "7.2", "22", "22", "SSH"],
  ["http://h:0025/", "port-other-protocol", "danger", "7.2", "0025", "25", "leading zeros do not hide the number"],
  ["http://[::1]:25/", "port-other-protocol", "danger", "7.2", "25", "25", "after an IP-literal"],
  ["http://h:1000/", "port-reserved", "warning", "7.2", "1000", "1000", "not the default and within 0-1023"],
  ["http://h:8080/", "port-not-default", "info", "7.2", "8080", "8080", "not the default, outside the reserved space"],
  ["foo://h:25/", "port-other-protocol", "info", "7.2", "25", "25", "the scheme's default is not known"],
  // 3.2.3 port
  ["http://h:65561/", "port-out-of-range", "warning", "3.2.3", "65561", "25", "65561 mod 65536 is 25"],
  ["http://h:65561/", "port-other-protocol", "danger", "7.2", "65561", "25", "and 25 is SMTP"],
  ["http://h:99999999999999999999999/", "port-out-of-range", "warning", "3.2.3", "99999999999999999999999", "65535",
    "a port longer than any number type"],
  // 7.2 escaped CR and LF
  ["http://h/a%0D%0Ab", "escaped-control", "warning", "7.2", "%0D%0A", undefined, "CR LF in the path, one finding for the run"],
  ["http://h/?x=%0d%0a", "escaped-control", "warning", "7.2", "%0d%0a", undefined, "lower-case hex digits too"],
  ["http://h/#a%0A", "escaped-control", "info", "7.2", "%0A", undefined, "the fragment is not sent"],
  ["http://a%0Db/", "escaped-control", "danger", "7.2", "%0D", undefined, "in the authority (a reg-name)"],
  ["mailto:a@b.example?subject=%0D%0ABcc:c@d.example", "escaped-control", "warning", "7.2", "%0D%0A", undefined,
    "header injection through the query"],
  // 7.3 back-end transcoding
  ["http://h/a%00.png", "escaped-nul", "warning", "7.3", "%00", undefined, "NUL truncates strings in C"],
  ["http://h/?a=%00%00", "escaped-nul", "warning", "7.3", "%00%00", undefined, "one finding for a run"],
  ["http://a%00b/", "escaped-nul", "danger", "7.3", "%00", undefined, "in the host"],
  ["http://h/#%00", "escaped-nul", "info", "7.3", "%00", undefined, "in the fragment"],
  ["http://h/a%2Fb", "escaped-delimiter", "warning", "7.3", "%2F", undefined, "an escaped \"/\" in a path segment"],
  ["http://h/a%2fb", "escaped-delimiter", "warning", "7.3", "%2f", undefined, "lower-case hex digits too"],
  ["file:///C:/a%5Cb", "escaped-delimiter", "warning", "7.3", "%5C", undefined, "an escaped \"\\\" (7.3's file systems)"],
  ["http://evil.example%2Fgood.example/", "escaped-delimiter", "danger", "7.3", "%2F", undefined,
    "an escaped \"/\" in a reg-name: decoded, the host ends earlier"],
  ["http://evil%40good.example/", "escaped-delimiter", "danger", "7.3", "%40", undefined, "an escaped \"@\" in a reg-name"],
  ["http://h/?q=a%26admin%3D1", "escaped-delimiter", "info", "7.3", "%26", undefined, "an escaped \"&\" in the query"],
  ["http://h/?q=a%26admin%3D1", "escaped-delimiter", "info", "7.3", "%3D", undefined, "and an escaped \"=\""],
  ["http://h/a/%2E%2E/etc/passwd", "escaped-dot-segment", "warning", "7.3", "%2E%2E", undefined,
    "remove_dot_segments keeps it; decoded it is \"..\""],
  ["http://h/a/.%2e/b", "escaped-dot-segment", "warning", "7.3", ".%2e", undefined, "half escaped"],
  ["http://h/a/%2e/b", "escaped-dot-segment", "warning", "7.3", "%2e", undefined, "an escaped \".\""],
  ["%2e%2e/x", "escaped-dot-segment", "warning", "7.3", "%2e%2e", undefined, "the first segment of a relative path"],
  // 7.4 rare IP address formats
  ["http://2130706433/", "ipv4-form", "danger", "7.4", "2130706433", "127.0.0.1", "a single 32-bit number"],
  ["http://127.1/", "ipv4-form", "danger", "7.4", "127.1", "127.0.0.1", "two parts: the last is 24 bits"],
  ["http://10.0.258/", "ipv4-form", "danger", "7.4", "10.0.258", "10.0.1.2", "three parts: the last is 16 bits"],
  ["http://0x7f.1/", "ipv4-form", "danger", "7.4", "0x7f.1", "127.0.0.1", "hexadecimal"],
  ["http://0177.0.0.1/", "ipv4-form", "danger", "7.4", "0177.0.0.1", "127.0.0.1", "octal"],
  ["http://01.02.03.04/", "ipv4-form", "danger", "7.4", "01.02.03.04", "1.2.3.4", "leading zeros, which dec-octet forbids"],
  ["http://u@0x7f.1:80/", "ipv4-form", "danger", "7.4", "0x7f.1", "127.0.0.1", "the span is the host alone"],
  ["http://127.1./", "ipv4-form", "danger", "7.4", "127.1.", "127.0.0.1", "a trailing dot, as browsers read it"],
  ["http://%31%32%37.1/", "ipv4-form", "danger", "7.4", "%31%32%37.1", "127.0.0.1",
    "escaped digits, which normalization (6.2.2.2) decodes"],
  ["//0x7f.1/x", "ipv4-form", "danger", "7.4", "0x7f.1", "127.0.0.1", "in a relative reference too"],
  ["http://%31%32%37.0.0.1/", "ipv4-form", "danger", "7.4", "%31%32%37.0.0.1", "127.0.0.1", "decoded, an IPv4address"],
  ["http://[::ffff:127.0.0.1]/", "ipv4-in-ipv6", "danger", "7.4", "[::ffff:127.0.0.1]", "127.0.0.1", "IPv4-mapped"],
  ["http://[::ffff:7f00:1]/", "ipv4-in-ipv6", "danger", "7.4", "[::ffff:7f00:1]", "127.0.0.1", "IPv4-mapped, in hex"],
  ["http://[::7f00:1]/", "ipv4-in-ipv6", "warning", "7.4", "[::7f00:1]", "127.0.0.1", "IPv4-compatible"],
  // 7.2 other escaped controls
  ["http://h/a%0Bb", "escaped-control", "info", "7.2", "%0B", undefined, "VT"],
  ["http://h/%09", "escaped-control", "info", "7.2", "%09", undefined, "TAB"],
  ["http://h/%7F%85", "escaped-control", "info", "7.2", "%7F%85", undefined, "DEL and NEL"],
  ["http://h%1B/", "escaped-control", "warning", "7.2", "%1B", undefined, "ESC in the host"],
  // 2.4 double escapes
  ["http://h/%252e%252e/etc", "double-escape", "warning", "2.4", "%252e%252e", "..", "decoded twice, a dot segment"],
  ["http://h/a%252Fb", "double-escape", "warning", "2.4", "%252F", "/", "decoded twice, a \"/\""],
  ["http://h/?a=%2523", "double-escape", "info", "2.4", "%2523", "#", "a \"#\" in the query"],
  // 7.6 a fragment that reads as the authority
  ["http://evil.example#@good.example/", "misleading-authority", "danger", "7.6", "@good.example", "evil.example",
    "the fragment reads as userinfo@host"],
  // 3.2.2 host
  ["http://example.123/", "numeric-label", "warning", "3.2.2", "example.123", undefined, "an all-digit top label"],
  ["http:///x", "missing-host", "warning", "3.2.2", "", undefined, "http requires a host"],
  ["http://u@/x", "missing-host", "warning", "3.2.2", "u@", undefined, "userinfo but no host"],
];

/** input | a code that must not be reported | why */
const QUIET: [string, AuditCode, string][] = [
  ["http://h/", "userinfo", "no userinfo"],
  ["http://user@h/", "misleading-userinfo", "a user name alone"],
  ["http://v1.2@h/", "password", "no \":\" in the userinfo"],
  ["http://h:80/", "port-other-protocol", "http's own port"],
  ["http://h:80/", "port-reserved", "http's own port"],
  ["http://h:/", "port-out-of-range", "an empty port"],
  ["http://h:65535/", "port-out-of-range", "the largest port"],
  ["http://[::1]/", "ipv4-form", "an IPv6address"],
  ["http://127.0.0.1/", "ipv4-form", "an IPv4address is no rare format"],
  ["http://0x7g.1/", "ipv4-form", "no hex digit \"g\""],
  ["http://256.1.1.1/", "ipv4-form", "256 is no octet for inet_aton either"],
  ["http://example.com/", "numeric-label", "a letter on top"],
  ["http://127.0.0.1/", "numeric-label", "an IPv4address, not a reg-name"],
  ["http://%65xample.com/", "ipv4-form", "escaped letters decode to a name"],
  ["file:///etc/passwd", "missing-host", "file allows an empty host"],
  ["http://h/a%20b", "escaped-control", "a space is no line delimiter"],
  ["http://h/a%00b", "escaped-control", "NUL is escaped-nul (7.3)"],
  ["http://h/a%2e%2e", "double-escape", "escaped once: escaped-dot-segment's"],
  ["http://h/%2541", "double-escape", "decoded twice, a letter"],
  ["http://evil.example/#@good.example", "misleading-authority", "the \"/\" ended the authority"],
  ["http://[::1]/", "local-address", "only with the option fetch"],
  ["http://h/a%100", "escaped-nul", "%10 then 0"],
  ["http://u%2Fv@h/", "escaped-delimiter", "userinfo needs escapes to hold \"/\", \"@\", \":\""],
  ["http://u%40v@h/", "escaped-delimiter", "an escaped \"@\" in a user name"],
  ["http://h/a%2Db", "escaped-delimiter", "%2D is \"-\""],
  ["http://h/a?x=%2F", "escaped-delimiter", "\"/\" means nothing to a query's pairs"],
  ["http://h/a#%2F", "escaped-delimiter", "the fragment is not sent"],
  ["http://h/%2E%2E%2E", "escaped-dot-segment", "\"...\" is not a dot-segment"],
  ["http://h/a%2Eb", "escaped-dot-segment", "an escaped dot within a name"],
  ["http://h/../a", "escaped-dot-segment", "a plain \"..\" is not escaped (and resolution removes it)"],
  ["http://h/?%2E%2E", "escaped-dot-segment", "only the path has segments"],
];

describe("audit in RFC 3986: findings", () => {
  it.each(FINDINGS)("%s: %s %s (%s) %j", (input, code, severity, section, text, detail, _why) => {
    const findings = audit3986(input);
    const match = findings.filter((f) => f.code === code && f.text === text);
    expect(match.map((f) => [f.severity, f.section])).toEqual([[severity, section]]);
    const [f] = match;
    expect(input.slice(f.start, f.end)).toBe(f.text);
    expect(f.detail).toBe(detail);
    expect(f.message.length).toBeGreaterThan(20);
  });
});

describe("audit in RFC 3986: what does not fire", () => {
  it.each(QUIET)("%s: no %s (%s)", (input, code) => {
    expect(audit3986(input).filter((f) => f.code === code)).toEqual([]);
  });
});

describe("audit in RFC 3986: spans and options", () => {
  it("finds nothing in a plain URI", () => {
    expect(audit3986("http://www.example.com/a/b?c=d#e")).toEqual([]);
  });

  it("points every span of the semantic attack at the text", () => {
    const input = "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm";
    // The URL Standard percent-encodes the "=" of that userinfo: a parser differential on the same span.
    expect(audit3986(input).map((f) => [f.code, f.start, f.end])).toEqual([["misleading-userinfo", 6, 41], ["parser-differential", 6, 41]]);
  });

  it("keeps input order, the most severe first at one span", () => {
    const f = audit3986("http://u:p@h:65561/a%00?x=%26");
    expect(f.map((x) => [x.code, x.start])).toEqual([
      ["userinfo", 7], ["password", 9], ["port-other-protocol", 13], ["port-out-of-range", 13], ["parser-differential", 13],
      ["escaped-nul", 20], ["escaped-delimiter", 26],
    ]);
  });

  it("leaves out findings below minSeverity", () => {
    const input = "ftp://user:secret@ftp.example:8021/a%2Fb?q=%26";
    expect(audit3986(input).map((f) => f.severity)).toEqual(["info", "warning", "info", "warning", "info"]);
    expect(audit3986(input, { minSeverity: "warning" }).map((f) => f.code)).toEqual(["password", "escaped-delimiter"]);
    expect(audit3986(input, { minSeverity: "danger" })).toEqual([]);
  });

  it("with the option fetch, reports hosts that are the machine itself (7.4)", () => {
    const local = (input: string) => audit3986(input, { fetch: true }).filter((f) => f.code === "local-address").map((f) => [f.text, f.detail]);
    expect(local("http://[::1]:8080/")).toEqual([["[::1]", "::1"]]);
    expect(local("http://127.0.0.1/")).toEqual([["127.0.0.1", "127.0.0.1"]]);
    expect(local("http://%31%32%37.1/")).toEqual([["%31%32%37.1", "127.0.0.1"]]);
    expect(local("http://0.0.0.0/")).toEqual([["0.0.0.0", "0.0.0.0"]]);
    expect(local("http://[::ffff:7f00:1]/")).toEqual([["[::ffff:7f00:1]", "127.0.0.1"]]);
    expect(local("http://localhost/")).toEqual([["localhost", "localhost"]]);
    expect(local("http://[v1.x]/")).toEqual([]);
    expect(local("http://example.com/")).toEqual([]);
    expect(audit3986("http://[::1]/", { fetch: true })[0].section).toBe("7.4");
  });

  it("takes defaultPorts and serverSchemes", () => {
    expect(audit3986("foo://h:25/", { defaultPorts: { foo: 25 } })).toEqual([]);
    expect(audit3986("foo:///x").map((f) => f.code)).toEqual([]);
    expect(audit3986("foo:///x", { serverSchemes: ["FOO"] }).map((f) => f.code)).toEqual(["missing-host"]);
  });

  it("rejects bad input, bad options and a reference that is not the input", () => {
    expect(() => audit(42 as unknown as string, { edition: "rfc3986" })).toThrow(TypeError);
    expect(() => audit3986("http://h/", { minSeverity: "high" as AuditSeverity })).toThrow(TypeError);
    expect(() => audit("http://h/", { edition: "rfc3986", minSeverity: "high" as AuditSeverity })).toThrow(/minSeverity/);
    expect(() => audit("http://h/ x", { edition: "rfc3986", minSeverity: "high" as AuditSeverity })).toThrow(TypeError);
    expect(() => audit3986("http://h/ x")).toThrow(UriSyntaxError);
    // "[v1.x]" is an IPvFuture in RFC 3986 and no host at all in the draft
    expect(audit3986("http://[v1.x]:25/").map((f) => f.code)).toEqual(["parser-differential", "port-other-protocol"]);
    expect(() => audit("http://[v1.x]/")).toThrow(UriSyntaxError);
    const ref = parse("http://h/", { edition: "rfc3986" });
    expect(auditReference(EDITIONS.rfc3986, "http://h/", ref, undefined)).toEqual([]);
    expect(() => auditReference(EDITIONS.rfc3986, "http://other/", ref, undefined)).toThrow(TypeError);
  });
});
