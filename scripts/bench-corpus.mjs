#!/usr/bin/env node
// The benchmark corpus: URI references of realistic shape, generated from a seed, so every run
// measures the same strings. Nothing here is committed; bench.mjs writes the corpus it used into
// bench-results/ beside the numbers.
//
//   about 60%  http/https URLs: 2-4 labels, optional port, 2-8 path segments, queries, fragments,
//              some escapes
//          5%  IPv4 and IPv6 hosts (full, compressed, with an embedded IPv4 address)
//          7%  opaque URIs: mailto, urn, news, tel
//          8%  ftp/file, often with userinfo
//         15%  relative references
//          5%  invalid strings of the kinds users produce (spaces, a second "#", "%" without two
//              hex digits, non-ASCII, unbalanced "[", brackets and quotes, backslashes)
//
// Usage as a module: generateCorpus({ count, seed }) -> { refs: string[], kinds: string[] }
// Usage as a script: node scripts/bench-corpus.mjs [--count N] [--seed S] [--out FILE]
import { writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { mulberry32 } from "./grammar-fuzz.mjs";

const WORDS = ["www", "api", "cdn", "mail", "static", "docs", "example", "shop", "news", "blog", "img",
  "login", "assets", "search", "wiki", "media", "files", "dev", "beta", "m", "app", "data", "auth", "video"];
const TLDS = ["com", "org", "net", "de", "io", "co", "uk", "fr", "jp", "info", "edu", "gov"];
const SEGMENTS = ["index.html", "about", "products", "2023", "05", "user", "profile", "images", "logo.png",
  "v1", "v2", "items", "search", "a", "b", "c", "en-US", "article", "page", "style.css", "app.js", "docs",
  "README", "download", "archive.tar.gz", "~user", "(draft)", "it's", "a;b=c", "x,y"];
const KEYS = ["q", "id", "page", "lang", "sort", "ref", "utm_source", "utm_medium", "session", "from", "to", "v"];
const VALUES = ["1", "42", "en", "asc", "desc", "true", "home", "newsletter", "abc123", "hello%20world",
  "a+b", "%E2%82%AC", "x/y", "2024-01-01", "caf%C3%A9", "", "foo?bar"];

export function generateCorpus({ count = 100_000, seed = 2003 } = {}) {
  // The same seeded PRNG as the differential check: the same seed gives the same corpus everywhere.
  const rnd = mulberry32(seed).next;
  const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  const chance = (p) => rnd() < p;
  const hex = () => "0123456789ABCDEFabcdef"[int(0, 21)];
  const h4 = () => { let s = ""; for (let i = int(1, 4); i > 0; i--) s += "0123456789abcdef"[int(0, 15)]; return s; };
  const octet = () => String(chance(0.3) ? int(0, 9) : chance(0.5) ? int(10, 99) : int(100, 255));
  const ipv4 = () => `${octet()}.${octet()}.${octet()}.${octet()}`;

  function hostname() {
    const labels = [];
    for (let i = int(2, 4) - 1; i > 0; i--) labels.push(pick(WORDS) + (chance(0.15) ? `-${int(1, 99)}` : ""));
    labels.push(pick(TLDS));
    return labels.join(".") + (chance(0.01) ? "." : "");
  }
  function ipv6() {
    const groups = Array.from({ length: 8 }, h4);
    switch (int(0, 3)) {
      case 0: return groups.join(":"); // full
      case 1: { // compressed
        const a = int(0, 3), b = int(0, 3);
        return `${groups.slice(0, a).join(":")}::${groups.slice(8 - b).join(":")}`;
      }
      case 2: return `${groups.slice(0, 6).join(":")}:${ipv4()}`; // full with an IPv4 tail
      default: return pick(["::ffff:", "::", "64:ff9b::", "fe80::1:"]) + ipv4(); // compressed with an IPv4 tail
    }
  }
  function segment() {
    let s = pick(SEGMENTS);
    if (chance(0.1)) s += `%${hex()}${hex()}`;
    return s;
  }
  function absPath(max, min = 0) {
    let p = "";
    for (let i = int(min, max); i > 0; i--) p += "/" + segment();
    return p;
  }
  function query() {
    const parts = [];
    for (let i = int(1, 5); i > 0; i--) parts.push(`${pick(KEYS)}=${pick(VALUES)}`);
    return parts.join("&");
  }
  const tail = (pq = 0.35, pf = 0.12) => (chance(pq) ? "?" + query() : "") + (chance(pf) ? "#" + pick(["top", "section-2", "", "a/b?c", "%20x"]) : "");

  function http() {
    const scheme = chance(0.7) ? "https" : "http";
    const user = chance(0.02) ? pick(["user", "user:pass", "a%40b"]) + "@" : "";
    const port = chance(0.1) ? ":" + pick(["80", "443", "8080", "3000", ""]) : "";
    return `${scheme}://${user}${hostname()}${port}${absPath(8, 2)}${tail(0.7, 0.2)}`;
  }
  function ipHost() {
    const host = chance(0.5) ? ipv4() : `[${ipv6()}]`;
    return `${pick(["http", "https", "ldap", "telnet"])}://${host}${chance(0.3) ? ":" + int(1, 65535) : ""}${absPath(3)}${tail(0.2, 0.05)}`;
  }
  function opaque() {
    switch (int(0, 3)) {
      case 0: return `mailto:${pick(["John.Doe", "info", "a.b+c"])}@${hostname()}${chance(0.2) ? "?subject=Hello%20there" : ""}`;
      case 1: return `urn:${pick(["isbn:0-486-27557-4", "ietf:rfc:2396", "oasis:names:specification:docbook:dtd:xml:4.1.2", `uuid:${h4()}${h4()}-${h4()}-${h4()}`])}`;
      case 2: return `news:${pick(["comp.infosystems.www.servers.unix", "comp.lang.javascript", "alt.test"])}`;
      default: return `tel:+${int(1, 99)}-${int(100, 999)}-${int(100, 999)}-${int(1000, 9999)}`;
    }
  }
  function ftpFile() {
    if (chance(0.6)) {
      const user = chance(0.7) ? `${pick(["anonymous", "ftp", "user"])}${chance(0.5) ? ":" + pick(["secret", "p%40ss", ""]) : ""}@` : "";
      return `ftp://${user}${pick(["ftp.", ""])}${hostname()}${chance(0.1) ? ":21" : ""}${absPath(5, 1)}${chance(0.2) ? ";type=i" : ""}`;
    }
    return `file://${chance(0.3) ? hostname() : ""}${absPath(5) || "/etc/hosts"}`;
  }
  function relative() {
    switch (int(0, 6)) {
      case 0: return absPath(7, 2) + tail(0.5, 0.2);
      case 1: return `${pick(["..", ".", "g"])}/${segment()}${absPath(2)}${tail(0.2, 0.1)}`;
      case 2: return `//${hostname()}${absPath(3)}`;
      case 3: return "#" + pick(["top", "fragment", "s1.2", ""]);
      case 4: return "?" + query();
      case 5: return segment() + tail(0.2, 0.2);
      default: return pick(["", ".", "..", "../..", "./g", "g;x=1/../y"]);
    }
  }
  function invalid() {
    const base = chance(0.5) ? http() : relative() || "/a";
    const at = int(0, base.length);
    const bad = pick([" ", " ", "#", "%", "%g", "é", "\\", "<", ">", "\"", "{", "}", "|", "^", "`", "%2", "[", "\t", "€"]);
    switch (int(0, 3)) {
      case 0: return base.slice(0, at) + bad + base.slice(at); // a bad character somewhere
      case 1: return base + bad; // at the end
      case 2: return base + "#a#b"; // a second "#"
      default: return pick(["http://exa mple.com/", "http://[::1/x", "http://example.com/a b c", "www.example.com/ä",
        "C:\\Users\\me\\file.txt", "http://example.com/%zz", "mailto:a b@example.com", "http://[1:2:3:4:5:6:7:8:9]/"]);
    }
  }

  const refs = new Array(count);
  const kinds = new Array(count);
  for (let i = 0; i < count; i++) {
    const r = rnd();
    let kind;
    if (r < 0.60) kind = "http";
    else if (r < 0.65) kind = "ip-host";
    else if (r < 0.72) kind = "opaque";
    else if (r < 0.80) kind = "ftp-file";
    else if (r < 0.95) kind = "relative";
    else kind = "invalid";
    kinds[i] = kind;
    refs[i] = kind === "http" ? http() : kind === "ip-host" ? ipHost() : kind === "opaque" ? opaque()
      : kind === "ftp-file" ? ftpFile() : kind === "relative" ? relative() : invalid();
  }
  return { refs, kinds };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name, dflt) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : dflt;
  };
  const count = Number(arg("--count", 100_000));
  const seed = Number(arg("--seed", 2003));
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  const out = arg("--out", join(root, "bench-results", "corpus.txt"));
  const { refs } = generateCorpus({ count, seed });
  mkdirSync(dirname(out), { recursive: true });
  // One reference per line; invalid ones may hold a tab but never a line break.
  writeFileSync(out, refs.join("\n") + "\n");
  console.log(`wrote ${refs.length} references (seed ${seed}) to ${out}`);
}
