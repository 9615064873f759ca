import { z } from "zod";
import { dateTime, endpoint, idParam, longText, paging, text, uuidParam } from "./common";
import { ibanCheckStatuses, membershipFundingSources, payoutRails, payoutReasonCodes, payoutStatuses } from "./enums";
import { chargeOutput, gatewayId } from "./wallet";

export type { PayoutRailId } from "./enums";

/** SPEC §5: a payout is a whole number of Rials from 3,000,000 to 10,000,000. */
export const PAYOUT_MIN_RIALS = 3_000_000;
export const PAYOUT_MAX_RIALS = 10_000_000;
/** SPEC §1: a payout is paid within this long of its approval. */
export const PAYOUT_PROMISE_HOURS = 24;

/** POST payouts. SPEC §5: 'Please enter a valid number for withdrawal' for anything but a whole number. */
export const createPayoutInput = z.object({
  amount: z
    .number("payout_amount_invalid")
    .int("payout_amount_invalid")
    .min(PAYOUT_MIN_RIALS, "payout_amount_range")
    .max(PAYOUT_MAX_RIALS, "payout_amount_range"),
});
export type CreatePayoutInput = z.input<typeof createPayoutInput>;

/** GET payouts?status=: the page's tabs (all, paid, awaiting approval, rejected) or one status. */
export const payoutTabs = ["paid", "awaiting_approval", "rejected"] as const;
export const payoutListQuery = z.object({ status: z.enum([...payoutStatuses, ...payoutTabs], "invalid_value").optional(), ...paging });

/** What can happen to a payout (server/payouts/transitions.ts; each is an audit action payout.<event>). */
export const payoutEventNames = ["approve", "deny", "submit", "confirm", "fail", "reverse"] as const;
export type PayoutEventName = (typeof payoutEventNames)[number];

export const membershipPurchaseKinds = ["new", "renewal", "upgrade", "change_at_end"] as const;
export type MembershipPurchaseKind = (typeof membershipPurchaseKinds)[number];

/** What the person saw on the plans page (GET memberships/quote): a purchase that is now another is refused, 409 membership_changed. */
const expectedPurchase = {
  kind: z
    .enum(membershipPurchaseKinds, "invalid_value")
    .optional()
    .meta({ description: "The kind of purchase the quote showed; refused (409 membership_changed) if buying now would be another" }),
  price: z
    .number("invalid_value")
    .int("invalid_value")
    .min(1, "invalid_value")
    .max(10_000_000_000, "invalid_value")
    .optional()
    .meta({ description: "Rials the quote showed; refused (409 membership_changed) if buying now costs more" }),
};

/** POST memberships: buy, renew or change a plan, paid from earnings or the wallet. */
export const buyMembershipInput = z.object({
  plan_id: uuidParam(),
  pay_from: z.enum(membershipFundingSources, "invalid_value"),
  ...expectedPurchase,
});

/** GET memberships/quote?plan_id=: what buying that plan now would be. */
export const membershipQuoteQuery = z.object({ plan_id: uuidParam() });

const PLAN_FUNDING = /^(earnings|wallet|gateway:[a-z0-9_-]{1,40})$/;
/** The plan form: a source of our own (earnings, wallet) or a gateway ("gateway:zarinpal") through memberships/checkout. */
export const buyPlanForm = buyMembershipInput.extend({
  pay_from: text("invalid_value").regex(PLAN_FUNDING, "invalid_value").meta({ pattern: PLAN_FUNDING.source }),
});

/** POST memberships/checkout: a plan paid through a payment gateway (the wallet is credited, then the plan bought from it). */
export const membershipCheckoutInput = z.object({
  plan_id: uuidParam(),
  kind: expectedPurchase.kind,
  gateway: gatewayId(),
});

/* ---- Answers ---- */

export const payoutEventOutput = z.object({
  status: z.enum(payoutStatuses),
  reason_code: z.enum(payoutReasonCodes).nullable(),
  note: z.string().nullable(),
  at: dateTime(),
});

