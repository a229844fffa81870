// Where parsers disagree: the reading of an edition (RFC 3986 unless another is named) beside the
// reading of the WHATWG URL Standard, the parser of Node's fetch, undici and every browser, which
// the platform ships as the global `URL`. Component by component, each difference says whether the
// two name different things ("reading") or the same thing written differently ("normalization":
// equal once the RFC value is normalized as the edition's section 6 defines), how much it matters,
// and which rule on each side makes it.
//
// Only the library's public functions are used (validate, parse, normalize, resolve, ruleInfo),
// so this module does not depend on how a model is written. The catalogue of the classes below,
// with examples, advisories and what to do, is docs/differential.md.
import { requireOptions, requireString, describe } from "./args.js";
import type { EditionManifest, EditionRoles } from "./edition-build.js";
import { NotDefinedError, ResolveError, type UriSyntaxError } from "./errors.js";

/** An edition's id (EDITIONS's keys). */
export type EditionId = string;

/**
 * The library's functions this module uses, given by whoever calls it: the package's entry
 * (src/differential.ts) or the functions of one api (audit(), src/api.ts), so that an edition's own
 * entry loads no other edition's grammar.
 */
export interface Library {
  parse(input: string, options: { edition: string }): unknown;
  validate(input: string, options: { edition: string }): { valid: true } | { valid: false; error: UriSyntaxError };
  normalize(input: string, options: { edition: string }): string;
  resolve(base: string, ref: string, options: { edition: string }): string;
  ruleInfo(name: string, options: { edition: string }): { section?: string } | undefined;
  /** The edition of that id (its document, model and the rules of its roles), or undefined. */
  edition(id: string): { readonly document: string; readonly model: string; readonly roles: EditionRoles;
    readonly normalization?: EditionManifest["normalization"] } | undefined;
  /** The ids of the editions, for a message. */
  readonly editionIds: readonly string[];
}

/** What a difference is about: a component, or whether the string is a URL at all. */
export type DifferentialComponent = "validity" | "scheme" | "userinfo" | "host" | "port" | "path" | "query" | "fragment";

/** "normalization": equal once the RFC value is normalized (section 6); "reading": the two name different things. */
export type DifferenceKind = "normalization" | "reading";

/**
 * "danger": a reading difference of where a request goes (scheme, userinfo, host, port);
 * "warning": a reading difference of path, query or fragment, or a string one side rejects;
 * "info": a normalization.
 */
export type DifferenceSeverity = "info" | "warning" | "danger";

/** The components as one parser reads them, without delimiters; absent ones are undefined. */
export interface DifferentialComponents {
  readonly scheme?: string;
  readonly userinfo?: string;
  readonly host?: string;
  readonly port?: string;
  readonly path: string;
  readonly query?: string;
  readonly fragment?: string;
}

export interface Difference {
  readonly component: DifferentialComponent;
  /** The value the edition reads; null where it reads no such component ("valid"/"invalid" for validity). */
  readonly rfc: string | null;
  /** The value the URL Standard reads; null where it reads no such component ("valid"/"invalid" for validity). */
  readonly whatwg: string | null;
  readonly kind: DifferenceKind;
  readonly severity: DifferenceSeverity;
  /** One sentence naming the rule on each side: the URL Standard's state or algorithm, and the edition's section. */
  readonly why: string;
}

export interface DifferentialResult {
  readonly edition: EditionId;
  /** The edition's reading: of the input, or with `base` of the target it resolves to (section 5). */
  readonly rfc: {
    readonly valid: boolean;
    /** Why not: the syntax error, or with `base` a ResolveError when the target cannot be written as a URI (section 5.3). */
    readonly error?: UriSyntaxError | ResolveError;
    readonly components?: DifferentialComponents;
  };
  /** The URL Standard's reading (the platform's `URL`): its serialization and components. */
  readonly whatwg: { readonly valid: boolean; readonly href?: string; readonly components?: DifferentialComponents };
  /** The components the two read differently, in the order of the components; [] when they agree. */
  readonly differences: readonly Difference[];
}

export interface DifferentialOptions {
  /** The edition whose reading is compared; default "rfc3986". */
  edition?: EditionId;
  /**
   * A base URI: the input is resolved against it on both sides (the edition's section 5.2, the URL
   * Standard's basic URL parser with a base), and the targets are compared. Without it a relative
   * reference is a validity difference: the URL Standard reads none without a base.
   */
  base?: string;
}

/**
 * The difference classes: the name under which docs/differential.md describes each, and the one
 * under which the benchmark counts them. differential() gives the sentence (`why`), this the class.
 */
