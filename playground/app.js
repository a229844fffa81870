// The playground (docs/playground.md): the library's own functions at work on what the reader
// types. Everything it shows comes from the library: the editions from EDITIONS, the rules and
// their texts from each edition's rule table, the tree from explain(), the errors from validate(),
// the verdicts from compareEditions(), the findings from audit(), the target from resolve() and
// the steps that produced it from resolveSteps(); the
// railroad diagrams were drawn at build time from each edition's ABNF (scripts/build-playground.mjs).
// Nothing here names an edition or a rule of one.
import "./buffer.js";
import {
  EDITIONS, DEFAULT_EDITION, audit, compareEditions, explain, parse, resolve, resolveSteps, validate, EXPLAIN_MAX_LENGTH,
} from "../dist/esm/src/index.js";
import DIAGRAMS from "playground:diagrams";
import { renderBrowserReading } from "./differential.js";

const $ = (id) => document.getElementById(id);
const EXAMPLE = "http://user@example.com:8080/a/b?q=1#top";
const DEFAULT_BASE = "http://a/b/c/d;p?q";

/** The component roles drawn in colour, outermost first (edition.roles names each one's rule). */
const COMPONENT_ROLES = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"];

const state = { uri: EXAMPLE, edition: DEFAULT_EDITION.id, rule: DEFAULT_EDITION.roles.reference, base: DEFAULT_BASE };
let selected = null; // the [start, end) of the selected tree node

function edition() {
  return EDITIONS[state.edition];
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== undefined && c !== null) node.append(c);
  return node;
}

function sectionText(section) {
  return /^\d/.test(section) ? `section ${section}` : section;
}

// ----- The address: #uri=...&edition=...&rule=...&base=... -----

function stateHash(over = {}) {
  const s = { ...state, ...over };
  const params = new URLSearchParams({ uri: s.uri, edition: s.edition, rule: s.rule });
  if (s.base !== DEFAULT_BASE) params.set("base", s.base);
  return "#" + params.toString();
}

function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const next = { ...state };
  if (params.has("uri")) next.uri = params.get("uri");
  if (params.has("edition") && Object.hasOwn(EDITIONS, params.get("edition"))) next.edition = params.get("edition");
  next.base = params.get("base") ?? DEFAULT_BASE;
  const e = EDITIONS[next.edition];
  const rule = params.get("rule");
  next.rule = rule !== null && e.rule(rule) ? rule : ruleIn(e, next.rule);
  Object.assign(state, next);
}

/** The rule of this name in edition `e`, or the rule with the same role, or its reference rule. */
function ruleIn(e, name) {
  if (e.rule(name)) return name;
  for (const other of Object.values(EDITIONS)) {
    for (const [role, ruleName] of Object.entries(other.roles)) {
      if (ruleName === name && typeof e.roles[role] === "string" && e.rule(e.roles[role])) return e.roles[role];
    }
  }
  return e.roles.reference;
}

function writeHash() {
  history.replaceState(null, "", stateHash());
}

// ----- Pickers -----

function fillPickers() {
  const editions = $("edition");
  editions.replaceChildren(...Object.values(EDITIONS).map((e) =>
    el("option", { value: e.id, text: `${e.document} (${e.date})${e.default ? ", default" : ""}` })));
  editions.value = state.edition;
  const rules = $("rule");
  rules.replaceChildren(...edition().rules.map((r) => el("option", { value: r.name, text: `${r.name}  (${sectionText(r.section)})` })));
  rules.value = state.rule;
  $("uri").value = state.uri;
  $("base").value = state.base;
}

// ----- The input, its components, its tree -----

