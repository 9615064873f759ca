import { eq } from "drizzle-orm";
import type { Locale } from "@/lib/i18n/locales";
import { localizedPath } from "@/lib/i18n/negotiate";
import { transactions, type Transaction } from "@/server/db/schema";
import type { Ctx, UserCtx } from "@/server/core/context";
import { GatewayError, type GatewayId, type PaymentGateway as Gateway, type ProviderAmount } from "@/server/adapters/payments/types";
import { AppError } from "@/server/core/errors";
import { requireGateway, type Gateways } from "@/server/payments/gateways";
import { mergeMetadata, stillPending } from "@/server/payments/transaction-updates";

/** A gateway page of our own (the sandbox bank) opens in the payer's language; a provider's URL is left as it is. */
export function localizeRedirect(url: string, locale: Locale): string {
  return url.startsWith("/") && !url.startsWith("//") ? localizedPath(locale, url) : url;
}

/** What create reported in the provider's currency, merged into the row's metadata (nothing when it priced in Rials). */
export function providerAmountMetadata(providerAmount: ProviderAmount | undefined) {
  return providerAmount ? { metadata: mergeMetadata({ provider_amount: providerAmount }) } : {};
}

/**
 * The URL the gateway sends the browser back to: our callback, naming our transaction and the language of
 * the page the payment began on (`lang`), so the result page opens in it whatever the account's language
 * or the returning browser's.
 */
export function callbackUrl(origin: string, gateway: GatewayId, transactionId: string, locale: Locale): string {
  return `${origin.replace(/\/+$/, "")}/api/payments/${gateway}/callback?tx=${transactionId}&lang=${locale}`;
}

/**
 * Starts a wallet charge: a pending transaction, then the gateway's payment. The browser goes to
 * the returned URL; the callback settles the transaction.
 */
export async function startWalletCharge(
  ctx: UserCtx & Pick<Ctx, "locale">,
  input: {
    gateways: Gateways;
    amount: number;
    gateway: GatewayId;
    origin: string;
    description: string;
    /** membership_payment: the wallet is credited, then the plan in `metadata.plan_id` bought from it (settle-payment.ts). */
    intent?: "wallet_charge" | "membership_payment";
    metadata?: Record<string, unknown>;
  },
): Promise<{ redirectUrl: string; transaction: Transaction }> {
  const { db, actor: user } = ctx;
  const { gateways } = input;
  const gateway = requireGateway(gateways, input.gateway);
  const [pending] = await db
    .insert(transactions)
    .values({
      userId: user.id,
      amount: input.amount,
      intent: input.intent ?? "wallet_charge",
      gateway: gateway.id,
      status: "pending",
      ...(input.metadata ? { metadata: input.metadata } : {}),
    })
    .returning();
  return openAtGateway(ctx, { gateway, payment: pending!, origin: input.origin, description: input.description });
}

/**
 * Opens a pending payment (committed) at its gateway: the gateway's payment, its authority noted on the row, and
 * the URL the browser goes to (the callback settles it). The gateway refusing or unreachable: the row is
 * failed and 503 gateway_unavailable. For a wallet charge, a campaign's creation or its top-up alike.
 */
export async function openAtGateway(
  ctx: UserCtx & Pick<Ctx, "locale">,
  input: { gateway: Gateway; payment: Transaction; origin: string; description: string },
): Promise<{ redirectUrl: string; transaction: Transaction }> {
  const { db, actor: user } = ctx;
  const { gateway, payment } = input;
  let created;
  try {
    created = await gateway.create({
      transactionId: payment.id,
      amount: payment.amount,
      description: input.description,
      callbackUrl: callbackUrl(input.origin, gateway.id, payment.id, ctx.locale),
      ...(user.phone ? { mobile: user.phone } : {}),
      ...(user.email ? { email: user.email } : {}),
    });
  } catch (error) {
    const reason = error instanceof GatewayError ? `gateway_${error.reason}` : "gateway_error";
    console.error(`[payments] ${gateway.id} create failed for transaction ${payment.id}: ${reason}`);
    await db.update(transactions).set({ status: "failed", failureReason: reason, updatedAt: new Date() }).where(stillPending(payment.id));
    throw new AppError("gateway_unavailable");
  }
  const [transaction] = await db
    .update(transactions)
    .set({ authority: created.authority, ...providerAmountMetadata(created.providerAmount), updatedAt: new Date() })
    .where(eq(transactions.id, payment.id))
    .returning();
  return { redirectUrl: localizeRedirect(created.redirectUrl, ctx.locale), transaction: transaction! };
}