export type DifferenceClass =
  | "scheme-case" | "host-case" | "host-percent-encoding" | "ipv6-text" | "file-localhost"
  | "port-default" | "port-empty" | "port-number" | "path-dot-segments" | "path-empty-http" | "percent-encoding"
  | "special-authority" | "authority-reg-name" | "ipv4-number" | "host-percent-decoding" | "idna" | "host-other"
  | "userinfo-encoding" | "port-other" | "path-empty-special" | "path-encoded-dot" | "path-dot-above-root" | "file-path"
  | "path-other" | "query-apostrophe" | "query-other" | "fragment-other" | "scheme-other"
  | "tab-newline" | "leading-trailing-space" | "backslash" | "percent-not-hex" | "non-ascii" | "userinfo-at"
  | "whatwg-encodes" | "whatwg-lenient"
  | "rfc-unresolvable" | "relative-no-base" | "ipvfuture" | "port-range" | "ipv4-invalid" | "host-forbidden" | "empty-host" | "whatwg-failure";

/** A difference with its class (the benchmark and the catalogue count these). */
export interface ClassifiedDifference extends Difference {
  readonly class: DifferenceClass;
}

const COMPONENTS = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"] as const;
type Part = (typeof COMPONENTS)[number];

/** The URL Standard's special schemes and their default ports ("special scheme"). */
const SPECIAL: ReadonlyMap<string, string | null> = new Map([
  ["ftp", "21"], ["file", null], ["http", "80"], ["https", "443"], ["ws", "80"], ["wss", "443"],
]);

/**
 * The two readings of `input`, component by component. Throws TypeError for a non-string input or
 * bad options (a `base` that either side cannot read as an absolute URI is a TypeError too), and
 * NotDefinedError for an edition whose document defines no normalization (the 1993 URL draft):
 * without it a normalization cannot be told from a reading.
 */
export function differentialWith(lib: Library, input: string, options?: DifferentialOptions): DifferentialResult {
  const { result, differences } = compareReadings(lib, input, options, "differential");
  return { ...result, differences: differences.map(({ class: _class, ...d }) => d) };
}

/** differential(), with the class of each difference. */
export function compareReadings(lib: Library, input: unknown, options: unknown, fn = "compareReadings"):
  { result: Omit<DifferentialResult, "differences">; differences: ClassifiedDifference[] } {
  requireString(input, `${fn}: input`);
  const { edition, base } = readOptions(lib, options, fn);
  // The edition's reading.
  let checked: { valid: true } | { valid: false; error: UriSyntaxError | ResolveError } = lib.validate(input, { edition } as never);
  let rfcComponents: DifferentialComponents | undefined;
  let rfcText = input;
  let isRelative = false;
  if (checked.valid) {
    const ref = lib.parse(input, { edition } as never);
    isRelative = (ref as { scheme?: string }).scheme === undefined;
    try {
      if (base !== undefined) rfcText = lib.resolve(base, input, { edition } as never);
      rfcComponents = base !== undefined ? componentsOf(lib.parse(rfcText, { edition } as never)) : componentsOf(ref);
    } catch (e) {
      // A target the edition cannot write ("/.//path" against a base without an authority).
      if (!(e instanceof ResolveError)) throw e;
      checked = { valid: false, error: e };
    }
  }
  // The URL Standard's reading.
  let url: URL | undefined;
  try {
    url = base === undefined ? new URL(input) : new URL(input, base);
  } catch {
    url = undefined;
  }
  const whatwgComponents = url && whatwgComponentsOf(url);
  const result = {
    edition,
    rfc: checked.valid ? { valid: true, components: rfcComponents } : { valid: false, error: checked.error },
    whatwg: url ? { valid: true, href: url.href, components: whatwgComponents } : { valid: false },
  };
  const ctx = new Context(lib, edition, input, base);
  let differences: ClassifiedDifference[] = [];
  if (checked.valid && url) {
    differences = compareComponents(ctx, rfcText, rfcComponents!, url.href, whatwgComponents!);
  } else if (checked.valid !== (url !== undefined)) {
    differences = [validityDifference(ctx, checked.valid ? undefined : checked.error, rfcComponents, isRelative, whatwgComponents)];
  }
  return { result, differences };
}

/** The edition differential() compares when none is named: RFC 3986, what most software validates against. */
export const DIFFERENTIAL_DEFAULT_EDITION = "rfc3986";

