// The tour (docs/history.md, `uri-grammar tour`): the grammar's history in a few stops, walked with
// Previous and Next. Each stop sets the input and the edition (and, for a resolution, the base),
// the "Every edition" table shows the verdicts computed for it, and the panel gives the stop's
// point with the answers tour() computes now. tour() runs every edition's parser: the first use of
// the tour loads every edition.
import { EDITIONS, tour } from "../dist/esm/src/index.js";
import { loadEdition } from "./lazy.js";

let page;
let stops = null;
let at = 0;

/** page: { setState(next), getState(), editionVerdicts(input, rule), el(...), sectionText(s) } from app.js. */
export function initTour(p) {
  page = p;
  const button = document.getElementById("tour-button");
  button.addEventListener("click", () => (document.getElementById("tour-panel").hidden ? open() : close()));
  document.getElementById("tour-previous").addEventListener("click", () => go(at - 1));
  document.getElementById("tour-next").addEventListener("click", () => go(at + 1));
  document.getElementById("tour-close").addEventListener("click", close);
}

async function open() {
  const panel = document.getElementById("tour-panel");
  panel.hidden = false;
  document.getElementById("tour-button").setAttribute("aria-expanded", "true");
  if (stops === null) {
    document.getElementById("tour-step").textContent = "Loading every edition ...";
    await Promise.all(Object.keys(EDITIONS).map(loadEdition));
    stops = tour();
  }
  await go(at);
  document.getElementById("tour-heading").focus?.();
}

function close() {
  document.getElementById("tour-panel").hidden = true;
  document.getElementById("tour-button").setAttribute("aria-expanded", "false");
}

/** The state a stop sets: its input, the edition where the change it shows happens, its rule or base. */
function stateOf(stop) {
  const ids = Object.keys(EDITIONS);
  const claimed = stop.claim.split(" ").filter((id) => ids.includes(id));
  if (stop.kind === "diff") {
    const [, to] = stop.input.split(" ");
    return { edition: ids.includes(to) ? to : page.getState().edition };
  }
  const edition = claimed[0] ?? stop.answers?.[0]?.edition ?? page.getState().edition;
  if (stop.kind === "resolve") {
    const [base, ref] = stop.input.split(" ");
    return { edition, uri: ref, base, rule: EDITIONS[edition].roles.reference };
  }
  return { edition, uri: stop.input, rule: stop.rule ?? EDITIONS[edition].roles.reference };
}

async function go(n) {
  at = Math.max(0, Math.min(n, stops.length - 1));
  const stop = stops[at];
  document.getElementById("tour-previous").disabled = at === 0;
  document.getElementById("tour-next").disabled = at === stops.length - 1;
  document.getElementById("tour-step").textContent = `Stop ${at + 1} of ${stops.length}: ${stop.title}`;
  const { el } = page;
  const answers = stop.answers
    ? el("table", { class: "tour-answers" },
      el("caption", { text: stop.kind === "editions" ? "What each edition says (computed now)" : `The ${stop.kind} result in each edition (computed now)` }),
      el("tbody", {}, stop.answers.map((a) => el("tr", { class: stop.changes.includes(a.edition) ? "changed" : undefined },
        el("th", { scope: "row", text: `${stop.changes.includes(a.edition) ? "* " : ""}${a.edition}` }), el("td", { text: a.date }),
        el("td", { text: a.value }))))) : null;
  const diff = stop.diff
    ? el("ul", { class: "tour-diff" }, stop.diff.map((d) => el("li", {}, el("code", { text: d.rule }), `: ${d.claimed}`,
      d.found === d.claimed ? "" : ` (the editions say ${d.found || "nothing of the kind"})`))) : null;
  document.getElementById("tour-body").replaceChildren(...[
    el("p", { class: "tour-point", text: stop.point.replace(/`/g, "") }),
    el("p", { class: "note" }, "The command: ", el("code", { text: stop.command })),
    stop.holds ? null : el("p", { class: "invalid", text: "The editions no longer bear this point out." }),
    answers, diff,
  ].filter(Boolean));
  await page.setState(stateOf(stop));
}
