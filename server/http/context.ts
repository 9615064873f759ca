import type { Context } from "hono";
import type { YoutubeSearch } from "@/server/adapters/youtube";
import type { YoutubeAccounts } from "@/server/adapters/youtube-account";
import type { Checks } from "@/lib/activities/tasks";
import type { UserCtx } from "@/server/core/context";
import { rateLimitIp } from "@/server/http/auth";
import type { Locale } from "@/lib/i18n/locales";
import type { Listen } from "@/server/db/client";
import type { Db } from "@/server/db";
import type { User } from "@/server/db/schema";
import type { AccessClaims } from "@/server/auth";
import type { SmsSender } from "@/server/adapters/sms";
import type { AppleVerifier, GoogleVerifier } from "@/server/adapters/oauth";
import type { FileStorage } from "@/server/adapters/storage";
import type { Gateways } from "@/server/payments";
import type { PayoutProviders } from "@/server/adapters/payout-rails/registry";
import type { KeyCaller } from "@/server/integrations/keys";
import type { WebhookPoster } from "@/server/integrations/webhooks/send";
import type { PanelFields } from "@/lib/schemas/integrations";

/** What every request handler can read from the Hono context. */
export type AppEnv = {
  Variables: {
    requestId: string;
    locale: Locale;
    db: Db;
    /** Pings the database (health check). */
    ping: () => Promise<void>;
    /** The caller, set by requireUser (server/http/auth.ts). */
    user: User;
    /** The access token's claims, set by requireUser and requireSessionClaims. */
    claims: AccessClaims;
    /** The API key a program called with and whom it acts for (server/integrations/routes/key-auth.ts). */
    keyCaller: KeyCaller;
    /** The panel-compatible endpoint's fields, parsed once by its key check (server/integrations/routes/panel.ts). */
    panelFields: PanelFields;
  };
};

/** How the app reaches its database and the outside world: production adapters, or a test's own. */
export type AppDeps = {
  database: () => Promise<{ db: Db; ping(): Promise<void>; listen?: Listen }>;
  /** Socket address of the caller when the server knows it (standalone node server). */
  socketAddress?: (request: Request) => string | null;
  /** Where unexpected errors (500) are reported, with the request's locale and id as tags. */
  reportError?: (error: unknown, tags: Record<string, string>) => Promise<void> | void;
  /** SMS for one-time codes; default from SMS_PROVIDER (console or kavenegar). */
  sms?: SmsSender;
  /** Google and Apple sign-in; default from GOOGLE_* / APPLE_* (null when unset). */
  oauth?: { google: GoogleVerifier | null; apple: AppleVerifier | null };
  /** Where uploads go; default DATA_DIR/uploads or S3 when S3_* is set. */
  storage?: FileStorage;
  /** Payment gateways; default from ZARINPAL_* / STRIPE_* / NOWPAYMENTS_*, the sandbox only with PAYMENTS_SANDBOX=true. */
  gateways?: Gateways;
  /** YouTube channel search; default from YOUTUBE_API_KEY (null: off). */
  youtube?: YoutubeSearch | null;
  /** Boosters' own channels (OAuth) and the API checks of their work; default from GOOGLE_CLIENT_ID/SECRET (null: off). */
  youtubeAccounts?: YoutubeAccounts | null;
  /** How a webhook delivery is sent at once after a ping or a resend; default HTTP(S); null: only the jobs send (tests). */
  webhooks?: WebhookPoster | null;
  /** The payout rail (null: manual) and the IBAN owner check (null: checksum only); default from PAYOUT_RAIL / JIBIT_*. */
  payouts?: PayoutProviders;
};

/**
 * The adapters with their defaults filled in, and `checksNow`: the checks new work gets at this moment
 * (checksOf, narrowed while the day's YouTube quota is low; composed in server/app.ts).
 */
export type Services = Required<Pick<AppDeps, "sms" | "oauth" | "storage" | "gateways" | "payouts">> &
  Pick<AppDeps, "socketAddress"> & {
    webhooks: WebhookPoster | null;
    youtubeAccounts: YoutubeAccounts | null;
    checksNow: (db: Db) => Promise<Checks>;
  };

/** The checks this installation can run, from its adapters (lib/activities/tasks.ts checkMethodOf). */
export function checksOf(services: Pick<Services, "youtubeAccounts">): Checks {
  return { youtube: services.youtubeAccounts !== null, likes: services.youtubeAccounts?.likeChecks ?? false };
}

/** A signed-in caller's verb context: the request's database, the user acting and their address (for audits and rate limits). */
export function ctxOf(c: Context<AppEnv>, services: Pick<Services, "socketAddress">): UserCtx {
  return { db: c.get("db"), actor: c.get("user"), ip: rateLimitIp(c, services) };
}
