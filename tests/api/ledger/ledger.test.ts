import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@/server/db/client";
import { ledgerAccounts, ledgerTransfers, users } from "@/server/db/schema";
import {
  balancesOf,
  campaignEscrowCode,
  checkLedgerInvariants,
  ensureAccounts,
  gatewayAccountCode,
  postTransfer,
  systemAccountCode,
  transfer,
  userAccountCode,
  userWalletAccounts,
  voidTransfer,
} from "@/server/ledger";
import { AppError } from "@/server/core/errors";
import { statusOf } from "@/server/http/errors";
import { openTestDatabase, resetAccounts } from "@/tests/api/support/helpers";

describe("ledger", () => {
  let database: Database;
  let userId: string;
  let wallet: string;
  let escrow: string;
  const gateway = gatewayAccountCode("sandbox");

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await resetAccounts(database);
    const [user] = await database.db.insert(users).values({}).returning({ id: users.id });
    userId = user!.id;
    wallet = userAccountCode(userId, "wallet");
    escrow = campaignEscrowCode(randomUUID());
  });

  const db = () => database.db;

  async function balance(code: string): Promise<{ balance: number; pending: number }> {
    const [row] = await db().select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
    return { balance: row?.balance ?? 0, pending: row?.pendingDebits ?? 0 };
  }

  async function expectSound() {
    expect(await checkLedgerInvariants(db())).toEqual([]);
  }

  async function refusal(promise: Promise<unknown>): Promise<string> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).code;
  }

  const charge = (amount: number, key = `charge:${randomUUID()}`) =>
    transfer({ db: db() }, { idempotencyKey: key, from: gateway, to: wallet, amount, intent: "wallet_charge" });
  const spend = (amount: number, key = `spend:${randomUUID()}`, pending = false) =>
    transfer({ db: db() }, { idempotencyKey: key, from: wallet, to: escrow, amount, intent: "campaign_creation", pending });

  it("names accounts and creates them once, system and gateway ones allowed below zero", async () => {
    expect(userAccountCode("u1", "earnings_held")).toBe("user:u1:earnings_held");
    expect(campaignEscrowCode("c1")).toBe("campaign:c1:escrow");
    expect(gatewayAccountCode("zarinpal")).toBe("gateway:zarinpal");
    expect(systemAccountCode("promotions")).toBe("system:promotions");
    const first = await ensureAccounts(db(), [wallet, gateway, systemAccountCode("revenue"), escrow]);
    const again = await ensureAccounts(db(), [wallet, gateway]);
    expect(again.get(wallet)!.id).toBe(first.get(wallet)!.id);
    expect(first.get(wallet)).toMatchObject({ kind: "wallet", userId, allowNegative: false });
    expect(first.get(escrow)).toMatchObject({ kind: "escrow", allowNegative: false });
    expect(first.get(gateway)).toMatchObject({ kind: "gateway", allowNegative: true });
    expect(first.get(systemAccountCode("revenue"))).toMatchObject({ kind: "revenue", allowNegative: true });
    const mine = await userWalletAccounts(db(), userId);
    expect(mine.wallet.id).toBe(first.get(wallet)!.id);
    expect(mine.held.code).toBe(userAccountCode(userId, "earnings_held"));
    expect(await db().select().from(ledgerAccounts)).toHaveLength(6);
    expect(await refusal(ensureAccounts(db(), ["user:x"]))).toBe("bad_request");
  });

  it("charges a wallet from a gateway and spends it on a campaign", async () => {
    expect(await balancesOf(db(), userId)).toEqual({ wallet: 0, earnings: 0, held: 0 });
    const charged = await charge(1_000_000);
    expect(charged).toMatchObject({ amount: 1_000_000, intent: "wallet_charge", status: "posted", settledAt: null });
    expect(charged.createdAt).toBeInstanceOf(Date);
    expect(await balancesOf(db(), userId)).toEqual({ wallet: 1_000_000, earnings: 0, held: 0 });
    expect(await balance(gateway)).toEqual({ balance: -1_000_000, pending: 0 });
    await expectSound();

    const spent = await spend(400_000);
    expect(spent.status).toBe("posted");
    expect(await balance(wallet)).toEqual({ balance: 600_000, pending: 0 });
    expect(await balance(escrow)).toEqual({ balance: 400_000, pending: 0 });
    await expectSound();
  });

  it("refuses an overdraft with insufficient_funds and changes nothing", async () => {
    await charge(300_000);
    const before = await db().select().from(ledgerTransfers);
    const error = await spend(300_001, "too-much").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect({ code: (error as AppError).code, status: statusOf(error as AppError) }).toMatchObject({
      code: "insufficient_funds",
      status: 403,
    });
    expect(await db().select().from(ledgerTransfers)).toEqual(before);
    expect(await balance(wallet)).toEqual({ balance: 300_000, pending: 0 });
    expect(await balance(escrow)).toEqual({ balance: 0, pending: 0 });
    await expectSound();
    // Exactly the balance is fine; the key of the refused attempt is free again.
    await spend(300_000, "too-much");
    expect(await balance(wallet)).toEqual({ balance: 0, pending: 0 });
    await expectSound();
  });

  it("a replay returns the same transfer and moves the money once", async () => {
    const first = await charge(250_000, "pay:1");
    const again = await charge(250_000, "pay:1");
    expect(again.id).toBe(first.id);
    expect(again).toEqual(first);
    expect(await balance(wallet)).toEqual({ balance: 250_000, pending: 0 });
    expect(await db().select().from(ledgerTransfers)).toHaveLength(1);
    // A replay after the money was spent still answers the old transfer (no new check of funds).
    await spend(250_000, "spend:1");
    expect((await spend(250_000, "spend:1")).status).toBe("posted");
    expect(await balance(wallet)).toEqual({ balance: 0, pending: 0 });
    await expectSound();
  });

  it("the same key for a different movement is an idempotency_conflict", async () => {
    await charge(100_000, "pay:2");
    expect(await refusal(charge(100_001, "pay:2"))).toBe("idempotency_conflict");
    expect(
      await refusal(transfer({ db: db() }, { idempotencyKey: "pay:2", from: gateway, to: wallet, amount: 100_000, intent: "refund" })),
    ).toBe("idempotency_conflict");
    expect(
      await refusal(
        transfer(
          { db: db() },
          {
            idempotencyKey: "pay:2",
            from: gatewayAccountCode("zarinpal"),
            to: wallet,
            amount: 100_000,
            intent: "wallet_charge",
          },
        ),
      ),
    ).toBe("idempotency_conflict");
    expect(
      await refusal(
        transfer(
          { db: db() },
          { idempotencyKey: "pay:2", from: gateway, to: wallet, amount: 100_000, intent: "wallet_charge", pending: true },
        ),
      ),
    ).toBe("idempotency_conflict");
    expect(statusOf(new AppError("idempotency_conflict"))).toBe(409);
    expect(await balance(wallet)).toEqual({ balance: 100_000, pending: 0 });
    await expectSound();
  });

  it("reserves a pending transfer, then posts it (twice is a replay, voiding it after is a conflict)", async () => {
    await charge(600_000);
    const reserved = await spend(500_000, "withdraw:1", true);
    expect(reserved).toMatchObject({ status: "pending", settledAt: null });
    expect(await balance(wallet)).toEqual({ balance: 600_000, pending: 500_000 });
    expect(await balance(escrow)).toEqual({ balance: 0, pending: 0 });
    expect((await balancesOf(db(), userId)).wallet).toBe(100_000);
    await expectSound();
    // The reserve counts: only 100,000 is available.
    expect(await refusal(spend(200_000))).toBe("insufficient_funds");
    expect(await refusal(spend(200_000, undefined, true))).toBe("insufficient_funds");
    // A replay of the reserve (pending) matches; the same key as a direct transfer does not.
    expect((await spend(500_000, "withdraw:1", true)).id).toBe(reserved.id);
    expect(await refusal(spend(500_000, "withdraw:1"))).toBe("idempotency_conflict");

    const posted = await postTransfer({ db: db() }, reserved.id);
    expect(posted).toMatchObject({ id: reserved.id, status: "posted" });
    expect(posted.settledAt).toBeInstanceOf(Date);
    expect(await balance(wallet)).toEqual({ balance: 100_000, pending: 0 });
    expect(await balance(escrow)).toEqual({ balance: 500_000, pending: 0 });
    await expectSound();

    expect(await postTransfer({ db: db() }, reserved.id)).toEqual(posted);
    expect(await refusal(voidTransfer({ db: db() }, reserved.id))).toBe("conflict");
    // Still a replay of the pending request after it was posted.
    expect((await spend(500_000, "withdraw:1", true)).id).toBe(reserved.id);
    expect(await balance(wallet)).toEqual({ balance: 100_000, pending: 0 });
    expect(await balance(escrow)).toEqual({ balance: 500_000, pending: 0 });
    await expectSound();
  });

  it("voids a pending transfer (twice is a replay, posting it after is a conflict)", async () => {
    await charge(600_000);
    const reserved = await spend(600_000, "withdraw:2", true);
    expect((await balancesOf(db(), userId)).wallet).toBe(0);
    const voided = await voidTransfer({ db: db() }, reserved.id);
    expect(voided).toMatchObject({ id: reserved.id, status: "voided" });
    expect(await balance(wallet)).toEqual({ balance: 600_000, pending: 0 });
    expect(await balance(escrow)).toEqual({ balance: 0, pending: 0 });
    await expectSound();
    expect(await voidTransfer({ db: db() }, reserved.id)).toEqual(voided);
    expect(await refusal(postTransfer({ db: db() }, reserved.id))).toBe("conflict");
    expect(await balance(wallet)).toEqual({ balance: 600_000, pending: 0 });
    await expectSound();
    // A direct (never pending) transfer cannot be voided; posting it is a no-op replay.
    const direct = await spend(1_000);
    expect(await refusal(voidTransfer({ db: db() }, direct.id))).toBe("conflict");
    expect(await postTransfer({ db: db() }, direct.id)).toEqual(direct);
    expect(await refusal(postTransfer({ db: db() }, randomUUID()))).toBe("not_found");
    expect(await refusal(voidTransfer({ db: db() }, "nope"))).toBe("not_found");
    await expectSound();
  });

  it("refuses nonsense amounts and self-transfers before touching the database", async () => {
    for (const amount of [0, -5, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN]) expect(await refusal(charge(amount))).toBe("bad_request");
    expect(await refusal(transfer({ db: db() }, { idempotencyKey: "self", from: wallet, to: wallet, amount: 1, intent: "x" }))).toBe(
      "bad_request",
    );
    expect(await db().select().from(ledgerTransfers)).toHaveLength(0);
  });

  it("moves rewards from promotions to held to earnings", async () => {
    const held = userAccountCode(userId, "earnings_held");
    const earnings = userAccountCode(userId, "earnings");
    await transfer(
      { db: db() },
      { idempotencyKey: "reward:1", from: systemAccountCode("promotions"), to: held, amount: 7_000, intent: "reward" },
    );
    expect(await balancesOf(db(), userId)).toEqual({ wallet: 0, earnings: 0, held: 7_000 });
    await transfer({ db: db() }, { idempotencyKey: "release:1", from: held, to: earnings, amount: 7_000, intent: "reward" });
    expect(await balancesOf(db(), userId)).toEqual({ wallet: 0, earnings: 7_000, held: 0 });
    expect(
      await refusal(transfer({ db: db() }, { idempotencyKey: "release:2", from: held, to: earnings, amount: 1, intent: "reward" })),
    ).toBe("insufficient_funds");
    await expectSound();
  });

  it("inside a caller's transaction: a refusal leaves that transaction usable, a rollback takes the transfer with it", async () => {
    await charge(100_000);
    const outcome = await db().transaction(async (tx) => {
      const code = await transfer(
        { db: db(), tx },
        { idempotencyKey: "in-tx:1", from: wallet, to: escrow, amount: 999_999, intent: "x" },
      ).then(
        () => "moved",
        (e: AppError) => e.code,
      );
      // The caller goes on after the refusal, in the same transaction.
      await transfer({ db: db(), tx }, { idempotencyKey: "in-tx:2", from: wallet, to: escrow, amount: 40_000, intent: "x" });
      return code;
    });
    expect(outcome).toBe("insufficient_funds");
    expect(await balance(wallet)).toEqual({ balance: 60_000, pending: 0 });
    expect((await db().select().from(ledgerTransfers)).map((t) => t.idempotencyKey).sort()).toEqual([
      expect.stringMatching(/^charge:/),
      "in-tx:2",
    ]);

    await expect(
      db().transaction(async (tx) => {
        await transfer({ db: db(), tx }, { idempotencyKey: "in-tx:3", from: wallet, to: escrow, amount: 10_000, intent: "x" });
        const pending = await transfer(
          { db: db(), tx },
          { idempotencyKey: "in-tx:4", from: wallet, to: escrow, amount: 10_000, intent: "x", pending: true },
        );
        await postTransfer({ db: db(), tx }, pending.id);
        throw new Error("caller fails");
      }),
    ).rejects.toThrow("caller fails");
    expect(await balance(wallet)).toEqual({ balance: 60_000, pending: 0 });
    expect(await db().select().from(ledgerTransfers)).toHaveLength(2);
    await expectSound();
  });

  it("the CHECK constraint refuses a direct SQL update that would drive a user account negative", async () => {
    await charge(5_000);
    await expect(db().execute(sql`update ledger_accounts set balance = balance - 5001 where code = ${wallet}`)).rejects.toThrow();
    await expect(db().execute(sql`update ledger_accounts set pending_debits = 5001 where code = ${wallet}`)).rejects.toThrow();
    // A gateway account may go as low as it likes.
    await db().execute(sql`update ledger_accounts set balance = balance - 1 where code = ${gateway}`);
    expect(await balance(wallet)).toEqual({ balance: 5_000, pending: 0 });
  });

  it("checkLedgerInvariants reports a tampered ledger", async () => {
    await charge(5_000);
    await spend(1_000, "s", true);
    await expectSound();
    await db().execute(sql`update ledger_accounts set balance = balance + 7 where code = ${gateway}`);
    await db().execute(sql`update ledger_accounts set pending_debits = pending_debits - 1 where code = ${wallet}`);
    const violations = await checkLedgerInvariants(db());
    expect(violations).toEqual(
      expect.arrayContaining([
        { kind: "sum_not_zero", total: 7 },
        { kind: "balance_mismatch", code: gateway, balance: -4_993, expected: -5_000 },
        { kind: "pending_mismatch", code: wallet, pendingDebits: 999, expected: 1_000 },
      ]),
    );
    expect(violations).toHaveLength(3);
    // An overdraft can only exist if the CHECK is gone: drop it inside a transaction we roll back.
    const seen = await db()
      .transaction(async (tx) => {
        await tx.execute(sql`alter table ledger_accounts drop constraint ledger_accounts_no_overdraft`);
        await tx.execute(sql`update ledger_accounts set balance = -3 where code = ${escrow}`);
        const found = await checkLedgerInvariants(tx);
        throw Object.assign(new Error("rollback"), { found });
      })
      .catch((e: { found: unknown }) => e.found);
    expect(seen).toEqual(expect.arrayContaining([{ kind: "overdraft", code: escrow, balance: -3, pendingDebits: 0 }]));
  });
});
