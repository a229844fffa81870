// Small helpers for the sentences of messages.

/**
 * "a" or "an" before a scheme name: a name without a vowel is read letter by letter ("an http",
 * "an ftp", "a ws"), any other as a word ("an imap", "a gopher").
 */
export function article(name: string): "a" | "an" {
  const first = name[0]?.toLowerCase() ?? "";
  if (!/[aeiouy]/i.test(name)) return "aefhilmnorsx".includes(first) ? "an" : "a";
  return "aeiou".includes(first) ? "an" : "a";
}
