import type { Db } from "@/server/db";
import { gatewayAccountCode, transfer, userAccountCode } from "@/server/ledger";

/** A valid Smart YouTube campaign body (POST campaigns), paid from the wallet. */
export const smartCampaign = {
  name: "Spring videos",
  network: "youtube",
  strategy: "smart",
  link: "https://www.youtube.com/@takapoo_channel",
  follower_count: 5000,
  amount: 2_000_000,
  gateway: "wallet",
  accept_policies: true,
};

/** Charges a user's wallet as a sandbox gateway payment would (one charge per `key`). */
export async function fundWallet(db: Db, userId: string, rials: number, key = "start"): Promise<void> {
  await transfer(
    { db: db },
    {
      idempotencyKey: `fund:${userId}:${key}`,
      from: gatewayAccountCode("sandbox"),
      to: userAccountCode(userId, "wallet"),
      amount: rials,
      intent: "wallet_charge",
    },
  );
}
