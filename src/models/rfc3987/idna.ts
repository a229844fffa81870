// IDNA as RFC 3987 uses it (3.1 ToASCII of an ireg-name, 5.3.3 IDN equivalence), with no runtime
// dependency: ToASCII is the platform's URL host parser (the WHATWG URL Standard's domain to ASCII,
// UTS #46 processing), and Punycode (RFC 3492) is decoded here, as browsers have no ToUnicode.

/** The platform's ToASCII of one label: the host the URL parser makes of it, or undefined if it refuses it. */
export function platformToAscii(label: string): string | undefined {
  const Url = (globalThis as { URL?: typeof URL }).URL;
  if (typeof Url !== "function") return undefined;
  try {
    return new Url(`http://${label}/`).hostname;
  } catch {
    return undefined;
  }
}

/** RFC 3492 section 6.2: the code points of a Punycode string (the label after "xn--"), or undefined if it is not one. */
export function punycodeDecode(input: string): string | undefined {
  const BASE = 36, TMIN = 1, TMAX = 26, SKEW = 38, DAMP = 700;
  if (input.length > 59) return undefined; // a label has at most 63 characters
  let n = 128, i = 0, bias = 72;
  const basic = input.lastIndexOf("-");
  const output: number[] = [];
  for (let j = 0; j < basic; j++) {
    const c = input.charCodeAt(j);
    if (c >= 0x80) return undefined;
    output.push(c);
  }
  const adapt = (delta: number, points: number, first: boolean): number => {
    delta = first ? Math.floor(delta / DAMP) : delta >> 1;
    delta += Math.floor(delta / points);
    let k = 0;
    while (delta > ((BASE - TMIN) * TMAX) >> 1) { delta = Math.floor(delta / (BASE - TMIN)); k += BASE; }
    return k + Math.floor(((BASE - TMIN + 1) * delta) / (delta + SKEW));
  };
  for (let at = basic > 0 ? basic + 1 : 0; at < input.length;) {
    const old = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (at >= input.length) return undefined;
      const c = input.charCodeAt(at++);
      const digit = c >= 0x30 && c <= 0x39 ? c - 22 : c >= 0x41 && c <= 0x5a ? c - 0x41 : c >= 0x61 && c <= 0x7a ? c - 0x61 : BASE;
      if (digit >= BASE) return undefined;
      i += digit * w;
      const t = k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
      if (digit < t) break;
      w *= BASE - t;
      if (i > 0x10ffff * 64) return undefined;
    }
    const points = output.length + 1;
    bias = adapt(i - old, points, old === 0);
    n += Math.floor(i / points);
    i %= points;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return undefined;
    output.splice(i, 0, n);
    i++;
  }
  return String.fromCodePoint(...output);
}

/**
 * The label as ToUnicode(ToASCII(label)) gives it, the form 5.3.3 compares IDN components in
 * ("SHOULD be character normalized by using the Nameprep process; however, for legibility
 * purposes, they SHOULD NOT be converted into ACE"): through the platform's ToASCII (UTS #46
 * mapping: case folding, NFKC, nontransitional), then the Punycode decoded back. An "xn--" label is
 * decoded the same way, so "xn--rsum-bpad" and "RÉSUMÉ" are both "résumé". undefined
 * when the platform refuses the label or it does not come back as one valid label.
 */
export function idnLabel(label: string): string | undefined {
  const ascii = platformToAscii(label);
  if (ascii === undefined || !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(ascii)) return undefined;
  if (!ascii.startsWith("xn--")) return ascii;
  return punycodeDecode(ascii.slice(4));
}
