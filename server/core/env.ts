import { z } from "zod";

/**
 * The server's environment, in one place: every setting the server reads by name is declared here
 * with what it means, parsed with zod, and read as a property of `env` below. Reads are lazy and follow
 * process.env (a test that sets a variable sees it on the next read; a value is parsed again only when
 * it changes), and a bad value fails where it is used with a message that says what to write.
 * Variables are documented in README.md's "Environment" table (tests/unit/system/env-documented.test.ts).
 *
 * Browser-side NEXT_PUBLIC_* reads stay literal reads of process.env where they are used:
 * Next.js inlines those at build time and only when written that way.
 */

type Raw = Readonly<Record<string, string | undefined>>;

/** The process's environment as it is now, for the adapters that read a group of names (S3_*, STRIPE_* …). */
export function rawEnv(): Raw {
  return process.env;
}

/** Unset and empty mean the same: not configured. */
const blank = (value: unknown) => (value === "" ? undefined : value);

const optionalText = z.preprocess(blank, z.string().optional());

const httpUrl = (example: string) =>
  z.preprocess(
    blank,
    z
      .string()
      .refine((value) => /^https?:\/\/[^/]/.test(value) && URL.canParse(value), `write an http(s) URL, e.g. ${example}`)
      .optional(),
  );

type Variable<T> = { name: string; schema: z.ZodType<T> };

/** One variable: its name and how its text becomes a value. */
function envVariable<T>(name: string, schema: z.ZodType<T>): Variable<T> {
  return { name, schema };
}

