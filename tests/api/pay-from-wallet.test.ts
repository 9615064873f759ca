import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@/server/db/client";
import { transactions, users } from "@/server/db/schema";
import { AppError } from "@/server/http/errors";
import {
  balancesOf,
  checkLedgerInvariants,
  gatewayAccountCode,
  systemAccountCode,
  transfer,
  userAccountCode,
} from "@/server/domain/ledger";
import { payFromWallet } from "@/server/domain/payments/pay-from-wallet";
import { openTestDatabase, resetAccounts } from "./helpers";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await resetAccounts(database);
});

async function userWith(walletRials: number, phone: string) {
  const [user] = await database.db.insert(users).values({ firstName: "T", phone, phoneVerifiedAt: new Date() }).returning();
  if (walletRials > 0) {
    await transfer(database.db, {
      idempotencyKey: `fund:${user!.id}`,
      from: gatewayAccountCode("sandbox"),
      to: userAccountCode(user!.id, "wallet"),
      amount: walletRials,
      intent: "wallet_charge",
    });
  }
  return user!;
}

async function pendingTransaction(userId: string, amount: number) {
  const [row] = await database.db
    .insert(transactions)
    .values({ userId, amount, intent: "campaign_creation", status: "pending" })
    .returning();
  return row!;
}

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
    return "ok";
  } catch (error) {
    return error instanceof AppError ? `${error.status} ${error.code}` : String(error);
  }
}

describe("paying a pending transaction from the wallet (SPEC §8 campaign payments)", () => {
  it("pays once, then answers 403 already paid; someone else's is 401, an unknown one 404", async () => {
    const owner = await userWith(5_000_000, "+989120000101");
    const stranger = await userWith(0, "+989120000102");
    const pending = await pendingTransaction(owner.id, 3_000_000);
    const to = systemAccountCode("revenue");
    expect(await codeOf(payFromWallet(database.db, { userId: stranger.id, transactionId: pending.id, to }))).toBe(
      "401 transaction_unauthorized",
    );
    const paid = await payFromWallet(database.db, { userId: owner.id, transactionId: pending.id, to });
    expect(paid).toMatchObject({ status: "paid", gateway: "wallet" });
    expect(paid.transferId).toBeTruthy();
    expect(await codeOf(payFromWallet(database.db, { userId: owner.id, transactionId: pending.id, to }))).toBe(
      "403 transaction_already_paid",
    );
    expect(await codeOf(payFromWallet(database.db, { userId: owner.id, transactionId: "00000000-0000-4000-8000-000000000000", to }))).toBe(
      "404 transaction_not_found",
    );
    expect((await balancesOf(database.db, owner.id)).wallet).toBe(2_000_000);
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });

  it("refuses to overdraw (403) and leaves the transaction pending", async () => {
    const owner = await userWith(1_000_000, "+989120000103");
    const pending = await pendingTransaction(owner.id, 3_000_000);
    expect(
      await codeOf(payFromWallet(database.db, { userId: owner.id, transactionId: pending.id, to: systemAccountCode("revenue") })),
    ).toBe("403 insufficient_funds");
    expect((await balancesOf(database.db, owner.id)).wallet).toBe(1_000_000);
    const [row] = await database.db.select().from(transactions);
    expect(row!.status).toBe("pending");
  });
});
