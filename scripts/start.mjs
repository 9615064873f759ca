// `npm start`: builds when the build is missing or older than the sources, then serves the
// production build on PORT (default 3000). Migrations and the demo seed run as the server starts
// (instrumentation.ts). Honours PORT, DATA_DIR and DATABASE_URL.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const buildStamp = path.join(root, ".next", "BUILD_ID");
const envStamp = path.join(root, ".next", "takapoo-build-env.json");
// Configuration that static pages are rendered with: a change means a new build. SEED_DEMO_DATA is
// one: a demo without CONTACT_* shows example contact details (lib/contact/links.ts).
const buildEnvNames = [
  "SEED_DEMO_DATA",
  "CONTACT_PHONE",
  "CONTACT_EMAIL",
  "CONTACT_WHATSAPP",
  "CONTACT_TELEGRAM",
  "CONTACT_INSTAGRAM",
  "APP_STORE_URL",
  "GOOGLE_PLAY_URL",
  "SUPPORT_WIDGET_SRC",
  "SUPPORT_WIDGET_SETTINGS",
  "SITE_URL",
  "NEXT_PUBLIC_CORE_API_URL",
  "NEXT_PUBLIC_SENTRY_DSN",
  "NEXT_PUBLIC_GOOGLE_CLIENT_ID",
  "NEXT_PUBLIC_GOOGLE_LOGIN_FLOW",
  "NEXT_PUBLIC_APPLE_CLIENT_ID",
  "NEXT_PUBLIC_APPLE_JS_URL",
];
const buildEnv = () => JSON.stringify(Object.fromEntries(buildEnvNames.map((name) => [name, process.env[name] ?? null])));
const sources = [
  "app",
  "components",
  "lib",
  "stores",
  "messages",
  "server",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.ts",
  "tailwind.config.ts",
  "postcss.config.mjs",
  "package.json",
  "tsconfig.json",
];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function buildIsStale() {
  if (!existsSync(buildStamp)) return true;
  if (!existsSync(envStamp) || readFileSync(envStamp, "utf8") !== buildEnv()) return true;
  const built = statSync(buildStamp).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

process.env.NEXT_TELEMETRY_DISABLED ??= "1";

if (buildIsStale()) {
  console.log("[start] building the production bundle (missing, older than the sources, or built with other settings)…");
  const result = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(envStamp, buildEnv());
}
if (process.argv.includes("--build-only")) process.exit(0);

const port = process.env.PORT || "3000";
// server/web.ts: Next.js for pages, the core API directly for /api. Run through tsx, which
// resolves the "@/…" paths of tsconfig.json. It listens on every interface.
const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "server", "web.ts")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", PORT: port },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
