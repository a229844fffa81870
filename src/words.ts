// Small helpers for the sentences of messages.

/**
 * "a" or "an" before a name: a name without a vowel is read letter by letter ("an http", "an ftp",
 * "a ws"), any other as a word ("an imap", "a gopher", "an unreserved"), where a "u" before a
 * consonant other than "n" sounds "you" ("a userinfo", "a uric").
 */
export function article(name: string): "a" | "an" {
  const first = name[0]?.toLowerCase() ?? "";
  if (!/[aeiouy]/i.test(name)) return "aefhilmnorsx".includes(first) ? "an" : "a";
  if (first === "u" && /^u[^aeioun]/i.test(name)) return "a";
  return "aeiou".includes(first) ? "an" : "a";
}
