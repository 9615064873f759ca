import { z } from "zod";
import { dateTime, endpoint, idParam, paging, text } from "./common";
import {
  gatewayIds,
  gatewayKinds,
  statementAccounts,
  statementKinds,
  statementStatuses,
  statementSubjects,
  transactionIntents,
  transactionStatuses,
} from "./enums";

/** Charge limits (issue 5), shared by the form and the API. */
export const CHARGE_MIN_RIALS = 100_000;
export const CHARGE_MAX_RIALS = 500_000_000;
/** Quick picks on the charge form, in Rials. */
export const CHARGE_QUICK_PICKS = [1_000_000, 5_000_000, 10_000_000, 50_000_000] as const;

export const transactionStatusFilter = z.enum(transactionStatuses, "invalid_value");
export const transactionListQuery = z.object({ status: transactionStatusFilter.optional(), ...paging });

/**
 * A payment gateway's id: one this code knows (which of them this server offers: GET
 * payments/gateways; another answers 400 gateway_not_configured).
 */
export const gatewayId = () =>
  text("gateway_required")
    .min(1, "gateway_required")
    .max(40, "gateway_required")
    .meta({ enum: [...gatewayIds] });

export const chargeWalletInput = z.object({
  amount: z
    .number("charge_amount_range")
    .int("charge_amount_whole")
    .min(CHARGE_MIN_RIALS, "charge_amount_range")
    .max(CHARGE_MAX_RIALS, "charge_amount_range"),
  gateway: gatewayId(),
});
export type ChargeWalletInput = z.input<typeof chargeWalletInput>;

/* ---- Answers ---- */

/** OpenAPI component WalletBalances. */
export const walletBalancesOutput = z.object({
  wallet_balance: z.number().int().meta({ description: "Rials: charged money, spendable on campaigns and memberships, not withdrawable" }),
  earnings_balance: z.number().int().meta({ description: "Rials: rewards that may be withdrawn" }),
  held_balance: z.number().int().meta({ description: "Rials: rewards still in their retention period" }),
});
export type WalletBalances = z.infer<typeof walletBalancesOutput>;

/** OpenAPI component Transaction. */
export const transactionOutput = z.object({
  id: z.string().uuid(),
  amount: z.number().int().meta({ description: "Rials" }),
  status: z.enum(transactionStatuses),
  intent: z.enum(transactionIntents),
  gateway: z.string().nullable(),
  reference: z.string().nullable().meta({ description: "The gateway's reference once paid" }),
  failure_reason: z.string().nullable(),
  campaign_id: z
    .string()
    .uuid()
    .nullable()
    .meta({ description: "The campaign it pays for (a campaign's payment, top-up or refund); null otherwise" }),
  plan_not_bought: z.string().nullable().meta({
    description:
      "A plan paid by card (membership_payment) that was not bought when the payment settled: the refusal's code (membership_changed, membership_already_renewed, plan_not_found…); the money stays in the wallet",
  }),
  created_at: dateTime(),
  approved_at: dateTime().nullable(),
});
export type Transaction = z.infer<typeof transactionOutput>;

/* ---- The statement (issue 33): every movement of the person's accounts, read from the ledger ---- */

export const STATEMENT_TABS = ["all", "paid", "pending", "failed"] as const;
export type StatementTab = (typeof STATEMENT_TABS)[number];
/** Lines one CSV export carries at most (a person with more exports a range of days). */
export const STATEMENT_EXPORT_MAX = 20_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const statementDay = () =>
  text("invalid_format")
    .regex(DAY, "invalid_format")
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      "invalid_format",
    )
    .meta({ description: "Tehran day, YYYY-MM-DD (inclusive)", pattern: DAY.source });
const statementFilters = {
  tab: z.enum(STATEMENT_TABS, "invalid_value").default("all").meta({ description: "all; paid; pending (pending and held); failed" }),
  kind: z.enum(statementKinds, "invalid_value").optional(),
  from: statementDay().optional(),
  to: statementDay().optional(),
};
const ordered = (value: { from?: string | undefined; to?: string | undefined }) => !value.from || !value.to || value.from <= value.to;
export const statementQuery = z.object({ ...statementFilters, ...paging }).refine(ordered, { path: ["to"], message: "statement_range" });
export type StatementQuery = z.input<typeof statementQuery>;
export const statementExportQuery = z.object(statementFilters).refine(ordered, { path: ["to"], message: "statement_range" });

/** OpenAPI component StatementLine: one business event on one of the person's accounts. */
export const statementLineOutput = z.object({
  id: z
    .string()
    .uuid()
    .meta({ description: "The ledger transfer's id; for a payment that moved nothing (pending or failed), the transaction's" }),
  at: dateTime(),
  kind: z.enum(statementKinds),
  status: z.enum(statementStatuses),
  amount: z.number().int().meta({ description: "Rials: positive into the account, negative out of it" }),
  account: z.enum(statementAccounts),
  counter_account: z
    .enum(statementAccounts)
    .nullable()
    .meta({ description: "The person's other account the line moved, by the opposite amount (a release: held earnings); null when none" }),
  balance_after: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The account's balance after this line, in statement order; null for a line that moved no balance yet" }),
  reference: z.string().meta({ description: "Our reference: the first 8 characters of the id, upper case" }),
  bank_reference: z.string().nullable().meta({ description: "The gateway's or the bank's reference, when there is one" }),
  by_card: z.boolean().meta({ description: "Paid by card through a gateway (a plan or a campaign bought that way is one line)" }),
  gateway: z.string().nullable(),
  subject: z.enum(statementSubjects).nullable(),
  subject_id: z.string().uuid().nullable(),
  campaign_id: z.string().uuid().nullable().meta({ description: "The campaign a reward or a payment concerns" }),
});
export type StatementLine = z.infer<typeof statementLineOutput>;

