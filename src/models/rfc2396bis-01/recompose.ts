// Recomposition (section 5.2): components back into a URI reference (src/compose.ts), an authority
// composed from its parts where it has no raw text.
import { describe } from "../../args.js";
import { defined, recomposeComponents } from "../../compose.js";
import type { Authority, Host, UriReferenceParts } from "./types.js";

/**
 * Recomposes a reference from its components, as the end of section 5.2 describes: the scheme and
 * ":", "//" and the authority, the path, "?" and the query, "#" and the fragment, each only where
 * it is defined. An empty component is kept (its delimiter is written). It does not validate the
 * text against the grammar; a part of the wrong type (null, a number, a host of no kind the draft
 * has) is a TypeError that names the part, never text such as "null:" or "//undefined".
 */
export function recompose(ref: UriReferenceParts): string {
  return recomposeComponents(ref, "ref", "5.2", authorityText);
}

/** A defined component: a string, else a TypeError naming it (`undefined` is the absent component). */
const optional = defined;

/** The authority as written: its raw text, or composed from its parts when it has none. */
export function authorityText(authority: Authority): string {
  if (authority === null || typeof authority !== "object") {
    throw new TypeError(`recompose: ref.authority must be an Authority ({ kind, raw, ... }) or undefined (absent), got ${describe(authority)}`);
  }
  if (typeof authority.raw === "string") return authority.raw;
  if (authority.raw !== undefined) throw new TypeError(`recompose: ref.authority.raw must be a string, got ${describe(authority.raw)}`);
  if (authority.kind !== "server") {
    // A reg-name is its text: there are no parts to compose it from.
    throw new TypeError(`recompose: ref.authority has no raw text and is not a server (kind ${JSON.stringify(String(authority.kind))}); ` +
      `a reg-name authority needs its raw text (section 3.2.1)`);
  }
  let text = "";
  if (authority.userinfo !== undefined) text += optional(authority.userinfo, "ref.authority.userinfo") + "@";
  if (authority.host !== undefined) text += hostText(authority.host);
  if (authority.port !== undefined) text += ":" + optional(authority.port, "ref.authority.port");
  return text;
}

function hostText(host: Host): string {
  if (host === null || typeof host !== "object") {
    throw new TypeError(`recompose: ref.authority.host must be a Host ({ kind, raw, ... }) or undefined (absent), got ${describe(host)}`);
  }
  if (typeof host.raw === "string") return host.raw;
  if (host.raw !== undefined) throw new TypeError(`recompose: ref.authority.host.raw must be a string, got ${describe(host.raw)}`);
  const kind = (host as { kind: unknown }).kind;
  switch (kind) {
    case "IPv6reference":
      return "[" + optional((host as { address: unknown }).address, "ref.authority.host.address") + "]";
    case "IPv4address": {
      const octets = (host as { octets: unknown }).octets;
      if (!Array.isArray(octets) || octets.length !== 4 || !octets.every((o) => Number.isInteger(o) && o >= 0 && o <= 255)) {
        throw new TypeError(`recompose: ref.authority.host.octets must be four integers 0-255 (section 3.2.2), got ${describe(octets)}`);
      }
      return octets.join(".");
    }
    case "hostname": {
      const labels = (host as { labels: unknown }).labels;
      if (!Array.isArray(labels) || labels.length === 0 || !labels.every((l) => typeof l === "string")) {
        throw new TypeError(`recompose: ref.authority.host.labels must be a non-empty array of strings, got ${describe(labels)}`);
      }
      return labels.join(".");
    }
    default:
      throw new TypeError(`recompose: ref.authority.host.kind must be "IPv6reference", "IPv4address" or "hostname" ` +
        `(section 3.2.2), got ${typeof kind === "string" ? JSON.stringify(kind) : describe(kind)}`);
  }
}
