// The position (docs/playground.md): a slider over the input, and the region "At this position":
// for the prefix up to the slider, the rules open there and what could come next, in the words
// of the errors and from the same automata (positionView() of src/diagnose.ts: the rule's DFA
// and the automaton of its positions). For a reject the slider starts at the stop, and past it
// the view is the stop's.
import { positionView } from "../dist/cjs/src/diagnose.js";

let page;

/** page: { state, view(), drawInput(), ruleLink(name), sectionText(s), el(...) } from app.js. */
export function initPosition(p) {
  page = p;
  document.getElementById("position").addEventListener("input", () => {
    page.drawInput();
    const v = page.view();
    if (v) renderPosition(v);
  });
}

/** Fills the region for the slider's position. */
export function renderPosition(v) {
  const { el } = page;
  const slider = document.getElementById("position");
  const at = Number(slider.value);
  const p = positionView(v.edition, v.input, at, v.rule);
  const shown = (text) => (text.length > 200 ? `${JSON.stringify(text.slice(0, 100))} … ${JSON.stringify(text.slice(-100))} (${text.length} characters)` : JSON.stringify(text));
  const stopNote = p.stop < v.input.length ? `; the input stops matching at ${p.stop}` : "";
  document.getElementById("position-output").textContent = `${at} of ${v.input.length}${stopNote}`;
  slider.setAttribute("aria-valuetext", `position ${at} of ${v.input.length}`);
  const prefix = document.getElementById("position-prefix");
  prefix.replaceChildren(el("code", { text: shown(v.input.slice(0, p.offset)) }),
    p.viable ? "" : el("span", { class: "note", text: ` (past the stop: the view at ${p.stop}, where the input stops matching)` }));
  document.getElementById("position-open").replaceChildren(...p.open.flatMap((name, i) => [i ? " › " : "", page.ruleLink(name)]));
  const exact = p.next.characters ? ` (exactly: ${JSON.stringify(p.next.characters)}${p.next.end ? ", or the end" : ""})` : "";
  const next = p.expected.length ? p.expected.join("; ") + exact : "nothing: no match goes on from here";
  const comingNext = p.offset < v.input.length ? v.input[p.offset] : undefined;
  const allowed = comingNext === undefined ? (p.next.end ? "The input ends here, and may." : "The input ends here, and may not.")
    : p.next.characters.includes(comingNext) ? `The next character, ${JSON.stringify(comingNext)}, is one of them.`
      : `The next character, ${JSON.stringify(comingNext)}, is not: the input stops matching here.`;
  document.getElementById("position-next").replaceChildren(el("span", { text: next }), el("br"), el("span", { class: "note", text: allowed }));
}
