import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { ledgerTransfers } from "@/server/db/schema";
import { balancesOf, checkLedgerInvariants, postTransfer, systemAccountCode, transfer, userAccountCode } from "@/server/ledger";
import { AppError } from "@/server/core/errors";
import { gateway, it, refusal } from "@/tests/api/ledger/ledger-support";

describe("ledger", () => {
  it("refuses nonsense amounts and self-transfers before touching the database", async ({ ledger: { wallet, db, charge } }) => {
    for (const amount of [0, -5, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN]) expect(await refusal(charge(amount))).toBe("bad_request");
    expect(await refusal(transfer({ db: db() }, { idempotencyKey: "self", from: wallet, to: wallet, amount: 1, intent: "x" }))).toBe(
      "bad_request",
    );
    expect(await db().select().from(ledgerTransfers)).toHaveLength(0);
  });

  it("moves rewards from promotions to held to earnings", async ({ ledger: { userId, db, expectSound } }) => {
    const held = userAccountCode(userId, "earnings_held");
    const earnings = userAccountCode(userId, "earnings");
    await transfer(
      { db: db() },
      { idempotencyKey: "reward:1", from: systemAccountCode("promotions"), to: held, amount: 7_000, intent: "reward" },
    );
    expect(await balancesOf({ db: db() }, { userId })).toEqual({ wallet: 0, earnings: 0, held: 7_000 });
    await transfer({ db: db() }, { idempotencyKey: "release:1", from: held, to: earnings, amount: 7_000, intent: "reward" });
    expect(await balancesOf({ db: db() }, { userId })).toEqual({ wallet: 0, earnings: 7_000, held: 0 });
    expect(
      await refusal(transfer({ db: db() }, { idempotencyKey: "release:2", from: held, to: earnings, amount: 1, intent: "reward" })),
    ).toBe("insufficient_funds");
    await expectSound();
  });

  it("inside a caller's transaction: a refusal leaves that transaction usable, a rollback takes the transfer with it", async ({
    ledger: { escrow, wallet, db, balance, expectSound, charge },
  }) => {
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
        await postTransfer({ db: db(), tx }, { transferId: pending.id });
        throw new Error("caller fails");
      }),
    ).rejects.toThrow("caller fails");
    expect(await balance(wallet)).toEqual({ balance: 60_000, pending: 0 });
    expect(await db().select().from(ledgerTransfers)).toHaveLength(2);
    await expectSound();
  });

  it("the CHECK constraint refuses a direct SQL update that would drive a user account negative", async ({
    ledger: { wallet, db, balance, charge },
  }) => {
    await charge(5_000);
    await expect(db().execute(sql`update ledger_accounts set balance = balance - 5001 where code = ${wallet}`)).rejects.toThrow();
    await expect(db().execute(sql`update ledger_accounts set pending_debits = 5001 where code = ${wallet}`)).rejects.toThrow();
    // A gateway account may go as low as it likes.
    await db().execute(sql`update ledger_accounts set balance = balance - 1 where code = ${gateway}`);
    expect(await balance(wallet)).toEqual({ balance: 5_000, pending: 0 });
  });

  it("checkLedgerInvariants reports a tampered ledger", async ({ ledger: { escrow, wallet, db, expectSound, charge, spend } }) => {
    await charge(5_000);
    await spend(1_000, "s", true);
    await expectSound();
    await db().execute(sql`update ledger_accounts set balance = balance + 7 where code = ${gateway}`);
    await db().execute(sql`update ledger_accounts set pending_debits = pending_debits - 1 where code = ${wallet}`);
    const violations = await checkLedgerInvariants({ db: db() });
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
        const found = await checkLedgerInvariants({ db: db(), tx: tx });
        throw Object.assign(new Error("rollback"), { found });
      })
      .catch((e: { found: unknown }) => e.found);
    expect(seen).toEqual(expect.arrayContaining([{ kind: "overdraft", code: escrow, balance: -3, pendingDebits: 0 }]));
  });
});
