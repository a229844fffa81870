// From the record the 1993 grammar's actions build (grammar/url-1993/grammar.peggy) to a Url. The
// BNF lets user, password and host hold "@" and ":" themselves, so the grammar keeps a login and a
// hostport whole; they are split here as the draft's prose reads them, each part checked against
// its own rule of the grammar (edition.accepts), so that every part is one the BNF allows.
import type { Edition } from "../edition.js";
import { Url, type Production, type UrlParts } from "./types.js";

/** The grammar's record of a URL: null where the production has no such part. */
interface UrlRecord {
  production: Production;
  scheme: string;
  login: string | null;
  hostport: string | null;
  cellname: string | null;
  path: string | null;
  search: string | null;
  fragmentid: string | null;
  group: string | null;
  article: string | null;
  database: string | null;
  wtype: string | null;
  length: string | null;
  gtype: string | null;
}

type Accepts = (input: string, rule: string) => boolean;

/** The Url of a record of fragmentaddress, uri, url or one of the scheme-specific productions. */
export function urlOf(record: unknown, edition: Edition): Url {
  const r = record as UrlRecord;
  const accepts: Accepts = (input, rule) => edition.accepts(input, edition.requireRule(rule));
  const parts: { -readonly [K in keyof UrlParts]: UrlParts[K] } = { production: r.production, scheme: r.scheme };
  if (r.login !== null) Object.assign(parts, loginParts(r.login, accepts));
  if (r.hostport !== null) Object.assign(parts, hostportParts(r.hostport, accepts));
  if (r.cellname !== null) parts.host = r.cellname;
  if (r.path !== null) {
    if (r.production === "prosperolink") Object.assign(parts, prosperoParts(r.path, accepts));
    else parts.path = r.path;
  }
  for (const key of ["search", "fragmentid", "group", "article", "database", "wtype", "length", "gtype"] as const) {
    const value = r[key];
    if (value !== null) parts[key] = value;
  }
  return new Url(parts);
}

/**
 * hostport = host [ ":" port ]. A hostname may hold ":" and digits itself ("a:80" is a hostname
 * too); the draft's prose: "The port number ... is given in decimal notation after a colon". So
 * the port is the digits after the last ":", when what stands before it is a host.
 */
function hostportParts(text: string, accepts: Accepts): Pick<UrlParts, "host" | "port"> {
  const colon = text.lastIndexOf(":");
  if (colon > 0 && accepts(text.slice(colon + 1), "port") && accepts(text.slice(0, colon), "host")) {
    return { host: text.slice(0, colon), port: text.slice(colon + 1) };
  }
  return { host: text };
}

/**
 * login = [ user [ ":" password ] "@" ] hostport. The host is "the internet domain name of the
 * host ... (or ... the IP address)", which holds no "@", while a user or a password may (the FTP
 * prose's password is "the user's mail address"): the user part ends at the last "@" after which
 * a hostport follows. Within it, the password follows the first ":" that has a user before it and
 * a password after it ("Provision of encoding a password after the user name, delimited by a
 * colon").
 */
function loginParts(text: string, accepts: Accepts): Pick<UrlParts, "user" | "password" | "host" | "port"> {
  for (let at = text.lastIndexOf("@"); at > 0; at = text.lastIndexOf("@", at - 1)) {
    const rest = text.slice(at + 1);
    if (!accepts(rest, "hostport")) continue;
    const userPart = text.slice(0, at);
    const colon = userPart.indexOf(":", 1);
    const split = colon > 0 && colon < userPart.length - 1;
    return {
      user: split ? userPart.slice(0, colon) : userPart,
      ...(split ? { password: userPart.slice(colon + 1) } : {}),
      ...hostportParts(rest, accepts),
    };
  }
  return hostportParts(text, accepts);
}

/**
 * prosperolink: the PROSPERO prose: "The path part contains a host specific object name, an
 * optional version number, and an optional list of attributes. If these latter fields are present
 * they are separated from the host specific object name and from each other by the characters
 * "%00" ... the version number must be present, but may be the empty string". Read so when the
 * version is empty or a version, and each attribute an attribute; otherwise the whole is the
 * hsoname (a path may hold the escape "%00" itself).
 */
function prosperoParts(text: string, accepts: Accepts): Pick<UrlParts, "path" | "version" | "attributes"> {
  const at = text.indexOf("%00");
  if (at < 0) return { path: text };
  const [version, ...attributes] = text.slice(at + 3).split("%00");
  if ((version !== "" && !accepts(version, "version")) || !attributes.every((a) => accepts(a, "attribute"))) {
    return { path: text };
  }
  return { path: text.slice(0, at), version, ...(attributes.length ? { attributes } : {}) };
}
