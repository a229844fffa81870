// The choice of edition for an edition's own entry ("uri-grammar/rfc3986"): always that edition.
import { describe } from "./args.js";
import type { SelectEdition } from "./api.js";
import type { Edition } from "./edition.js";

/** Selects `edition` where the option is absent or names it; any other value is a TypeError. */
export function boundTo(edition: Edition): SelectEdition {
  return (id, what) => {
    if (id === undefined || id === edition.id) return edition;
    throw new TypeError(`${what}: these functions are bound to the edition ${JSON.stringify(edition.id)} ` +
      `(import them from "uri-grammar" to choose another), got ${typeof id === "string" ? JSON.stringify(id) : describe(id)}`);
  };
}
