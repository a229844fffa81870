// The playground (docs/playground.md): the library's own functions at work on what the reader
// types. Everything it shows comes from the library: the editions from EDITIONS, the rules and
// their texts from each edition's rule table, the tree from explain(), the errors from validate(),
// every edition's verdict from validate() in each (as compareEditions()
// chooses the rules), the findings from audit(), the target from resolve() and
// the steps that produced it from resolveSteps(), the view of each position from positionView()
// (the automata of the errors), the partial tree of a reject from partialTreeIn(), the tour from
// tour(); the railroad diagrams were drawn at build time from each edition's ABNF
// (scripts/build-playground.mjs). Nothing here names an edition or a rule of one.
//
// What the page shows, top to bottom: the input (renderInput: verdict, components, error), the
// position (position.js), the tree and every edition (renderTree, renderEditions), the audit, the
// panels of panels.js (a module adds one with registerPanel() and an import here), the rule
// browser and the resolution. Each edition's parser and trace build but the default's, and the
// diagrams, load when first used (lazy.js).
import "./buffer.js";
import {
  EDITIONS, DEFAULT_EDITION, audit, explain, parse, resolve, resolveSteps, validate,
} from "../dist/esm/src/index.js";
import { partialTreeIn } from "../dist/cjs/src/explain.js";
import { article } from "../dist/cjs/src/words.js";
import { comparedEdition, renderBrowserReading } from "./differential.js";
import { diagramsOf, editionLoaded, loadEdition } from "./lazy.js";
import { renderPanels } from "./panels.js";
import "./iri.js";
import { initPosition, renderPosition } from "./position.js";
import { initTour } from "./tour.js";

const $ = (id) => document.getElementById(id);
const EXAMPLE = "http://user@example.com:8080/a/b?q=1#top";
const DEFAULT_BASE = "http://a/b/c/d;p?q";

/** The component roles drawn in colour, outermost first (edition.roles names each one's rule). */
const COMPONENT_ROLES = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"];

/**
 * The longest input whose tree, partial tree and characters are drawn: the page stays quick with
 * a link of any length (the verdict, the error, the position and every edition still take all of it).
 */
const DRAW_MAX = 10000;

const state = { uri: EXAMPLE, edition: DEFAULT_EDITION.id, rule: DEFAULT_EDITION.roles.reference, base: DEFAULT_BASE };
let selected = null; // the [start, end) of the selected tree node
let drawnSpans = []; // the component spans drawn, for a redraw
let drawnError; // the error offset drawn
let diagramsWanted = false; // the diagrams load when the rule browser is first used

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

/** A text as drawn: at most DRAW_MAX characters of it, the rest counted. */
function clip(text) {
  return text.length <= DRAW_MAX ? text : `${text.slice(0, DRAW_MAX)} … (${text.length - DRAW_MAX} more characters)`;
}

function sectionText(section) {
  return /^\d/.test(section) ? `section ${section}` : section;
}

// ----- The address: #uri=...&edition=...&rule=...&base=... -----

let encodedLong = ["", ""]; // the last long text encoded: a link is made for every rule, and an input may be long

function encode(text) {
  if (text.length < 256) return new URLSearchParams({ v: text }).toString().slice(2);
  if (encodedLong[0] !== text) encodedLong = [text, new URLSearchParams({ v: text }).toString().slice(2)];
  return encodedLong[1];
}

/**
 * The address of a state: #uri=...&edition=...&rule=...(&base=...), as URLSearchParams writes it.
 * A link within the page for an input of more than LINK_MAX characters leaves the input (and the
 * base) out: the page keeps them when it follows the link, and writes the whole address then.
 */
const LINK_MAX = 2000;

function stateHash(over = {}) {
  const s = { ...state, ...over };
  if (s.uri.length > LINK_MAX && over.uri === undefined) return `#edition=${encode(s.edition)}&rule=${encode(s.rule)}`;
  let hash = `#uri=${encode(s.uri)}&edition=${encode(s.edition)}&rule=${encode(s.rule)}`;
  if (s.base !== DEFAULT_BASE) hash += `&base=${encode(s.base)}`;
  return hash;
}

function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const next = { ...state };
  if (params.has("uri")) next.uri = params.get("uri");
  if (params.has("edition") && Object.hasOwn(EDITIONS, params.get("edition"))) next.edition = params.get("edition");
  // An address without the input is a link within the page (stateHash): it keeps the base too.
  if (params.has("base")) next.base = params.get("base");
  else if (params.has("uri")) next.base = DEFAULT_BASE;
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
  history.replaceState(null, "", stateHash({ uri: state.uri }));
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
      if (node.end > node.start) spans.push({ role: roleOf.get(node.rule), rule: node.rule, start: node.start, end: node.end, open: node.open === true });
      return;
    }
    node.children.forEach(visit);
  };
  visit(tree);
  return spans;
}

