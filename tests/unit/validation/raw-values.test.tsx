import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { readdirSync, readFileSync } from "node:fs";
import type { ReactNode } from "react";
import { renderWithProviders } from "../render-with-providers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IdentityReview } from "@/components/profile/admin/IdentityReview";
import { ForgotPasswordForm } from "@/components/auth/ForgotPasswordForm";
import { OtpForm } from "@/components/auth/OtpForm";
import { ActivityDetail, CampaignActivities } from "@/components/campaigns/CampaignActivities";
import { StatementList } from "@/components/payments/StatementList";
import { IRANIAN_BANKS } from "@/lib/validation/iban";
import { gatewayIds as knownGateways } from "@/lib/schemas/enums";
import { actionsByNetwork } from "@/lib/campaigns/pricing";
import { campaignStatuses } from "@/lib/campaigns/state-machine";
import type { StatementLine } from "@/lib/api/payments";
import arAE from "@/messages/ar-AE.json";
import enUS from "@/messages/en-US.json";
import faIR from "@/messages/fa-IR.json";
import trTR from "@/messages/tr-TR.json";
import { activityStatuses, activityTypes } from "@/server/db/schema/activities";
import { campaignNetworks, campaignStrategies } from "@/server/db/schema/campaigns";
import { transactionIntents, transactionStatuses } from "@/server/db/schema/money";
import { statementAccounts, statementKinds, statementStatuses } from "@/lib/schemas/enums";
import { useAuthStore } from "@/stores/auth";
import { fakeApi, jsonResponse as json, page } from "../support/api";
import { statementLine } from "../payments/wallet-fixtures";

vi.mock("@/lib/i18n/navigation", () => ({
  Link: ({ href, children, ...props }: { href: string; children: ReactNode }) => (
    <a href={String(href)} {...props}>
      {children}
    </a>
  ),
  useRouter: () => ({ push: vi.fn(), replace: vi.fn() }),
  usePathname: () => "/",
}));
vi.mock("next/navigation", () => ({ useSearchParams: () => new URLSearchParams() }));

afterEach(() => vi.unstubAllGlobals());

/**
 * Every gateway id a transaction can carry: the gateways' ids (lib/schemas/enums.ts, which the adapters'
 * GatewayId is, so a new gateway added there without a name fails here) and "wallet", which paying
 * from the balance records.
 */
function gatewayIds(): string[] {
  return [...knownGateways, "wallet"];
}

const catalogues = { "fa-IR": faIR, "en-US": enUS, "tr-TR": trTR, "ar-AE": arAE } as const;

function lookup(messages: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), messages);
}

const allActions = [...new Set(Object.values(actionsByNetwork).flat())];

describe("no enum value is shown raw", () => {
  // Each list the API sends as codes, and where the components find their names.
  const enums: [string, readonly string[]][] = [
    ["wallet.gateways.names", gatewayIds()],
    ["wallet.intents", transactionIntents],
    ["wallet.status", transactionStatuses],
    ["campaigns.status", campaignStatuses],
    ["campaigns.networks", campaignNetworks],
    ["campaigns.strategies", campaignStrategies],
    ["campaigns.create.strategyBodies", campaignStrategies],
    ["campaigns.activities.status", activityStatuses],
    ["campaigns.activities.types", activityTypes],
    ["campaigns.activities.actions", allActions],
    ["admin.pricing.actions", allActions],
    ["banks", IRANIAN_BANKS.map((bank) => bank.id)],
  ];

  it.each(enums)("%s names every value in all four locales", (namespace, values) => {
    for (const [locale, messages] of Object.entries(catalogues)) {
      for (const value of values) {
        const text = lookup(messages, `${namespace}.${value}`);
        expect(typeof text === "string" && text.trim() !== "" ? value : `${locale}: ${namespace}.${value} missing`).toBe(value);
        expect(text, `${locale}: ${namespace}.${value} is the raw id`).not.toBe(value);
      }
    }
  });

  it("the statement names every kind, status and account, never its code", async () => {
    const rows: StatementLine[] = statementKinds.map((kind, index) =>
      statementLine({
        id: `7f1c1b9e-3c1a-4f7e-9a51-0c7e5d1f2a${String(index).padStart(2, "0")}`,
        kind,
        status: statementStatuses[index % statementStatuses.length]!,
        account: statementAccounts[index % (statementAccounts.length - 1)]!,
      }),
    );
    fakeApi((url) => (url.pathname === "/api/wallet/statement" ? page(rows, 20) : undefined));
    renderWithProviders(<StatementList />);
    const table = await screen.findByRole("table");
    // No code shows (those with an underscore cannot be words); every kind and status shows as its word.
    const text = table.textContent ?? "";
    for (const code of [...statementKinds, ...statementStatuses, ...statementAccounts].filter((value) => value.includes("_")))
      expect(text, code).not.toContain(code);
    for (const kind of statementKinds) expect(within(table).getAllByText(enUS.wallet.statement.kinds[kind]).length).toBeGreaterThan(0);
    for (const status of statementStatuses)
      expect(within(table).getAllByText(enUS.wallet.statement.statuses[status]).length).toBeGreaterThan(0);
  });
});