const variables = {
  /** postgres://… — PostgreSQL; unset: the built-in PGlite in DATA_DIR. */
  DATABASE_URL: envVariable(
    "DATABASE_URL",
    z.preprocess(
      blank,
      z
        .string()
        .refine(
          (value) => /^postgres(ql)?:\/\//.test(value),
          "write postgres://user:password@host:5432/database, or leave it unset for the built-in PGlite",
        )
        .optional(),
    ),
  ),
  /**
   * With DATABASE_URL through a transaction-mode pooler (PgBouncer …): a direct connection to the same
   * database for what a pooler cannot pass — LISTEN and the migrations' session lock. Unset: DATABASE_URL.
   */
  DATABASE_DIRECT_URL: envVariable(
    "DATABASE_DIRECT_URL",
    z.preprocess(
      blank,
      z
        .string()
        .refine((value) => /^postgres(ql)?:\/\//.test(value), "write postgres://user:password@host:5432/database, or leave it unset")
        .optional(),
    ),
  ),
  /** Connections in the PostgreSQL pool. */
  DATABASE_POOL_SIZE: envVariable(
    "DATABASE_POOL_SIZE",
    z.preprocess(
      (value) => (blank(value) === undefined || value === "0" ? "10" : value),
      z.coerce.number("write a whole number of connections, e.g. 10").int("write a whole number, e.g. 10").positive(),
    ),
  ),
  /** Where PGlite and uploads keep their files. */
  DATA_DIR: envVariable("DATA_DIR", z.preprocess(blank, z.string().default(".data"))),
  /** A demo: its admin, and on a demo installation (server/demo) a seeded world; anything but "false" means yes. */
  SEED_DEMO_DATA: envVariable(
    "SEED_DEMO_DATA",
    z
      .string()
      .optional()
      .transform((value) => value !== "false"),
  ),
  /** The key that signs access tokens; unset: one random key kept in the database. */
  AUTH_SECRET: envVariable(
    "AUTH_SECRET",
    z.preprocess(blank, z.string().min(32, "must be at least 32 characters long (e.g. openssl rand -base64 48)").optional()),
  ),
  /** The key that encrypts stored provider tokens (YouTube refresh tokens); unset: derived from the signing key. */
  TOKEN_ENCRYPTION_KEY: envVariable(
    "TOKEN_ENCRYPTION_KEY",
    z.preprocess(blank, z.string().min(32, "must be at least 32 characters long (e.g. openssl rand -base64 48)").optional()),
  ),
  /** The site's public origin, where gateways send payers back; unset: the request's own. */
  SITE_URL: envVariable("SITE_URL", httpUrl("https://takapoo.ir")),
  /** The reverse proxies trusted for X-Forwarded-*: a hop count or addresses (parsed by lib/geo/client-address.ts). */
  TRUST_PROXY: envVariable("TRUST_PROXY", z.string().optional()),
  /** The header a trusted reverse proxy writes the visitor's country in (e.g. CF-IPCountry). */
  TRUST_PROXY_COUNTRY_HEADER: envVariable(
    "TRUST_PROXY_COUNTRY_HEADER",
    z
      .string()
      .optional()
      .transform((value) => value?.trim() || null),
  ),
  /** Origins whose pages may call the API with cookies, comma-separated (parsed by server/http/cors.ts). */
  CORS_ALLOWED_ORIGINS: envVariable("CORS_ALLOWED_ORIGINS", z.string().default("")),
  /** Where server errors are reported (Sentry); unset: nowhere. */
  SENTRY_DSN: envVariable("SENTRY_DSN", optionalText),
  /** The DSN the browser reports to; the server accepts its envelopes for it (monitoring tunnel). */
  NEXT_PUBLIC_SENTRY_DSN: envVariable("NEXT_PUBLIC_SENTRY_DSN", optionalText),
  /** The build's id, set by next.config.ts from BUILD_ID. */
  NEXT_PUBLIC_BUILD_ID: envVariable("NEXT_PUBLIC_BUILD_ID", optionalText),
  /** development, production or test: set by Next.js and Vitest. */
  NODE_ENV: envVariable("NODE_ENV", optionalText),
  /** Port of the web server (server/web.ts). */
  PORT: envVariable("PORT", port(3000)),
  /** Port and address of the API on its own (server/standalone.ts, npm run api). */
  API_PORT: envVariable("API_PORT", port(4000)),
  API_HOST: envVariable("API_HOST", z.preprocess(blank, z.string().default("0.0.0.0"))),
  /** Hours a submission may wait for a person before it is approved automatically. */
  REVIEW_SLA_HOURS: envVariable("REVIEW_SLA_HOURS", count(72)),
  /** Days an approved reward is held before it is released to the booster's earnings. */
  RETENTION_DAYS: envVariable("RETENTION_DAYS", count(7)),
  /** Hours after an IBAN change before a payout may go to it (issue 17: 48; the end-to-end tests, which cannot wait, 0). */
  PAYOUT_IBAN_COOLDOWN_HOURS: envVariable("PAYOUT_IBAN_COOLDOWN_HOURS", count(48)),
  /** The inviter's reward (Rials) when an invitee buys a first plan, unless an admin set another (app_settings). */
  INVITATION_REWARD_RIALS: envVariable("INVITATION_REWARD_RIALS", count(500_000, 100_000_000)),
  /** Days between the invitee's first plan and the inviter's reward (a refund or a fraud is found meanwhile). */
  INVITATION_REWARD_HOLD_DAYS: envVariable("INVITATION_REWARD_HOLD_DAYS", count(7)),
  /** Invitation SMS one person may send a day (anti-spam; counted with the request). */
  INVITATIONS_PER_DAY: envVariable("INVITATIONS_PER_DAY", count(10)),
  /** Seconds of a video a watch session must prove for one view. */
  WATCH_VIEW_SECONDS: envVariable("WATCH_VIEW_SECONDS", count(30)),
  /** The YouTube IFrame Player API script the watch page loads (tests serve a stand-in). */
  YOUTUBE_IFRAME_API_URL: envVariable(
    "YOUTUBE_IFRAME_API_URL",
    z.preprocess(blank, z.string().url().default("https://www.youtube.com/iframe_api")),
  ),
  /** YouTube Data API units the Google project may spend a day (Google's default 10,000; server/youtube/quota.ts). */
  YOUTUBE_DAILY_QUOTA: envVariable("YOUTUBE_DAILY_QUOTA", count(10_000, 1_000_000_000)),
  /** Of those, the units only boosters' first checks (and connecting a channel) may spend. */
  YOUTUBE_CHECK_RESERVE: envVariable("YOUTUBE_CHECK_RESERVE", count(1_000, 1_000_000_000)),
  /** When only the reserve is left: new YouTube tasks go to people's review ("review") or wait for the next day ("pause"). */
  YOUTUBE_QUOTA_LOW_MODE: envVariable(
    "YOUTUBE_QUOTA_LOW_MODE",
    z.preprocess((value) => blank(value) ?? "review", z.enum(["review", "pause"], "write review or pause")),
  ),
  /** Requests one API key may make in a minute, counted across every instance (server/integrations/keys.ts). */
  API_KEY_RATE_PER_MINUTE: envVariable("API_KEY_RATE_PER_MINUTE", count(600, 1_000_000)),
  /**
   * true: webhook endpoints may point at loopback, private and link-local addresses (tests only, with a
   * receiver on 127.0.0.1); otherwise they are refused when registered and when delivered to.
   */
  WEBHOOKS_ALLOW_PRIVATE: envVariable(
    "WEBHOOKS_ALLOW_PRIVATE",
    z.preprocess(
      (value) => blank(value) ?? "false",
      z.enum(["true", "false"], "write true or false (true only for tests)").transform((value) => value === "true"),
    ),
  ),
  /** Tasks a booster may start a day before their record moves it (lib/activities/tasks.ts dailyAllowance). */
  TASKS_PER_DAY: envVariable("TASKS_PER_DAY", count(20)),
  /** true: admins may run a job at once as of a later time (end-to-end tests only; server/system/test-clock-routes.ts). */
  TEST_CLOCK: envVariable(
    "TEST_CLOCK",
    z.preprocess(
      (value) => blank(value) ?? "false",
      z.enum(["true", "false"], "write true or false (true only for end-to-end tests)").transform((value) => value === "true"),
    ),
  ),
};

function count(fallback: number, max = 100_000) {
  return z.preprocess(
    (value) => blank(value) ?? String(fallback),
    z.coerce.number(`write a whole number, e.g. ${fallback}`).int(`write a whole number, e.g. ${fallback}`).min(0).max(max),
  );
}

function port(fallback: number) {
  return z.preprocess(
    (value) => blank(value) ?? String(fallback),
    z.coerce.number(`write a port number, e.g. ${fallback}`).int("write a port number").min(0).max(65_535),
  );
}

type Variables = typeof variables;
export type ServerEnv = { readonly [K in keyof Variables]: Variables[K] extends Variable<infer T> ? T : never };

/** Thrown for a variable whose value cannot be used: names it and says what to write. */
export class EnvError extends Error {
  constructor(name: string, issue: string) {
    super(`${name}: ${issue}`);
    this.name = "EnvError";
  }
}

const parsed = new Map<string, { raw: string | undefined; value: unknown }>();

function read<T>({ name, schema }: Variable<T>): T {
  const raw = process.env[name];
  const cached = parsed.get(name);
  if (cached && cached.raw === raw) return cached.value as T;
  const result = schema.safeParse(raw);
  if (!result.success) throw new EnvError(name, result.error.issues.map((issue) => issue.message).join("; "));
  parsed.set(name, { raw, value: result.data });
  return result.data;
}

/** The server's settings: `env.SITE_URL`, `env.DATABASE_URL` … each parsed when read. */
export const env: ServerEnv = Object.defineProperties(
  {},
  Object.fromEntries(
    Object.entries(variables).map(([key, variable]) => [key, { enumerable: true, get: () => read(variable as Variable<unknown>) }]),
  ),
) as ServerEnv;