/** OpenAPI component Payout. */
export const payoutOutput = z.object({
  id: z.string().uuid(),
  amount: z.number().int().meta({ description: "Rials" }),
  status: z.enum(payoutStatuses),
  iban: z.string(),
  bank_name: z.string().nullable(),
  reason_code: z
    .enum(payoutReasonCodes)
    .nullable()
    .meta({ description: "Why the bank did not pay, as a code: bank_refused, bank_failed, bank_returned (null: see reason)" }),
  reason: z
    .string()
    .nullable()
    .meta({ description: "Why it was denied, failed or returned: an admin's words, or with reason_code the bank's own code" }),
  bank_reference: z.string().nullable(),
  created_at: dateTime(),
  updated_at: dateTime(),
  approved_at: dateTime().nullable(),
  settled_at: dateTime().nullable(),
  expected_arrival: dateTime()
    .nullable()
    .meta({ description: "When the money should reach the account: the PAYA cycle after the payout is sent (approved or active only)" }),
  history: z.array(payoutEventOutput),
});
export type PayoutView = z.infer<typeof payoutOutput>;

/** OpenAPI component MembershipPlan. */
export const membershipPlanOutput = z.object({
  id: z.string().uuid(),
  code: z.string(),
  name: z.string().meta({ description: "In the request's language" }),
  price: z.number().int().meta({ description: "Rials (quoted in toman on the pages)" }),
  period_days: z.number().int(),
  withdrawals_per_period: z.number().int(),
  invitations_per_period: z.number().int(),
  retention_days: z.number().int().nullable(),
  daily_task_bonus: z.number().int(),
});
export type MembershipPlanView = z.infer<typeof membershipPlanOutput>;

/** OpenAPI component Membership: the period in force (and a renewal already paid, if any). */
export const membershipOutput = z.object({
  id: z.string().uuid(),
  plan: membershipPlanOutput,
  starts_at: dateTime(),
  ends_at: dateTime(),
  withdrawals_allowed: z.number().int(),
  withdrawals_left: z.number().int(),
  invitations_allowed: z.number().int(),
  invitations_left: z.number().int(),
  renewed_until: dateTime().nullable().meta({ description: "The end of the last period already paid for" }),
});
export type MembershipView = z.infer<typeof membershipOutput>;

/* ---- The back office (admin/payouts) ---- */

/** What is known of the IBAN's owner (enums.ts ibanCheckStatuses; null: no IBAN, or not checked yet), with the holder's name. */
export const ibanCheckOutput = z.object({
  status: z.enum(ibanCheckStatuses).nullable(),
  owner_name: z.string().nullable(),
  checked_at: dateTime().nullable(),
});
export type IbanCheckView = z.infer<typeof ibanCheckOutput>;

export const adminPayoutQuery = z.object({ status: z.enum(payoutStatuses, "invalid_value").optional(), ...paging });
export const payoutReasonInput = z.object({
  reason: longText("reason_required")
    .trim()
    .min(1, "reason_required")
    .max(500, "reason_required")
    .meta({ description: "Written in a text box: line breaks are kept" }),
});
export const payoutConfirmInput = z.object({
  bank_reference: text("bank_reference_required").trim().min(1, "bank_reference_required").max(100, "bank_reference_required"),
});
export const payoutBulkInput = z.object({ ids: z.array(uuidParam()).min(1).max(100) });

/** A payout in the admin's queue: what deciding needs beside the payout itself. */
export const adminPayoutOutput = payoutOutput.extend({
  user: z.object({ id: z.string().uuid(), first_name: z.string(), last_name: z.string(), phone: z.string().nullable() }),
  iban_changed_at: dateTime().nullable(),
  plan: z.string().nullable(),
  rail: z.enum(payoutRails).nullable().meta({ description: "How it was sent (null until it is)" }),
  submitted_at: dateTime().nullable(),
  due_at: dateTime().nullable().meta({ description: "approved_at + 24 h: the promise to the booster" }),
  success_rate: z.number().nullable().meta({ description: "The booster's share of tasks approved, 0..1; null with no decided tasks" }),
  iban_check: ibanCheckOutput,
});
export type AdminPayoutView = z.infer<typeof adminPayoutOutput>;

