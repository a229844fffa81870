// Recomposition (section 5.2): components back into a URI reference.
import type { Authority, Host, UriReferenceParts } from "./types.js";

/**
 * Recomposes a reference from its components, as the end of section 5.2 describes: the scheme and
 * ":", "//" and the authority, the path, "?" and the query, "#" and the fragment, each only where
 * it is defined. An empty component is kept (its delimiter is written). It does not validate.
 */
export function recompose(ref: UriReferenceParts): string {
  if (ref === null || typeof ref !== "object") {
    throw new TypeError(`recompose: ref must be a UriReference, got ${ref === null ? "null" : typeof ref}`);
  }
  if (typeof ref.path !== "string") {
    throw new TypeError("recompose: ref.path must be a string (the path is never undefined, section 5.2)");
  }
  let result = "";
  if (ref.scheme !== undefined) result += ref.scheme + ":";
  if (ref.authority !== undefined) result += "//" + authorityText(ref.authority);
  result += ref.path;
  if (ref.query !== undefined) result += "?" + ref.query;
  if (ref.fragment !== undefined) result += "#" + ref.fragment;
  return result;
}

/** The authority as written: its raw text, or composed from its parts when it has none. */
export function authorityText(authority: Authority): string {
  if (typeof authority.raw === "string") return authority.raw;
  if (authority.kind === "reg-name") return "";
  let text = "";
  if (authority.userinfo !== undefined) text += authority.userinfo + "@";
  if (authority.host !== undefined) text += hostText(authority.host);
  if (authority.port !== undefined) text += ":" + authority.port;
  return text;
}

function hostText(host: Host): string {
  if (typeof host.raw === "string") return host.raw;
  switch (host.kind) {
    case "IPv6reference": return "[" + host.address + "]";
    case "IPv4address": return host.octets.join(".");
    case "hostname": return host.labels.join(".");
  }
}
