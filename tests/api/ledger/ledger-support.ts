/** What the ledger tests (ledger-*.test.ts) share: a user's wallet, a campaign's escrow, transfers between them and checks. */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "@/server/db/client";
import { ledgerAccounts, users } from "@/server/db/schema";
import { campaignEscrowCode, checkLedgerInvariants, gatewayAccountCode, transfer, userAccountCode } from "@/server/ledger";
import { AppError } from "@/server/core/errors";
import { apiTestWith } from "@/tests/api/support/fixture";

export let database: Database;
export let userId: string;
export let wallet: string;
export let escrow: string;
export const gateway = gatewayAccountCode("sandbox");

/** The file's fixture: before each test, emptied accounts and one user with a wallet and a campaign's escrow. */
export const it = apiTestWith(async (api) => {
  database = api.database;
  const [user] = await database.db.insert(users).values({}).returning({ id: users.id });
  userId = user!.id;
  wallet = userAccountCode(userId, "wallet");
  escrow = campaignEscrowCode(randomUUID());
});

export const db = () => database.db;

export async function balance(code: string): Promise<{ balance: number; pending: number }> {
  const [row] = await db().select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  return { balance: row?.balance ?? 0, pending: row?.pendingDebits ?? 0 };
}

export async function expectSound() {
  expect(await checkLedgerInvariants({ db: db() })).toEqual([]);
}

export async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

export const charge = (amount: number, key = `charge:${randomUUID()}`) =>
  transfer({ db: db() }, { idempotencyKey: key, from: gateway, to: wallet, amount, intent: "wallet_charge" });
export const spend = (amount: number, key = `spend:${randomUUID()}`, pending = false) =>
  transfer({ db: db() }, { idempotencyKey: key, from: wallet, to: escrow, amount, intent: "campaign_creation", pending });
