// A URL of the 1993 draft written out from its parts, production by production (section "BNF
// syntax"): the inverse of parse().
import type { UrlParts } from "./types.js";

function hostport(u: UrlParts): string {
  return (u.host ?? "") + (u.port === undefined ? "" : ":" + u.port);
}

function login(u: UrlParts): string {
  if (u.user === undefined) return hostport(u);
  return u.user + (u.password === undefined ? "" : ":" + u.password) + "@" + hostport(u);
}

const opt = (delimiter: string, value: string | undefined) => (value === undefined ? "" : delimiter + value);

/** The text of the URL, fragmentid included. */
export function recompose(u: UrlParts): string {
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
