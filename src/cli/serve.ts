// uri-grammar serve: the playground (docs/playground.md), the static files `npm run build` writes
// to dist/playground/, served on 127.0.0.1 only, until the process is stopped.
import { spawn } from "node:child_process";
import { createReadStream, existsSync, readFileSync, stat } from "node:fs";
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { extname, join, resolve as resolvePath, sep } from "node:path";
import { quote } from "../printable.js";
import { CommandError, UsageError, editionOf, expectPositionals, helpEnd } from "./args.js";
import type { Command } from "./context.js";
import { EXIT } from "./exit.js";
import { srcDir } from "./paths.js";

/** The port when none is given: the number of the RFC. */
export const DEFAULT_PORT = 3986;

/** How many files are sent at once; more requests wait their turn (SERVE_MAX_WAITING of them). */
export const SERVE_MAX_CONCURRENT = 16;
/** How many requests wait for a turn; past them a request is answered 503 at once. */
export const SERVE_MAX_WAITING = 256;

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
};

/** The folder the build writes the playground to (dist/playground, beside dist/cjs and dist/esm). */
export function playgroundDir(): string {
  return join(srcDir(), "..", "..", "playground");
}

/**
 * The Content-Security-Policy of the page, as its index.html states it in a meta tag (one policy,
 * written once, in the page), with frame-ancestors 'none', which only a header can carry: no other
 * page frames the playground.
 */
export function contentSecurityPolicy(dir: string): string {
  let policy = "default-src 'none'";
  try {
    const html = readFileSync(join(dir, "index.html"), "utf8");
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
    if (meta) policy = meta[1];
  } catch {
    // No page: every answer is an error, under the strictest policy.
  }
  return /frame-ancestors/.test(policy) ? policy : `${policy}; frame-ancestors 'none'`;
}

/**
 * Whether a request's Host header names this server: 127.0.0.1 or localhost with the port it
 * listens on (the port may be left out only when it is 80). A page elsewhere that gets its own
 * name to resolve to 127.0.0.1 (DNS rebinding) sends its own name, and is refused.
 */
export function hostAllowed(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  const m = /^(127\.0\.0\.1|localhost)(?::(\d{1,5}))?$/i.exec(host);
  if (!m) return false;
  return m[2] === undefined ? port === 80 : Number(m[2]) === port;
}

/**
 * The file a request path names under `root`, or why not: 400 for a path that is not a path of
 * an origin-form request target (RFC 9112 section 3.2.1) or whose escapes are malformed or decode
 * to a control character, "\\" or invalid UTF-8; 404 for one that leaves `root`.
 */
