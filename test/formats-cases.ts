// What JSON Schema's formats accept and reject (draft 2020-12, Validation section 7.3), by the
// rule and section of the document each case turns on. test/formats.test.ts and
// test/ajv.test.ts run the cases of every format whose edition the package holds.
import type { FormatName } from "../src/formats.js";

export interface FormatCases { readonly valid: readonly string[]; readonly invalid: readonly string[] }

export const CASES: { readonly [F in FormatName]: FormatCases } = {
  // RFC 3986 section 3.2.2, IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet.
  ipv4: {
    valid: ["0.0.0.0", "255.255.255.255", "192.0.2.1", "10.0.0.99", "1.22.100.249"],
    invalid: [
      "256.0.0.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1.2.3.004", "1.2.3.4 ", " 1.2.3.4", "1.2.3.4/24", "0x7f.0.0.1", "127.1",
      "\u0661.2.3.4", "1..3.4", "", "::1",
    ],
  },
  // Section 3.2.2's IPv6address: RFC 4291 section 2.2's three text forms; no zone, no brackets.
  ipv6: {
    valid: ["::", "::1", "1::", "1:2:3:4:5:6:7:8", "FE80::a:B", "::ffff:192.0.2.1", "1:2:3:4:5:6:7::", "1:2:3:4:5:6:1.2.3.4", "0000:0:0:0:0:0:0:1"],
    invalid: [
      "fe80::1%eth0", "fe80::1%25eth0", "[::1]", "::1/128", "1:2:3:4:5:6:7:8:9", "1::2::3", "12345::", "::ffff:01.2.3.4",
      ":::", "1:2:3:4:5:6:7", " ::1", "::ffff:256.1.1.1", "1:2:3:4:5:6:7:1.2.3.4", "g::", "", "1.2.3.4",
    ],
  },
  // Section 3, URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ].
  uri: {
    valid: [
      "http://a/b?c#d", "a:", "urn:", "http:/x", "urn:isbn:0451450523", "mailto:John.Doe@example.com", "HTTP://A", "http://[::1]:80/",
      "http://[v7.x]/", "http://a:/", "http://@a/", "s:a?#", "ftp://u:p@[2001:db8::7]/c=GB?objectClass?one", "tel:+1-816-555-1212",
    ],
    invalid: [
      "a/b", "//a", "", "#f", "http://a b", "http://a/%zz", "http://[::1", "http://a:80a/", "http://user@@host/", "1http://a",
      "http://a/#b#c", "http://[::ffff:01.2.3.4]/", "http://\u00e4/", "http://a/\"", "http://a/{x}", "C:\\Users\\me", ":a",
    ],
  },
  // Section 4.1, URI-reference = URI / relative-ref.
  "uri-reference": {
    valid: ["", "#f", "?q", "//a", "../a", "a:", "http://a/b", ".", "./a:b", "//[::1]", "#", "a/b;c=d"],
    invalid: ["a b", "%", "1::", ":", "http://a/#b#c", "[", "\u00fc", "//a:80a/", "a\\b", "#a#b", "//[::1"],
  },
  // RFC 3987 section 2.2, IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]: RFC 3986's
  // syntax with ucschar among the unreserved characters, and iprivate in the query only.
  iri: {
    valid: [
      "http://a/b?c#d", "a:", "http://\u4f8b\u3048.\u30c6\u30b9\u30c8/\u30d1\u30b9", "http://a/\u00fc?\u00f6#\u00e4", "http://a/?\ue000",
      "urn:isbn:0451450523", "http://[::1]/\u00e9",
    ],
    invalid: ["\u00fc/a", "//a", "", "http://a/ b", "http://a/%zz", "http://a/\ue000", "http://a/#\ue000", "http://a/\ufffe", "http://a:80a/"],
  },
  // RFC 3987 section 2.2, IRI-reference = IRI / irelative-ref.
  "iri-reference": {
    valid: ["", "\u00fc/\u00f6", "//\u4f8b\u3048.jp", "#\u00e4", "?\ue000", "http://a/\u00fc"],
    invalid: ["a b", "%zz", "1::", "\u00fc\ue000", "#a#b", "http://a/\ufffe"],
  },
};
