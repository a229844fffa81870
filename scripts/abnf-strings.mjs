// ABNF's quoted strings, written once for every reader and generator of the build scripts (the
// acceptor's RegExps and lazy DFA, the rules' DFAs, the tagged DFA, the rule table's first
// characters, the differential's generator).
//
// RFC 5234 section 2.3 (RFC 2234 section 2.3 before it): "ABNF strings are case insensitive and the
// character set for these strings is US-ASCII", so "abc" matches "abc", "Abc", "aBc", "abC", "ABc",
// "aBC", "AbC" and "ABC". Only the letters A-Z and a-z have another case; every other character of
// a string, and every character of a case-sensitive string (RFC 7405's %s"...", read by the abnf
// package as caseSensitveString: the plain node's `ci: false`), matches itself alone.
//
// A string node is the acceptor's plain node (scripts/abnf-acceptor.mjs toPlain()):
// { kind: "str", text, ci }.

/** The other case of an ASCII letter ("a" -> "A", "Q" -> "q"); undefined for any other character. */
export function otherCase(ch) {
  if (ch >= "a" && ch <= "z") return ch.toUpperCase();
  if (ch >= "A" && ch <= "Z") return ch.toLowerCase();
  return undefined;
}

/**
 * The characters that one character `ch` of a string matches: both cases of an ASCII letter in a
 * case-insensitive string, lower case first ("k" and "K", never the Kelvin sign U+212A); `ch`
 * alone otherwise.
 */
export function caseVariants(ch, ci) {
  const other = ci ? otherCase(ch) : undefined;
  if (other === undefined) return [ch];
  return ch < other ? [other, ch] : [ch, other];
}

/**
 * The characters of a string node, one entry per code point of its text: the code points that
 * character matches (caseVariants()), lower case first.
 */
export function stringCodes(node) {
  return [...node.text].map((ch) => caseVariants(ch, node.ci).map((v) => v.codePointAt(0)));
}
