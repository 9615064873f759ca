import { eq } from "drizzle-orm";
import { executor, type DbCtx } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { users } from "@/server/db/schema";
import type { IbanCheckStatus } from "@/lib/schemas/enums";
import { RailError, type IbanOwnerCheck } from "@/server/adapters/payout-rails/types";

export type IbanOwnerState = { ibanCheck: IbanCheckStatus | null; ibanOwnerName: string | null; ibanCheckedAt: Date | null };

/**
 * Whose account an IBAN is: with a provider (Jibit Identicator) matched against the national ID, the
 * holder's name kept for the user to confirm; without one, "format_only" — the IBAN's checksum and bank
 * code were checked when it was entered (lib/validation/iban.ts), nothing more, and the pages say so.
 * A provider that cannot be reached is iban_check_unavailable (503): nothing is stored, ask again later.
 */
export async function checkIbanOwner(
  checker: IbanOwnerCheck | null,
  input: { iban: string; nationalId: string | null; birthDate: string | null },
  now: Date = new Date(),
): Promise<IbanOwnerState> {
  if (!checker) return { ibanCheck: "format_only", ibanOwnerName: null, ibanCheckedAt: now };
  if (!input.nationalId) return { ibanCheck: null, ibanOwnerName: null, ibanCheckedAt: null };
  try {
    const answer = await checker.check({ iban: input.iban, nationalId: input.nationalId, birthDate: input.birthDate });
    return { ibanCheck: answer.matched ? "matched" : "mismatch", ibanOwnerName: answer.ownerName, ibanCheckedAt: now };
  } catch (error) {
    if (error instanceof RailError) {
      console.warn(`[payouts] IBAN owner check unavailable: ${error.message}`);
      throw new AppError("iban_check_unavailable");
    }
    throw error;
  }
}

/**
 * Before a payout: the user's IBAN must be theirs. Checked now when it never was (or was checked by
 * format only and a provider is configured since); a mismatch refuses the payout with its reason.
 */
export async function ensureIbanOwner(
  ctx: DbCtx,
  input: {
    checker: IbanOwnerCheck | null;
    user: { id: string; iban: string; nationalId: string | null; birthDate: string | null } & IbanOwnerState;
  },
): Promise<IbanOwnerState> {
  const db = executor(ctx);
  const { checker, user } = input;
  let state: IbanOwnerState = user;
  if (ibanCheckDue(checker, user)) {
    state = await checkIbanOwner(checker, user);
    if (state.ibanCheck) await db.update(users).set(state).where(eq(users.id, user.id));
  }
  if (state.ibanCheck === "mismatch") throw new AppError("iban_owner_mismatch");
  return state;
}

/** Whether ensureIbanOwner has to ask before a payout: never checked, or by format only while a provider is configured. */
export function ibanCheckDue(checker: IbanOwnerCheck | null, user: Pick<IbanOwnerState, "ibanCheck">): boolean {
  return user.ibanCheck === null || (user.ibanCheck === "format_only" && checker !== null);
}
