// The comparison ladder and what every model's normalization shares, written once: the rungs
// ("simple", "syntax", "scheme"), comparing two references at a rung, the grammar as a Syntax
// (its `unreserved` characters as a table), ASCII case, default ports and a server's text. What
// each rung does is the model's (src/models/<model>/normalize.ts): RFC 3986's section 6.2,
// RFC 2396's section 6 and 2.3, the 2003 draft's section 6.2.
import { describe } from "./args.js";
import type { ModelDefinition } from "./model.js";
import { booleanOption, oneOfOption, optionsOf } from "./options.js";
import { schemeInfo } from "./schemes.js";

/**
 * The rungs of the comparison ladder: "simple", character for character as recomposed; "syntax",
 * after the normalization that needs no knowledge of the scheme; "scheme", after the rules that
 * depend on the scheme as well. Each model's documents name them (RFC 3986 6.2.1-6.2.3).
 */
export type Ladder = "simple" | "syntax" | "scheme";

export const LADDERS: readonly Ladder[] = ["simple", "syntax", "scheme"];

/** The options a model's functions take, with the values its property tests and fuzzers draw from (src/model.ts). */
type ModelOptions = ModelDefinition["options"];

/**
 * The options of every model with a comparison ladder, and a model's own beside them: resolve()'s
 * `strict` (RFC 3986 5.2.2, the draft's and RFC 2396's 5.2: a validating parser), normalize()'s
 * `scheme` (whether to climb the ladder's last rung) and equivalent()'s `ladder` and
 * `ignoreFragment`.
 */
export function ladderOptions(own: { readonly [F in keyof ModelOptions]?: ModelOptions[F] } = {}): ModelOptions {
  const both = [true, false] as const;
  return {
    resolve: { strict: both, ...own.resolve },
    normalize: { scheme: both, ...own.normalize },
    equivalent: { ladder: LADDERS, ignoreFragment: both, ...own.equivalent },
  };
}

/**
 * What normalization needs to know of the grammar: whether the rule of a role (edition.json
 * "roles": the rule a model asks for by what it does, whatever the document calls it) matches the
 * whole of `input`. A compiled grammar is one (src/syntax.ts): `accepts("unreserved", "~")`.
 */
export interface Syntax {
  accepts(role: string, input: string): boolean;
}

/** The rung and the fragment choice of equivalent(), read in the name of `fn`. */
export function readLadder(options: unknown, fn: string): { ladder: Ladder; ignoreFragment: boolean } {
  const o = optionsOf(options, fn);
  return { ladder: oneOfOption(o, "ladder", LADDERS, "scheme", fn), ignoreFragment: booleanOption(o, "ignoreFragment", false, fn) };
}

/** How a model's references are compared: without the fragment, recomposed, normalized at a rung. */
export interface LadderSteps<R> {
  withoutFragment(ref: R): R;
  recompose(ref: R): string;
  /** The model's normalization; `scheme` false stops at the "syntax" rung. */
  normalize(ref: R, scheme: boolean): R;
}

/**
 * True when `a` and `b` are equivalent at the rung: their recompositions are equal after that
 * rung's normalization ("simple": none). Each side is normalized on its own. False means only that
 * this comparison cannot tell (RFC 3986 6.1: "strictly avoiding false positives").
 */
export function equivalentAt<R>(a: R, b: R, ladder: Ladder, ignoreFragment: boolean, steps: LadderSteps<R>): boolean {
  const prepare = (ref: R): string => {
    const body = ignoreFragment ? steps.withoutFragment(ref) : ref;
    if (ladder === "simple") return steps.recompose(body);
    return steps.recompose(steps.normalize(body, ladder === "scheme"));
  };
  return prepare(a) === prepare(b);
}

/** The grammar's answer, which must be a boolean. */
export function syntaxAccepts(syntax: Syntax, role: string, input: string): boolean {
  const answer = syntax.accepts(role, input);
  if (typeof answer !== "boolean") {
    throw new TypeError(`Syntax.accepts(${JSON.stringify(role)}, ...) must return a boolean, got ${describe(answer)}`);
  }
  return answer;
}

