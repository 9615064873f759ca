// Starts the production build (npm start) on a free port with a fresh DATA_DIR, for the benches.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

export async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "takapoo-bench-"));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = () => {
    child.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on("exit", stop);
  let exited = false;
  child.on("exit", () => (exited = true));
  // A build first (a few minutes, many more on a busy 2-core machine): wait while the server lives.
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (exited) throw new Error("server exited before answering");
    if (i > 3600) throw new Error("server did not start in 30 minutes");
    await new Promise((r) => setTimeout(r, 500));
  }
  return { base, stop };
}
