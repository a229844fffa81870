// Every edition the build compiled (generated/editions.js, from grammar/*/edition.json), by id.
import { DEFAULT_EDITION_ID, EDITION_LIST, type EditionId, type DefaultEditionId, type Models, type RuleNames } from "../generated/editions.js";
import { describe } from "./args.js";
import { knowEditions } from "./diagnose.js";
import { editionFromBuild, type Edition } from "./edition.js";

export type { EditionId, DefaultEditionId, Models, RuleNames };

/** The edition of that id, its rule names and its model, typed. */
export type EditionOf<E extends EditionId> = Edition<E, Models[E], RuleNames[E]>;

const LIST: readonly Edition[] = EDITION_LIST.map((build) => editionFromBuild(build as never));
const BY_ID = new Map<string, Edition>(LIST.map((e) => [e.id, e]));
// An error at a character past ASCII in a URI edition says what an edition of IRIs reads there.
knowEditions(() => LIST);

/** Every edition, by id, oldest first. */
export const EDITIONS: { readonly [E in EditionId]: EditionOf<E> } =
  Object.freeze(Object.fromEntries(LIST.map((e) => [e.id, e]))) as never;

/** The edition used where none is named. */
export const DEFAULT_EDITION: EditionOf<DefaultEditionId> = BY_ID.get(DEFAULT_EDITION_ID) as never;

/** The edition of an `edition` option: the default when undefined, else a known id, else a TypeError. */
export function selectEdition(id: unknown, what: string): Edition {
  if (id === undefined) return DEFAULT_EDITION;
  if (typeof id === "string") {
    const edition = BY_ID.get(id);
    if (edition) return edition;
  }
  throw new TypeError(`${what} must be the id of an edition: ${LIST.map((e) => JSON.stringify(e.id)).join(", ")}; ` +
    `got ${typeof id === "string" ? JSON.stringify(id) : describe(id)}`);
}
