// What the models' reference classes share: the checks of the parts given to their constructors
// (`new Reference(parts)`, unchecked against the grammar but not against their types), and the
// shapes of the authorities and hosts that RFC 2396 (section 3.2) and the draft of 2003 (its
// section 3.2) define alike. Nothing here names a model; each model's types.ts names its own.

/**
 * A server-based authority: server = [ [ userinfo "@" ] hostport ], hostport = host [ ":" port ]
 * (section 3.2.2 of RFC 2396 and of the draft of 2003); `Host` is the model's.
 */
export interface ServerAuthorityOf<Host> {
  readonly kind: "server";
  /** The whole authority as written: what resolution appends after "//". */
  readonly raw: string;
  /** The text before "@", if there is an "@". */
  readonly userinfo?: string;
  /** Undefined only when the server is empty (server = [ ... ]: "file:///etc"). */
  readonly host?: Host;
  /** port = *digit: the digits after ":", possibly "" ("http://a:/"), if there is a ":". */
  readonly port?: string;
}

/** A registry-based authority: one that is not a server (section 3.2.1); `Kind` is the model's name of it. */
export interface RegNameAuthorityOf<Kind extends string> {
  readonly kind: Kind;
  readonly raw: string;
}

/** hostname = *( domainlabel "." ) toplabel [ "." ] (section 3.2.2 of RFC 2396 and of the draft of 2003). */
export interface HostnameHostOf {
  readonly kind: "hostname";
  /** The host as written, with the trailing "." of a fully qualified name if there is one. */
  readonly raw: string;
  /** The domainlabels and the toplabel, left to right; the trailing "." adds no empty label. */
  readonly labels: readonly string[];
}

/**
 * The components of a reference, without the class around them (section 3 of each document);
 * `Authority` is the model's. The path is never undefined, though it may be empty (RFC 2396 5.2,
 * RFC 3986 5.2.1).
 */
export interface PartsOf<Authority> {
  readonly scheme?: string;
  readonly authority?: Authority;
  readonly path: string;
  readonly query?: string;
  readonly fragment?: string;
}

/** What every reference of a model has: its components but the scheme, and its text recomposed. */
export interface ReferenceBaseOf<Authority> extends Omit<PartsOf<Authority>, "scheme"> {
  /** The reference recomposed from its components (RFC 3986 5.3; the recombination at the end of 5.2 before it). */
  toString(): string;
}

/** A type with its properties writable: what a reference's maker sets before it is returned. */
export type Writable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Throws the TypeError of a reference class's constructor (`name`) given parts that are not an
 * object, or a path that is not a string ("the path is never undefined", `section`).
 */
export function requireParts(name: string, parts: unknown, section: string): void {
  if (parts === null || typeof parts !== "object") {
    throw new TypeError(`${name}: parts must be an object of components ({ path, scheme?, ... }), got ${parts === null ? "null" : typeof parts}`);
  }
  const path = (parts as { path?: unknown }).path;
  if (typeof path !== "string") {
    throw new TypeError(`${name}: parts.path must be a string (the path is never undefined, section ${section}), got ${typeof path}`);
  }
}

/** Throws the TypeError of a constructor (`name`) given a scheme, query or fragment that is neither a string nor absent. */
export function requireStringParts(name: string, parts: { readonly scheme?: unknown; readonly query?: unknown; readonly fragment?: unknown }): void {
  for (const component of ["scheme", "query", "fragment"] as const) {
    const value = parts[component];
    if (value != null && typeof value !== "string") {
      throw new TypeError(`${name}: parts.${component} must be a string or undefined, got ${typeof value}`);
    }
  }
}
