// Section 7.3: the rare IPv4 address formats that platform routines such as inet_aton() accept
// although the grammar's IPv4address (section 3.2.2) allows only four dotted decimal octets.
//
// The reading is that of the BSD / GNU C library inet_aton(), the one section 7.3 describes:
//  - one to four parts separated by ".", none of them empty;
//  - each part is a C integer: "0x" or "0X" and at least one hex digit is hexadecimal, otherwise a
//    leading "0" is octal (digits 0-7), otherwise decimal;
//  - with four parts each is an octet; with three the last is a 16-bit quantity placed in the
//    right-most two bytes ("Class B"); with two the last is a 24-bit quantity ("Class A"); a single
//    part is the whole 32-bit address. Every part before the last is at most 255.

/** How inet_aton() reads a string that section 3.2.2's IPv4address does not allow. */
export interface IPv4Reading {
  /** The 32-bit address as four octets. */
  readonly octets: readonly [number, number, number, number];
  /** The address in the dotted-decimal form of section 3.2.2: "127.0.0.1". */
  readonly dotted: string;
  /** The number of dotted parts read (1-4). */
  readonly parts: number;
  /** The bases the parts were written in, left to right. */
  readonly bases: readonly (8 | 10 | 16)[];
}

/** The largest value of the last part, by number of parts (section 7.3). */
const LAST_PART_MAX = [0, 0xffffffff, 0xffffff, 0xffff, 0xff];

/**
 * The address inet_aton() would read from `text`, or undefined when it reads none.
 * Runs in time linear in the length of `text`.
 */
export function readInetAton(text: string): IPv4Reading | undefined {
  if (typeof text !== "string") {
    throw new TypeError(`readInetAton: text must be a string, got ${text === null ? "null" : typeof text}`);
  }
  const pieces = text.split(".");
  if (pieces.length > 4) return undefined;
  const values: number[] = [];
  const bases: (8 | 10 | 16)[] = [];
  for (const piece of pieces) {
    const part = readPart(piece);
    if (!part) return undefined;
    values.push(part.value);
    bases.push(part.base);
  }
  const n = values.length;
  for (let i = 0; i < n - 1; i++) if (values[i] > 0xff) return undefined;
  if (values[n - 1] > LAST_PART_MAX[n]) return undefined;
  // Leading parts are the leading octets; the last part fills the remaining bytes.
  let address = values[n - 1];
  for (let i = 0; i < n - 1; i++) address += values[i] * 2 ** (8 * (3 - i));
  const octets = [address >>> 24 & 0xff, address >>> 16 & 0xff, address >>> 8 & 0xff, address & 0xff] as const;
  return { octets, dotted: octets.join("."), parts: n, bases };
}

/** One part as a C integer constant (strtoul with base 0), or undefined. */
function readPart(piece: string): { value: number; base: 8 | 10 | 16 } | undefined {
  let base: 8 | 10 | 16 = 10;
  let digits = piece;
  if (/^0[xX]/.test(piece)) {
    base = 16;
    digits = piece.slice(2);
    if (!/^[0-9A-Fa-f]+$/.test(digits)) return undefined;
  } else if (piece.startsWith("0")) {
    base = 8;
    if (!/^[0-7]+$/.test(digits)) return undefined;
  } else if (!/^[0-9]+$/.test(digits)) {
    return undefined;
  }
  // Leading zeros do not count towards overflow; anything above 32 bits is rejected.
  const significant = digits.replace(/^0+/, "") || "0";
  if (significant.length > 11) return undefined;
  const value = parseInt(significant, base);
  if (value > 0xffffffff) return undefined;
  return { value, base };
}
