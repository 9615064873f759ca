import { z } from "zod";

/** Charge limits (issue 5), shared by the form and the API. */
export const CHARGE_MIN_RIALS = 100_000;
export const CHARGE_MAX_RIALS = 500_000_000;
/** Quick picks on the charge form, in Rials. */
export const CHARGE_QUICK_PICKS = [1_000_000, 5_000_000, 10_000_000, 50_000_000] as const;

export const transactionStatusFilter = z.enum(["pending", "paid", "failed"], "invalid_value");

export const chargeWalletInput = z.object({
  amount: z
    .number("charge_amount_range")
    .int("charge_amount_whole")
    .min(CHARGE_MIN_RIALS, "charge_amount_range")
    .max(CHARGE_MAX_RIALS, "charge_amount_range"),
  gateway: z.string("gateway_required").min(1, "gateway_required").max(40, "gateway_required"),
});
export type ChargeWalletInput = z.input<typeof chargeWalletInput>;