export function fileOf(root: string, target: string): { file: string } | { status: 400 | 404; reason: string } {
  if (!target.startsWith("/")) return { status: 400, reason: "the request target is not a path" };
  const end = target.search(/[?#]/);
  const raw = end < 0 ? target : target.slice(0, end);
  if (/%(?![0-9A-Fa-f]{2})/.test(raw)) return { status: 400, reason: "a \"%\" in the path is not an escape (%XX)" };
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return { status: 400, reason: "the escapes of the path are not UTF-8" };
  }
  if (/[\p{Cc}\\]/u.test(path)) return { status: 400, reason: "the path holds a control character or \"\\\"" };
  const file = resolvePath(root, "." + (path.endsWith("/") ? path + "index.html" : path));
  if (!file.startsWith(root + sep)) return { status: 404, reason: "not found" };
  return { file };
}

/**
 * Serves the files of `dir` on 127.0.0.1:`port` (0: any free port); resolves once it listens.
 * Every request is answered, and nothing a request holds ends the process: GET and HEAD only
 * (405), a Host header that names this server only (403), a path that leaves `dir` or names no
 * file 404, a malformed one 400, headers over Node's limit 431. Files are streamed, at most
 * `maxConcurrent` at once; the next `maxWaiting` requests wait their turn, any more are 503.
 * Every answer carries the page's Content-Security-Policy and `X-Content-Type-Options: nosniff`.
 */
export function serveDirectory(dir: string, port: number, options: { maxConcurrent?: number; maxWaiting?: number } = {}): Promise<Server> {
  const root = resolvePath(dir);
  const maxConcurrent = options.maxConcurrent ?? SERVE_MAX_CONCURRENT;
  const maxWaiting = options.maxWaiting ?? SERVE_MAX_WAITING;
  const common = {
    "Content-Security-Policy": contentSecurityPolicy(dir),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Referrer-Policy": "no-referrer",
  };
  let active = 0;
  /** The requests that wait for a turn, first come first served. */
  const waiting: (() => void)[] = [];
  const release = () => {
    active--;
    const next = waiting.shift();
    if (next) next();
  };

  const fail = (res: ServerResponse, status: number, reason: string, extra: Record<string, string> = {}) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const body = `${status} ${STATUS_CODES[status] ?? ""}: ${reason}\n`;
    res.writeHead(status, { ...common, ...extra, "Content-Type": "text/plain; charset=utf-8", "Content-Length": Buffer.byteLength(body) });
    res.end(res.req?.method === "HEAD" ? undefined : body);
  };

  const send = (req: IncomingMessage, res: ServerResponse, file: string, done: () => void) => {
    stat(file, (error, info) => {
      if (error || !info.isFile()) {
        fail(res, 404, "not found");
        done();
        return;
      }
      if (req.method === "HEAD") {
        res.writeHead(200, { ...common, "Content-Type": TYPES[extname(file)] ?? "application/octet-stream", "Content-Length": info.size });
        res.end();
        done();
        return;
      }
      const stream = createReadStream(file);
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        stream.destroy();
        done();
      };
      stream.once("error", () => {
        fail(res, 404, "not found");
        finish();
      });
      stream.once("open", () => {
        res.writeHead(200, { ...common, "Content-Type": TYPES[extname(file)] ?? "application/octet-stream", "Content-Length": info.size });
        stream.pipe(res);
      });
      res.once("close", finish);
      res.once("finish", finish);
    });
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const address = server.address();
    const listening = typeof address === "object" && address ? address.port : port;
    if (!hostAllowed(req.headers.host, listening)) {
      fail(res, 403, `the Host header must be 127.0.0.1:${listening} or localhost:${listening}`);
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      fail(res, 405, "GET and HEAD only", { Allow: "GET, HEAD" });
      return;
    }
    const target = fileOf(root, req.url ?? "");
    if (!("file" in target)) {
      fail(res, target.status, target.reason);
      return;
    }
    const go = () => {
      active++;
      let released = false;
      send(req, res, target.file, () => {
        if (!released) { released = true; release(); }
      });
    };
    if (active < maxConcurrent) {
      go();
    } else if (waiting.length < maxWaiting) {
      // A client that goes away while it waits gives up its place.
      waiting.push(go);
      res.once("close", () => {
        const at = waiting.indexOf(go);
        if (at >= 0) waiting.splice(at, 1);
      });
    } else {
      fail(res, 503, `${maxConcurrent} files are being sent and ${maxWaiting} requests wait; try again`, { "Retry-After": "1" });
    }
  };

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (e) {
      // Not expected; the request is answered all the same, and the server goes on.
      fail(res, 500, "internal error");
    }
  });
  // A request Node cannot read (a malformed request line, headers too large): answered, not thrown.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "HPE_URI_TOO_LONG" ? 414 : 400;
    const body = `${status} ${STATUS_CODES[status]}\n`;
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `X-Content-Type-Options: nosniff\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
  });
  return new Promise((done, failed) => {
    server.once("error", failed);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", failed);
      done(server);
    });
  });
}

/** Asks the system to open `url` in the browser; says so if it cannot. */
function openBrowser(url: string, warn: (text: string) => void): void {
  const [command, args] = process.platform === "darwin" ? ["open", [url]]
    : process.platform === "win32" ? ["cmd", ["/c", "start", "", url]]
    : ["xdg-open", [url]];
  const child = spawn(command, args, { stdio: "ignore", detached: true });
  child.on("error", () => warn(`uri-grammar serve: could not open a browser (${command}); open ${url}`));
  child.unref();
}

export const serve: Command = {
  name: "serve",
  summary: "serve the playground (the grammar at work in a browser) on 127.0.0.1",
  usage: `Usage: uri-grammar serve [--port N] [--open]

Serves the playground on 127.0.0.1 (this machine only) and prints its address:
a page that shows the grammar at work as you type (the components, the parse
tree, where and why a reject stops, every edition's verdict, the audit
findings, every rule with its ABNF, PEG and railroad diagram, and resolution).
The address holds what the page shows, so a link shares an example. Runs until
stopped (Ctrl-C). With --edition, the address opens the page in that edition.
The page is also in the package as static files (dist/playground/), which work
from any static host, offline.

Options:
  --port N         the port (default ${DEFAULT_PORT}; 0 picks a free one)
  --open           open the page in the system's browser
${helpEnd(19, { [EXIT.ok]: "stopped" })}`,
  options: { port: { type: "string", value: "N" }, open: { type: "boolean" } },
  async run(values, positionals, ctx) {
    expectPositionals(positionals, []);
    const edition = values.edition === undefined && !process.env.URI_GRAMMAR_EDITION ? undefined : editionOf(values);
    const text = values.port === undefined ? String(DEFAULT_PORT) : String(values.port);
    if (!/^\d{1,5}$/.test(text) || Number(text) > 65535) throw new UsageError(`--port must be a number from 0 to 65535, got ${quote(text)}`);
    const dir = playgroundDir();
    if (!existsSync(join(dir, "index.html"))) {
      throw new CommandError(`the playground is not built (${dir}); 'npm run build' writes it`);
    }
    let server: Server;
    try {
      server = await serveDirectory(dir, Number(text));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new CommandError(`cannot listen on 127.0.0.1:${text}: ${code === "EADDRINUSE" ? "the port is in use (--port N chooses another; 0 any free one)" : code ?? (e as Error).message}`);
    }
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : Number(text);
    const url = `http://127.0.0.1:${port}/${edition === undefined ? "" : `#edition=${edition}`}`;
    ctx.print(`uri-grammar playground: ${url}`);
    ctx.print("Serving on 127.0.0.1 only; Ctrl-C stops it.");
    if (values.open) openBrowser(url, ctx.warn);
    return new Promise<number>((done) => {
      const stop = () => {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        server.close(() => done(EXIT.ok));
        server.closeAllConnections();
      };
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
  },
};