/** The component spans of a tree: the outermost node of each role that holds no other component. */
function componentSpans(tree) {
  const e = edition();
  const roleOf = new Map();
  for (const role of COMPONENT_ROLES) {
    const name = e.roles[role];
    if (typeof name !== "string" || !e.rule(name)) continue;
    roleOf.set(name, role);
    // The rules a path is made of (path = abs-path / ...): they stand in the tree, not "path".
    if (role === "path") for (const used of e.rule(name).uses) if (!roleOf.has(used)) roleOf.set(used, role);
  }
  const spans = [];
  const holdsComponent = (node) => node.children.some((c) => roleOf.has(c.rule) || holdsComponent(c));
  const visit = (node) => {
    if (roleOf.has(node.rule) && !holdsComponent(node)) {
      if (node.end > node.start) spans.push({ role: roleOf.get(node.rule), rule: node.rule, start: node.start, end: node.end });
      return;
    }
    node.children.forEach(visit);
  };
  visit(tree);
  return spans;
}

function drawInput(input, spans, errorOffset) {
  const drawn = $("drawn");
  const chars = (start, end) => [...input.slice(start, end)].map((ch, i) => el("span", { class: "ch", "data-i": String(start + i), text: ch }));
  const parts = [];
  let at = 0;
  for (const span of spans) {
    if (span.start > at) parts.push(el("span", { class: "plain" }, chars(at, span.start)));
    const info = edition().rule(span.rule);
    const label = `${span.role}: ${span.rule} (${sectionText(info.section)}) "${input.slice(span.start, span.end)}"`;
    parts.push(el("span", {
      class: `component c-${span.role}`, tabindex: "0", "data-rule": span.rule, "aria-label": label, title: `${span.rule}, ${sectionText(info.section)}`,
      onmouseenter: () => showComponent(label), onfocus: () => showComponent(label),
    }, chars(span.start, span.end)));
    at = span.end;
  }
  if (at < input.length) parts.push(el("span", { class: "plain" }, chars(at, input.length)));
  drawn.replaceChildren(...parts);
  if (input.length === 0) drawn.append(el("span", { class: "empty", text: "(empty)" }));
  if (errorOffset !== undefined) {
    const ch = drawn.querySelector(`.ch[data-i="${errorOffset}"]`);
    if (ch) ch.classList.add("error-at");
    else drawn.append(el("span", { class: "ch error-at end", text: " ", "aria-hidden": "true" }));
  }
  const seen = [...new Set(spans.map((s) => s.role))];
  $("legend").replaceChildren(...seen.map((role) => el("span", { class: `component c-${role}`, text: role })));
  markSelection();
}

function showComponent(text) {
  $("component-info").textContent = text;
}

function markSelection() {
  for (const ch of $("drawn").querySelectorAll(".ch")) {
    const i = Number(ch.dataset.i);
    ch.classList.toggle("selected", selected !== null && i >= selected[0] && i < selected[1]);
  }
}

function treeNode(node, input) {
  const info = edition().rule(node.rule);
  const children = node.children.map((c) => treeNode(c, input));
  const kids = children.length ? el("ul", { role: "group" }, children) : null;
  const toggle = children.length
    ? el("button", {
      class: "toggle", type: "button", "aria-expanded": "true", "aria-label": `collapse ${node.rule}`,
      onclick: (ev) => {
        const open = ev.currentTarget.getAttribute("aria-expanded") === "true";
        ev.currentTarget.setAttribute("aria-expanded", String(!open));
        ev.currentTarget.setAttribute("aria-label", `${open ? "expand" : "collapse"} ${node.rule}`);
        kids.hidden = open;
      },
    })
    : el("span", { class: "toggle-space", "aria-hidden": "true" });
  const select = el("button", {
    class: "node", type: "button", "aria-pressed": "false", "data-start": String(node.start), "data-end": String(node.end),
    title: info ? sectionText(info.section) : undefined,
    onclick: (ev) => {
      const pressed = ev.currentTarget.getAttribute("aria-pressed") === "true";
      for (const b of $("tree").querySelectorAll("button.node")) b.setAttribute("aria-pressed", "false");
      ev.currentTarget.setAttribute("aria-pressed", String(!pressed));
      selected = pressed ? null : [node.start, node.end];
      markSelection();
    },
  }, node.rule);
  return el("li", {}, toggle, select, " ", el("span", { class: "span", text: `[${node.start}, ${node.end})` }), " ",
    el("code", { text: JSON.stringify(node.text) }), kids);
}

// ----- One pass over the state: everything the page shows -----