/** A Syntax, else a TypeError naming `what` and the grammar it should be (`grammar`: "RFC 3986"). */
export function requireSyntax(syntax: unknown, what: string, grammar: string): asserts syntax is Syntax {
  if (syntax === null || typeof syntax !== "object" || typeof (syntax as Syntax).accepts !== "function") {
    throw new TypeError(`${what} must be a Syntax ({ accepts(role, input) }), the compiled ${grammar} grammar; got ${describe(syntax)}`);
  }
}

const UNRESERVED = new WeakMap<Syntax, Uint8Array>();

/** One table per grammar: entry c is 1 when the single character U+00c matches its rule of the role `unreserved`. */
export function unreservedTable(syntax: Syntax, what: string, grammar: string): Uint8Array {
  requireSyntax(syntax, what, grammar);
  let table = UNRESERVED.get(syntax);
  if (table === undefined) {
    table = new Uint8Array(0x80);
    for (let code = 0; code < 0x80; code++) table[code] = syntaxAccepts(syntax, "unreserved", String.fromCharCode(code)) ? 1 : 0;
    UNRESERVED.set(syntax, table);
  }
  return table;
}

/**
 * The options of a model's normalizeReference() and equivalentReferences(): an object with the
 * grammar (`syntax`) and the model's own options, in the name of `fn`.
 */
export function readSyntaxOptions(options: unknown, fn: string, grammar: string, shape: string): { syntax: Syntax; o: Readonly<Record<string, unknown>> } {
  if (options === null || typeof options !== "object") {
    throw new TypeError(`${fn}: options must be an object with a syntax (${shape}), got ${describe(options)}`);
  }
  const o = options as Readonly<Record<string, unknown>>;
  requireSyntax(o.syntax, `${fn}: options.syntax`, grammar);
  return { syntax: o.syntax, o };
}

