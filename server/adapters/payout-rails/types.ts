/**
 * A payout rail: how approved payouts reach the boosters' bank accounts through a provider's API (today
 * Jibit's Transferor; the manual rail — the PAYA batch file admins pay at the bank — needs no adapter).
 *
 * The payout's own id is the provider's transfer id, so a transfer submitted twice (a retry after a
 * timeout, a crash between sending and recording) is refused by the provider as a duplicate and never
 * paid twice. A call that times out or answers 5xx after the provider may have accepted it is an unknown,
 * never a failure: the payout stays `active` until an inquiry says what happened.
 */

export type RailTransfer = {
  /** Our payout id (Jibit: transferID). */
  id: string;
  iban: string;
  /** Rials, a positive whole number. */
  amount: number;
  firstName: string;
  lastName: string;
  description: string;
};

/** What the provider answered a submission: taken now, or already taken before (the same id). */
export type SubmitOutcome = "accepted" | "already_submitted";

/** What the provider says of one transfer. */
export type RailState =
  | { state: "in_progress" }
  | { state: "paid"; reference: string | null }
  | { state: "failed"; reason: string }
  /** Paid, then returned by the destination bank (PAYA returns). */
  | { state: "returned"; reason: string }
  /** The provider has no transfer with this id: it was never accepted, so it may be submitted again. */
  | { state: "not_found" };

export type RailChange = { id: string } & RailState;

export interface PayoutRail {
  readonly id: "jibit";
  /** Submits transfers (one batch); throws RailError when it could not tell whether they were accepted. */
  submit(batchId: string, transfers: readonly RailTransfer[]): Promise<SubmitOutcome>;
  /** The provider's view of one transfer. */
  inquire(id: string): Promise<RailState>;
  /** Every transfer whose state the provider records in [from, to), page by page. */
  changes(from: Date, to: Date): AsyncIterable<RailChange>;
  /** Rials the provider can still pay out from our wallet. */
  balance(): Promise<number>;
}

/**
 * Why a provider call did not give an answer we can act on:
 *  - unavailable: timeout, network error, 5xx, 429 — the request may have been taken (an unknown);
 *  - rejected: the provider refused it (4xx with a reason) — nothing was taken;
 *  - insufficient_balance: refused because our wallet at the provider is short — nothing was taken;
 *  - credentials: the keys were refused;
 *  - bad_response: an answer that does not follow the provider's API.
 */
export type RailFailure = "unavailable" | "rejected" | "insufficient_balance" | "credentials" | "bad_response";

export class RailError extends Error {
  override readonly name = "RailError";
  readonly reason: RailFailure;
  readonly providerCode: string | null;
  readonly httpStatus: number | null;
  constructor(message: string, details: { reason: RailFailure; providerCode?: string | null; httpStatus?: number | null }) {
    super(message);
    this.reason = details.reason;
    this.providerCode = details.providerCode ?? null;
    this.httpStatus = details.httpStatus ?? null;
  }
}

/** What an IBAN owner check found (Jibit Identicator). */
export type IbanOwnerAnswer = { matched: boolean; ownerName: string | null };

export interface IbanOwnerCheck {
  /** Whether the IBAN belongs to the holder of the national ID, with the account holder's name when known. */
  check(input: { iban: string; nationalId: string; birthDate: string | null }): Promise<IbanOwnerAnswer>;
}
