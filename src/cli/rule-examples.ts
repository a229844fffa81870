// A few strings that each rule matches and does not match, for 'uri-grammar rules NAME'. Most are
// taken from the draft's own examples (section 1.3's URIs, Appendix C's references, section 6's and
// 7.5's URIs); test/cli.test.ts checks every verdict against the grammar.
import type { RuleName } from "../index.js";

export interface RuleExamples {
  readonly match: readonly string[];
  readonly noMatch: readonly string[];
}

export const RULE_EXAMPLES: Readonly<Record<RuleName, RuleExamples>> = {
  "uric": { match: ["a", "/", "[", "%7A"], noMatch: ["#", " ", "%7"] },
  "reserved": { match: [";", "/", "?", "[", ","], noMatch: ["a", "#", "%"] },
  "unreserved": { match: ["a", "7", "~", "!"], noMatch: ["/", "%", "{"] },
  "mark": { match: ["-", "_", ".", "~", "("], noMatch: ["a", "/", "%"] },
  "escaped": { match: ["%20", "%7a", "%7A"], noMatch: ["%", "%2", "%G0", "%%"] },
  "delims": { match: ["<", ">", "#", "%", "\""], noMatch: ["{", "/", "a"] },
  "unwise": { match: ["{", "}", "|", "\\", "^", "`"], noMatch: ["<", "[", "a"] },
  "absolute-URI": {
    match: ["ftp://ftp.is.co.za/rfc/rfc1808.txt", "mailto:John.Doe@example.com", "news:comp.infosystems.www.servers.unix", "g:h"],
    noMatch: ["//g", "../g", "http://a/b#s", "1http://a/"],
  },
  "hier-part": { match: ["//www.ietf.org/rfc/rfc2396.txt", "/a/b?q", "?y", ""], noMatch: ["a/b", "//a#s"] },
  "net-path": { match: ["//g", "//melvyl.ucop.edu/", "//a/b/c"], noMatch: ["/g", "///a?", "g"] },
  "abs-path": { match: ["/g", "/", "/a/./b;p"], noMatch: ["g", "/a?q", ""] },
  "opaque-part": { match: ["John.Doe@example.com", "comp.infosystems.www.servers.unix", "?q[1]"], noMatch: ["/a", "", "a#b"] },
  "uric-no-slash": { match: ["a", "?", "[", "%2F"], noMatch: ["/", "#", " "] },
  "scheme": { match: ["http", "eXAMPLE", "soap.beep+", "z39.50r"], noMatch: ["1http", "", "-a", "a_b"] },
  "authority": { match: ["www.ietf.org", "a@b@c", "melvyl.ucop.edu:23", ""], noMatch: ["a/b", "a b", "[fe80::1"] },
  "reg-name": { match: ["a@b@c", "h:1:2", "foo.org:80Path"], noMatch: ["", "a/b", "[::1]"] },
  "server": {
    match: ["www.example.com&story=breaking_news@10.0.0.1", "user@example.com:8080", "[FEDC:BA98::3210]:80", ""],
    noMatch: ["a@b@c", "h:1:2", "-a.com"],
  },
  "userinfo": { match: ["John.Doe", "user:password", "a;b=c", ""], noMatch: ["a@b", "a/b", "a b"] },
  "hostport": { match: ["gopher.tc.umn.edu:70", "10.0.0.1", "[::1]:"], noMatch: ["", ":80", "a:b"] },
  "host": { match: ["www.ietf.org", "10.0.0.1", "[::1]", "example.com."], noMatch: ["", "a_b", "-a", "a:80"] },
  "port": { match: ["80", "", "99999"], noMatch: ["http", "8o", "-1"] },
  "hostname": { match: ["www.ietf.org", "example.com.", "a", "1.2.3.999"], noMatch: ["a-", "-a", "a..b", ""] },
  "qualified": { match: [".ietf.org", "", ".com."], noMatch: ["ietf", ".-a", ".."] },
  "domainlabel": { match: ["www", "a", "a-b", "123"], noMatch: ["-a", "a-", "", "a.b"] },
  "toplabel": { match: ["org", "a", "x-1"], noMatch: ["1a", "-a", "a-", ""] },
  "alphanum": { match: ["a", "Z", "7"], noMatch: ["-", "_", ""] },
  "IPv4address": { match: ["10.0.0.1", "255.255.255.255", "0.0.0.0"], noMatch: ["256.0.0.1", "01.2.3.4", "1.2.3", "127.1"] },
  "dec-octet": { match: ["0", "9", "99", "199", "249", "255"], noMatch: ["256", "00", "012", ""] },
  "IPv6reference": { match: ["[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]", "[::1]", "[::192.9.5.5]"], noMatch: ["::1", "[::1", "[1::2::3]"] },
  "IPv6address": {
    match: ["FEDC:BA98:7654:3210:FEDC:BA98:7654:3210", "1080::8:800:200C:417A", "::FFFF:129.144.52.38", "::", "fe80::1"],
    noMatch: ["1::2::3", "[::1]", "1:2:3:4:5:6:7", "12345::"],
  },
  "ls32": { match: ["0:0", "129.144.52.38", "FFFF:1"], noMatch: ["0", "1:2:3", "1.2.3"] },
  "h4": { match: ["0", "FEDC", "200c"], noMatch: ["", "12345", "g"] },
  "path": { match: ["/a/b", "", "John.Doe@example.com"], noMatch: ["a#b", "/a b"] },
  "path-segments": { match: ["a/b/c", "", "a;p/b;q"], noMatch: ["a?b", "a#b", "a b"] },
  "segment": { match: ["rfc1808.txt", "", "b;p", ".."], noMatch: ["a/b", "a?b"] },
  "pchar": { match: ["a", ":", "@", "%7A", ";"], noMatch: ["/", "?", "#", "["] },
  "query": { match: ["q", "y/./x", "a=1&b=2", ""], noMatch: ["a#b", "a b", "[1]"] },
  "URI-reference": {
    match: ["http://www.ietf.org/rfc/rfc2396.txt", "g;x?y#s", "#s", "", "../../../g"],
    noMatch: ["http://a b", "a:b:c#d#e", "%zz", "<http://a/>"],
  },
  "absolute-URI-reference": { match: ["http://www.ics.uci.edu/pub/ietf/uri/#Related", "g:h"], noMatch: ["../g", "#s", ""] },
  "fragment": { match: ["Related", "s/./x", "", "a?b"], noMatch: ["a#b", "a b"] },
  "relative-URI": { match: ["g", "./g", "//g", "?y", "g;x?y", ""], noMatch: ["g:h", "a:b/c", "#s"] },
  "rel-path": { match: ["g", "../g", "g;x=1/../y"], noMatch: ["/g", "a:b", ""] },
  "rel-segment": { match: ["g", "..", "g;x=1"], noMatch: ["a:b", "", "a/b"] },
  "ALPHA": { match: ["a", "Z"], noMatch: ["1", "-", ""] },
  "DIGIT": { match: ["0", "9"], noMatch: ["a", ""] },
  "HEXDIG": { match: ["0", "A", "f"], noMatch: ["g", "G", ""] },
  "DQUOTE": { match: ["\""], noMatch: ["'", ""] },
};