function readOptions(lib: Library, options: unknown, fn: string): { edition: EditionId; base?: string } {
  requireOptions(options, `${fn}: options`);
  const o = (options ?? {}) as { edition?: unknown; base?: unknown };
  const edition = o.edition ?? DIFFERENTIAL_DEFAULT_EDITION;
  const facts = typeof edition === "string" ? lib.edition(edition) : undefined;
  if (facts === undefined) {
    throw new TypeError(`${fn}: options.edition must be one of ${lib.editionIds.map((e) => JSON.stringify(e)).join(", ")}, got ${describe(edition)}`);
  }
  const id = edition as EditionId;
  if (facts.normalization === undefined) {
    throw new NotDefinedError(fn, id, `${fn}: ${facts.document} defines no normalization, which tells a difference of form ` +
      `from a difference of reading; compare with an edition that does (${DIFFERENTIAL_DEFAULT_EDITION}, the default)`);
  }
  if (o.base === undefined) return { edition: id };
  requireString(o.base, `${fn}: options.base`);
  const baseRef = lib.validate(o.base, { edition: id } as never);
  if (!baseRef.valid || (lib.parse(o.base, { edition: id } as never) as { scheme?: string }).scheme === undefined) {
    throw new TypeError(`${fn}: options.base must be an absolute URI of ${facts.document}, got ${JSON.stringify(o.base)}`);
  }
  try {
    new URL(o.base);
  } catch {
    throw new TypeError(`${fn}: options.base must be a URL the URL Standard can parse, got ${JSON.stringify(o.base)}`);
  }
  return { edition: id, base: o.base };
}

/** The components of a reference as lib.parse() gives it in a model of the generic syntax. */
function componentsOf(ref: unknown): DifferentialComponents {
  const r = ref as {
    scheme?: string; path: string; query?: string; fragment?: string;
    authority?: { raw: string; kind?: string; userinfo?: string; host?: { raw: string }; port?: string };
  };
  const c: { -readonly [K in keyof DifferentialComponents]: DifferentialComponents[K] } = { path: r.path };
  if (r.scheme !== undefined) c.scheme = r.scheme;
  const a = r.authority;
  if (a !== undefined) {
    // A server (RFC 3986's every authority, the draft's and RFC 2396's "server") splits into
    // userinfo, host and port; the older editions' registry-based authority is one reg-name.
    const split = a.host !== undefined || a.kind === undefined || a.kind === "server";
    if (split) {
      if (a.userinfo !== undefined) c.userinfo = a.userinfo;
      c.host = a.host?.raw ?? "";
      if (a.port !== undefined) c.port = a.port;
    } else {
      c.host = a.raw;
    }
  }
  if (r.query !== undefined) c.query = r.query;
  if (r.fragment !== undefined) c.fragment = r.fragment;
  return Object.fromEntries(COMPONENTS.filter((k) => c[k] !== undefined).map((k) => [k, c[k]])) as unknown as DifferentialComponents;
}

/** Whether the edition read the authority as one reg-name (draft and RFC 2396: not a server). */
function regNameAuthority(ref: unknown): boolean {
  const a = (ref as { authority?: { kind?: string; host?: unknown } }).authority;
  return a !== undefined && a.host === undefined && a.kind !== undefined && a.kind !== "server";
}

/**
 * The URL record's components, read from the URL object and its serialization (the URL
 * serializer): an authority is written as "//" after the scheme (a URL without a host whose path
 * starts with "//" gets "/." instead); the first "#" begins the fragment and the first "?" before
 * it the query, since the serializer percent-encodes them everywhere else.
 */
function whatwgComponentsOf(url: URL): DifferentialComponents {
  const href = url.href;
  const scheme = url.protocol.slice(0, -1);
  const rest = href.slice(url.protocol.length);
  const hash = href.indexOf("#");
  const beforeHash = hash < 0 ? href : href.slice(0, hash);
  const q = beforeHash.indexOf("?");
  const c: { -readonly [K in keyof DifferentialComponents]: DifferentialComponents[K] } = { scheme, path: url.pathname };
  if (rest.startsWith("//")) {
    if (url.username !== "" || url.password !== "") c.userinfo = url.username + (url.password !== "" ? ":" + url.password : "");
    c.host = url.hostname;
    if (url.port !== "") c.port = url.port;
  }
  if (q >= 0) c.query = beforeHash.slice(q + 1);
  if (hash >= 0) c.fragment = href.slice(hash + 1);
  // Keys in the order of the components.
  return Object.fromEntries(COMPONENTS.filter((k) => c[k] !== undefined).map((k) => [k, c[k]])) as unknown as DifferentialComponents;
}

/** What the sentences need: the edition's document and sections, the input, whether special. */
class Context {
  readonly document: string;
  readonly model: string;
  readonly sections: { case: string; percent: string; dots: string; scheme: string };
  constructor(readonly lib: Library, readonly edition: EditionId, readonly input: string, readonly base: string | undefined) {
    const facts = lib.edition(edition)!;
    this.document = facts.document;
    this.model = facts.model;
    this.sections = facts.normalization!;
  }
  /** "RFC 3986 section 3.2.2", the section of the edition's rule of that name (derived from the grammar). */
  section(...names: string[]): string {
    for (const name of names) {
      const info = this.lib.ruleInfo(name, { edition: this.edition } as never) as { section?: string } | undefined;
      if (info?.section !== undefined) return `${this.document} section ${info.section}`;
    }
    return this.document;
  }
  /** "RFC 3986 section 6.2.2.1", a step of the edition's normalization. */
  norm(step: "case" | "percent" | "dots" | "scheme"): string {
    return `${this.document} section ${this.sections[step]}`;
  }
}