function render() {
  const e = edition();
  const input = state.uri;
  const rule = e.rule(state.rule);
  selected = null;
  const result = validate(input, { edition: e.id, rule: rule.name });
  const verdict = $("verdict");
  verdict.className = result.valid ? "valid" : "invalid";
  verdict.textContent = result.valid
    ? `valid: a ${rule.name} of ${e.document}`
    : `invalid: not a ${rule.name} of ${e.document}; ${result.error.message}`;

  let tree = null;
  if (result.valid && input.length <= EXPLAIN_MAX_LENGTH) tree = explain(input, { edition: e.id, rule: rule.name });
  drawInput(input, tree ? componentSpans(tree) : [], result.valid ? undefined : result.error.offset);
  $("component-info").textContent = tree ? "Hover over or focus a component to name its rule and section." : "";
  $("tree").replaceChildren(tree ? el("ul", { class: "tree", role: "tree" }, treeNode(tree, input))
    : el("p", { class: "note", text: result.valid ? "The input is too long to draw." : "No tree: the input does not match." }));
  renderError(result.valid ? null : result.error);
  renderEditions(input, rule);
  renderAudit(input);
  renderBrowserReading($("browser-panel"), input, state.edition, el);
  renderRule(rule);
  renderResolution();
}

function renderError(error) {
  const panel = $("error-panel");
  panel.hidden = error === null;
  if (!error) return;
  $("error-caret").textContent = `${error.input}\n${" ".repeat(error.offset)}^ offset ${error.offset}`;
  // The words group the characters by the rules that read them; the exact set follows.
  const exact = error.next.characters ? ` (exactly: ${JSON.stringify(error.next.characters)}${error.next.end ? ", or the end" : ""})` : "";
  $("error-next").textContent = error.expected.join("; ") + exact;
  $("error-path").replaceChildren(...error.path.flatMap((name, i) => [i ? " › " : "", ruleLink(name)]));
  $("error-section").textContent = `${error.rule}, ${sectionText(error.section)}`;
  $("error-hint").textContent = error.hint ?? "(none for this mistake)";
}

function ruleLink(name, editionId = state.edition) {
  return el("a", { href: stateHash({ rule: name, edition: editionId }), class: "rule-link", text: name });
}

function renderEditions(input, rule) {
  let verdicts;
  try {
    verdicts = compareEditions(input, { rule: rule.name });
  } catch {
    verdicts = compareEditions(input);
  }
  const body = $("editions-table").tBodies[0];
  body.replaceChildren(...verdicts.map((v) => {
    const e = EDITIONS[v.edition];
    const why = v.error
      ? [`at ${v.error.offset} in `, ruleLink(v.error.rule, v.edition), ` (${sectionText(v.error.section)})`, v.error.hint ? `: ${v.error.hint}` : ""]
      : [];
    return el("tr", { "data-edition": v.edition },
      el("th", { scope: "row" }, el("a", { href: stateHash({ edition: v.edition, rule: ruleIn(e, state.rule) }), text: e.id, title: e.document })),
      el("td", { class: "date", text: e.date }),
      el("td", { class: v.valid ? "valid" : "invalid", text: `${v.valid ? "valid" : "invalid"} ${v.rule}` }),
      el("td", {}, why));
  }));
}

function renderAudit(input) {
  const list = $("audit");
  let findings;
  try {
    findings = audit(input, { edition: state.edition });
  } catch (error) {
    list.replaceChildren(el("li", { class: "note", text: `Not audited: ${error.message}` }));
    return;
  }
  if (findings.length === 0) {
    list.replaceChildren(el("li", { class: "note", text: "No findings." }));
    return;
  }
  list.replaceChildren(...findings.map((f) => el("li", { class: `finding ${f.severity}` },
    el("span", { class: "severity", text: f.severity }), " ", el("code", { text: f.code }), ` (${sectionText(f.section)}) `,
    f.message, el("div", { class: "finding-span" },
      el("code", {}, input.slice(0, f.start), el("mark", { text: input.slice(f.start, f.end) }), input.slice(f.end)),
      el("span", { class: "span", text: ` [${f.start}, ${f.end})` })))));
}

