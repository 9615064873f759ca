import { expect } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { campaigns, ledgerAccounts, users } from "@/server/db/schema";
import { campaignEscrowCode } from "@/server/ledger";
import { registerAndSignIn, signInAdmin, type caller } from "@/tests/api/support/account-helpers";
import type { recordingSms } from "@/tests/api/support/helpers";
import { fundWallet, smartCampaign } from "@/tests/api/support/campaign-fixtures";

type Call = ReturnType<typeof caller>;
export type TargetLine = { metric: string; action: string; unitPrice: number; max: number };

// The people registered so far in this file: each has a phone and an e-mail of their own.
let phones = 0;

/**
 * The people and campaigns of the boosters' tests: producers with funded wallets, verified
 * boosters, an admin, a producer's approved Smart campaign (its targets replaced when a test needs
 * small ones) and its escrow. `api()` hands the running test's database and SMS recorder. apiTest
 * gives each as a fixture (`person`, `admin`, `liveCampaign`, `approvedCampaign`, `escrow`, `submitted`,
 * `approvedWork`).
 */

export function earnWorld(call: Call, api: () => { database: Database; sms: ReturnType<typeof recordingSms> }, adminPhone: string) {
  async function person(walletRials = 0, verified = false) {
    const { database, sms } = api();
    phones++;
    const phone = `0935${String(1_000_000 + phones).slice(1)}0`.slice(0, 11);
    const signed = await registerAndSignIn(call, sms, { phone, email: `p${phones}@example.com`, first_name: "Reza", last_name: "Karimi" });
    if (walletRials > 0) await fundWallet(database.db, signed.user.id, walletRials);
    if (verified) await database.db.update(users).set({ identityStatus: "identity_verified" }).where(eq(users.id, signed.user.id));
    return signed;
  }

  const admin = () => signInAdmin(api().database, call, api().sms, adminPhone);

  async function liveCampaign(adminToken: string, lines?: TargetLine[], producerOf: typeof person = person, body: object = smartCampaign) {
    const { database } = api();
    const producer = await producerOf(5_000_000);
    const created = await call("campaigns", body, { token: producer.token });
    expect(created.status).toBe(200);
    const id = created.body.data.campaign.id as string;
    if (lines) {
      const [row] = await database.db.select().from(campaigns).where(eq(campaigns.id, id));
      const invoice = row!.invoice as Record<string, unknown>;
      await database.db
        .update(campaigns)
        .set({ invoice: { ...invoice, lines: lines.map((l) => ({ ...l, min: l.max, amount: l.max * l.unitPrice })) } })
        .where(eq(campaigns.id, id));
    }
    expect((await call(`admin/campaigns/${id}/approve`, {}, { token: adminToken })).status).toBe(200);
    return { producer, id, total: created.body.data.campaign.budget as number, fee: created.body.data.campaign.invoice.fee as number };
  }

  /** The admin signed in and a producer's campaign they approved: liveCampaign's answer and the admin's token. */
  async function approvedCampaign(lines?: TargetLine[], producerOf: typeof person = person, body: object = smartCampaign) {
    const adminToken = await admin();
    return { adminToken, ...(await liveCampaign(adminToken, lines, producerOf, body)) };
  }

  const escrow = async (campaignId: string) => {
    const [row] = await api()
      .database.db.select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, campaignEscrowCode(campaignId)));
    return { balance: row?.balance ?? 0, pending: row?.pendingDebits ?? 0 };
  };

  /** A booster's task started and submitted on a campaign's line; returns the activity's id. */
  async function submitted(token: string, campaignId: string, metric: string, extra: Record<string, string> = {}) {
    const started = await call(`tasks/${campaignId}.${metric}/start`, {}, { token });
    expect(started.status).toBe(201);
    const id = started.body.data.id as string;
    const sent = await call(`activities/${id}/submit`, { post_link: "https://youtu.be/dQw4w9WgXcQ", ...extra }, { token });
    expect(sent.status).toBe(200);
    return id;
  }

  /** A booster's task started, submitted and approved by the admin (`adminToken`); returns the activity's id. */
  async function approvedWork(adminToken: string, token: string, campaignId: string, metric: string) {
    const id = await submitted(token, campaignId, metric);
    expect((await call(`admin/activities/${id}/approve`, {}, { token: adminToken })).status).toBe(200);
    return id;
  }

  return { person, admin, liveCampaign, approvedCampaign, escrow, submitted, approvedWork };
}
