// The playground (docs/playground.md) in a real browser: Debian's chromium, driven by playwright-core
// (no browser is downloaded; CHROMIUM names another executable). The page is served by
// `uri-grammar serve` from the build (npm test builds first). Every expected value comes from the
// library itself (validate, explain, compareEditions, audit, resolve, the rule tables); the tests
// type, pick, click and follow links as a reader would, and save screenshots of the main states
// in test-artifacts/playground/ (git-ignored).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import {
  EDITIONS, DEFAULT_EDITION, audit, compareEditions, explain, iriToUri, resolve, resolveSteps, tour, uriToIri, validate, type EditionId,
  type ResolutionStep,
} from "../src/index";
import { positionView } from "../src/diagnose";
import { partialTreeIn, type PartialTree } from "../src/explain";
import { article } from "../src/words";

const root = join(__dirname, "..");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const ARTIFACTS = join(root, "test-artifacts", "playground");
const cli = join(root, "dist", "cjs", "src", "cli.js");
const EDITION_IDS = Object.keys(EDITIONS) as (keyof typeof EDITIONS)[];
// Another edition than the default, one with an IPv4 rule (the shared-link test names it).
const other = EDITION_IDS.find((id) => id !== DEFAULT_EDITION.id && EDITIONS[id].roles.ipv4 !== undefined)!;

let server: ChildProcess;
let origin: string;
let browser: Browser;
let page: Page;
/** Requests that left the server, and errors the page threw or logged. */
const outside: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`The playground tests need Chromium at ${CHROMIUM} (Debian: apt-get install -y chromium; .ci/run installs ` +
      "it; CHROMIUM=/path/to/chrome names another). They do not skip themselves.");
  }
  if (!existsSync(join(root, "dist", "playground", "index.html"))) throw new Error("dist/playground is missing: run 'npm run build'");
  mkdirSync(ARTIFACTS, { recursive: true });
  server = spawn(process.execPath, [cli, "serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  origin = await new Promise<string>((done, fail) => {
    let out = "";
    server.stdout!.on("data", (chunk) => {
      out += String(chunk);
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (m) done(m[0]);
    });
    server.once("exit", (code) => fail(new Error(`uri-grammar serve exited (${code}): ${out}`)));
  });
  browser = await chromium.launch({ executablePath: CHROMIUM });
});

afterAll(async () => {
  await browser?.close();
  server?.kill();
});

beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("request", (r) => { if (!r.url().startsWith(origin + "/") && !r.url().startsWith("data:")) outside.push(r.url()); });
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") pageErrors.push(m.text()); });
});

afterEach(async () => {
  await page.close();
  // Each test answers for its own page: the lists start empty for the next one.
  const errors = pageErrors.splice(0);
  const requests = outside.splice(0);
  expect(errors).toEqual([]);
  expect(requests).toEqual([]);
});

async function open(hash = ""): Promise<void> {
  await page.goto(`${origin}/${hash}`);
  await page.waitForSelector("body[data-ready]");
}

/** Once the page has rendered what it loads when first used (an edition's builds). */
async function settled(): Promise<void> {
  await page.locator("body[data-ready]:not([data-busy])").waitFor({ timeout: 20000 });
}

async function pickEdition(id: string): Promise<void> {
  await page.getByRole("combobox", { name: "Edition", exact: true }).selectOption(id);
  await settled();
}

const uri = () => page.getByRole("textbox", { name: "URI", exact: true });
const status = () => page.getByRole("status");
/** A screenshot of the whole page, and of what the window shows (docs/playground.png is valid-window.png). */
const shot = async (name: string) => {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}-window.png`) });
};
const hashParams = () => new URLSearchParams(new URL(page.url()).hash.slice(1));

/**
 * The rule browser's heading once the page has shown `expected` (a click or Back updates it a
 * moment later), or what it shows after 10 s: the assertion then says what it was.
 */
async function headingAfterUpdate(expected: string): Promise<string | null> {
  // A locator waits from Playwright's own isolated world; a string given to waitForFunction would
  // be evaluated in the page, which the page's Content-Security-Policy (script-src 'self') refuses
  // whenever the wait has to poll.
  const exactly = new RegExp(`^${expected.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  await page.locator("#rule-heading", { hasText: exactly }).waitFor({ timeout: 10000 }).catch(() => undefined);
  return page.locator("#rule-heading").textContent();
}

