/**
 * The browser's side of the Content-Security-Policy (lib/security/csp.ts), run before the app's code
 * (instrumentation-client.ts).
 *
 * Zod 4 compiles object parsers with `new Function` when it may, and finds out whether it may by
 * trying: under our policy (no 'unsafe-eval') the browser refuses, and reports a violation although
 * Zod catches the error. Its `jitless` setting skips both the probe and the compilation. Set on the
 * object Zod shares through globalThis, without importing Zod into the first-load bundle; it must
 * be set before the first schema is built, which is why it runs here.
 */
export function keepZodWithinPolicy(): void {
  const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}
