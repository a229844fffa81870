// The playground's panel "how a browser reads it": the edition's reading beside the WHATWG URL
// Standard's, as differential() gives them; the URL Standard's side is this page's own URL, the
// browser's parser (docs/differential.md).
import { differential, DIFFERENTIAL_DEFAULT_EDITION, EDITIONS } from "../dist/esm/src/index.js";

const ROWS = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"];

/**
 * The edition whose reading the panel compares for the page's edition: that edition, or where its
 * document defines no normalization to compare with (the 1993 draft: its manifest has no
 * "normalization"), differential()'s own default.
 */
export function comparedEdition(editionId) {
  return EDITIONS[editionId].normalization === undefined ? DIFFERENTIAL_DEFAULT_EDITION : editionId;
}

/** Fills `panel` (an element holding a table#browser-table and a list#browser-differences) for the input. */
export function renderBrowserReading(panel, input, editionId, el) {
  const table = panel.querySelector("#browser-table");
  const list = panel.querySelector("#browser-differences");
  const edition = comparedEdition(editionId);
  let result;
  try {
    result = differential(input, { edition });
  } catch (error) {
    table.replaceChildren();
    list.replaceChildren(el("li", { class: "note", text: `Not compared: ${error.message}` }));
    return;
  }
  const byComponent = new Map(result.differences.map((d) => [d.component, d]));
  const cell = (valid, value) => el("td", {}, valid ? (value === undefined ? el("span", { class: "note", text: "(none)" }) : el("code", { text: value === "" ? '""' : value })) : "");
  const rows = [el("tr", {}, el("th", { scope: "col", text: "" }), el("th", { scope: "col", text: EDITIONS[edition].document }),
    el("th", { scope: "col", text: "this browser (URL Standard)" }), el("th", { scope: "col", text: "" }))];
  const validity = byComponent.get("validity");
  rows.push(el("tr", { class: validity ? `differs ${validity.severity}` : "" }, el("th", { scope: "row", text: "valid" }),
    el("td", { text: result.rfc.valid ? "yes" : "no" }), el("td", { text: result.whatwg.valid ? "yes" : "no" }),
    el("td", { text: validity ? validity.severity : "" })));
  for (const part of ROWS) {
    const a = result.rfc.components?.[part];
    const b = result.whatwg.components?.[part];
    if (a === undefined && b === undefined) continue;
    const d = byComponent.get(part);
    rows.push(el("tr", { class: d ? `differs ${d.severity}` : "", "data-component": part }, el("th", { scope: "row", text: part }),
      cell(result.rfc.valid, a), cell(result.whatwg.valid, b), el("td", { text: d ? `${d.severity} (${d.kind})` : "" })));
  }
  table.replaceChildren(...rows);
  if (result.differences.length === 0) {
    list.replaceChildren(el("li", { class: "note", text: result.rfc.valid || result.whatwg.valid ? "This browser reads it as the edition does." : "Neither reads it." }));
    return;
  }
  list.replaceChildren(...result.differences.map((d) => el("li", { class: `finding ${d.severity}` },
    el("span", { class: "severity", text: d.severity }), " ", el("code", { text: d.component }), ` (${d.kind}) `, d.why)));
}