const PLAN_CODE = /^[a-z][a-z0-9_-]{1,31}$/;
/** POST admin/membership-plans and PUT admin/membership-plans/{id}: a plan as admins write it. */
export const planInput = z.object({
  code: text("invalid_value").regex(PLAN_CODE, "invalid_value").meta({ pattern: PLAN_CODE.source }),
  names: z.object({
    "fa-IR": text().trim().min(1, "plan_name_required").max(60, "plan_name_required"),
    "en-US": text().trim().min(1, "plan_name_required").max(60, "plan_name_required"),
    "tr-TR": text().trim().min(1, "plan_name_required").max(60, "plan_name_required"),
    "ar-AE": text().trim().min(1, "plan_name_required").max(60, "plan_name_required"),
  }),
  price: z.number("invalid_value").int("invalid_value").min(10_000, "invalid_value").max(10_000_000_000, "invalid_value"),
  period_days: z.union([z.literal(30), z.literal(90)], "invalid_value"),
  withdrawals_per_period: z.number("invalid_value").int("invalid_value").min(0, "invalid_value").max(1_000, "invalid_value"),
  invitations_per_period: z.number("invalid_value").int("invalid_value").min(0, "invalid_value").max(10_000, "invalid_value"),
  retention_days: z.number("invalid_value").int("invalid_value").min(0, "invalid_value").max(60, "invalid_value").nullable(),
  daily_task_bonus: z.number("invalid_value").int("invalid_value").min(0, "invalid_value").max(1_000, "invalid_value"),
  active: z.boolean("invalid_value"),
  sort_order: z.number("invalid_value").int("invalid_value").min(0, "invalid_value").max(1_000, "invalid_value").default(0),
});

/** A plan as the back office sees it: every locale's name, and whether it is on sale. */
export const adminPlanOutput = membershipPlanOutput.omit({ name: true }).extend({
  names: z.record(z.string(), z.string()),
  active: z.boolean(),
  sort_order: z.number().int(),
});

/** POST memberships' answer: the period bought, what it cost and what kind of purchase it was. */
export const membershipPurchaseOutput = z.object({
  membership: membershipOutput,
  paid: z.number().int(),
  kind: z.enum(membershipPurchaseKinds),
});

/** GET memberships/quote's answer: the price, the dates and what the purchase adds, as buying now would make them. */
export const membershipQuoteOutput = z.object({
  plan_id: z.string().uuid(),
  kind: z.enum(membershipPurchaseKinds),
  price: z.number().int().meta({ description: "Rials" }),
  starts_at: dateTime(),
  ends_at: dateTime(),
  days_left: z
    .number()
    .nullable()
    .meta({ description: "An upgrade: the days left in the current period it is priced for (whole minutes); otherwise null" }),
  adds: z.object({ withdrawals: z.number().int(), invitations: z.number().int() }).meta({
    description: "What the purchase adds: a whole period's allowance, or for an upgrade the difference per day × days left, rounded down",
  }),
  withdrawals_allowed: z
    .number()
    .int()
    .meta({ description: "The period's withdrawals once bought (an upgrade: with those already allowed)" }),
  invitations_allowed: z.number().int(),
});
export type MembershipQuoteView = z.infer<typeof membershipQuoteOutput>;
/** POST payouts' answer. */
export const payoutCreatedOutput = z.object({ payout: payoutOutput, message: z.string() });
/** The admins' withdrawals switch (PUT and GET admin/settings/withdrawals). */
export const withdrawalsSwitch = z.object({ enabled: z.boolean() });
/** POST admin/payouts/approve's answer. */
export const payoutBulkOutput = z.object({ approved: z.array(z.string()), skipped: z.array(z.string()) });
/** The manual rail's PAYA batch file. */
export const payaBatchFile = z.string().meta({ description: "CSV: payout_id, iban, amount_rials, name, national_id" });
/** GET admin/payouts/rail: where approved payouts go and, for an API rail, its balance. */
export const payoutRailOutput = z.object({
  rail: z.enum(payoutRails),
  automatic: z.boolean().meta({ description: "true: approved payouts are sent by a job; false: by the export" }),
  balance: z.number().int().nullable().meta({ description: "Rials the rail can still pay out; null when unknown" }),
  balance_error: z.string().nullable(),
});
/** POST admin/payouts/submit: what one sending run did. */
export const payoutSubmitOutput = z.object({ sent: z.number().int(), unknown: z.number().int(), failed: z.number().int() });