describe("uri-grammar serve", () => {
  test("listens on 127.0.0.1 and serves the playground's files, nothing outside them", async () => {
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const index = await fetch(`${origin}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await index.text()).toContain("<input id=\"uri\"");
    expect((await fetch(`${origin}/app.js`)).headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect((await fetch(`${origin}/%2e%2e/cjs/src/cli.js`)).status).toBe(404);
    expect((await fetch(`${origin}/nothing.html`)).status).toBe(404);
    expect((await fetch(`${origin}/`, { method: "POST" })).status).toBe(405);
  });

  test("a port that is no number is a usage error (exit status 2)", () => {
    const r = spawnSync(process.execPath, [cli, "serve", "--port", "http"], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--port must be a number from 0 to 65535");
  });
});

describe("the playground in Chromium", () => {
  test("typing a valid reference: the verdict, the components in colour, the rule and section of each", async () => {
    await open();
    const input = "http://user@example.com:8080/a/b?q=1#top";
    await uri().fill(input);
    await expect(status().textContent()).resolves.toMatch(/^valid: a URI-reference of /);
    const e = DEFAULT_EDITION;
    const host = page.locator(`#drawn .component.c-host`);
    await expect(host.textContent()).resolves.toBe("example.com");
    await host.hover();
    const hostRule = e.rule(e.roles.host)!;
    await expect(page.locator("#component-info").textContent()).resolves
      .toBe(`host: ${hostRule.name} (section ${hostRule.section}) "example.com"`);
    // Every character is drawn once, in order.
    await expect(page.locator("#drawn").textContent()).resolves.toBe(input);
    await shot("valid");
  });

  test("typing an invalid reference: the caret, what could come next, the rule path and the hint", async () => {
    await open();
    const input = "http://a/b%zz";
    await uri().fill(input);
    const result = validate(input);
    if (result.valid) throw new Error(`${input} was expected to be invalid`);
    const { error } = result;
    await expect(status().textContent()).resolves.toMatch(/^invalid: /);
    await expect(page.locator("#error-caret").textContent()).resolves.toBe(`${input}\n${" ".repeat(error!.offset)}^ offset ${error!.offset}`);
    await expect(page.locator("#error-path").textContent()).resolves.toBe(error!.path.join(" › "));
    await expect(page.locator("#error-next").textContent()).resolves.toContain(JSON.stringify(error!.next.characters));
    await expect(page.locator("#error-hint").textContent()).resolves.toBe(error!.hint);
    await expect(page.locator("#drawn .error-at").getAttribute("data-i")).resolves.toBe(String(error!.offset));
    await expect(page.locator("#tree-note").textContent()).resolves.toContain("No tree");
    await shot("invalid");
  });

  test("the parse tree is explain()'s; selecting a node marks its characters, the arrow collapses it", async () => {
    await open();
    const input = "http://a.example/x?q";
    await uri().fill(input);
    const tree = explain(input);
    const rules: string[] = [];
    const walk = (n: typeof tree) => { rules.push(n.rule); n.children.forEach(walk); };
    walk(tree);
    await expect(page.locator("#tree button.node").allTextContents()).resolves.toEqual(rules);
    const hostNode = page.locator("#tree button.node", { hasText: /^host$/ });
    await hostNode.focus();
    await page.keyboard.press("Enter");
    await expect(hostNode.getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(page.locator("#drawn .ch.selected").allTextContents().then((t) => t.join(""))).resolves.toBe("a.example");
    const toggle = page.getByRole("button", { name: `collapse ${tree.rule}` });
    await toggle.click();
    await expect(page.locator("#tree button.node:visible").allTextContents()).resolves.toEqual([tree.rule]);
    await page.getByRole("button", { name: `expand ${tree.rule}` }).click();
    await expect(page.locator("#tree button.node:visible").count()).resolves.toBe(rules.length);
  });

  test("every edition's verdict side by side, as compareEditions() gives them", async () => {
    await open();
    const input = "http://[v7.a]/";
    await uri().fill(input);
    const rows = page.locator("#editions-table tbody tr");
    await expect(rows.count()).resolves.toBe(EDITION_IDS.length);
    const verdicts = compareEditions(input);
    expect(new Set(verdicts.map((v) => v.valid)).size).toBe(2); // the editions disagree about this input
    for (const [i, v] of verdicts.entries()) {
      const row = rows.nth(i);
      await expect(row.getAttribute("data-edition")).resolves.toBe(v.edition);
      await expect(row.locator("td").nth(1).textContent()).resolves.toBe(`${v.valid ? "valid" : "invalid"} ${v.rule}`);
      if (v.error) await expect(row.locator("td").nth(2).textContent()).resolves.toContain(`at ${v.error.offset} in ${v.error.rule}`);
    }
  });

  test("switching the edition and the rule: the pickers, the address, the verdict and the rule browser", async () => {
    await open();
    await pickEdition(other);
    const e = EDITIONS[other];
    await expect(page.locator("#rule option").evaluateAll((o) => o.map((x) => x.getAttribute("value")))).resolves
      .toEqual(e.rules.map((r) => r.name));
    expect(hashParams().get("edition")).toBe(other);
    const rule = e.rule(e.roles.host)!;
    await page.getByRole("combobox", { name: "Rule", exact: true }).selectOption(rule.name);
    expect(hashParams().get("rule")).toBe(rule.name);
    await uri().fill(rule.examples.match[0]);
    await expect(status().textContent()).resolves.toBe(`valid: ${article(rule.name)} ${rule.name} of ${e.document}`);
    await uri().fill(rule.examples.noMatch[0]);
    await expect(status().textContent()).resolves.toMatch(/^invalid: /);
    await expect(headingAfterUpdate(`Rule ${rule.name}`)).resolves.toBe(`Rule ${rule.name}`);
    await expect(page.locator("#rule-detail pre.abnf").textContent()).resolves.toBe(rule.abnf);
    await expect(page.locator("#rule-detail pre.peg").textContent()).resolves.toBe(rule.peg);
    await expect(page.locator("#rule-detail .peg-note").textContent()).resolves.toBe(rule.pegNote ?? "It does not: the PEG has the ABNF's form.");
    // The diagram's boxes for rules are the rules it uses (the diagrams load when first used).
    await page.locator("#rule-detail svg.railroad-diagram").waitFor();
    const boxes = await page.locator("#rule-detail svg.railroad-diagram g.non-terminal text").allTextContents();
    expect(new Set(boxes)).toEqual(new Set(rule.uses));
    await expect(page.locator("#rule-detail ul.match li").allTextContents()).resolves.toEqual(rule.examples.match.map((m) => JSON.stringify(m)));
    await page.locator("#rule-browser").scrollIntoViewIfNeeded();
    await shot("rule");
  });

  test("following a rule link, in the text and in the diagram; Back returns", async () => {
    await open();
    const e = DEFAULT_EDITION;
    const start = e.rule(e.roles.host)!;
    await page.getByRole("combobox", { name: "Rule", exact: true }).selectOption(start.name);
    const up = start.usedBy[0];
    await page.locator("#rule-detail .used-by").getByRole("link", { name: up, exact: true }).click();
    await expect(headingAfterUpdate(`Rule ${up}`)).resolves.toBe(`Rule ${up}`);
    expect(hashParams().get("rule")).toBe(up);
    await expect(page.getByRole("combobox", { name: "Rule", exact: true }).inputValue()).resolves.toBe(up);
    const down = e.rule(up)!.uses[0];
    const box = page.getByRole("link", { name: `rule ${down}` });
    await box.focus();
    await page.keyboard.press("Enter");
    await expect(headingAfterUpdate(`Rule ${down}`)).resolves.toBe(`Rule ${down}`);
    await page.goBack();
    await expect(headingAfterUpdate(`Rule ${up}`)).resolves.toBe(`Rule ${up}`);
  });

  test("a shared link opens the same state", async () => {
    const e = EDITIONS[other];
    const rule = e.rule(e.roles.ipv4!)!;
    const input = "1.2.3.256";
    await open(`#uri=${encodeURIComponent(input)}&edition=${other}&rule=${encodeURIComponent(rule.name)}`);
    await expect(uri().inputValue()).resolves.toBe(input);
    await expect(page.getByRole("combobox", { name: "Edition", exact: true }).inputValue()).resolves.toBe(other);
    await expect(page.getByRole("combobox", { name: "Rule", exact: true }).inputValue()).resolves.toBe(rule.name);
    const valid = validate(input, { edition: other, rule: rule.name } as never).valid;
    await expect(status().textContent()).resolves.toMatch(valid ? /^valid: / : /^invalid: /);
  });

  test("the audit findings, each with its span marked", async () => {
    await open();
    const input = "http://user:pw@example.com:80/";
    await uri().fill(input);
    const findings = audit(input);
    expect(findings.length).toBeGreaterThan(0);
    const items = page.locator("#audit li.finding");
    await expect(items.count()).resolves.toBe(findings.length);
    for (const [i, f] of findings.entries()) {
      await expect(items.nth(i).locator("mark").textContent()).resolves.toBe(input.slice(f.start, f.end));
      await expect(items.nth(i).locator("code").first().textContent()).resolves.toBe(f.code);
    }
  });

  test("the resolution panel: the target of the input against the base", async () => {
    await open();
    for (const id of EDITION_IDS) {
      await pickEdition(id);
      await page.getByRole("textbox", { name: "Base" }).fill("http://a/b/c/d;p?q");
      await uri().fill("../g?y#s");
      await expect(page.locator("#target").textContent()).resolves.toBe(resolve("http://a/b/c/d;p?q", "../g?y#s", { edition: id } as never));
    }
    expect(hashParams().get("base")).toBeNull(); // the default base stays out of the address
  });

  /** What the page shows of a list of steps: each item's label, sentence and state, and its own list. */
  interface Shown { label: string; did: string; state: string[]; steps: Shown[] }
  const shownSteps = (steps: readonly ResolutionStep[]): Shown[] => steps.map((s) => ({
    label: `${s.section} ${s.label}`, did: s.did,
    state: Object.entries(s.state).flatMap(([name, v]) => [name, v === undefined ? "undefined" : JSON.stringify(v)]),
    steps: shownSteps(s.steps ?? []),
  }));

  test.each([
    ["rfc3986", "../../g"], // RFC 3986 5.4.1: merge (5.2.3), then remove_dot_segments (5.2.4)
    [DEFAULT_EDITION.id, "../../../g"], // the draft's Appendix C.2: merge steps 1-8, step 7 keeps the leading ".."
  ])("the resolution panel in %s: the steps that produced the target of %j, an ordered list the keyboard reaches", async (id, ref) => {
    const base = "http://a/b/c/d;p?q";
    const edition = id as EditionId;
    await open();
    await pickEdition(edition);
    await page.getByRole("textbox", { name: "Base" }).fill(base);
    await uri().fill(ref);
    const traced = resolveSteps(base, ref, { edition } as never);
    await expect(page.locator("#target").textContent()).resolves.toBe(traced.target);
    const list = page.getByRole("list", { name: `The steps that produced it (${EDITIONS[edition].document})` });
    await expect(list.evaluate((ol) => ol.tagName)).resolves.toBe("OL");
    const shown = await list.evaluate((ol) => {
      const read = (l: typeof ol): Shown[] => [...l.children].map((li: typeof ol) => ({
        label: li.querySelector(":scope > .step-label")!.textContent!,
        did: li.querySelector(":scope > .step-did")!.textContent!,
        state: [...li.querySelectorAll(":scope > .step-state > *")].map((n: typeof ol) => n.textContent!),
        steps: li.querySelector(":scope > ol") ? read(li.querySelector(":scope > ol")!) : [],
      }));
      return read(ol);
    });
    expect(shown).toEqual(shownSteps(traced.steps));
    expect(shown.some((s) => s.steps.length > 0)).toBe(true); // a routine's steps, in a list inside its step
    await page.evaluate("document.getElementById('resolution').scrollIntoView()");
    await shot(`resolution-${edition}`);
    // One Tab from the base reaches the list.
    await page.getByRole("textbox", { name: "Base" }).focus();
    await page.keyboard.press("Tab");
    await expect(page.evaluate("document.activeElement.id")).resolves.toBe("steps");
  });

  test("with the keyboard alone: Tab reaches the pickers and the components, and focus names them", async () => {
    await open("#uri=http%3A%2F%2Fexample.com%2F");
    await uri().focus();
    await page.keyboard.press("Tab");
    await expect(page.evaluate("document.activeElement.id")).resolves.toBe("edition");
    await page.keyboard.press("Tab");
    await expect(page.evaluate("document.activeElement.id")).resolves.toBe("rule");
    await page.keyboard.press("Tab");
    await expect(page.evaluate("document.activeElement.id")).resolves.toBe("tour-button");
    await page.keyboard.press("Tab");
    await expect(page.evaluate("document.activeElement.dataset.rule")).resolves.toBe(DEFAULT_EDITION.roles.scheme);
    await expect(page.locator("#component-info").textContent()).resolves.toMatch(/^scheme: /);
  });

  test("dark and light as the system prefers; no transitions when reduced motion is asked for", async () => {
    await page.emulateMedia({ colorScheme: "light", reducedMotion: "no-preference" });
    await open();
    const light = await page.evaluate("getComputedStyle(document.body).backgroundColor");
    await expect(page.evaluate("getComputedStyle(document.querySelector('#drawn .ch')).transitionDuration")).resolves.not.toBe("0s");
    await page.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
    const dark = await page.evaluate("getComputedStyle(document.body).backgroundColor");
    expect(dark).not.toBe(light);
    await expect(page.evaluate("getComputedStyle(document.querySelector('#drawn .ch')).transitionDuration")).resolves.toBe("0s");
    await shot("dark");
  });

  /** What the region "At this position" must say for the prefix up to `at`, from positionView(). */
  const expectedAt = (input: string, at: number, id: EditionId = DEFAULT_EDITION.id) => {
    const e = EDITIONS[id];
    const v = positionView(e as never, input, at, e.requireRule(e.roles.reference) as never);
    const exact = v.next.characters ? ` (exactly: ${JSON.stringify(v.next.characters)}${v.next.end ? ", or the end" : ""})` : "";
    return { open: v.open.join(" › "), next: v.expected.join("; ") + exact, stop: v.stop };
  };

  test("the Position slider: for each prefix, the open rules and what could come next, as the automata say", async () => {
    await open();
    const input = "http://a.example:80/x?q";
    await uri().fill(input);
    const slider = page.getByRole("slider", { name: "Position" });
    await expect(slider.getAttribute("max")).resolves.toBe(String(input.length));
    await expect(slider.inputValue()).resolves.toBe(String(input.length)); // a valid input: the slider starts at its end
    const region = page.getByRole("region", { name: "At this position" });
    for (const at of [0, 4, 5, 7, 9, 17, 19, 21, input.length]) {
      await slider.fill(String(at));
      const want = expectedAt(input, at);
      await expect(region.locator("#position-open").textContent()).resolves.toBe(want.open);
      await expect(region.locator("#position-next").textContent()).resolves.toContain(want.next);
      await expect(region.locator("#position-prefix").textContent()).resolves.toContain(JSON.stringify(input.slice(0, at)));
    }
    // In the query its rules are open; the characters after the position are dimmed.
    await slider.fill(String(input.length));
    await expect(region.locator("#position-open").textContent()).resolves.toContain(DEFAULT_EDITION.roles.query);
    await slider.fill("9");
    await expect(page.locator("#drawn .ch.after-position").first().getAttribute("data-i")).resolves.toBe("9");
    await shot("position");
  });

  test("a reject: the position at the stop, the valid prefix in colour, the partial tree of what was read", async () => {
    await open();
    const input = "http://a b";
    await uri().fill(input);
    const result = validate(input);
    if (result.valid) throw new Error(`${input} was expected to be invalid`);
    const stop = result.error.offset;
    await expect(page.getByRole("slider", { name: "Position" }).inputValue()).resolves.toBe(String(stop));
    const want = expectedAt(input, stop);
    await expect(page.locator("#position-open").textContent()).resolves.toBe(want.open);
    expect(want.open.split(" › ").length).toBeGreaterThan(1); // more than the start rule
    // The partial tree: what the grammar read before the stop, the rules open there marked.
    const e = DEFAULT_EDITION;
    const partial = partialTreeIn(e as never, input, e.roles.reference, stop)!;
    const rules: string[] = [];
    const opened: string[] = [];
    const walk = (n: PartialTree) => { rules.push(n.rule); if (n.open) opened.push(n.rule); n.children.forEach(walk); };
    walk(partial);
    const tree = page.getByRole("tree", { name: "Partial tree" });
    await expect(tree.locator("button.node").allTextContents()).resolves.toEqual(rules);
    await expect(tree.locator("li.open > button.node").allTextContents()).resolves.toEqual(opened);
    expect(rules).toContain(e.roles.host);
    // The valid prefix in colour: its scheme and its host.
    await expect(page.locator("#drawn .component.c-scheme").textContent()).resolves.toBe("http");
    await expect(page.locator("#drawn .component.c-host").textContent()).resolves.toBe("a");
    await shot("reject");
  });

  test("the Tour: Previous and Next walk the stops of `uri-grammar tour`, each setting the input and the edition", async () => {
    await open();
    const stops = tour();
    await page.getByRole("button", { name: "Tour" }).click();
    const step = page.locator("#tour-step");
    await step.filter({ hasText: /^Stop 1 of / }).waitFor({ timeout: 20000 });
    await settled();
    for (const n of [0, 1, 2]) {
      const stop = stops[n];
      await expect(step.textContent()).resolves.toBe(`Stop ${n + 1} of ${stops.length}: ${stop.title}`);
      expect(stop.kind).toBe("editions");
      await expect(uri().inputValue()).resolves.toBe(stop.input);
      const claimed = stop.claim.split(" ")[0];
      await expect(page.getByRole("combobox", { name: "Edition", exact: true }).inputValue()).resolves.toBe(claimed);
      // The "Every edition" table shows the verdicts computed for the stop's input, and the panel tour()'s answers.
      const verdicts = compareEditions(stop.input, stop.rule === undefined ? undefined : { rule: stop.rule });
      await expect(page.locator("#editions-table tbody tr td.valid, #editions-table tbody tr td.invalid").allTextContents()).resolves
        .toEqual(verdicts.map((v) => `${v.valid ? "valid" : "invalid"} ${v.rule}`));
      await expect(page.locator(".tour-answers td:last-child").allTextContents()).resolves.toEqual(stop.answers!.map((a) => a.value));
      await expect(page.locator(".tour-point").textContent()).resolves.toBe(stop.point.replace(/`/g, ""));
      if (n === 0) await shot("tour");
      await page.getByRole("button", { name: "Next" }).click();
      await step.filter({ hasText: `Stop ${n + 2} of` }).waitFor();
      await settled();
    }
    await page.getByRole("button", { name: "Previous" }).click();
    await step.filter({ hasText: "Stop 3 of" }).waitFor();
    await settled();
    await expect(uri().inputValue()).resolves.toBe(stops[2].input);
  });

  test("at 390 px: no sideways scrolling, the editions table stacked with each verdict and reason in view", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open();
    await uri().fill("http://[v7.a]/");
    const widths = await page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]") as number[];
    expect(widths[0]).toBeLessThanOrEqual(widths[1]);
    const cells = page.locator("#editions-table tbody td");
    for (let i = 0; i < await cells.count(); i++) {
      const box = await cells.nth(i).boundingBox();
      if (box === null) continue; // an empty reason is not drawn
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await expect(page.evaluate("getComputedStyle(document.querySelector('#editions-table tbody td')).display")).resolves.toBe("block");
    await shot("narrow");
  });

  test("a 100-character URI at 1280 px: the tree stays inside its column", async () => {
    const input = "http://user@example.com:8080/" + "segment/".repeat(8) + "?query=" + "v".repeat(8) + "#fragment";
    expect(input.length).toBeGreaterThanOrEqual(100);
    await open(`#uri=${encodeURIComponent(input)}`);
    const column = (await page.locator("#tree-panel").boundingBox())!;
    const editions = (await page.locator("#editions-panel").boundingBox())!;
    expect(column.x + column.width).toBeLessThanOrEqual(editions.x);
    const rights = await page.locator("#tree li > code").evaluateAll((codes) => codes.map((c) => c.getBoundingClientRect().right));
    expect(rights.length).toBeGreaterThan(5);
    for (const right of rights) expect(right).toBeLessThanOrEqual(column.x + column.width + 0.5);
    await page.locator("#tree-panel").scrollIntoViewIfNeeded();
    await shot("long-uri");
  });

  test("RFC 3987: an IRI typed in shows the URI it maps to (section 3.1); a URI with escapes, its IRI (3.2)", async () => {
    const iri = Object.values(EDITIONS).find((e) => e.model === "rfc3987")!;
    const input = "http://例え.jp/パス?q=\u00e9\u{1d49c}";
    await open(`#uri=${encodeURIComponent(input)}&edition=${iri.id}&rule=${encodeURIComponent(iri.roles.reference)}`);
    await expect(status().textContent()).resolves.toBe(`valid: an ${iri.roles.reference} of ${iri.document}`);
    const mapped = page.locator("#iri-panel dd code", { hasText: iriToUri(input) });
    await mapped.waitFor();
    await expect(mapped.textContent()).resolves.toBe(iriToUri(input));
    await page.locator("#iri-panel").scrollIntoViewIfNeeded();
    await shot("iri");
    // The panel of the input before stays until the page has read the new one: wait for the new text.
    await open(`#uri=${encodeURIComponent("http://a/caf%C3%A9")}&edition=rfc3986&rule=URI-reference`);
    const back = uriToIri("http://a/caf%C3%A9");
    await page.locator("#iri-panel dd code", { hasText: back }).waitFor();
    await expect(page.locator("#iri-panel dd code").textContent()).resolves.toBe(back);
    await open(`#uri=${encodeURIComponent("http://example.com/")}&edition=rfc3986&rule=URI-reference`);
    await page.locator("#iri-panel").waitFor({ state: "hidden" });
    await expect(page.locator("#iri-panel").isHidden()).resolves.toBe(true);
  });

  test("weight: the first load fetches at most 700 KB of JavaScript; another edition and the diagrams load when first used", async () => {
    const bodies: Promise<[string, number]>[] = [];
    page.on("response", (r) => {
      if (r.url().endsWith(".js")) bodies.push(r.body().then((b) => [new URL(r.url()).pathname, b.length]));
    });
    const fetched = async () => new Map(await Promise.all(bodies));
    await open();
    await page.waitForLoadState("networkidle");
    let scripts = await fetched();
    const first = [...scripts.values()].reduce((a, b) => a + b, 0);
    expect([...scripts.keys()]).toEqual(["/app.js"]);
    expect(first).toBeLessThanOrEqual(700 * 1000);
    await pickEdition(other);
    await page.waitForLoadState("networkidle");
    scripts = await fetched();
    expect([...scripts.keys()]).toContain(`/editions/${other}.js`);
    expect([...scripts.keys()].some((k) => k.startsWith("/diagrams/"))).toBe(false);
    await page.locator("#rule-browser").scrollIntoViewIfNeeded();
    await page.locator("#rule-detail svg.railroad-diagram").waitFor();
    scripts = await fetched();
    expect([...scripts.keys()]).toContain(`/diagrams/${other}.js`);
  });

  test("a link of 200,000 characters: drawn as a few runs, its tree not drawn, every verdict given", async () => {
    const input = "http://example.com/" + "abcdefghi/".repeat(20000);
    await open(`#uri=${encodeURIComponent(input)}`);
    await expect(status().textContent()).resolves.toMatch(/^valid: /);
    await expect(page.locator("#drawn *").count()).resolves.toBeLessThan(20);
    await expect(page.locator("#tree-note").textContent()).resolves.toContain("is not drawn");
    await expect(page.locator("#editions-table tbody tr").count()).resolves.toBe(EDITION_IDS.length);
    const want = expectedAt(input, input.length);
    await expect(page.locator("#position-open").textContent()).resolves.toBe(want.open);
  });

  test("the built files work without a server (file:), with no request to anywhere else", async () => {
    const file = pathToFileURL(join(root, "dist", "playground", "index.html")).href;
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto(`${file}#uri=${encodeURIComponent("foo:bar")}`);
    await page.waitForSelector("body[data-ready]");
    await expect(status().textContent()).resolves.toMatch(/^valid: /);
    expect(requests.filter((u) => !u.startsWith("file:") && !u.startsWith("data:"))).toEqual([]);
    outside.length = 0; // file: URLs are not the server's, and none went elsewhere (checked above)
  });
});