/**
 * The input, each component in its colour. Drawn as runs of characters that share everything
 * (component, selection, the error, before or after the position): a few elements whatever the
 * input's length, and at most DRAW_MAX characters of it.
 */
export function drawInput() {
  const input = state.uri;
  const spans = drawnSpans;
  const errorOffset = drawnError;
  const drawn = $("drawn");
  const shown = Math.min(input.length, DRAW_MAX);
  const position = currentPosition();
  const cuts = new Set([0, shown]);
  const cut = (i) => { if (i >= 0 && i <= shown) cuts.add(i); };
  for (const s of spans) { cut(s.start); cut(s.end); }
  if (selected) { cut(selected[0]); cut(selected[1]); }
  if (errorOffset !== undefined) { cut(errorOffset); cut(errorOffset + 1); }
  if (position < input.length) cut(position);
  const points = [...cuts].sort((a, b) => a - b);
  const run = (start, end) => {
    const classes = ["ch"];
    if (selected && start >= selected[0] && end <= selected[1]) classes.push("selected");
    if (errorOffset === start && end === start + 1) classes.push("error-at");
    if (start >= position && position < input.length) classes.push("after-position");
    return el("span", { class: classes.join(" "), "data-i": String(start), text: input.slice(start, end) });
  };
  const parts = [];
  let k = 0;
  const runs = (from, to) => {
    const out = [];
    while (k < points.length - 1 && points[k] < from) k++;
    for (let i = k; i < points.length - 1 && points[i] < to; i++) out.push(run(points[i], points[i + 1]));
    return out;
  };
  let at = 0;
  for (const span of spans) {
    if (span.start >= shown) break;
    if (span.start > at) parts.push(el("span", { class: "plain" }, runs(at, span.start)));
    const info = edition().rule(span.rule);
    const end = Math.min(span.end, shown);
    const text = input.slice(span.start, span.end);
    const label = `${span.role}: ${span.rule} (${sectionText(info.section)}) "${text.length > 200 ? `${text.slice(0, 200)}…" (${text.length} characters)` : `${text}"`}`;
    parts.push(el("span", {
      class: `component c-${span.role}${span.open ? " open" : ""}`, tabindex: "0", "data-rule": span.rule, "aria-label": label,
      title: `${span.rule}, ${sectionText(info.section)}`,
      onmouseenter: () => showComponent(label), onfocus: () => showComponent(label),
    }, runs(span.start, end)));
    at = end;
  }
  if (at < shown) parts.push(el("span", { class: "plain" }, runs(at, shown)));
  if (shown < input.length) parts.push(el("span", { class: "note", text: ` … (${input.length - shown} more characters, not drawn)` }));
  drawn.replaceChildren(...parts);
  if (input.length === 0) drawn.append(el("span", { class: "empty", text: "(empty)" }));
  if (errorOffset !== undefined && errorOffset >= input.length) {
    drawn.append(el("span", { class: "ch error-at end", "data-i": String(errorOffset), text: " ", "aria-hidden": "true" }));
  }
  const seen = [...new Set(spans.map((s) => s.role))];
  $("legend").replaceChildren(...seen.map((role) => el("span", { class: `component c-${role}`, text: role })));
}

function showComponent(text) {
  $("component-info").textContent = text;
}

function markSelection() {
  drawInput();
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
  const notes = [];
  if (node.open) notes.push(el("span", { class: "open-note", text: "open at the stop" }));
  if (node.otherReading) {
    notes.push(el("span", { class: "other-reading",
      text: `also read as ${node.otherReading.rule} alone, with ${node.otherReading.by} reading on (the grammar is ambiguous here; parse() reads it as shown)` }));
  }
  return el("li", { class: node.open ? "open" : undefined }, toggle, select, " ", el("span", { class: "span", text: `[${node.start}, ${node.end})` }), " ",
    el("code", { text: JSON.stringify(node.text) }), ...notes.flatMap((n) => [" ", n]), kids);
}

// ----- One pass over the state: everything the page shows -----

let renders = 0;

/** Renders the page for the state, once the edition's builds are in the page. */
async function render() {
  const n = ++renders;
  // The edition's builds, and those of the edition the panel "how a browser reads it" compares.
  const needed = [state.edition, comparedEdition(state.edition)].filter((id) => !editionLoaded(id));
  if (needed.length > 0) {
    document.body.dataset.busy = "true";
    $("verdict").textContent = `loading ${edition().document} ...`;
    try {
      await Promise.all(needed.map(loadEdition));
    } catch (error) {
      $("verdict").textContent = String(error.message);
      return;
    }
    if (n !== renders) return;
  }
  renderNow();
  delete document.body.dataset.busy;
}