// ----- The rule browser -----

function renderRule(rule) {
  const e = edition();
  $("rule-index").replaceChildren(el("ul", {}, e.rules.map((r) =>
    el("li", {}, el("a", { href: stateHash({ rule: r.name }), class: r.name === rule.name ? "rule-link current" : "rule-link",
      "aria-current": r.name === rule.name ? "true" : undefined, text: r.name })))));
  const links = (names) => names.length ? names.flatMap((n, i) => [i ? ", " : "", ruleLink(n)]) : ["(none)"];
  const example = (text) => el("li", {}, el("button", {
    type: "button", class: "example", "aria-label": `try ${JSON.stringify(text)}`,
    onclick: () => { state.uri = text; $("uri").value = text; writeHash(); render(); $("uri").focus(); },
  }, el("code", { text: JSON.stringify(text) })));
  const diagram = el("div", { class: "diagram" });
  const svg = DIAGRAMS[e.id]?.[rule.name];
  if (svg) {
    diagram.innerHTML = svg;
    const drawing = diagram.querySelector("svg");
    drawing.setAttribute("role", "img");
    drawing.setAttribute("aria-label", `railroad diagram of ${rule.name}`);
    // railroad-diagrams draws a rule's name as a square box, a literal as a round one (rx).
    for (const rect of diagram.querySelectorAll("g > rect")) rect.parentNode.classList.add(rect.hasAttribute("rx") ? "terminal" : "non-terminal");
    for (const g of diagram.querySelectorAll("g.non-terminal")) {
      const name = g.querySelector("text")?.textContent ?? "";
      if (!e.rule(name)) continue;
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "link");
      g.setAttribute("aria-label", `rule ${name}`);
      const go = () => { location.hash = stateHash({ rule: name }); };
      g.addEventListener("click", go);
      g.addEventListener("keydown", (ev) => { if (ev.key === "Enter") go(); });
    }
  } else {
    diagram.append(el("p", { class: "note", text: "No diagram for this rule." }));
  }
  $("rule-heading").textContent = `Rule ${rule.name}`;
  $("rule-detail").replaceChildren(...[
    el("p", { class: "rule-section", text: `${e.document}, ${sectionText(rule.section)}` }),
    el("h3", { text: "ABNF" }), el("pre", { class: "abnf", text: rule.abnf }),
    rule.draft ? el("p", { class: "note", text: `The document writes it ${rule.draft} (not valid ABNF; corrected above).` }) : null,
    el("h3", { text: "Railroad diagram (from the ABNF)" }), diagram,
    el("h3", { text: "PEG" }), el("pre", { class: "peg", text: rule.peg }),
    el("h3", { text: "Why the PEG differs" }),
    el("p", { class: "peg-note", text: rule.pegNote ?? "It does not: the PEG has the ABNF's form." }),
    el("dl", {},
      el("dt", { text: "Uses" }), el("dd", { class: "uses" }, links(rule.uses)),
      el("dt", { text: "Used by" }), el("dd", { class: "used-by" }, links(rule.usedBy))),
    el("div", { class: "examples" },
      el("div", {}, el("h3", { text: "Matches" }), el("ul", { class: "match" }, rule.examples.match.map(example))),
      el("div", {}, el("h3", { text: "Does not match" }), el("ul", { class: "no-match" }, rule.examples.noMatch.map(example)))),
  ].filter((node) => node !== null));
}

// ----- Resolution -----

const PARTS = [["scheme", (r) => r.scheme], ["authority", (r) => r.authority?.raw], ["path", (r) => r.path],
  ["query", (r) => r.query], ["fragment", (r) => r.fragment]];

