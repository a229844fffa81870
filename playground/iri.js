// The playground's panel "as a URI, as an IRI": RFC 3987's mappings of the input (section 3.1,
// iriToUri: every ucschar and iprivate character as the percent-encoded octets of its UTF-8; section
// 3.2, uriToIri: the escapes of such characters decoded where an IRI may hold them). Shown for the
// editions of RFC 3987's model, and in any edition for an input with characters past ASCII or with
// escapes. The mappings read the input with RFC 3987's grammar, whose parser this page loads when
// first used (lazy.js).
import { EDITIONS, iriToUri, uriToIri } from "../dist/esm/src/index.js";
import { editionLoaded, loadEdition } from "./lazy.js";
import { registerPanel } from "./panels.js";

/** The edition whose document defines the mappings (RFC 3987, section 3). */
const IRI_EDITION = Object.values(EDITIONS).find((e) => e.model === "rfc3987");

function row(name, section, compute) {
  const dt = document.createElement("dt");
  const code = document.createElement("code");
  code.textContent = name;
  dt.append(code, ` (section ${section})`);
  const dd = document.createElement("dd");
  try {
    const out = document.createElement("code");
    out.textContent = compute();
    dd.append(out);
  } catch (error) {
    dd.className = "invalid";
    dd.textContent = error.message;
  }
  return [dt, dd];
}

if (IRI_EDITION !== undefined) {
  registerPanel({
    id: "iri-panel",
    heading: "As a URI, as an IRI (RFC 3987)",
    render(view, body) {
      const input = view.input;
      const shown = view.edition.model === IRI_EDITION.model || /[^\x00-\x7f]|%[0-9A-Fa-f]{2}/.test(input);
      body.parentElement.hidden = !shown;
      if (!shown) return;
      if (!editionLoaded(IRI_EDITION.id)) {
        body.replaceChildren(`Loading ${IRI_EDITION.document} ...`);
        loadEdition(IRI_EDITION.id).then(() => this.render(view, body));
        return;
      }
      // An input past ASCII is an IRI to map to a URI; an ASCII one, a URI to convert to an IRI.
      const list = document.createElement("dl");
      list.className = "iri-mappings";
      list.append(...(/[^\x00-\x7f]/.test(input) ? row("iriToUri", "3.1", () => iriToUri(input)) : row("uriToIri", "3.2", () => uriToIri(input))));
      body.replaceChildren(list);
    },
  });
}