let view = null;

function renderNow() {
  const e = edition();
  const input = state.uri;
  const rule = e.rule(state.rule);
  selected = null;
  const result = validate(input, { edition: e.id, rule: rule.name });
  const verdict = $("verdict");
  verdict.className = result.valid ? "valid" : "invalid";
  verdict.textContent = result.valid
    ? `valid: ${article(rule.name)} ${rule.name} of ${e.document}`
    : `invalid: not ${article(rule.name)} ${rule.name} of ${e.document}; ${clip(result.error.message)}`;

  const drawable = input.length <= DRAW_MAX;
  const tree = result.valid && drawable ? explain(input, { edition: e.id, rule: rule.name }) : null;
  // For a reject: what the grammar read before the stop, the rules open there marked.
  const partial = !result.valid && drawable ? partialTreeIn(e, input, rule.name, result.error.offset) ?? null : null;
  drawnSpans = tree ? componentSpans(tree) : partial ? componentSpans(partial) : [];
  drawnError = result.valid ? undefined : result.error.offset;
  view = { edition: e, rule, input, result, tree };
  setPositionRange(input, result);
  drawInput();
  $("component-info").textContent = tree || partial ? "Hover over or focus a component to name its rule and section." : "";
  renderTree(result, tree, partial, input);
  renderError(result.valid ? null : result.error);
  renderPosition(view);
  renderEditions(input, rule);
  renderAudit(input);
  renderBrowserReading($("browser-panel"), input, state.edition, el);
  renderRule(rule);
  renderResolution();
  renderPanels(view);
}

function renderTree(result, tree, partial, input) {
  const note = $("tree-note");
  if (tree) {
    note.textContent = "Rule by rule, as the grammar nests them. Select a node to mark its characters; the arrow collapses it.";
    $("tree").replaceChildren(el("ul", { class: "tree", role: "tree", "aria-label": "Parse tree" }, treeNode(tree, input)));
  } else if (partial) {
    note.textContent = `No tree: the input does not match. What the grammar read before the stop at offset ${result.error.offset}, ` +
      "the rules still open there marked:";
    $("tree").replaceChildren(el("ul", { class: "tree partial", role: "tree", "aria-label": "Partial tree" }, treeNode(partial, input)));
  } else {
    note.textContent = input.length > DRAW_MAX
      ? `The tree of an input this long (${input.length} characters; the page draws up to ${DRAW_MAX}) is not drawn: 'uri-grammar explain' prints it.`
      : result.valid ? "" : "No tree: the input does not match, and the grammar read no rule before the stop.";
    $("tree").replaceChildren();
  }
}

// ----- The position -----

let positionKey = ""; // the input and rule the slider was set for

/** The slider's range: 0 to the input's length; it starts at the end, or at the stop of a reject. */
function setPositionRange(input, result) {
  const slider = $("position");
  const max = input.length;
  const key = `${state.edition}/${state.rule}/${input}`;
  slider.max = String(max);
  if (key !== positionKey) slider.value = String(result.valid ? max : Math.min(result.error.offset, max));
  positionKey = key;
}

/** The slider's position. */
export function currentPosition() {
  const slider = $("position");
  return slider.max === "" ? state.uri.length : Math.min(Number(slider.value), state.uri.length);
}

function renderError(error) {
  const panel = $("error-panel");
  panel.hidden = error === null;
  if (!error) return;
  $("error-caret").textContent = `${error.input.length > DRAW_MAX ? error.input.slice(0, DRAW_MAX) + " …" : error.input}\n${" ".repeat(Math.min(error.offset, DRAW_MAX + 2))}^ offset ${error.offset}`;
  // The words group the characters by the rules that read them; the exact set follows.
  const exact = error.next.characters ? ` (exactly: ${JSON.stringify(error.next.characters)}${error.next.end ? ", or the end" : ""})` : "";
  $("error-next").textContent = error.expected.join("; ") + exact;
  $("error-path").replaceChildren(...error.path.flatMap((name, i) => [i ? " › " : "", ruleLink(name)]));
  $("error-section").textContent = `${error.rule}, ${sectionText(error.section)}`;
  $("error-hint").textContent = error.hint ?? "(none for this mistake)";
}

export function ruleLink(name, editionId = state.edition) {
  return el("a", { href: stateHash({ rule: name, edition: editionId }), class: "rule-link", text: name });
}

/**
 * The rule each edition checks for the chosen one, as compareEditions() chooses it: the rule of
 * that name, else the rule with the same role (edition.json "roles"), else none.
 */
