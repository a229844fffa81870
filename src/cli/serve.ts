// uri-grammar serve: the playground (docs/playground.md), the static files `npm run build` writes
// to dist/playground/, served on 127.0.0.1 only, until the process is stopped.
import { quote } from "../printable.js";
import { spawn } from "node:child_process";
import { existsSync, readFile } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, join, resolve as resolvePath, sep } from "node:path";
import { CommandError, UsageError, editionOf, expectPositionals, globalOptionHelp } from "./args.js";
import type { Command } from "./context.js";
import { EXIT, exitStatusHelp } from "./exit.js";
import { srcDir } from "./paths.js";

/** The port when none is given: the number of the RFC. */
export const DEFAULT_PORT = 3986;

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
 * Serves the files of `dir` on 127.0.0.1:`port` (0: any free port); resolves once it listens.
 * GET and HEAD only; a path that leaves `dir` or names no file is 404.
 */
export function serveDirectory(dir: string, port: number): Promise<Server> {
  const root = resolvePath(dir);
  const server = createServer((req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? "/", "http://127.0.0.1").pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const file = resolvePath(root, "." + (path.endsWith("/") ? path + "index.html" : path));
    if (!file.startsWith(root + sep)) {
      res.writeHead(404).end();
      return;
    }
    readFile(file, (error, body) => {
      if (error) {
        res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("not found\n");
        return;
      }
      res.writeHead(200, {
        "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
        "Content-Length": body.length,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      });
      res.end(req.method === "HEAD" ? undefined : body);
    });
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", fail);
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
${globalOptionHelp(19)}

${exitStatusHelp({ [EXIT.ok]: "stopped" })}`,
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
