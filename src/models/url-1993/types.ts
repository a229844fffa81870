// The typed components of a URL of the 1993 URL draft ("Uniform Resource Locators (URL)", section
// "BNF syntax"), in its own terms. A part the URL does not have is undefined; values carry no
// delimiters ("?", "#", ":", "@", "//").
import { recompose } from "./recompose.js";

/** The production of the BNF that the URL matched (the scheme-specific one where both match). */
export type Production =
  | "generic" | "httpaddress" | "ftpaddress" | "afsaddress" | "newsaddress" | "waisindex" | "waisdoc"
  | "prosperolink" | "telnetaddress" | "gopheraddress";

/** The parts of a URL, without the class around them. */
export interface UrlParts {
  /** generic, httpaddress, ftpaddress, ... (waisaddress is waisindex or waisdoc, prosperoaddress prosperolink). */
  readonly production: Production;
  /** The scheme: generic's ialpha up to its first ":", or the production's "http", "ftp", ... */
  readonly scheme: string;
  /** login = [ user [ ":" password ] "@" ] hostport: the user (ftpaddress, telnetaddress). */
  readonly user?: string;
  /** The password after the user's ":" (the draft discourages it). */
  readonly password?: string;
  /** host = hostname / hostnumber, as written (every production with "//"); afsaddress: the cellname. */
  readonly host?: string;
  /** port = digits, after the host's ":". */
  readonly port?: string;
  /** path (generic, httpaddress, ftpaddress, afsaddress, waisdoc), hsoname (prosperolink), selector (gopheraddress). */
  readonly path?: string;
  /** search = xalphas [ "+" search ], after "?". */
  readonly search?: string;
  /** fragmentid = xalphas, after "#". */
  readonly fragmentid?: string;
  /** newsaddress: a group (or "*"), or an article (a message identifier, with its "@"). */
  readonly group?: string;
  readonly article?: string;
  /** waisindex and waisdoc: the database; waisdoc: its wtype and its digits (the length). */
  readonly database?: string;
  readonly wtype?: string;
  readonly length?: string;
  /** gopheraddress: the one-character gtype after "/". */
  readonly gtype?: string;
  /**
   * prosperolink: the version and the attributes after the hsoname, as the draft's PROSPERO prose
   * separates them ("%00" before each; the version may be empty).
   */
  readonly version?: string;
  readonly attributes?: readonly string[];
}

/**
 * A URL of the 1993 draft (fragmentaddress: a url and its fragmentid). Its properties are UrlParts'
 * (the interface of the same name below adds them to the class), set from the parts given.
 */
export class Url {
  constructor(parts: UrlParts) {
    // Every part is a property of every URL, undefined where the URL has none, in this order.
    for (const key of PARTS) (this as Record<string, unknown>)[key] = undefined;
    for (const [key, value] of Object.entries(parts)) {
      if (value !== undefined) (this as Record<string, unknown>)[key] = value;
    }
    Object.freeze(this);
  }

  /** The URL recomposed from its parts. */
  toString(): string {
    return recompose(this);
  }
}

// The class's properties, declared once: those of UrlParts.
export interface Url extends UrlParts {}

/** The names of UrlParts, in its order; the type below fails to compile when one is missing. */
const PARTS = [
  "production", "scheme", "user", "password", "host", "port", "path", "search", "fragmentid", "group", "article", "database",
  "wtype", "length", "gtype", "version", "attributes",
] as const satisfies readonly (keyof UrlParts)[];
const EVERY_PART: Exclude<keyof UrlParts, (typeof PARTS)[number]> extends never ? true : never = true;
void EVERY_PART;