function ruleForEdition(e, name) {
  if (e.rule(name)) return name;
  for (const other of Object.values(EDITIONS)) {
    for (const [role, value] of Object.entries(other.roles)) {
      if (value === name) return typeof e.roles[role] === "string" && e.rule(e.roles[role]) ? e.roles[role] : undefined;
    }
  }
  return undefined;
}

/**
 * Every edition's verdict (validate() in each: its DFA and rule table, which are in the page from
 * the start; an edition's parser loads only when the edition is chosen).
 */
export function editionVerdicts(input, ruleName) {
  const out = [];
  for (const e of Object.values(EDITIONS)) {
    const name = ruleForEdition(e, ruleName);
    if (name === undefined) continue;
    const result = validate(input, { edition: e.id, rule: name });
    out.push({ edition: e.id, rule: name, valid: result.valid, error: result.valid ? undefined : result.error });
  }
  return out;
}

function renderEditions(input, rule) {
  const verdicts = editionVerdicts(input, rule.name);
  const body = $("editions-table").tBodies[0];
  body.replaceChildren(...verdicts.map((v) => {
    const e = EDITIONS[v.edition];
    const why = v.error
      ? [`at ${v.error.offset} in `, ruleLink(v.error.rule, v.edition), ` (${sectionText(v.error.section)})`, v.error.hint ? `: ${v.error.hint}` : ""]
      : [];
    return el("tr", { "data-edition": v.edition, class: v.edition === state.edition ? "current" : undefined },
      el("th", { scope: "row" }, el("a", { href: stateHash({ edition: v.edition, rule: ruleIn(e, state.rule) }), text: e.id, title: e.document })),
      el("td", { class: "date", text: e.date, "data-label": "Date" }),
      el("td", { class: v.valid ? "valid" : "invalid", text: `${v.valid ? "valid" : "invalid"} ${v.rule}`, "data-label": "Verdict" }),
      el("td", { "data-label": "Why", class: "why" }, why));
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
      el("code", {}, clip(input.slice(Math.max(0, f.start - 200), f.start)), el("mark", { text: clip(input.slice(f.start, f.end)) }), clip(input.slice(f.end, f.end + 200))),
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
  if (diagramsWanted || rule.name !== e.roles.reference) {
    diagramsWanted = true;
    diagram.append(el("p", { class: "note", text: "Drawing the diagram ..." }));
    diagramsOf(e.id).then((all) => {
      if (state.edition === e.id && state.rule === rule.name) fillDiagram(diagram, e, rule, all[rule.name]);
    }, (error) => diagram.replaceChildren(el("p", { class: "note", text: String(error.message) })));
  } else {
    diagram.append(el("button", { type: "button", class: "show-diagram", text: "Show the railroad diagram",
      onclick: () => { diagramsWanted = true; renderRule(rule); } }));
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

/** The railroad diagram of a rule, its boxes links to the rules they name. */
function fillDiagram(diagram, e, rule, svg) {
  diagram.replaceChildren();
  if (!svg) {
    diagram.append(el("p", { class: "note", text: "No diagram for this rule." }));
    return;
  }
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
  const show = (v) => (v === undefined ? el("span", { class: "undefined", text: "undefined" }) : el("code", { text: clip(JSON.stringify(v)) }));
  const from = (name, get) => {
    if (!T) return "";
    const t = get(T);
    if (t === undefined) return "";
    if (R && t === get(R)) return "R";
    if (t === get(Base)) return "Base";
    return name === "path" ? "merged" : "";
  };
  out.replaceChildren(
    el("p", {}, "Target ", el("code", { id: "target", class: "target", text: clip(target) })),
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
  const partial = !new URLSearchParams(location.hash.slice(1)).has("uri");
  readHash();
  if (partial) writeHash();
  if (before !== state.edition) fillPickers();
  else { $("uri").value = state.uri; $("base").value = state.base; $("rule").value = state.rule; }
  render();
}

/** Sets the state as a whole (the tour's steps) and renders it. */
export function setState(next) {
  const before = state.edition;
  Object.assign(state, next);
  const e = edition();
  if (!e.rule(state.rule)) state.rule = e.roles.reference;
  void before;
  fillPickers();
  writeHash();
  return render();
}

export function getState() {
  return { ...state };
}

async function start() {
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
  // The diagrams load when the rule browser is first in view, or a rule is chosen.
  if (typeof IntersectionObserver === "function") {
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((en) => en.isIntersecting) || diagramsWanted) return;
      diagramsWanted = true;
      seen.disconnect();
      if (view) renderRule(view.rule);
    }, { rootMargin: "0px" });
    seen.observe($("rule-browser"));
  }
  initPosition({ state, view: () => view, drawInput, ruleLink, sectionText, el });
  initTour({ setState, getState, editionVerdicts, el, sectionText });
  writeHash();
  await render();
  document.body.dataset.ready = "true";
}

start();
