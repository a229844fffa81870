// The playground's panel "how a browser reads it" in a real browser (Debian's chromium, driven by
// playwright-core): the page's own URL beside the edition, as differential() gives them in Node.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { differential } from "../src/index";

const root = join(__dirname, "..");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const ARTIFACTS = join(root, "test-artifacts", "playground");
const cli = join(root, "dist", "cjs", "src", "cli.js");

let server: ChildProcess;
let origin: string;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`The playground tests need Chromium at ${CHROMIUM} (Debian: apt-get install -y chromium); they do not skip themselves.`);
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
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") pageErrors.push(m.text()); });
});

afterEach(async () => {
  await page.close();
  expect(pageErrors.splice(0)).toEqual([]);
});

async function open(uri: string, edition = "rfc3986"): Promise<void> {
  await page.goto(`${origin}/#${new URLSearchParams({ uri, edition })}`);
  await page.waitForSelector("body[data-ready]");
  // A new hash on the same page renders after the builds of an edition not loaded yet (lazy.js):
  // the pickers show the new state at once, and data-busy stands until the page has rendered.
  await page.waitForFunction(([id, text]) => {
    const doc = (globalThis as unknown as { document: { getElementById(id: string): { value?: string } | null; body: { dataset: Record<string, string> } } }).document;
    const value = (name: string) => doc.getElementById(name)?.value;
    return value("edition") === id && value("uri") === text && doc.body.dataset.busy === undefined;
  }, [edition, uri]);
}

/** The panel's rows: [component, edition's value, browser's value, mark]. */
async function rows(): Promise<string[][]> {
  return page.locator("#browser-table tr").evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.children].map((c) => (c.textContent ?? "").trim())));
}

describe("how a browser reads it", () => {
  test("http:/evil.com/: the browser finds the host evil.com; marked danger, with the rule on each side", async () => {
    await open("http:/evil.com/");
    await expect(page.getByRole("heading", { name: "How a browser reads it" }).isVisible()).resolves.toBe(true);
    expect(await rows()).toEqual([
      ["valid", "yes", "yes", ""],
      ["scheme", "http", "http", ""],
      ["host", "(none)", "evil.com", "danger (reading)"],
      ["path", "/evil.com/", "/", "warning (reading)"],
    ]);
    await expect(page.locator("#browser-table tr.differs.danger").count()).resolves.toBe(1);
    const items = await page.locator("#browser-differences li").allTextContents();
    // The browser's URL gives what Node's gives: the same sentences as differential() in Node.
    expect(items).toEqual(differential("http:/evil.com/").differences.map((d) => `${d.severity} ${d.component} (${d.kind}) ${d.why}`));
    await page.locator("#browser-panel").screenshot({ path: join(ARTIFACTS, "differential-panel.png") });
  });

  test("a URL both read alike, a space the browser encodes, and the 1993 draft (compared as RFC 3986)", async () => {
    await open("http://example.com/a/b?q=1#top");
    expect(await page.locator("#browser-differences li").allTextContents()).toEqual(["This browser reads it as the edition does."]);
    await open("http://a/b c");
    expect((await rows())[0]).toEqual(["valid", "no", "yes", "warning"]);
    expect(await page.locator("#browser-differences li").first().textContent()).toMatch(/^warning validity \(reading\) The URL Standard's path state/);
    await open("http://0x7f.1/", "url-1993");
    expect((await rows()).find((r) => r[0] === "host")).toEqual(["host", "0x7f.1", "127.0.0.1", "danger (reading)"]);
  });
});
