import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./tests/chromium.mjs";

// End-to-end tests against the production build (`npm start`, which builds when needed) on E2E_PORT
// with a fresh DATA_DIR, in Debian's Chromium (scripts/test.sh installs it and picks the ports).
const port = Number(process.env.E2E_PORT || 3210);
const baseURL = `http://127.0.0.1:${port}`;
/** Where tests/e2e/support-widget.spec.ts serves a stand-in for the third-party chat script. */
export const widgetPort = Number(process.env.E2E_WIDGET_PORT || 3219);
/** Where tests/e2e/error-reporting.spec.ts runs a stand-in Sentry ingest. */
export const sentryPort = Number(process.env.E2E_SENTRY_PORT || 3218);
/** Where the fake Kavenegar (tests/support/fake-kavenegar.ts) takes the server's text messages. */
export const kavenegarPort = Number(process.env.E2E_KAVENEGAR_PORT || 3217);
/** Where the fake YouTube Data API (tests/support/fake-youtube.ts) answers the create page's channel search. */
export const youtubePort = Number(process.env.E2E_YOUTUBE_PORT || 3216);
/** Where the fake Jibit Transferor (tests/support/fake-jibit.ts) takes payouts and pays each as it arrives. */
export const jibitPort = Number(process.env.E2E_JIBIT_PORT || 3215);

/** Accounts: codes go through our production Kavenegar adapter to the fake; an admin is created at start. */
const accountSettings = {
  SMS_PROVIDER: "kavenegar",
  KAVENEGAR_API_KEY: "e2e-api-key",
  KAVENEGAR_TEMPLATE: "takapoo-otp",
  KAVENEGAR_INVITATION_TEMPLATE: "takapoo-invite",
  KAVENEGAR_BASE_URL: `http://127.0.0.1:${kavenegarPort}`,
  ADMIN_PHONE: "09100000001",
  ADMIN_PASSWORD: "Admin-Pass-2026!e2e",
  // Sign-ups made through the API in tests each claim their own address (the per-IP code limit is 20 an hour):
  // the server trusts one proxy hop, so the X-Forwarded-For a test sends stands for what that proxy appends.
  TRUST_PROXY: "1",
  // npm start runs with NODE_ENV=production, where the test gateway is off unless asked for.
  PAYMENTS_SANDBOX: "true",
  // Channel search through our production YouTube adapter, answered by the fake.
  YOUTUBE_API_KEY: "e2e-youtube-key",
  YOUTUBE_API_BASE_URL: `http://127.0.0.1:${youtubePort}`,
  // Boosters connect channels through our production OAuth adapter; the same fake answers as Google.
  GOOGLE_CLIENT_ID: "e2e-google-client",
  GOOGLE_CLIENT_SECRET: "e2e-google-secret",
  GOOGLE_AUTH_URL: `http://127.0.0.1:${youtubePort}/o/oauth2/v2/auth`,
  GOOGLE_TOKEN_URL: `http://127.0.0.1:${youtubePort}/token`,
  GOOGLE_REVOKE_URL: `http://127.0.0.1:${youtubePort}/revoke`,
  // The watch page's player script, a stand-in served by the same fake; a view needs 6 s, not 30.
  YOUTUBE_IFRAME_API_URL: `http://127.0.0.1:${youtubePort}/iframe_api`,
  WATCH_VIEW_SECONDS: "6",
  // Payouts through our production Jibit Transferor adapter; the fake bank pays every transfer it takes. (A first
  // IBAN does not wait; a changed one waits the default 48 hours, which a browser test shows.)
  PAYOUT_RAIL: "jibit",
  JIBIT_TRANSFEROR_API_KEY: "e2e-jibit-key",
  JIBIT_TRANSFEROR_SECRET_KEY: "e2e-jibit-secret",
  JIBIT_TRANSFEROR_URL: `http://127.0.0.1:${jibitPort}/trf`,
  // Retention without sleeping: the admin moves the jobs' clock and runs the release job (POST /api/test-clock/run).
  TEST_CLOCK: "true",
};

/** Where tests/e2e/demo.spec.ts starts a demo installation of its own (the same build, other settings). */
export const demoPort = Number(process.env.E2E_DEMO_PORT || 3214);

/** The settings the end-to-end tests check; npm start rebuilds when the build was made with others (so a second server shares them). */
export const siteSettings = {
  CONTACT_PHONE: "+98 21 9100 0000",
  CONTACT_EMAIL: "support@takapoo.test",
  CONTACT_WHATSAPP: "989120000000",
  CONTACT_TELEGRAM: "takapoo_support",
  CONTACT_INSTAGRAM: "takapoo.app",
  SUPPORT_WIDGET_SRC: `http://127.0.0.1:${widgetPort}/widget.js`,
  SUPPORT_WIDGET_SETTINGS: JSON.stringify({ position: "end" }),
  APP_STORE_URL: "https://apps.apple.com/app/id0000000000",
  NEXT_PUBLIC_SENTRY_DSN: `http://public@127.0.0.1:${sentryPort}/1`,
  SENTRY_DSN: `http://public@127.0.0.1:${sentryPort}/1`,
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: "off",
    screenshot: "only-on-failure",
  },
  webServer: [
    {
      command: "npx tsx tests/support/fake-kavenegar.ts",
      port: kavenegarPort,
      reuseExistingServer: false,
      env: {
        FAKE_KAVENEGAR_PORT: String(kavenegarPort),
        KAVENEGAR_API_KEY: accountSettings.KAVENEGAR_API_KEY,
        KAVENEGAR_TEMPLATE: accountSettings.KAVENEGAR_TEMPLATE,
        FAKE_KAVENEGAR_OTHER_TEMPLATES: accountSettings.KAVENEGAR_INVITATION_TEMPLATE,
      },
    },
    {
      command: "npx tsx tests/support/fake-youtube.ts",
      port: youtubePort,
      reuseExistingServer: false,
      env: {
        FAKE_YOUTUBE_PORT: String(youtubePort),
        YOUTUBE_API_KEY: accountSettings.YOUTUBE_API_KEY,
        GOOGLE_CLIENT_ID: accountSettings.GOOGLE_CLIENT_ID,
        GOOGLE_CLIENT_SECRET: accountSettings.GOOGLE_CLIENT_SECRET,
      },
    },
    {
      command: "npx tsx tests/support/fake-jibit.ts",
      port: jibitPort,
      reuseExistingServer: false,
      env: {
        FAKE_JIBIT_PORT: String(jibitPort),
        JIBIT_API_KEY: accountSettings.JIBIT_TRANSFEROR_API_KEY,
        JIBIT_SECRET_KEY: accountSettings.JIBIT_TRANSFEROR_SECRET_KEY,
        FAKE_JIBIT_AUTOPAY: "true",
      },
    },
    {
      command: "node scripts/start.mjs",
      url: `${baseURL}/api/health`,
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR || ".data/e2e",
        TRUST_PROXY_COUNTRY_HEADER: "CF-IPCountry",
        // Webhook endpoints on 127.0.0.1: the receiver of tests/e2e/webhooks.spec.ts (refused anywhere else).
        WEBHOOKS_ALLOW_PRIVATE: "true",
        ...siteSettings,
        ...accountSettings,
        NEXT_TELEMETRY_DISABLED: "1",
      },
    },
  ],
});
