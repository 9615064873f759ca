import { OpenAPIHono } from "@hono/zod-openapi";
import { membershipOutput, membershipPlanOutput, payoutEndpoints, payoutOutput } from "@/lib/schemas/payouts";
import { AppError } from "@/server/core/errors";
import { requireAdmin, requireUser } from "@/server/http/auth";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { errorResponses } from "@/server/http/envelope";
import { translateApi } from "@/server/http/i18n";
import { idempotencyHeaders, idempotent } from "@/server/http/idempotency";
import { components, endpointRoute, err, listAnswer } from "@/server/http/route-parts";
import { buyMembership, listPlans, membershipOf, planOnSale } from "@/server/payouts/memberships";
import { quoteMembership } from "@/server/payouts/membership-quote";
import { startWalletCharge } from "@/server/payments";
import { toTransactionOutput } from "@/server/payments";
import type { GatewayId } from "@/server/adapters/payments/types";
import { publicOrigin } from "@/server/http/origin";
import { findOwnPayout, listPayouts } from "@/server/payouts/queries";
import { requestPayout } from "@/server/payouts/request-payout";
import { setWithdrawalsEnabled, withdrawalsEnabled } from "@/server/payouts/settings";
import { toMembershipOutput, toPayoutOutput, toPlanOutput, toQuoteOutput } from "@/server/payouts/present";

components({ Payout: payoutOutput, MembershipPlan: membershipPlanOutput, Membership: membershipOutput });

const refusals = err(
  "Refused, with SPEC §8's code: ERR_INSUFFICIENT_BALANCE, ERR_NO_ACTIVE_MEMBERSHIP, ERR_WRONG_AMOUNT (outside 3,000,000–10,000,000 Rials; fields.amount), ERR_MAX_WITHDRAWALS_REACHED; or with ours: iban_missing, iban_recently_changed (params.until), iban_owner_mismatch",
);

const plansRoute = endpointRoute(payoutEndpoints.plans, {
  tags: ["Payouts"],
  summary: "The membership plans on sale, cheapest first, named in the request's language",
  answer: "The plans",
});

const currentRoute = endpointRoute(payoutEndpoints.membership, {
  middleware: [requireUser] as const,
  tags: ["Payouts"],
  summary: "The caller's membership in force (null when none), with withdrawals and invitations left",
  answer: "The membership",
});

const buyRoute = endpointRoute(payoutEndpoints.buyMembership, {
  middleware: [requireUser, idempotent] as const,
  tags: ["Payouts"],
  summary:
    "Buy, renew, upgrade (the difference per day for the days left, adding allowance in the same proportion) or change at the period's end, paid from earnings or the wallet. With kind and price from GET memberships/quote, a purchase that became another meanwhile (another tab, another device) is refused",
  request: { headers: idempotencyHeaders },
  bodyName: "BuyMembershipInput",
  answer: "The period bought and what it cost",
  responses: {
    400: err("ERR_INSUFFICIENT_BALANCE: the earnings do not cover the price"),
    404: err("No such plan on sale"),
    409: err(
      "A next period is already paid (membership_already_renewed), or the purchase is no longer the kind or price quoted (membership_changed)",
    ),
  },
});

const quoteRoute = endpointRoute(payoutEndpoints.membershipQuote, {
  middleware: [requireUser] as const,
  tags: ["Payouts"],
  summary: "What buying a plan now would be for the caller: its kind, price, dates and the withdrawals and invitations it adds",
  answer: "The quote",
  responses: {
    ...errorResponses,
    404: err("No such plan on sale"),
    409: err("A next period is already paid (membership_already_renewed)"),
    503: err("No payment gateway is configured here (payments_not_configured), or the gateway cannot be reached (gateway_unavailable)"),
  },
});

const checkoutRoute = endpointRoute(payoutEndpoints.checkout, {
  middleware: [requireUser, idempotent] as const,
  tags: ["Payouts"],
  summary:
    "Pay for a plan through a payment gateway (intent membership_payment): the browser goes to redirect_url; once paid the wallet is credited and the plan bought from it",
  request: { headers: idempotencyHeaders },
  bodyName: "MembershipCheckoutInput",
  answer: "Where to pay",
  responses: {
    404: err("No such plan on sale"),
    409: err("A next period is already paid (membership_already_renewed)"),
  },
});

const listRoute = endpointRoute(payoutEndpoints.list, {
  middleware: [requireUser] as const,
  tags: ["Payouts"],
  summary: "The caller's payouts, newest first: a tab (paid, awaiting_approval, rejected) or a status, each with its history",
  answer: "A page of payouts",
  responses: { ...errorResponses },
});

const oneRoute = endpointRoute(payoutEndpoints.one, {
  middleware: [requireUser] as const,
  tags: ["Payouts"],
  summary: "One of the caller's payouts (anyone else's answers 404)",
  answer: "The payout",
  responses: { 404: err("Not found") },
});

