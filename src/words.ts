// Small helpers for the sentences of messages.

/**
 * "a" or "an" before a name: a name without a vowel is read letter by letter ("an http", "an ftp",
 * "a ws"), any other as a word ("an imap", "a gopher", "an unreserved"), where a "u" before a
 * consonant other than "n" sounds "you" ("a userinfo", "a uric"), and an initial "x" is its letter.
 */
export function article(name: string): "a" | "an" {
  const first = name[0]?.toLowerCase() ?? "";
  if (!/[aeiouy]/i.test(name)) return "aefhilmnorsx".includes(first) ? "an" : "a";
  if (first === "u" && /^u[^aeioun]/i.test(name)) return "a";
  // An initial "x" is read as its letter ("an xalpha", "an xpalphas": the 1993 draft's extended alpha).
  if (first === "x") return "an";
  return "aeiou".includes(first) ? "an" : "a";
}