/** The normalized components of a reference text of the edition, or undefined if it is not one. */
function normalizedComponents(lib: Library, edition: EditionId, text: string): DifferentialComponents | undefined {
  if (!lib.validate(text, { edition } as never).valid) return undefined;
  try {
    return componentsOf(lib.parse(lib.normalize(text, { edition } as never), { edition } as never));
  } catch {
    return undefined;
  }
}

/** The userinfo as the URL record holds it: a username and a password, split at the first ":" (RFC 3986 3.2.1's "user:password"). */
function credentials(userinfo: string | undefined): string {
  if (userinfo === undefined) return ":";
  const colon = userinfo.indexOf(":");
  return colon < 0 ? userinfo + ":" : userinfo;
}

function sameValue(part: Part, a: string | undefined, b: string | undefined): boolean {
  if (part === "userinfo") return credentials(a) === credentials(b);
  return a === b;
}

function compareComponents(ctx: Context, rfcText: string, r: DifferentialComponents, href: string, w: DifferentialComponents): ClassifiedDifference[] {
  const lib = ctx.lib;
  // Most URLs read alike as written: nothing to normalize then.
  if (COMPONENTS.every((part) => sameValue(part, r[part], w[part]))) return [];
  const nr = normalizedComponents(ctx.lib, ctx.edition, rfcText) ?? r;
  // The URL Standard's values normalized as the edition normalizes: each from the edition's
  // reading of the serialization where that reads the component as the URL Standard does (an
  // edition that reads "u@a_b:8" as one reg-name reads no host "a_b" in it), else as they are.
  const hrefValid = lib.validate(href, { edition: ctx.edition } as never).valid;
  const asRead = hrefValid ? componentsOf(lib.parse(href, { edition: ctx.edition } as never)) : undefined;
  const normalizedHref = asRead && normalizedComponents(ctx.lib, ctx.edition, href);
  const nw: Partial<Record<Part, string>> = {};
  for (const part of COMPONENTS) {
    nw[part] = normalizedHref !== undefined && asRead !== undefined && sameValue(part, asRead[part], w[part]) ? normalizedHref[part] : w[part];
  }
  const ref = lib.parse(rfcText, { edition: ctx.edition } as never);
  const regName = regNameAuthority(ref);
  const out: ClassifiedDifference[] = [];
  for (const part of COMPONENTS) {
    if (sameValue(part, r[part], w[part])) continue;
    const rv = r[part] ?? null;
    const wv = w[part] ?? null;
    const normalization = sameValue(part, nr[part], nw[part]) ? normalizationClass(ctx, part, r, w) : equalByValue(ctx, part, r, w);
    if (normalization !== undefined) {
      out.push({ component: part, rfc: rv, whatwg: wv, kind: "normalization", severity: "info", ...normalization });
      continue;
    }
    const severity: DifferenceSeverity = part === "scheme" || part === "userinfo" || part === "host" || part === "port" ? "danger" : "warning";
    out.push({ component: part, rfc: rv, whatwg: wv, kind: "reading", severity, ...readingClass(ctx, part, r, w, nr, regName) });
  }
  return out;
}

type Why = { class: DifferenceClass; why: string };

const q = (s: string | undefined | null): string => (s === undefined || s === null ? "none" : JSON.stringify(s));