/** A receipt: the line, and what it concerns by name. */
export const receiptOutput = z.object({
  line: statementLineOutput,
  owner: z.object({ name: z.string(), phone: z.string().nullable() }),
  campaign_name: z.string().nullable(),
  plan_name: z.record(z.string(), z.string()).nullable().meta({ description: "The plan's name per locale" }),
  payout: z.object({ iban: z.string(), bank_name: z.string().nullable(), status: z.string(), paid_at: dateTime().nullable() }).nullable(),
  failure_reason: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptOutput>;
export const statementCsv = z.string().meta({
  description:
    "CSV, UTF-8 with a byte-order mark: date (the reader's calendar), ISO time, kind, status, amount, balance after, account, references",
});

/** POST wallet/charge: where to pay, and the pending payment. */
export const chargeOutput = z.object({ redirect_url: z.string(), transaction: transactionOutput });
/** A gateway configured here: its id and kind (test, shetab, card, crypto). */
export const gatewayOutput = z.object({ id: z.string(), kind: z.enum(gatewayKinds) });
export type Gateway = z.infer<typeof gatewayOutput>;

/* ---- The test gateway's bank page (payments/sandbox) ---- */

/** The test bank's payment id (server/adapters/payments/sandbox.ts). */
const SANDBOX_AUTHORITY = /^SBX[0-9A-F]{24}$/;
export const sandboxParams = z.object({ authority: text().max(64).meta({ pattern: SANDBOX_AUTHORITY.source }) });
export const sandboxDecisionInput = z.object({ decision: z.enum(["pay", "cancel"]) });
export const sandboxPaymentOutput = z.object({ authority: z.string(), amount: z.number(), status: z.string() });
export type SandboxPayment = z.infer<typeof sandboxPaymentOutput>;
export const redirectOutput = z.object({ redirect_url: z.string() });
export const gatewayCallbackParams = z.object({
  gateway: text()
    .max(40)
    .meta({ enum: [...gatewayIds] }),
});
/**
 * What a gateway appends to the address it sends the payer back to, by its own names (Authority and
 * Status, session_id, tx …): any names, each value one line of text. The gateway's adapter reads them;
 * they are kept with the payment, so none may hold a control character (PostgreSQL refuses a NUL). A
 * name given twice (a replayed or tampered address) is answered as before: its values are checked together.
 */
const callbackValue = z.preprocess((value) => (Array.isArray(value) ? value.join("&") : value), text().max(2000));
export const gatewayCallbackQuery = z
  .object({
    lang: callbackValue
      .optional()
      .describe(
        "The language of the page the payment began on (fa-IR, en-US, tr-TR, ar-AE): the result page opens in it; any other value is ignored",
      ),
  })
  .catchall(callbackValue);

/* ---- Endpoints: the routes (server/payments) and the browser (lib/api/payments.ts) read these ---- */

export const walletEndpoints = {
  balances: endpoint({ method: "get", path: "/wallet", response: walletBalancesOutput }),
  transactions: endpoint({
    method: "get",
    path: "/wallet/transactions",
    query: transactionListQuery,
    response: transactionOutput,
    list: true,
  }),
  transaction: endpoint({ method: "get", path: "/wallet/transactions/{id}", params: idParam, response: transactionOutput }),
  statement: endpoint({ method: "get", path: "/wallet/statement", query: statementQuery, response: statementLineOutput, list: true }),
  statementCsv: endpoint({
    method: "get",
    path: "/wallet/statement/export",
    query: statementExportQuery,
    response: statementCsv,
    file: ["text/csv"],
  }),
  receipt: endpoint({ method: "get", path: "/wallet/statement/{id}", params: idParam, response: receiptOutput }),
  charge: endpoint({ method: "post", path: "/wallet/charge", body: chargeWalletInput, response: chargeOutput }),
  gateways: endpoint({ method: "get", path: "/payments/gateways", response: z.array(gatewayOutput) }),
  /** Where a gateway sends the payer back: 303 to the payment's result page. */
  callback: endpoint({
    method: "get",
    path: "/payments/{gateway}/callback",
    params: gatewayCallbackParams,
    query: gatewayCallbackQuery,
    status: 303,
  }),
  /** The test gateway's bank page. */
  sandboxPayment: endpoint({ method: "get", path: "/payments/sandbox/{authority}", params: sandboxParams, response: sandboxPaymentOutput }),
  sandboxDecision: endpoint({
    method: "post",
    path: "/payments/sandbox/{authority}/decision",
    params: sandboxParams,
    body: sandboxDecisionInput,
    response: redirectOutput,
  }),
};