describe("numbers in the locale's digits", () => {
  it("the admin's reject hint and its error write the bounds in Persian digits in fa-IR", async () => {
    const id = "0190f0a0-0000-7000-8000-000000000001";
    fakeApi((url) =>
      url.pathname === `/api/admin/users/${id}`
        ? json(200, {
            data: {
              id,
              first_name: "سارا",
              last_name: "احمدی",
              phone: "+989121234567",
              phone_verified: true,
              email: null,
              role: "user",
              locale: "fa-IR",
              national_id: null,
              birth_date: null,
              bank_name: null,
              iban: null,
              identity_status: "identity_verification_pending",
              identity_rejection_reason: null,
              has_identity_card: false,
              has_password: true,
              created_at: "2025-01-15T08:30:00.000Z",
              identity_requested_at: "2025-02-01T09:00:00.000Z",
            },
          })
        : undefined,
    );
    renderWithProviders(<IdentityReview id={id} />, "fa-IR");
    const hint = await screen.findByText(/نویسه\.$/);
    expect(hint.textContent).toBe("بین ۳ تا ۵۰۰ نویسه.");
    expect(hint.textContent).not.toMatch(/[0-9]/);
  });
});

describe("forgot password", () => {
  it("drops the previous error when sent again, so an old sentence never stands beside a new one", async () => {
    fakeApi((url) =>
      url.pathname === "/api/auth/forgot-password"
        ? json(429, { error: { code: "too_many_requests", message: "Too many attempts. Please wait a moment." } })
        : undefined,
    );
    renderWithProviders(<ForgotPasswordForm />);
    const field = screen.getByLabelText(enUS.auth.forgot.credential);
    await userEvent.type(field, "sara@example.com");
    await userEvent.click(screen.getByRole("button", { name: enUS.auth.forgot.submit }));
    expect(await screen.findByText("Too many attempts. Please wait a moment.")).toBeInTheDocument();

    // Now a value the form itself refuses: only its own message is left.
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole("button", { name: enUS.auth.forgot.submit }));
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(screen.queryByText("Too many attempts. Please wait a moment.")).not.toBeInTheDocument();
  });
});

describe("an id that names nothing is not found", () => {
  const campaignId = "0b7a3c7e-1d2f-4a5b-8c9d-0e1f2a3b4c5d";
  const invalid = () => json(422, { error: { code: "validation_failed", message: "Invalid.", fields: { activityId: "Invalid format." } } });

  it("a made-up activity id shows the not-found state, not 'could not be loaded'", async () => {
    fakeApi((url) => (url.pathname.startsWith(`/api/campaigns/${campaignId}/activities/`) ? invalid() : undefined));
    renderWithProviders(<ActivityDetail id={campaignId} activityId="unknown" />);
    expect(await screen.findByText(enUS.campaigns.notFound.title)).toBeInTheDocument();
    expect(screen.queryByText(enUS.campaigns.activities.loadError)).not.toBeInTheDocument();
  });

  it("an unknown (well-formed) activity id answered 404 shows the not-found state", async () => {
    fakeApi(() => undefined);
    renderWithProviders(<ActivityDetail id={campaignId} activityId="0b7a3c7e-1d2f-4a5b-8c9d-000000000000" />);
    expect(await screen.findByText(enUS.campaigns.notFound.title)).toBeInTheDocument();
  });

  it("a made-up user id in the back office is 'not available', not 'could not be loaded'", async () => {
    fakeApi(() => json(422, { error: { code: "validation_failed", message: "Invalid.", fields: { id: "Invalid format." } } }));
    renderWithProviders(<IdentityReview id="nope" />);
    expect(await screen.findByText(enUS.admin.state.unavailableTitle)).toBeInTheDocument();
    expect(screen.queryByText(enUS.admin.state.loadError)).not.toBeInTheDocument();
  });

  it("a made-up campaign id on the activities page shows the not-found state", async () => {
    fakeApi(() => json(422, { error: { code: "validation_failed", message: "Invalid.", fields: { id: "Invalid format." } } }));
    renderWithProviders(<CampaignActivities id="nope" />);
    expect(await screen.findByText(enUS.campaigns.notFound.title)).toBeInTheDocument();
  });
});