const createRouteDef = endpointRoute(payoutEndpoints.create, {
  middleware: [requireUser, idempotent] as const,
  tags: ["Payouts"],
  summary: "Request a payout of earnings to the IBAN on the profile: held at once, paid after an admin approves",
  request: { headers: idempotencyHeaders },
  bodyName: "CreatePayoutInput",
  answer: "payout request created",
  responses: {
    400: refusals,
    403: err("Identity not verified"),
    503: err("Withdrawal functionality is temporarily disabled."),
  },
});

const switchRoute = endpointRoute(payoutEndpoints.setWithdrawals, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Turn withdrawals on or off for everyone",
  answer: "The switch",
  responses: { 404: err("Not found") },
});

const switchGetRoute = endpointRoute(payoutEndpoints.withdrawals, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Whether withdrawals are on",
  answer: "The switch",
  responses: { 404: err("Not found") },
});

/** Memberships and payouts (issue 17): plans, the caller's period, payout requests and their history. */
export function payoutRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
    .openapi(plansRoute, async (c) => {
      const plans = await listPlans({ db: c.get("db") });
      return c.json({ data: plans.map((plan) => toPlanOutput(plan, c.get("locale"))) }, 200);
    })
    .openapi(currentRoute, async (c) => {
      const state = await membershipOf({ db: c.get("db") }, { userId: c.get("user").id });
      return c.json({ data: toMembershipOutput(state, c.get("locale")) }, 200);
    })
    .openapi(quoteRoute, async (c) => {
      const plan = await planOnSale({ db: c.get("db") }, { planId: c.req.valid("query").plan_id });
      const now = new Date();
      const quote = quoteMembership(plan, await membershipOf({ db: c.get("db"), now }, { userId: c.get("user").id }), now);
      return c.json({ data: toQuoteOutput(plan.id, quote, now) }, 200);
    })
    .openapi(buyRoute, async (c) => {
      const input = c.req.valid("json");
      const ctx = ctxOf(c, services);
      const bought = await buyMembership(ctx, {
        planId: input.plan_id,
        payFrom: input.pay_from,
        expect: { kind: input.kind, price: input.price },
      });
      const state = await membershipOf(ctx, { userId: ctx.actor.id });
      const shown = toMembershipOutput(state, c.get("locale"));
      if (!shown) throw new AppError("internal");
      return c.json({ data: { membership: shown, paid: bought.paid, kind: bought.kind } }, 201);
    })
    .openapi(checkoutRoute, async (c) => {
      const input = c.req.valid("json");
      const ctx = { ...ctxOf(c, services), locale: c.get("locale") };
      const plan = await planOnSale(ctx, { planId: input.plan_id });
      const { price, kind } = quoteMembership(plan, await membershipOf(ctx, { userId: ctx.actor.id }), new Date());
      if (input.kind !== undefined && input.kind !== kind) throw new AppError("membership_changed");
      const { redirectUrl, transaction } = await startWalletCharge(ctx, {
        gateways: services.gateways,
        amount: price,
        gateway: input.gateway as GatewayId,
        origin: publicOrigin(c.req.url),
        description: translateApi(c.get("locale"), "messages.membership_description"),
        intent: "membership_payment",
        // Bought at settlement only as the kind quoted now: a plan bought meanwhile elsewhere leaves the money in the wallet.
        metadata: { plan_id: plan.id, membership_kind: kind },
      });
      return c.json({ data: { redirect_url: redirectUrl, transaction: toTransactionOutput(transaction) } }, 200);
    })
    .openapi(listRoute, async (c) => {
      const query = c.req.valid("query");
      const found = await listPayouts(
        { db: c.get("db") },
        {
          userId: c.get("user").id,
          status: query.status,
          page: query.page,
          perPage: query.per_page,
        },
      );
      return c.json(listAnswer(query, found, toPayoutOutput), 200);
    })
    .openapi(oneRoute, async (c) => {
      const found = await findOwnPayout({ db: c.get("db") }, { userId: c.get("user").id, id: c.req.valid("param").id });
      if (!found) throw new AppError("payout_not_found");
      return c.json({ data: toPayoutOutput(found) }, 200);
    })
    .openapi(createRouteDef, async (c) => {
      const created = await requestPayout(ctxOf(c, services), {
        amount: c.req.valid("json").amount,
        ibanOwner: services.payouts.ibanOwner,
      });
      return c.json(
        { data: { payout: toPayoutOutput(created), message: translateApi(c.get("locale"), "messages.payout_requested") } },
        201,
      );
    })
    .openapi(switchGetRoute, async (c) => c.json({ data: { enabled: await withdrawalsEnabled({ db: c.get("db") }) } }, 200))
    .openapi(switchRoute, async (c) => {
      const { enabled } = c.req.valid("json");
      await setWithdrawalsEnabled(ctxOf(c, services), { enabled });
      return c.json({ data: { enabled } }, 200);
    });
}
