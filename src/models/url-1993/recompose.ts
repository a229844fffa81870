// A URL of the 1993 draft written out from its parts, production by production (section "BNF
// syntax"): the inverse of parse().
import { describe } from "../../args.js";
import type { UrlParts } from "./types.js";

/** The parts that are text, each a string or undefined (absent). */
const TEXT_PARTS = [
  "user", "password", "host", "port", "path", "search", "fragmentid", "group", "article", "database", "wtype",
  "length", "gtype", "version",
] as const;

/** A TypeError naming the first part of the wrong type: null, a number, attributes that are not strings. */
function checkParts(u: UrlParts): void {
  if (typeof u.scheme !== "string") throw new TypeError(`recompose: url.scheme must be a string, got ${describe(u.scheme)}`);
  for (const name of TEXT_PARTS) {
    const value: unknown = u[name];
    if (value !== undefined && typeof value !== "string") {
      throw new TypeError(`recompose: url.${name} must be a string or undefined (absent), got ${describe(value)}`);
    }
  }
  const attributes: unknown = u.attributes;
  if (attributes !== undefined && !(Array.isArray(attributes) && attributes.every((a) => typeof a === "string"))) {
    throw new TypeError(`recompose: url.attributes must be an array of strings or undefined (absent), got ${describe(attributes)}`);
  }
}

function hostport(u: UrlParts): string {
  return (u.host ?? "") + (u.port === undefined ? "" : ":" + u.port);
}

function login(u: UrlParts): string {
  if (u.user === undefined) return hostport(u);
  return u.user + (u.password === undefined ? "" : ":" + u.password) + "@" + hostport(u);
}

const opt = (delimiter: string, value: string | undefined) => (value === undefined ? "" : delimiter + value);

/** The text of the URL, fragmentid included; a TypeError naming a part of the wrong type. */
export function recompose(u: UrlParts): string {
  checkParts(u);
  let out: string;
  switch (u.production) {
    case "generic": out = `${u.scheme}:${u.path ?? ""}${opt("?", u.search)}`; break;
    case "httpaddress": out = `http://${hostport(u)}${opt("/", u.path)}${opt("?", u.search)}`; break;
    case "ftpaddress": out = `ftp://${login(u)}/${u.path ?? ""}`; break;
    case "afsaddress": out = `afs://${u.host ?? ""}/${u.path ?? ""}`; break;
    case "newsaddress": out = `news:${u.article ?? u.group ?? ""}`; break;
    case "waisindex": out = `wais://${hostport(u)}/${u.database ?? ""}${opt("?", u.search)}`; break;
    case "waisdoc": out = `wais://${hostport(u)}/${u.database ?? ""}/${u.wtype ?? ""}/${u.length ?? ""}/${u.path ?? ""}`; break;
    case "prosperolink":
      out = `prospero://${hostport(u)}/${u.path ?? ""}${opt("%00", u.version)}` +
        (u.attributes ?? []).map((a) => "%00" + a).join("");
      break;
    case "telnetaddress": out = `telnet://${login(u)}`; break;
    case "gopheraddress": out = `gopher://${hostport(u)}${opt("/", u.gtype)}${u.gtype === undefined ? "" : u.path ?? ""}${opt("?", u.search)}`; break;
    default: throw new TypeError(`recompose: not a production of the 1993 URL draft: ${JSON.stringify((u as { production?: unknown }).production)}`);
  }
  return out + opt("#", u.fragmentid);
}