describe("phone numbers read left to right inside right-to-left text", () => {
  it("the code step isolates the masked phone as left-to-right, in Persian digits", async () => {
    useAuthStore.getState().setOtp({ token: "step-token", route: "/auth/two_factor_authentication" });
    fakeApi((url) =>
      url.pathname === "/api/auth/otp/status"
        ? json(200, {
            data: {
              otp: {
                token: "step-token",
                route: "/auth/two_factor_authentication",
                phone: "+98919***2233",
                expires_in: 300,
                resend_in: 60,
              },
            },
          })
        : undefined,
    );
    renderWithProviders(<OtpForm />, "fa-IR");
    const phone = await screen.findByText("+۹۸۹۱۹***۲۲۳۳");
    expect(phone.tagName).toBe("BDI");
    expect(phone).toHaveAttribute("dir", "ltr");
    useAuthStore.getState().clear();
  });
});

describe("numbers reach messages formatted for the locale", () => {
  // Message arguments that hold numbers. A plain {page} in an ICU message prints a number as String(n), in
  // Latin digits even in fa-IR; the caller must pass format.number(n) (or money / count), or the message use plural #.
  const NUMERIC = ["page", "pages", "min", "max", "seconds", "size", "pixels", "year", "minimum", "maximum", "words", "count"];
  const FORMATTED = /^(format\.number|money|money\.words|count|figure|localizeDigits|format\.dateTime)\(/;
  const files = [
    ...[
      "components/payments",
      "components/auth",
      "components/admin",
      "components/ui/back-office",
      "components/activities/admin",
      "components/campaigns/admin",
      "components/pages/admin",
      "components/payouts/admin",
      "components/profile/admin",
      "components/people",
      "components/audit",
    ].flatMap((dir) =>
      readdirSync(dir)
        .filter((name) => name.endsWith(".tsx"))
        .map((name) => `${dir}/${name}`),
    ),
    "components/campaigns/CampaignActivities.tsx",
    "components/campaigns/CreateCampaign.tsx",
  ];
  const plural = (key: string) =>
    Object.values(catalogues).some((messages) => /\{\s*count\s*,\s*plural/.test(String(lookup(messages, key) ?? "")));

  it.each(files)("%s passes no raw number to a message", (file) => {
    const source = readFileSync(file, "utf8");
    const namespaces = [...source.matchAll(/useTranslations\("([^"]+)"\)/g)].map((match) => match[1]!);
    const raw: string[] = [];
    for (const call of source.matchAll(/\bt\("([^"]+)",\s*\{([^{}]*)\}\)/g)) {
      const [, key = "", args = ""] = call;
      for (const part of args.split(",")) {
        const [name = "", value] = part.split(":").map((side) => side.trim());
        if (!NUMERIC.includes(name)) continue;
        if (name === "count" && namespaces.some((namespace) => plural(`${namespace}.${key}`))) continue;
        if (value !== undefined && FORMATTED.test(value)) continue;
        raw.push(`${key}: ${part.trim()}`);
      }
    }
    expect(raw).toEqual([]);
  });

  it("the statement's page counter is in Persian digits in fa-IR", async () => {
    const rows: StatementLine[] = Array.from({ length: 10 }, (_, index) =>
      statementLine({ id: `7f1c1b9e-3c1a-4f7e-9a51-0c7e5d1f2b${String(index).padStart(2, "0")}`, amount: 1_000_000 }),
    );
    fakeApi((url) =>
      url.pathname === "/api/wallet/statement" ? json(200, { data: rows, meta: { page: 1, per_page: 10, total: 25 } }) : undefined,
    );
    renderWithProviders(<StatementList />, "fa-IR");
    expect(await screen.findByText("صفحهٔ ۱ از ۳")).toBeInTheDocument();
  });
});