/** ASCII letters in lower case; URI syntax is case-insensitive only for ASCII letters. */
export function lowerCase(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** A port is a decimal number, so "080" is the default port 80 too (RFC 2396 3.2.2, RFC 3986 3.2.3). */
export function isDefaultPort(port: string, defaultPort: string): boolean {
  return port.replace(/^0+(?=\d)/, "") === defaultPort;
}

/** [ userinfo "@" ] host [ ":" port ]: a server's text, and its parts as given. */
export function serverParts<H extends { raw: string }>(userinfo: string | undefined, host: H | undefined, port: string | undefined):
  { raw: string; userinfo?: string; host?: H; port?: string } {
  let raw = "";
  if (userinfo !== undefined) raw += userinfo + "@";
  if (host !== undefined) raw += host.raw;
  if (port !== undefined) raw += ":" + port;
  const parts: { raw: string; userinfo?: string; host?: H; port?: string } = { raw };
  if (userinfo !== undefined) parts.userinfo = userinfo;
  if (host !== undefined) parts.host = host;
  if (port !== undefined) parts.port = port;
  return parts;
}

/** A server's parts: an authority of RFC 3986, a server of RFC 2396 and of the 2003 draft. */
interface ServerLike<H> {
  readonly userinfo?: string;
  readonly host?: H;
  readonly port?: string;
}

/**
 * The rules that depend on the scheme, as RFC 2396 (section 6) and RFC 3986 (6.2.3) both have them:
 * with a server authority (`server` gives it, or undefined for a registry-based one, which is left
 * as it is), an empty port (RFC 3986 3.2.3; RFC 2396 3.2.2: ":" with no digits supplies none) or
 * the scheme's default port (src/schemes.ts) is removed with its ":", and an empty path becomes
 * "/" where the scheme defines it so (http, https). `compose` makes the server of its parts.
 */
export function schemeBasedParts<P extends { readonly scheme?: string; readonly authority?: A; readonly path: string }, A, S extends A & ServerLike<H>, H>(
  ref: P, server: (authority: A) => S | undefined, compose: (userinfo: string | undefined, host: H | undefined, port: undefined) => S): P {
  const authority = ref.authority === undefined ? undefined : server(ref.authority);
  if (authority === undefined) return ref;
  const info = ref.scheme === undefined ? undefined : schemeInfo(ref.scheme);
  const port = authority.port;
  const portless = port !== undefined && (port === "" || (info !== undefined && isDefaultPort(port, info.defaultPort)));
  const path = ref.path === "" && info !== undefined && info.emptyPathIsSlash ? "/" : ref.path;
  return { ...ref, authority: portless ? compose(authority.userinfo, authority.host, undefined) : authority, path };
}

/** The options of a model's normalizeReference(): its grammar, and whether the scheme's rules apply. */
export interface NormalizeOptions {
  /** The grammar the references were parsed with (see Syntax). Required. */
  syntax: Syntax;
  /** Apply the rules that depend on the scheme (the last rung); default true. */
  scheme?: boolean;
}

/** The options of a model's equivalentReferences(). */
export interface EquivalentOptions {
  /** The grammar the references were parsed with (see Syntax). Required. */
  syntax: Syntax;
  /** The rung (see Ladder); default "scheme". */
  ladder?: Ladder;
  /** Compare without the fragments (a fragment is not part of the URI it follows). */
  ignoreFragment?: boolean;
}

/** What a model's normalization is made of: its reference class, and its two rungs on that reference's parts. */
export interface Normalization<R extends P, P> {
  /** The grammar a Syntax must be, for messages ("RFC 3986"). */
  readonly grammar: string;
  readonly kind: { is(value: unknown): value is R };
  /** A reference of the parts (a reference is its parts, and more the constructor derives from them). */
  make(parts: P): R;
  recompose(ref: R): string;
  /** The rules that need no knowledge of the scheme, with the grammar asked through `syntax`. */
  syntaxBased(ref: R, syntax: Syntax): P;
  /** The rules that depend on the scheme. */
  schemeBased(parts: P): P;
}

/**
 * A model's normalizeReference() and equivalentReferences() on its parsed references, from its
 * rungs: the options read, the reference checked, the ladder climbed (equivalentAt). Each throws
 * TypeError when a reference is not of the model's class or the options are malformed.
 */
export function normalizationOf<R extends P, P extends { fragment?: string }>(n: Normalization<R, P>) {
  const normalizeReference = (ref: R, options: NormalizeOptions): R => {
    const fn = "normalizeReference";
    if (!n.kind.is(ref)) throw new TypeError(`${fn}: ref must be a Reference, got ${describe(ref)}`);
    const { syntax, o } = readSyntaxOptions(options, fn, n.grammar, "{ syntax, scheme? }");
    const scheme = booleanOption(o, "scheme", true, fn);
    let parts = n.syntaxBased(ref, syntax);
    if (scheme) parts = n.schemeBased(parts);
    return n.make(parts);
  };
  const equivalentReferences = (a: R, b: R, options: EquivalentOptions): boolean => {
    const fn = "equivalentReferences";
    if (!n.kind.is(a)) throw new TypeError(`${fn}: a must be a Reference, got ${describe(a)}`);
    if (!n.kind.is(b)) throw new TypeError(`${fn}: b must be a Reference, got ${describe(b)}`);
    const { syntax, o } = readSyntaxOptions(options, fn, n.grammar, "{ syntax, ladder?, ignoreFragment? }");
    const { ladder, ignoreFragment } = readLadder(o, fn);
    return equivalentAt<R>(a, b, ladder, ignoreFragment, {
      withoutFragment: (ref) => (ref.fragment === undefined ? ref : n.make({ ...ref, fragment: undefined })),
      recompose: n.recompose,
      normalize: (ref, scheme) => normalizeReference(ref, { syntax, scheme }),
    });
  };
  return { normalizeReference, equivalentReferences };
}
