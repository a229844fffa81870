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

/**
 * The ASCII characters of a table (1 where the character is in the set) as words: "letters" and
 * "digits" where all of them are in it, then every other character quoted, in code order:
 * ["letters", "digits", "\"+\"", "\"-\"", "\".\""].
 */
export function charactersInWords(table: Uint8Array): string[] {
  const all = (from: number, to: number) => { for (let c = from; c <= to; c++) if (table[c] !== 1) return false; return true; };
  const letters = all(0x41, 0x5a) && all(0x61, 0x7a);
  const digits = all(0x30, 0x39);
  const words = [...(letters ? ["letters"] : []), ...(digits ? ["digits"] : [])];
  for (let c = 0; c < 128; c++) {
    if (table[c] !== 1) continue;
    const letter = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
    if ((letters && letter) || (digits && c >= 0x30 && c <= 0x39)) continue;
    words.push(JSON.stringify(String.fromCharCode(c)));
  }
  return words;
}

/** "a", "a and b", "a, b and c". */
export function andList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return items.slice(0, -1).join(", ") + " and " + items[items.length - 1];
}
