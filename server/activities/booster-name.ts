import { eq } from "drizzle-orm";
import { users, type Activity, type User } from "@/server/db/schema";
import type { BoosterName } from "./present";
import { executor, type DbCtx } from "@/server/core/context";

/** The booster's name for the masked label: the caller's own for a booster, one lookup for an admin's decision. */
export async function boosterNameOf(ctx: DbCtx, input: { caller: User; activity: Activity }): Promise<BoosterName> {
  const db = executor(ctx);
  const { caller, activity } = input;
  if (activity.boosterId === caller.id) return caller;
  const [booster] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, activity.boosterId));
  return booster ?? { firstName: "", lastName: "" };
}