/* ---- Endpoints: the routes (server/payouts) and the browser (lib/api/payouts.ts, admin-payouts.ts) read these ---- */

/** A step the back office takes on one payout (POST /admin/payouts/{id}/<step>), answering the payout after it. */
const payoutStep = <const P extends `/admin/payouts/{id}/${string}`>(path: P) =>
  endpoint({ method: "post", path, params: idParam, response: payoutOutput });
/** The same with its body: a reason, or the bank's reference. */
const payoutStepWith = <const P extends `/admin/payouts/{id}/${string}`, B extends z.ZodType>(path: P, body: B) =>
  endpoint({ method: "post", path, params: idParam, body, response: payoutOutput });

export const payoutEndpoints = {
  plans: endpoint({ method: "get", path: "/memberships/plans", response: z.array(membershipPlanOutput) }),
  membership: endpoint({ method: "get", path: "/memberships/current", response: membershipOutput.nullable() }),
  membershipQuote: endpoint({ method: "get", path: "/memberships/quote", query: membershipQuoteQuery, response: membershipQuoteOutput }),
  buyMembership: endpoint({
    method: "post",
    path: "/memberships",
    body: buyMembershipInput,
    response: membershipPurchaseOutput,
    status: 201,
  }),
  checkout: endpoint({ method: "post", path: "/memberships/checkout", body: membershipCheckoutInput, response: chargeOutput }),
  list: endpoint({ method: "get", path: "/payouts", query: payoutListQuery, response: payoutOutput, list: true }),
  one: endpoint({ method: "get", path: "/payouts/{id}", params: idParam, response: payoutOutput }),
  create: endpoint({ method: "post", path: "/payouts", body: createPayoutInput, response: payoutCreatedOutput, status: 201 }),
  /** The back office. */
  withdrawals: endpoint({ method: "get", path: "/admin/settings/withdrawals", response: withdrawalsSwitch }),
  setWithdrawals: endpoint({ method: "put", path: "/admin/settings/withdrawals", body: withdrawalsSwitch, response: withdrawalsSwitch }),
  adminPlans: endpoint({ method: "get", path: "/admin/membership-plans", response: z.array(adminPlanOutput) }),
  createPlan: endpoint({ method: "post", path: "/admin/membership-plans", body: planInput, response: adminPlanOutput, status: 201 }),
  updatePlan: endpoint({
    method: "put",
    path: "/admin/membership-plans/{id}",
    params: idParam,
    body: planInput,
    response: adminPlanOutput,
  }),
  queue: endpoint({ method: "get", path: "/admin/payouts", query: adminPayoutQuery, response: adminPayoutOutput, list: true }),
  /** The steps of a payout (server/payouts/transitions.ts), and a question to the rail about one. */
  approve: payoutStep("/admin/payouts/{id}/approve"),
  deny: payoutStepWith("/admin/payouts/{id}/deny", payoutReasonInput),
  fail: payoutStepWith("/admin/payouts/{id}/fail", payoutReasonInput),
  reverse: payoutStepWith("/admin/payouts/{id}/reverse", payoutReasonInput),
  confirm: payoutStepWith("/admin/payouts/{id}/confirm", payoutConfirmInput),
  inquire: payoutStep("/admin/payouts/{id}/inquire"),
  bulkApprove: endpoint({ method: "post", path: "/admin/payouts/approve", body: payoutBulkInput, response: payoutBulkOutput }),
  /** The manual rail's PAYA batch file, to save. */
  export: endpoint({ method: "post", path: "/admin/payouts/export", response: payaBatchFile, file: ["text/csv"] }),
  rail: endpoint({ method: "get", path: "/admin/payouts/rail", response: payoutRailOutput }),
  submit: endpoint({ method: "post", path: "/admin/payouts/submit", response: payoutSubmitOutput }),
};
