import { sql } from "drizzle-orm";
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

/** The owners and statuses whose trigger-kept count (campaign_counts) differs from a real count: none, always. */
export async function countDrift(db: Db): Promise<unknown[]> {
  const drift = await db.execute(sql`
    select coalesce(c.owner_id, k.owner_id) as owner_id, coalesce(c.status, k.status) as status, c.n as real, k.n as kept
    from (select owner_id, status, count(*)::bigint as n from campaigns group by 1, 2) c
    full join (select owner_id, status, n from campaign_counts where n <> 0) k on k.owner_id = c.owner_id and k.status = c.status
    where c.n is distinct from k.n`);
  return drift.rows;
}
