import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

/**
 * What every fake provider (tests/support/fake-*.ts) needs from node:http: answering JSON or HTML,
 * reading a body, listening on loopback, and running on its own for Playwright's webServer.
 */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (response.destroyed) return;
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text), ...headers });
  response.end(text);
}

export function sendHtml(response: ServerResponse, status: number, html: string): void {
  if (response.destroyed) return;
  response.writeHead(status, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(html) });
  response.end(html);
}

export async function readBodyBytes(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function readBody(request: IncomingMessage): Promise<string> {
  return (await readBodyBytes(request)).toString("utf8");
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Whether the module at `moduleUrl` is the one `npx tsx <file>` was asked to run. */
export function isMain(moduleUrl: string): boolean {
  return Boolean(process.argv[1]) && fileURLToPath(moduleUrl) === process.argv[1];
}

/** Keeps a started fake serving until SIGINT/SIGTERM, then closes it. */
export function serveUntilStopped(name: string, fake: { url: string; close(): Promise<void> }): void {
  console.info(`[${name}] listening on ${fake.url}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

/** Listens on 127.0.0.1 (`port` 0: any free port) and gives the base URL. */
export async function listenOnLoopback(server: Server, port: number): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * What every fake provider does the same way: an optional delay before it answers (setDelay), and
 * closing its server with the open connections, dropping the delays still pending.
 */
export function fakeDelay() {
  let delayMs = 0;
  const timers = new Set<NodeJS.Timeout>();
  return {
    /** Waits the delay set by setDelay (none by default) before an answer. */
    async pause(): Promise<void> {
      if (delayMs <= 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, delayMs);
        timers.add(timer);
      });
    },
    setDelay(ms: number): void {
      delayMs = ms;
    },
    close(server: Server): Promise<void> {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
