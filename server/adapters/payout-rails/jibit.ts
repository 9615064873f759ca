/**
 * Jibit Transferor v2 (base https://napi.jibit.ir/trf), the API rail for payouts:
 *
 *   POST /v2/transfers {batchID, submissionMode: "TRANSFER", transfers: [{transferID, transferMode: "ACH",
 *        destination (IBAN), destinationFirstName, destinationLastName, amount, currency: "RIALS", description,
 *        cancellable}]}                                   → 2xx: taken; error code transfer.already_exists /
 *                                                           batch.already_exists: taken before (the same ids)
 *   GET  /v2/transfers?transferID=…                       → {transfers: [{transferID, state, bankTransferID, failReason…}]}
 *   GET  /v2/transfers/filter?from=…&to=…&page=…&size=…   → {elements: [transfer…], hasNext}  (the daily reconciliation)
 *   GET  /v2/balances                                     → {balances: [{balanceType, amount}]}
 *
 * Transfer states: INITIALIZED, IN_PROGRESS, TRANSFERRED (paid), FAILED / MANUALLY_FAILED / CANCELLED (not paid),
 * RETURNED (paid, then returned by the destination bank). ACH is PAYA: the money arrives at the bank's next
 * PAYA cycle (lib/payouts/paya.ts).
 */
import { jibitErrorCode, jibitSession, type JibitAnswer } from "./jibit-session";
import { RailError, type PayoutRail, type RailChange, type RailState, type RailTransfer, type SubmitOutcome } from "./types";

export const JIBIT_TRANSFEROR_DEFAULT_URL = "https://napi.jibit.ir/trf";

export type JibitTransferorOptions = {
  apiKey: string;
  secretKey: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Transfers per filter page (default 100). */
  pageSize?: number;
};

const ALREADY_SUBMITTED = new Set(["transfer.already_exists", "batch.already_exists"]);
const SHORT_OF_MONEY = /balance|insufficient|not_enough/i;
const PAID = new Set(["TRANSFERRED"]);
const NOT_PAID = new Set(["FAILED", "MANUALLY_FAILED", "CANCELLED"]);

type JibitTransfer = { transferID?: unknown; state?: unknown; bankTransferID?: unknown; failReason?: unknown; trackerId?: unknown };

/** One of Jibit's transfer records as a rail state; null for a record without a transfer id. */
export function stateOf(record: JibitTransfer): RailChange | null {
  if (typeof record.transferID !== "string" || !record.transferID) return null;
  const state = typeof record.state === "string" ? record.state.toUpperCase() : "";
  const reason = typeof record.failReason === "string" && record.failReason.trim() ? record.failReason.trim().slice(0, 200) : state;
  const reference =
    typeof record.bankTransferID === "string" && record.bankTransferID
      ? record.bankTransferID
      : typeof record.trackerId === "string" && record.trackerId
        ? record.trackerId
        : null;
  if (PAID.has(state)) return { id: record.transferID, state: "paid", reference };
  if (NOT_PAID.has(state)) return { id: record.transferID, state: "failed", reason };
  if (state === "RETURNED") return { id: record.transferID, state: "returned", reason };
  return { id: record.transferID, state: "in_progress" };
}

