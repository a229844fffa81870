// `uri-grammar serve` as an attacker on this machine, or a web page the user visits, reaches it:
// every request is answered and none ends the server, only its own Host is served (DNS
// rebinding), files are streamed a bounded number at a time, and every answer carries the CSP
// and nosniff.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import type { Server } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { contentSecurityPolicy, fileOf, hostAllowed, serveDirectory } from "../src/cli/serve.js";

const POLICY = "default-src 'none'; script-src 'self'";
let dir: string;
let server: Server;
let port: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "uri-grammar-serve-"));
  mkdirSync(join(dir, "site"));
  writeFileSync(join(dir, "site", "index.html"), `<!doctype html><meta http-equiv="Content-Security-Policy" content="${POLICY}"><p>page</p>\n`);
  writeFileSync(join(dir, "site", "app.js"), "console.log(1);\n");
  writeFileSync(join(dir, "site", "big.js"), "x".repeat(8 * 1024 * 1024));
  writeFileSync(join(dir, "secret.txt"), "outside\n");
  server = await serveDirectory(join(dir, "site"), 0);
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  rmSync(dir, { recursive: true, force: true });
});

interface Answer { status: number; headers: Record<string, string>; body: string }

/** Sends the bytes of a request as they are (no client in between) and reads the whole answer. */
function raw(request: Buffer | string, options: { read?: boolean; port?: number } = {}): Promise<Answer> {
  return new Promise((done, fail) => {
    const socket = connect(options.port ?? port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", fail);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const [head, ...rest] = text.split("\r\n\r\n");
      const [statusLine, ...lines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      done({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? NaN), headers, body: rest.join("\r\n\r\n") });
    });
    socket.write(request);
    if (options.read === false) socket.pause();
  });
}

const get = (target: string | Buffer, host = `127.0.0.1:${port}`, method = "GET", to = port) =>
  raw(Buffer.concat([Buffer.from(`${method} `), Buffer.isBuffer(target) ? target : Buffer.from(target, "latin1"),
    Buffer.from(` HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)]), { port: to });

/** The headers every answer carries. */
function expectSafeHeaders(answer: Answer): void {
  expect(answer.headers["x-content-type-options"]).toBe("nosniff");
}

describe("every request is answered, and none ends the server", () => {
  test("every byte value 0-255 in the path, as it is and escaped, and after index.html", async () => {
    const seen = new Set<number>();
    for (let byte = 0; byte < 256; byte++) {
      const hex = byte.toString(16).padStart(2, "0");
      const targets = [Buffer.from([0x2f, byte]), Buffer.concat([Buffer.from("/index.html"), Buffer.from([byte]), Buffer.from(".js")]),
        `/%${hex}`, `/index.html%${hex}.js`, `/%${hex.toUpperCase()}app.js`];
      for (const answer of await Promise.all(targets.map((target) => get(target)))) {
        expect([200, 400, 404]).toContain(answer.status);
        expectSafeHeaders(answer);
        seen.add(answer.status);
      }
    }
    expect([...seen].sort()).toEqual([200, 400, 404]);
    // Still serving.
    expect((await get("/app.js")).status).toBe(200);
  });

  test.each([
    ["/%00", 400], ["/index.html%00.js", 400], ["/%", 400], ["/%zz", 400], ["/%4", 400], ["/a%", 400], ["/%e2%82", 400],
    ["/%C0%AF", 400], ["/%ff", 400], ["/%0d%0aSet-Cookie:%20x", 400], ["/%5c..%5csecret.txt", 400], ["/..%2fsecret.txt", 404],
    ["/%2e%2e/secret.txt", 404], ["/../secret.txt", 404], ["/nothing.html", 404], ["/", 200], ["/index.html?x=%zz", 200],
    ["http://127.0.0.1/", 400], ["*", 400],
  ])("%s: %d", async (target, status) => {
    const answer = await get(target);
    expect(answer.status).toBe(status);
    expectSafeHeaders(answer);
    if (status !== 200) expect(answer.body).not.toContain("outside");
  });

  test("a request Node cannot read (a malformed request line, headers over the limit): 400 and 431, with nosniff", async () => {
    const malformed = await raw("GET /\x00 HTTP/1.1\r\n\r\n");
    expect(malformed.status).toBe(400);
    expectSafeHeaders(malformed);
    const large = await raw(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Big: ${"a".repeat(64 * 1024)}\r\n\r\n`);
    expect(large.status).toBe(431);
    expectSafeHeaders(large);
    expect((await get("/")).status).toBe(200);
  });

  test("methods other than GET and HEAD: 405 with Allow", async () => {
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"]) {
      const answer = await get("/", `127.0.0.1:${port}`, method);
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe("GET, HEAD");
      expectSafeHeaders(answer);
    }
    const head = await get("/app.js", `127.0.0.1:${port}`, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe("16");
    expect(head.body).toBe("");
  });
});

