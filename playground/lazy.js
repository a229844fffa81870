// What the page loads when first used (scripts/build-playground.mjs): each edition's parser and
// trace build but the default's (editions/ID.js) and each edition's railroad diagrams
// (diagrams/ID.js). Classic scripts added to the page, so that it works from file: too; each sets
// a global that the bundle reads (URI_GRAMMAR_BUILDS, URI_GRAMMAR_DIAGRAMS).
import { DEFAULT_EDITION } from "../dist/esm/src/index.js";

const loading = new Map();

function script(src) {
  let p = loading.get(src);
  if (p === undefined) {
    p = new Promise((done, fail) => {
      const el = document.createElement("script");
      el.src = src;
      el.onload = () => done();
      el.onerror = () => { loading.delete(src); fail(new Error(`could not load ${src}`)); };
      document.head.append(el);
    });
    loading.set(src, p);
  }
  return p;
}

/** True when the edition's parser and trace build are in the page. */
export function editionLoaded(id) {
  return id === DEFAULT_EDITION.id || globalThis.URI_GRAMMAR_BUILDS?.[`${id}/parser`] !== undefined;
}

/** Loads the edition's parser and trace build, if they are not in the page yet. */
export function loadEdition(id) {
  return editionLoaded(id) ? Promise.resolve() : script(`editions/${encodeURIComponent(id)}.js`);
}

/** The edition's railroad diagrams ({ rule: svg }), loaded when first asked for. */
export async function diagramsOf(id) {
  if (globalThis.URI_GRAMMAR_DIAGRAMS?.[id] === undefined) await script(`diagrams/${encodeURIComponent(id)}.js`);
  return globalThis.URI_GRAMMAR_DIAGRAMS[id];
}