export function jibitTransferor(options: JibitTransferorOptions): PayoutRail {
  const session = jibitSession({
    apiKey: options.apiKey,
    secretKey: options.secretKey,
    baseUrl: options.baseUrl ?? JIBIT_TRANSFEROR_DEFAULT_URL,
    version: "v2",
    product: "Jibit Transferor",
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  const pageSize = options.pageSize ?? 100;

  /** RailError for an answer that is not a 2xx. */
  const refusal = (label: string, answer: JibitAnswer): RailError => {
    const code = jibitErrorCode(answer.json);
    const detail = `${label} failed with HTTP ${answer.status}${code ? ` (${code})` : ""}`;
    if (answer.status >= 500 || answer.status === 429)
      return new RailError(detail, { reason: "unavailable", providerCode: code, httpStatus: answer.status });
    if (answer.status === 401 || answer.status === 403)
      return new RailError(detail, { reason: "credentials", providerCode: code, httpStatus: answer.status });
    if (code && SHORT_OF_MONEY.test(code))
      return new RailError(detail, { reason: "insufficient_balance", providerCode: code, httpStatus: answer.status });
    return new RailError(detail, { reason: code ? "rejected" : "bad_response", providerCode: code, httpStatus: answer.status });
  };
  const ok = (answer: JibitAnswer) => answer.status >= 200 && answer.status < 300;
  const recordsOf = (json: unknown): JibitTransfer[] => {
    const body = json as { transfers?: unknown; elements?: unknown; transferID?: unknown } | undefined;
    if (Array.isArray(body?.transfers)) return body.transfers as JibitTransfer[];
    if (Array.isArray(body?.elements)) return body.elements as JibitTransfer[];
    if (body && typeof body.transferID === "string") return [body as JibitTransfer];
    return [];
  };

  return {
    id: "jibit",

    async submit(batchId: string, transfers: readonly RailTransfer[]): Promise<SubmitOutcome> {
      const label = "Jibit transfer submission";
      for (const transfer of transfers)
        if (!Number.isSafeInteger(transfer.amount) || transfer.amount <= 0)
          throw new RailError(`${label}: the amount must be a positive whole number of Rials`, { reason: "rejected" });
      const answer = await session.call(label, "POST", "/transfers", {
        batchID: batchId,
        submissionMode: "TRANSFER",
        transfers: transfers.map((transfer) => ({
          transferID: transfer.id,
          transferMode: "ACH",
          destination: transfer.iban,
          destinationFirstName: transfer.firstName,
          destinationLastName: transfer.lastName,
          amount: transfer.amount,
          currency: "RIALS",
          description: transfer.description.slice(0, 100),
          cancellable: false,
        })),
      });
      if (ok(answer)) return "accepted";
      const code = jibitErrorCode(answer.json);
      if (answer.status < 500 && code && ALREADY_SUBMITTED.has(code)) return "already_submitted";
      throw refusal(label, answer);
    },

    async inquire(id: string): Promise<RailState> {
      const label = "Jibit transfer inquiry";
      const answer = await session.call(label, "GET", `/transfers?transferID=${encodeURIComponent(id)}`);
      if (answer.status === 404) return { state: "not_found" };
      if (!ok(answer)) throw refusal(label, answer);
      const found = recordsOf(answer.json)
        .map(stateOf)
        .find((record) => record?.id === id);
      if (!found) return { state: "not_found" };
      const state: RailChange = { ...found };
      delete (state as Partial<RailChange>).id;
      return state;
    },

    async *changes(from: Date, to: Date): AsyncIterable<RailChange> {
      const label = "Jibit transfers filter";
      for (let page = 0; page < 10_000; page++) {
        const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), page: String(page), size: String(pageSize) });
        const answer = await session.call(label, "GET", `/transfers/filter?${query}`);
        if (!ok(answer)) throw refusal(label, answer);
        const records = recordsOf(answer.json);
        for (const record of records) {
          const change = stateOf(record);
          if (change) yield change;
        }
        const hasNext = (answer.json as { hasNext?: unknown } | undefined)?.hasNext;
        if (hasNext === false || (hasNext !== true && records.length < pageSize)) return;
      }
    },

    async balance(): Promise<number> {
      const label = "Jibit balance";
      const answer = await session.call(label, "GET", "/balances");
      if (!ok(answer)) throw refusal(label, answer);
      const balances = (answer.json as { balances?: unknown } | undefined)?.balances;
      if (!Array.isArray(balances)) throw new RailError(`${label} answered without balances`, { reason: "bad_response" });
      const rows = balances as { balanceType?: unknown; amount?: unknown }[];
      const transferable = rows.find((row) => typeof row.balanceType === "string" && /TRANSFER|WITHDRAW/i.test(row.balanceType)) ?? rows[0];
      const amount = Number(transferable?.amount);
      if (!Number.isFinite(amount)) throw new RailError(`${label} answered without an amount`, { reason: "bad_response" });
      return Math.floor(amount);
    },
  };
}
