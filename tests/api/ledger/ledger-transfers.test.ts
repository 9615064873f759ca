import { randomUUID } from "node:crypto";
import { describe, expect, vi } from "vitest";
import { ledgerAccounts, ledgerTransfers } from "@/server/db/schema";
import {
  balancesOf,
  campaignEscrowCode,
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
import { gateway, it, refusal } from "@/tests/api/ledger/ledger-support";

describe("ledger", () => {
  it("names accounts and creates them once, system and gateway ones allowed below zero", async ({
    ledger: { escrow, userId, wallet, db },
  }) => {
    expect(userAccountCode("u1", "earnings_held")).toBe("user:u1:earnings_held");
    expect(campaignEscrowCode("c1")).toBe("campaign:c1:escrow");
    expect(gatewayAccountCode("zarinpal")).toBe("gateway:zarinpal");
    expect(systemAccountCode("promotions")).toBe("system:promotions");
    const first = await ensureAccounts({ db: db() }, { specs: [wallet, gateway, systemAccountCode("revenue"), escrow] });
    const again = await ensureAccounts({ db: db() }, { specs: [wallet, gateway] });
    expect(again.get(wallet)!.id).toBe(first.get(wallet)!.id);
    expect(first.get(wallet)).toMatchObject({ kind: "wallet", userId, allowNegative: false });
    expect(first.get(escrow)).toMatchObject({ kind: "escrow", allowNegative: false });
    expect(first.get(gateway)).toMatchObject({ kind: "gateway", allowNegative: true });
    expect(first.get(systemAccountCode("revenue"))).toMatchObject({ kind: "revenue", allowNegative: true });
    const mine = await userWalletAccounts({ db: db() }, { userId });
    expect(mine.wallet.id).toBe(first.get(wallet)!.id);
    expect(mine.held.code).toBe(userAccountCode(userId, "earnings_held"));
    expect(await db().select().from(ledgerAccounts)).toHaveLength(6);
    expect(await refusal(ensureAccounts({ db: db() }, { specs: ["user:x"] }))).toBe("bad_request");
  });

  it("charges a wallet from a gateway and spends it on a campaign", async ({
    ledger: { escrow, userId, wallet, db, balance, expectSound, charge, spend },
  }) => {
    expect(await balancesOf({ db: db() }, { userId })).toEqual({ wallet: 0, earnings: 0, held: 0 });
    const charged = await charge(1_000_000);
    expect(charged).toMatchObject({ amount: 1_000_000, intent: "wallet_charge", status: "posted", settledAt: null });
    expect(charged.createdAt).toBeInstanceOf(Date);
    expect(await balancesOf({ db: db() }, { userId })).toEqual({ wallet: 1_000_000, earnings: 0, held: 0 });
    expect(await balance(gateway)).toEqual({ balance: -1_000_000, pending: 0 });
    await expectSound();

    const spent = await spend(400_000);
    expect(spent.status).toBe("posted");
    expect(await balance(wallet)).toEqual({ balance: 600_000, pending: 0 });
    expect(await balance(escrow)).toEqual({ balance: 400_000, pending: 0 });
    await expectSound();
  });

  it("refuses an overdraft with insufficient_funds and changes nothing", async ({
    ledger: { escrow, wallet, db, balance, expectSound, charge, spend },
  }) => {
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

  it("a fresh key inside a caller's transaction takes no savepoint; a refusal leaves it usable", async ({
    ledger: { escrow, wallet, db, balance, expectSound, charge },
  }) => {
    await charge(100_000);
    const move = (amount: number) => ({
      idempotencyKey: `hold:${randomUUID()}`,
      freshKey: true,
      from: wallet,
      to: escrow,
      amount,
      intent: "campaign_creation",
      pending: true,
    });
    await db().transaction(async (tx) => {
      const savepoints = vi.spyOn(tx, "transaction");
      const refused = await transfer({ db: db(), tx }, move(100_001)).catch((e: unknown) => e);
      expect((refused as AppError).code).toBe("insufficient_funds");
      const held = await transfer({ db: db(), tx }, move(60_000));
      expect(held.status).toBe("pending");
      expect(savepoints).not.toHaveBeenCalled();
    });
    expect(await balance(wallet)).toEqual({ balance: 100_000, pending: 60_000 });
    await expectSound();
  });

  it("a replay returns the same transfer and moves the money once", async ({
    ledger: { wallet, db, balance, expectSound, charge, spend },
  }) => {
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

  it("the same key for a different movement is an idempotency_conflict", async ({
    ledger: { wallet, db, balance, expectSound, charge },
  }) => {
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

  it("reserves a pending transfer, then posts it (twice is a replay, voiding it after is a conflict)", async ({
    ledger: { escrow, userId, wallet, db, balance, expectSound, charge, spend },
  }) => {
    await charge(600_000);
    const reserved = await spend(500_000, "withdraw:1", true);
    expect(reserved).toMatchObject({ status: "pending", settledAt: null });
    expect(await balance(wallet)).toEqual({ balance: 600_000, pending: 500_000 });
    expect(await balance(escrow)).toEqual({ balance: 0, pending: 0 });
    expect((await balancesOf({ db: db() }, { userId })).wallet).toBe(100_000);
    await expectSound();
    // The reserve counts: only 100,000 is available.
    expect(await refusal(spend(200_000))).toBe("insufficient_funds");
    expect(await refusal(spend(200_000, undefined, true))).toBe("insufficient_funds");
    // A replay of the reserve (pending) matches; the same key as a direct transfer does not.
    expect((await spend(500_000, "withdraw:1", true)).id).toBe(reserved.id);
    expect(await refusal(spend(500_000, "withdraw:1"))).toBe("idempotency_conflict");

    const posted = await postTransfer({ db: db() }, { transferId: reserved.id });
    expect(posted).toMatchObject({ id: reserved.id, status: "posted" });
    expect(posted.settledAt).toBeInstanceOf(Date);
    expect(await balance(wallet)).toEqual({ balance: 100_000, pending: 0 });
    expect(await balance(escrow)).toEqual({ balance: 500_000, pending: 0 });
    await expectSound();

    expect(await postTransfer({ db: db() }, { transferId: reserved.id })).toEqual(posted);
    expect(await refusal(voidTransfer({ db: db() }, { transferId: reserved.id }))).toBe("conflict");
    // Still a replay of the pending request after it was posted.
    expect((await spend(500_000, "withdraw:1", true)).id).toBe(reserved.id);
    expect(await balance(wallet)).toEqual({ balance: 100_000, pending: 0 });
    expect(await balance(escrow)).toEqual({ balance: 500_000, pending: 0 });
    await expectSound();
  });

  it("voids a pending transfer (twice is a replay, posting it after is a conflict)", async ({
    ledger: { escrow, userId, wallet, db, balance, expectSound, charge, spend },
  }) => {
    await charge(600_000);
    const reserved = await spend(600_000, "withdraw:2", true);
    expect((await balancesOf({ db: db() }, { userId })).wallet).toBe(0);
    const voided = await voidTransfer({ db: db() }, { transferId: reserved.id });
    expect(voided).toMatchObject({ id: reserved.id, status: "voided" });
    expect(await balance(wallet)).toEqual({ balance: 600_000, pending: 0 });
    expect(await balance(escrow)).toEqual({ balance: 0, pending: 0 });
    await expectSound();
    expect(await voidTransfer({ db: db() }, { transferId: reserved.id })).toEqual(voided);
    expect(await refusal(postTransfer({ db: db() }, { transferId: reserved.id }))).toBe("conflict");
    expect(await balance(wallet)).toEqual({ balance: 600_000, pending: 0 });
    await expectSound();
    // A direct (never pending) transfer cannot be voided; posting it is a no-op replay.
    const direct = await spend(1_000);
    expect(await refusal(voidTransfer({ db: db() }, { transferId: direct.id }))).toBe("conflict");
    expect(await postTransfer({ db: db() }, { transferId: direct.id })).toEqual(direct);
    expect(await refusal(postTransfer({ db: db() }, { transferId: randomUUID() }))).toBe("not_found");
    expect(await refusal(voidTransfer({ db: db() }, { transferId: "nope" }))).toBe("not_found");
    await expectSound();
  });
});
