// From the record the 1993 grammar's actions build (grammar/url-1993/grammar.peggy, whose header
// gives the records' shapes) to a Url. The BNF lets user, password and host hold "@" and ":"
// themselves, so the grammar keeps a login and a hostport whole; they are split here as the
// draft's prose reads them, each part checked against its own rule of the grammar
// (edition.accepts), so that every part is one the BNF allows.
import type { SpanRecord as Span } from "../../edition-build.js";
import type { Edition } from "../../edition.js";
import { Url, type Production, type UrlParts } from "./types.js";

/**
 * The grammar's record of a url: the production that matched, its span, and the parts that
 * production has (each a text, or null where the url has none); a fragmentaddress's record holds
 * the url's and its fragmentid.
 */
interface UrlRecord extends Span {
  rule: Production | "fragmentaddress";
  url: UrlRecord;
  fragmentid: string | null;
  scheme: string;
  login: string;
  hostport: string;
  cellname: string;
  path: string | null;
  search: string | null;
  groupart: Span;
  database: string;
  wtype: string;
  length: string;
  hsoname: string;
  gtype: string | null;
  selector: string | null;
}

type Accepts = (input: string, rule: string) => boolean;

/** The Url of a record of fragmentaddress, uri, url or one of the scheme-specific productions. */
export function urlOf(record: unknown, input: string, edition: Edition): Url {
  let r = record as UrlRecord;
  let fragmentid: string | undefined;
  if (r.rule === "fragmentaddress") {
    fragmentid = r.fragmentid ?? undefined;
    r = r.url;
  }
  const accepts: Accepts = (text, rule) => edition.accepts(text, edition.requireRule(rule));
  const production = r.rule as Production;
  const scheme = r.scheme;
  // Each production's parts in one object of a fixed shape, in the order of UrlParts: the Url
  // keeps the parts that are not undefined, in this order.
  switch (production) {
    case "generic":
      return new Url({ production, scheme, path: r.path!, search: r.search ?? undefined, fragmentid });
    case "httpaddress": {
      const h = hostportParts(r.hostport, accepts);
      return new Url({ production, scheme, host: h.host, port: h.port, path: r.path ?? undefined, search: r.search ?? undefined, fragmentid });
    }
    case "ftpaddress": {
      const l = loginParts(r.login, accepts);
      return new Url({ production, scheme, user: l.user, password: l.password, host: l.host, port: l.port, path: r.path!, fragmentid });
    }
    case "afsaddress":
      return new Url({ production, scheme, host: r.cellname, path: r.path!, fragmentid });
    case "newsaddress": {
      // groupart = "*" / group / article: an article, else a group (the model keeps "*" as one).
      const g = r.groupart;
      const text = input.slice(g.start, g.end);
      return g.rule === "article"
        ? new Url({ production, scheme, fragmentid, article: text })
        : new Url({ production, scheme, fragmentid, group: text });
    }
    case "waisindex": {
      const h = hostportParts(r.hostport, accepts);
      return new Url({ production, scheme, host: h.host, port: h.port, search: r.search ?? undefined, fragmentid, database: r.database });
    }
    case "waisdoc": {
      const h = hostportParts(r.hostport, accepts);
      return new Url({ production, scheme, host: h.host, port: h.port, path: r.path!, fragmentid, database: r.database, wtype: r.wtype, length: r.length });
    }
    case "prosperolink": {
      const h = hostportParts(r.hostport, accepts);
      const p = prosperoParts(r.hsoname, accepts);
      return new Url({ production, scheme, host: h.host, port: h.port, path: p.path, version: p.version, attributes: p.attributes, fragmentid });
    }
    case "telnetaddress": {
      const l = loginParts(r.login, accepts);
      return new Url({ production, scheme, user: l.user, password: l.password, host: l.host, port: l.port, fragmentid });
    }
    case "gopheraddress": {
      const h = hostportParts(r.hostport, accepts);
      return new Url({ production, scheme, host: h.host, port: h.port, path: r.selector ?? undefined, search: r.search ?? undefined, fragmentid, gtype: r.gtype ?? undefined });
    }
    default:
      throw new Error(`internal error: the grammar's record of a url names no production: ${JSON.stringify(r.rule)}`);
  }
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