/** Why two values the edition's normalization makes equal differ. */
function normalizationClass(ctx: Context, part: Part, r: DifferentialComponents, w: DifferentialComponents): Why {
  const rv = r[part] ?? "";
  const wv = w[part] ?? "";
  switch (part) {
    case "scheme":
      return { class: "scheme-case", why: `The URL Standard's scheme state writes the scheme in lower case; ${ctx.section("scheme")} reads it case-insensitively and ${ctx.norm("case")} normalizes it to lower case` };
    case "host":
      if (rv.includes("%")) {
        return { class: "host-percent-encoding", why: `The URL Standard's host parser percent-decodes the host (then domain to ASCII), reading ${q(rv)} as ${q(wv)}; ${ctx.norm("percent")} decodes the same escapes of unreserved characters (and ${ctx.norm("case")} lowers the host)` };
      }
      return { class: "host-case", why: `The URL Standard's host parser (domain to ASCII) writes a special URL's host in lower case; ${ctx.section("host")} reads the host case-insensitively and ${ctx.norm("case")} normalizes it to lower case` };
    case "port":
      if (rv === "") return { class: "port-empty", why: `The URL Standard's port state keeps no port when none is written after ":"; ${ctx.section("port")} allows an empty port and ${ctx.norm("scheme")} removes it with its ":"` };
      if (wv === "") return { class: "port-default", why: `The URL Standard's port state drops a special scheme's default port (${(r.scheme ?? "").toLowerCase()}: ${SPECIAL.get((r.scheme ?? "").toLowerCase()) ?? rv}); ${ctx.norm("scheme")} removes the scheme's default port too` };
      return { class: "port-number", why: `The URL Standard's port state reads the port as a number (${q(rv)} is ${wv}); ${ctx.section("port")} reads it in decimal, and normalization writes it so` };
    case "path":
      if (rv === "") return { class: "path-empty-http", why: `The URL Standard's path start state gives a special URL the path "/"; ${ctx.norm("scheme")} makes an empty path "/" for ${(r.scheme ?? "").toLowerCase()}` };
      if (/(^|\/)(\.|%2e){1,2}(\/|$)/i.test(rv)) {
        return { class: "path-dot-segments", why: `The URL Standard's path state removes the dot segments (single-dot and double-dot URL path segments, "%2e" too); ${ctx.norm("dots")} removes them with remove_dot_segments` };
      }
      return percentNormalization(ctx, part);
    default:
      return percentNormalization(ctx, part);
  }
}

function percentNormalization(ctx: Context, part: Part): Why {
  return { class: "percent-encoding", why: `The URL Standard writes the ${part} with other percent-encodings (its percent-encode sets); ${ctx.norm("percent")} makes them equal (escapes of unreserved characters decoded, hex digits in upper case)` };
}

/**
 * Values the normalization leaves unequal that name the same thing by a rule of the edition: the
 * same IPv6 address written another way (3.2.2 reads the address; the URL Standard's IPv6
 * serializer writes RFC 5952's form), "localhost" and the empty host of a file URI (RFC 3986
 * 3.2.2: "the 'file' URI scheme is defined so that no authority, an empty host, and 'localhost'
 * all mean the end-user's machine"), and the same port number.
 */
function equalByValue(ctx: Context, part: Part, r: DifferentialComponents, w: DifferentialComponents): Why | undefined {
  const rv = r[part];
  const wv = w[part];
  if (part === "host" && (r.scheme ?? "").toLowerCase() === "file" && (rv === undefined || rv.toLowerCase() === "localhost") && wv === "") {
    return { class: "file-localhost", why: `The URL Standard's file state and file host state give a file URL the empty host (for "localhost" and for none); ${ctx.section("host")} says that for the file scheme no authority, an empty host and "localhost" all mean the end-user's machine` };
  }
  if (rv === undefined || wv === undefined) {
    if (part === "port" && rv !== undefined && wv === undefined && /^\d+$/.test(rv) && SPECIAL.get((r.scheme ?? "").toLowerCase()) === String(Number(rv))) {
      return { class: "port-default", why: `The URL Standard's port state drops a special scheme's default port (${(r.scheme ?? "").toLowerCase()}: ${Number(rv)}); ${ctx.norm("scheme")} removes a scheme's default port, here one it has no entry for` };
    }
    return undefined;
  }
  if (part === "host" && rv.startsWith("[") && wv.startsWith("[")) {
    const a = ipv6Value(rv.slice(1, -1));
    if (a !== undefined && a === ipv6Value(wv.slice(1, -1))) {
      return { class: "ipv6-text", why: `The URL Standard's IPv6 serializer writes the address ${q(rv)} as ${q(wv)} (lower case, the longest run of zeros compressed, as RFC 5952); ${ctx.section("IPv6address", "IPv6reference", "host")} reads the same 128-bit address` };
    }
  }
  if (part === "port" && /^\d+$/.test(rv) && /^\d+$/.test(wv) && Number(rv) === Number(wv)) {
    return { class: "port-number", why: `The URL Standard's port state reads the port as a number (${q(rv)} is ${wv}); ${ctx.section("port")} reads it in decimal, the same port` };
  }
  return undefined;
}

/** The 128-bit value of an IPv6 address as a hex string, or undefined if it is not one the URL parser reads. */
function ipv6Value(text: string): string | undefined {
  try {
    const host = new URL(`http://[${text}]/`).hostname;
    return host;
  } catch {
    return undefined;
  }
}

