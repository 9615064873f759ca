/**
 * Error reports to Sentry, only when SENTRY_DSN is set: nothing is loaded or sent otherwise. One
 * client per process (Sentry keeps it on a global carrier, so Next's bundle and the API share it).
 */
import { currentBuildId } from "@/server/build-id";
import { env } from "@/server/core/env";

type Tags = Record<string, string>;

export function errorReportingEnabled(): boolean {
  return Boolean(env.SENTRY_DSN);
}

export async function initErrorReporting(): Promise<void> {
  if (!errorReportingEnabled()) return;
  const Sentry = await import("@sentry/nextjs");
  if (Sentry.getClient()) return;
  Sentry.init({
    dsn: env.SENTRY_DSN,
    release: env.NEXT_PUBLIC_BUILD_ID || currentBuildId() || undefined,
    environment: env.NODE_ENV,
    tracesSampleRate: 0,
    sendDefaultPii: false,
  });
}

export async function reportError(error: unknown, tags: Tags): Promise<void> {
  if (!errorReportingEnabled()) return;
  try {
    await initErrorReporting();
    const Sentry = await import("@sentry/nextjs");
    Sentry.withScope((scope) => {
      scope.setTags(tags);
      Sentry.captureException(error);
    });
  } catch (failure) {
    console.error("[error-reporting] could not report", failure);
  }
}

/** Where a browser envelope for this DSN goes: {origin}/api/{project}/envelope/ — null for any other DSN. */
export function envelopeTarget(envelopeDsn: string, configuredDsn: string | undefined): string | null {
  if (!configuredDsn || envelopeDsn !== configuredDsn) return null;
  try {
    const dsn = new URL(configuredDsn);
    const project = dsn.pathname.split("/").filter(Boolean).pop();
    if (!project || !/^\d+$/.test(project)) return null;
    return `${dsn.protocol}//${dsn.host}/api/${project}/envelope/`;
  } catch {
    return null;
  }
}
