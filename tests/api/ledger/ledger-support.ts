/** What the ledger tests (ledger-*.test.ts) share: a user's wallet, a campaign's escrow, transfers between them and checks. */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { ledgerAccounts, users } from "@/server/db/schema";
import { campaignEscrowCode, checkLedgerInvariants, gatewayAccountCode, transfer, userAccountCode } from "@/server/ledger";
import { AppError } from "@/server/core/errors";
import { apiTest } from "@/tests/api/support/fixture";

export const gateway = gatewayAccountCode("sandbox");

/**
 * The ledger tests' fixture: `ledger` is one user with a wallet and a campaign's escrow, made before
 * the test, and the test's transfers between them and checks (a test destructures what it uses:
 * `async ({ ledger: { wallet, charge, expectSound } }) => …`).
 */
export const it = apiTest.extend("ledger", async ({ database }) => {
  const [user] = await database.db.insert(users).values({}).returning({ id: users.id });
  const userId = user!.id;
  const wallet = userAccountCode(userId, "wallet");
  const escrow = campaignEscrowCode(randomUUID());
  const db = () => database.db;

  async function balance(code: string): Promise<{ balance: number; pending: number }> {
    const [row] = await db().select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
    return { balance: row?.balance ?? 0, pending: row?.pendingDebits ?? 0 };
  }

  async function expectSound() {
    expect(await checkLedgerInvariants({ db: db() })).toEqual([]);
  }

  const charge = (amount: number, key = `charge:${randomUUID()}`) =>
    transfer({ db: db() }, { idempotencyKey: key, from: gateway, to: wallet, amount, intent: "wallet_charge" });
  const spend = (amount: number, key = `spend:${randomUUID()}`, pending = false) =>
    transfer({ db: db() }, { idempotencyKey: key, from: wallet, to: escrow, amount, intent: "campaign_creation", pending });

  return { userId, wallet, escrow, db, balance, expectSound, charge, spend };
});

export async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}