/** Why the two read a component differently: the class and the rules on each side. */
function readingClass(ctx: Context, part: Part, r: DifferentialComponents, w: DifferentialComponents, nr: DifferentialComponents, regName: boolean): Why {
  const scheme = (r.scheme ?? w.scheme ?? "").toLowerCase();
  const special = SPECIAL.has(scheme);
  const rv = r[part];
  const wv = w[part];
  const authorityPart = part === "userinfo" || part === "host" || part === "port";
  // No authority (or an empty host) where the URL Standard reads one: "http:evil.com", "http:/evil.com", "http:///evil.com".
  if (special && scheme !== "file" && w.host !== undefined && w.host !== "" && (r.host === undefined || r.host === "") && (authorityPart || part === "path")) {
    const rAuthority = r.host === undefined ? "reads no authority (one begins only after \"//\")" : "reads an empty host after \"//\"";
    return {
      class: "special-authority",
      why: `The URL Standard's special authority slashes and special authority ignore slashes states read ${q(w.host)} as the host of a special URL (${scheme}) however many slashes come after the scheme; ${ctx.section("hier-part", "URI")} ${rAuthority}, so its ${part === "path" ? "path is" : part + " is"} ${q(rv ?? null)}`,
    };
  }
  if (regName && authorityPart) {
    return {
      class: "authority-reg-name",
      why: `The URL Standard's authority state splits the authority at its last "@" and its host state at ":"; ${ctx.section("reg-name", "reg_name", "authority")} reads the whole authority ${q(r.host)} as a reg-name (registry-based, no userinfo, host or port)`,
    };
  }
  switch (part) {
    case "host": {
      if (wv !== undefined && /^\d{1,3}(\.\d{1,3}){3}$/.test(wv) && rv !== undefined) {
        return {
          class: "ipv4-number",
          why: `The URL Standard's host parser reads ${q(rv)} with its IPv4 parser (hexadecimal, octal, fewer than four parts, a trailing dot) as the address ${wv}; ${ctx.section("host")} reads it as a reg-name, a name to look up, since it is no IPv4address (four decimal octets)`,
        };
      }
      if (rv !== undefined && rv.includes("%")) {
        const decoded = safeDecode(rv);
        if (wv !== undefined && (/xn--/i.test(wv) || /[^\x00-\x7f]/.test(decoded))) {
          return { class: "idna", why: `The URL Standard's host parser percent-decodes ${q(rv)} and maps it with domain to ASCII (UTS #46 mapping, Punycode) to ${q(wv)}; ${ctx.section("host")} reads the escapes as they are, and ${ctx.norm("percent")} decodes only unreserved characters` };
        }
        return { class: "host-percent-decoding", why: `The URL Standard's host parser percent-decodes ${q(rv)} to ${q(wv)}; ${ctx.section("host")} reads the escapes as they are, and ${ctx.norm("percent")} decodes only those of unreserved characters (an escaped delimiter is not the delimiter)` };
      }
      if (wv !== undefined && /xn--/i.test(wv)) {
        return { class: "idna", why: `The URL Standard's host parser maps ${q(rv)} with domain to ASCII (UTS #46) to ${q(wv)}; ${ctx.section("host")} reads the name as written` };
      }
      if (scheme === "file") {
        return { class: "file-path", why: `The URL Standard's file state and file host state read a file URL's host and Windows drive letters by their own rules (host ${q(wv)}); ${ctx.section("host", "authority")} reads host ${q(rv ?? null)}` };
      }
      return { class: "host-other", why: `The URL Standard's host parser reads the host as ${q(wv ?? null)}; ${ctx.section("host")} reads ${q(rv ?? null)}` };
    }
    case "userinfo":
      return {
        class: "userinfo-encoding",
        why: `The URL Standard's authority state percent-encodes the userinfo percent-encode set (";", "=", "[", "]" and a ":" after the first among others), reading ${q(rv ?? null)} as ${q(wv ?? null)}; ${ctx.section("userinfo")} allows them as they are, and an escaped delimiter is not the delimiter (${ctx.section("reserved")})`,
      };
    case "port":
      return { class: "port-other", why: `The URL Standard's port state reads the port as ${q(wv ?? null)} (a special scheme's default port is dropped: ${scheme} ${SPECIAL.get(scheme) ?? "has none"}); ${ctx.section("port")} reads ${q(rv ?? null)}` };
    case "path": {
      if (scheme === "file") {
        return { class: "file-path", why: `The URL Standard's file state and path state read a file URL's path by their own rules (a Windows drive letter such as "c:" is the path's root; "localhost" is no host), giving ${q(wv)}; ${ctx.section("path")} reads ${q(rv)}` };
      }
      if (rv === "" && wv === "/") {
        return { class: "path-empty-special", why: `The URL Standard's path start state gives every special URL (${scheme}) the path "/"; ${ctx.norm("scheme")} makes an empty path "/" only where the scheme says so (http, https), so ${ctx.document} reads an empty path` };
      }
      if (/(^|\/)(\.|%2e){0,2}%2e(\/|$)/i.test(rv ?? "")) {
        return { class: "path-encoded-dot", why: `The URL Standard's path state reads "%2e" and "%2e%2e" segments as dot segments and removes them, giving ${q(wv)}; ${ctx.section("path")} reads them as ordinary segments, and its normalization does not remove them (${ctx.norm("dots")} removes "." and ".." as written)` };
      }
      if (/(^|\/)\.\.?(\/|$)/.test(nr.path)) {
        return { class: "path-dot-above-root", why: `The URL Standard's path state removes every dot segment, also a ".." above the root, giving ${q(wv)}; ${ctx.norm("dots")} keeps ${q(nr.path)}` };
      }
      return { class: "path-other", why: `The URL Standard's path state reads the path as ${q(wv)}; ${ctx.section("path")} reads ${q(rv)}` };
    }
    case "query":
      if (special && (rv ?? "").includes("'") && (wv ?? "").includes("%27")) {
        return { class: "query-apostrophe", why: `The URL Standard's query state percent-encodes "'" in a special URL's query (the special-query percent-encode set), reading ${q(rv ?? null)} as ${q(wv ?? null)}; ${ctx.section("query")} allows "'" (a sub-delim) as it is, and "%27" is not "'"` };
      }
      return { class: "query-other", why: `The URL Standard's query state reads the query as ${q(wv ?? null)}; ${ctx.section("query")} reads ${q(rv ?? null)}` };
    case "fragment":
      return { class: "fragment-other", why: `The URL Standard's fragment state reads the fragment as ${q(wv ?? null)}; ${ctx.section("fragment")} reads ${q(rv ?? null)}` };
    default:
      return { class: "scheme-other", why: `The URL Standard's scheme state reads the scheme as ${q(wv ?? null)}; ${ctx.section("scheme")} reads ${q(rv ?? null)}` };
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The URL Standard's state that reads the character at `offset`, from the delimiters before it. */
function stateAt(input: string, offset: number, special: boolean): { state: string; set: string } {
  const before = input.slice(0, offset);
  if (before.includes("#")) return { state: "fragment state", set: "the fragment percent-encode set" };
  if (before.includes("?")) return { state: "query state", set: special ? "the special-query percent-encode set" : "the query percent-encode set" };
  const auth = /^[A-Za-z][A-Za-z0-9+.-]*:[\\/]{2}([^\\/?#]*)$/.exec(before);
  if (auth) return { state: "authority and host states", set: "the userinfo percent-encode set, or the host parser" };
  if (!special && /^[A-Za-z][A-Za-z0-9+.-]*:[^/]/.test(before)) return { state: "opaque path state", set: "the C0 control percent-encode set" };
  return { state: "path state", set: "the path percent-encode set" };
}

/** The difference of a string one parser accepts and the other rejects (warning). */
function validityDifference(ctx: Context, error: UriSyntaxError | ResolveError | undefined, r: DifferentialComponents | undefined, isRelative: boolean,
  w: DifferentialComponents | undefined): ClassifiedDifference {
  const input = ctx.input;
  const rfc = error === undefined ? "valid" : "invalid";
  const whatwg = w === undefined ? "invalid" : "valid";
  const base = { component: "validity" as const, rfc, whatwg, kind: "reading" as const, severity: "warning" as const };
  if (error instanceof ResolveError) {
    return { ...base, class: "rfc-unresolvable", why: `The URL Standard's path state writes such a target with "/." before its path (the URL serializer); ${ctx.document}'s resolution cannot write the target as a URI: ${error.message}` };
  }
  if (error !== undefined) {
    const at = error.offset;
    const ch = input.charAt(at);
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(input)?.[1]?.toLowerCase() ?? (ctx.base ? /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(ctx.base)?.[1]?.toLowerCase() : undefined);
    const special = scheme !== undefined && SPECIAL.has(scheme);
    const rfcSide = `${ctx.document} rejects it at offset ${at} (${error.rule}, section ${error.section})`;
    const whatwgReads = `the URL Standard reads ${q(w?.host !== undefined ? w.host : null)} as the host`;
    if (/[\t\n\r]/.test(input)) {
      return { ...base, class: "tab-newline", why: `The URL Standard's basic URL parser removes every ASCII tab and newline from the input before reading it (${whatwgReads}); ${rfcSide}` };
    }
    if (/^[\x00-\x20]|[\x00-\x20]$/.test(input)) {
      return { ...base, class: "leading-trailing-space", why: `The URL Standard's basic URL parser strips leading and trailing C0 controls and spaces before reading; ${rfcSide}` };
    }
    if (ch === "\\") {
      return { ...base, class: "backslash", why: special
        ? `The URL Standard reads "\\" as "/" in a special URL (${scheme}; its authority, host, path start and path states treat it as a delimiter), so ${whatwgReads}; ${rfcSide}: "\\" is not in its character set`
        : `The URL Standard's ${stateAt(input, at, special).state} keeps "\\" in a non-special URL; ${rfcSide}: "\\" is not in its character set` };
    }
    if (/%(?![0-9A-Fa-f]{2})/.test(input)) {
      return { ...base, class: "percent-not-hex", why: `The URL Standard leaves a "%" that begins no percent-encoding as it is (a validation error, not a failure); ${rfcSide}: "%" must begin a pct-encoded triplet` };
    }
    if (ch !== "" && ch.charCodeAt(0) > 0x7e) {
      const { state, set } = stateAt(input, at, special);
      return { ...base, class: "non-ascii", why: `The URL Standard's ${state} UTF-8 percent-encodes a character outside ASCII (${set}; domain to ASCII in a host); ${rfcSide}: a URI is ASCII (an IRI of RFC 3987 is not)` };
    }
    if (ch === "@") {
      return { ...base, class: "userinfo-at", why: `The URL Standard's authority state ends the userinfo at the last "@" before the host and percent-encodes the earlier ones, so ${whatwgReads}; ${rfcSide}: the userinfo ends at the first "@"` };
    }
    if (isRelative === false && r === undefined && " \"<>`{}|^[]#".includes(ch) && ch !== "") {
      const { state, set } = stateAt(input, at, special);
      return { ...base, class: "whatwg-encodes", why: `The URL Standard's ${state} percent-encodes ${JSON.stringify(ch)} (${set}) or keeps it; ${rfcSide}` };
    }
    return { ...base, class: "whatwg-lenient", why: `The URL Standard's basic URL parser accepts it (a validation error at most), reading ${q(w?.host ?? null)} as the host; ${rfcSide}` };
  }
  // The edition reads it; the URL Standard fails.
  const rs = r!;
  const scheme = (rs.scheme ?? "").toLowerCase();
  if (isRelative && ctx.base === undefined) {
    return { ...base, class: "relative-no-base", why: `The URL Standard's no scheme state fails without a base URL; ${ctx.section("relative-ref", "relative-URI", "relativeURI", "URI-reference")} reads a relative reference (pass a base to compare the targets)` };
  }
  const host = rs.host;
  const special = SPECIAL.has(scheme);
  if (host !== undefined && /^\[v/i.test(host)) {
    return { ...base, class: "ipvfuture", why: `The URL Standard's IPv6 parser fails on an IPvFuture literal (${q(host)}); ${ctx.section("IPvFuture", "IP-literal", "host")} allows it` };
  }
  if (rs.port !== undefined && /^\d+$/.test(rs.port) && Number(rs.port) > 65535) {
    return { ...base, class: "port-range", why: `The URL Standard's port state fails on a port above 65535 (${rs.port}); ${ctx.section("port")} allows any decimal digits` };
  }
  if (special && host === "" ) {
    return { ...base, class: "empty-host", why: `The URL Standard's host state fails on a special URL (${scheme}) with an empty host; ${ctx.section("host")} allows an empty host` };
  }
  if (special && host !== undefined) {
    const decoded = safeDecode(host);
    const last = decoded.replace(/\.$/, "").split(".").pop() ?? "";
    if (/^(\d+|0x[0-9a-f]*)$/i.test(last)) {
      return { ...base, class: "ipv4-invalid", why: `The URL Standard's host parser reads a host whose last label is a number with its IPv4 parser, which fails on ${q(host)} (a part too large, or not a number); ${ctx.section("host")} reads it as a reg-name` };
    }
    if (/[\x00-\x20#%/:<>?@[\\\]^|\x7f]/.test(decoded)) {
      return { ...base, class: "host-forbidden", why: `The URL Standard's host parser fails on a forbidden domain code point in ${q(host)} once percent-decoded; ${ctx.section("host")} allows it as a reg-name` };
    }
  }
  return { ...base, class: "whatwg-failure", why: `The URL Standard's basic URL parser returns failure${special ? " (for a special URL's host, domain to ASCII may fail)" : ""}; ${ctx.section("URI-reference")} reads it` };
}

/**
 * The differences of one line of `uri-grammar batch --differential`, as the JSON text of an array
 * (for a JSON Lines record) or a TSV field: "component:severity:kind" joined by ",", "" for none.
 * A line that neither reads (invalid under both) has none.
 */
export function batchDifferences(lib: Library, input: string, edition: EditionId, format: "jsonl" | "tsv"): string {
  const { differences } = differentialWith(lib, input, { edition });
  if (format === "tsv") return differences.map((d) => `${d.component}:${d.severity}:${d.kind}`).join(",");
  return JSON.stringify(differences);
}
