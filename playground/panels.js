// The place for a panel of its own: a module calls registerPanel() with an id, a heading and a
// render function, and app.js imports it (one line). Each panel gets a <section> in #panels, in
// the order registered, and its render function is called with the page's view every time the
// page renders: { edition, rule, input, result, tree } (the Edition object, the RuleInfo, the
// input, validate()'s result, explain()'s tree or null).
const PANELS = [];

/** Adds a panel: { id, heading, render(view, body) }; body is the panel's element under its heading. */
export function registerPanel(panel) {
  if (typeof panel?.id !== "string" || typeof panel.render !== "function") throw new TypeError("registerPanel: { id, heading, render } expected");
  PANELS.push(panel);
}

/** Creates the panels' sections (once) and renders each. */
export function renderPanels(view) {
  const host = document.getElementById("panels");
  for (const panel of PANELS) {
    let body = document.getElementById(`${panel.id}-body`);
    if (body === null) {
      const heading = document.createElement("h2");
      heading.id = `${panel.id}-heading`;
      heading.textContent = panel.heading;
      body = document.createElement("div");
      body.id = `${panel.id}-body`;
      const section = document.createElement("section");
      section.id = panel.id;
      section.setAttribute("aria-labelledby", heading.id);
      section.append(heading, body);
      host.append(section);
    }
    panel.render(view, body);
  }
}
