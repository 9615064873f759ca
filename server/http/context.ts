import type { Locale } from "@/lib/i18n/locales";
import type { Db } from "@/server/db";

/** What every request handler can read from the Hono context. */
export type AppEnv = {
  Variables: {
    requestId: string;
    locale: Locale;
    db: Db;
    /** Pings the database (health check). */
    ping: () => Promise<void>;
  };
};

/** How the app reaches its database: the shared one in production, a test's own in tests. */
export type AppDeps = {
  database: () => Promise<{ db: Db; ping(): Promise<void> }>;
  /** Socket address of the caller when the server knows it (standalone node server). */
  socketAddress?: (request: Request) => string | null;
  /** Where unexpected errors (500) are reported, with the request's locale and id as tags. */
  reportError?: (error: unknown, tags: Record<string, string>) => Promise<void> | void;
};