describe("only the server's own Host (DNS rebinding)", () => {
  test("127.0.0.1 and localhost with the port it listens on; any other name, port or none is 403", async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) expect((await get("/", host)).status).toBe(200);
    for (const host of [`evil.example:${port}`, "evil.example", `127.0.0.1:${port + 1}`, "127.0.0.1", `127.0.0.1.evil.example:${port}`,
      `[::1]:${port}`, `127.0.0.1:${port}@evil.example`, ""]) {
      const answer = await get("/", host);
      expect(answer.status).toBe(403);
      expectSafeHeaders(answer);
      expect(answer.body).not.toContain("page");
    }
    const none = await raw("GET / HTTP/1.0\r\n\r\n");
    expect(none.status).toBe(403);
  });

  test("hostAllowed: the port may be left out only when it is 80", () => {
    expect(hostAllowed("127.0.0.1", 80)).toBe(true);
    expect(hostAllowed("127.0.0.1:80", 80)).toBe(true);
    expect(hostAllowed("127.0.0.1", 3986)).toBe(false);
    expect(hostAllowed(undefined, 3986)).toBe(false);
  });
});

describe("what every answer carries", () => {
  test("the page's CSP as a header (with frame-ancestors, which a meta tag cannot carry), on files and errors alike", async () => {
    const policy = `${POLICY}; frame-ancestors 'none'`;
    expect(contentSecurityPolicy(join(dir, "site"))).toBe(policy);
    for (const target of ["/", "/app.js", "/nothing", "/%zz"]) {
      const answer = await get(target);
      expect(answer.headers["content-security-policy"]).toBe(policy);
      expectSafeHeaders(answer);
    }
    const page = await get("/");
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain("<p>page</p>");
  });

  test("fileOf: the reasons, and a path that stays inside", () => {
    expect(fileOf("/srv", "/a/b.js")).toEqual({ file: join("/srv", "a", "b.js") });
    expect(fileOf("/srv", "/a/")).toEqual({ file: join("/srv", "a", "index.html") });
    expect(fileOf("/srv", "/%41.js")).toEqual({ file: join("/srv", "A.js") });
    expect(fileOf("/srv", "/a%00")).toMatchObject({ status: 400 });
    expect(fileOf("/srv", "/../x")).toMatchObject({ status: 404 });
  });
});

describe("files are streamed, a bounded number at once", () => {
  test("past maxConcurrent a request waits its turn; past maxWaiting it is 503 with Retry-After", async () => {
    const small = await serveDirectory(join(dir, "site"), 0, { maxConcurrent: 2, maxWaiting: 1 });
    const to = (small.address() as { port: number }).port;
    const host = `127.0.0.1:${to}`;
    // Two downloads of 8 MiB that the client does not read hold both turns.
    const holders = [0, 1].map(() => {
      const socket = connect(to, "127.0.0.1");
      socket.write(`GET /big.js HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
      socket.pause();
      return socket;
    });
    await new Promise((r) => setTimeout(r, 200));
    const waiter = get("/app.js", host, "GET", to);
    await new Promise((r) => setTimeout(r, 100));
    const refused = await get("/app.js", host, "GET", to);
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe("1");
    expectSafeHeaders(refused);
    // A holder that goes away gives its turn to the one that waits.
    holders[0].destroy();
    const served = await waiter;
    expect(served.status).toBe(200);
    expect(served.body).toBe("console.log(1);\n");
    holders[1].destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect((await get("/big.js", host, "GET", to)).body.length).toBe(8 * 1024 * 1024);
    small.closeAllConnections();
    await new Promise((done) => small.close(done));
  });
});