function renderResolution() {
  const e = edition();
  const out = $("resolution-result");
  let target;
  let Base;
  let R;
  try {
    Base = parse(state.base, { edition: e.id });
    target = resolve(state.base, state.uri, { edition: e.id });
  } catch (error) {
    out.replaceChildren(el("p", { class: "invalid", text: `No target: ${error.message}` }));
    return;
  }
  // The reference's components, where the edition's grammar has a form for it (the 1993 draft's
  // partial forms are not in its grammar, but its partial form rules take them).
  try {
    R = parse(state.uri, { edition: e.id });
  } catch {
    R = undefined;
  }
  let T;
  try {
    T = parse(target, { edition: e.id });
  } catch {
    T = undefined;
  }
  const show = (v) => (v === undefined ? el("span", { class: "undefined", text: "undefined" }) : el("code", { text: JSON.stringify(v) }));
  const from = (name, get) => {
    if (!T) return "";
    const t = get(T);
    if (t === undefined) return "";
    if (R && t === get(R)) return "R";
    if (t === get(Base)) return "Base";
    return name === "path" ? "merged" : "";
  };
  out.replaceChildren(
    el("p", {}, "Target ", el("code", { id: "target", class: "target", text: target })),
    el("table", { class: "resolution-table" },
      el("thead", {}, el("tr", {}, ["", "Base", "R (the input)", "T (target)", "T's from"].map((h) => el("th", { scope: "col", text: h })))),
      el("tbody", {}, PARTS.map(([name, get]) => el("tr", {},
        el("th", { scope: "row", text: name }), el("td", {}, show(get(Base))), el("td", {}, R ? show(get(R)) : el("span", { class: "undefined", text: "(not in the grammar)" })),
        el("td", {}, T ? show(get(T)) : ""), el("td", { text: from(name, get) }))))),
    el("p", { class: "note", text: `The target follows the resolution of relative references of ${e.document} (its section 5.2, ` +
      "or the 1993 draft's PARTIAL FORM); the column \"T's from\" compares the target's components with R's and Base's." }),
    ...renderSteps(e));
}

/**
 * The steps of the edition's resolution that produced the target (resolveSteps()): an ordered list,
 * one item per step with its section and label as the document writes them, what it did and the
 * state after it; the steps of a routine (merge, remove_dot_segments, step 6) in a list inside
 * the step that carries it out. The list is one stop of the Tab key.
 */
function renderSteps(e) {
  let traced;
  try {
    traced = resolveSteps(state.base, state.uri, { edition: e.id });
  } catch (error) {
    return [el("p", { class: "note", id: "steps-unavailable", text: `No steps: ${error.message}` })];
  }
  const value = (v) => (v === undefined ? el("span", { class: "undefined", text: "undefined" }) : el("code", { text: JSON.stringify(v) }));
  const list = (steps, attrs) => el("ol", { class: "steps", ...attrs }, steps.map((step) => el("li", { class: "step" },
    el("p", { class: "step-label" }, el("span", { class: "step-section", text: step.section }), " ", el("code", { text: step.label })),
    el("p", { class: "step-did", text: step.did }),
    el("dl", { class: "step-state" }, Object.entries(step.state).flatMap(([name, v]) => [el("dt", { text: name }), el("dd", {}, value(v))])),
    step.steps ? list(step.steps, {}) : null)));
  return [
    el("h3", { id: "steps-heading", text: `The steps that produced it (${e.document})` }),
    list(traced.steps, { id: "steps", tabindex: "0", "aria-labelledby": "steps-heading" }),
  ];
}

// ----- Events -----

function onHash() {
  const before = state.edition;
  readHash();
  if (before !== state.edition) fillPickers();
  else { $("uri").value = state.uri; $("base").value = state.base; $("rule").value = state.rule; }
  render();
}

function start() {
  readHash();
  fillPickers();
  $("uri").addEventListener("input", () => { state.uri = $("uri").value; writeHash(); render(); });
  $("base").addEventListener("input", () => { state.base = $("base").value; writeHash(); renderResolution(); });
  $("edition").addEventListener("change", () => {
    const e = EDITIONS[$("edition").value];
    state.rule = ruleIn(e, state.rule);
    state.edition = e.id;
    fillPickers();
    writeHash();
    render();
  });
  $("rule").addEventListener("change", () => { state.rule = $("rule").value; writeHash(); render(); });
  window.addEventListener("hashchange", onHash);
  writeHash();
  render();
  document.body.dataset.ready = "true";
}

start();
