import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  chargeOutput,
  chargeWalletInput,
  gatewayOutput,
  transactionListQuery,
  transactionOutput,
  walletBalancesOutput,
} from "@/lib/schemas/wallet";
import type { GatewayId } from "@/server/adapters/payments/types";
import { balancesOf } from "@/server/ledger";
import { startWalletCharge } from "@/server/payments/charge-wallet";
import { findOwnTransaction, listTransactions } from "@/server/payments/list-transactions";
import { requireUser } from "@/server/http/auth";
import { idempotencyHeaders, idempotent } from "@/server/http/idempotency";
import type { AppEnv, Services } from "@/server/http/context";
import { publicOrigin } from "@/server/http/origin";
import { toTransactionOutput } from "@/server/payments/present";
import { dataEnvelope, errorResponses } from "@/server/http/envelope";
import { AppError } from "@/server/core/errors";
import { translateApi } from "@/server/http/i18n";
import { apiRoute, components, err, idParam, json, named, pageOf, listAnswer } from "@/server/http/route-parts";

components({ WalletBalances: walletBalancesOutput, Transaction: transactionOutput });

const getWallet = apiRoute({
  method: "get",
  path: "/wallet",
  middleware: [requireUser] as const,
  tags: ["Wallet"],
  summary: "The logged-in user's balances",
  responses: {
    200: { description: "Balances in Rials", ...json(dataEnvelope(walletBalancesOutput)) },
  },
});

const listRoute = apiRoute({
  method: "get",
  path: "/wallet/transactions",
  middleware: [requireUser] as const,
  tags: ["Wallet"],
  summary: "The logged-in user's transactions, newest first",
  request: { query: transactionListQuery },
  responses: {
    200: {
      description: "A page of transactions",
      content: {
        "application/json": {
          schema: pageOf(transactionOutput),
        },
      },
    },
    ...errorResponses,
  },
});

const oneRoute = apiRoute({
  method: "get",
  path: "/wallet/transactions/{id}",
  middleware: [requireUser] as const,
  tags: ["Wallet"],
  summary: "One of the logged-in user's transactions (anyone else's answers 404)",
  request: { params: idParam },
  responses: {
    200: { description: "The transaction", ...json(dataEnvelope(transactionOutput)) },
    404: err("Not found"),
  },
});

const chargeRoute = apiRoute({
  method: "post",
  path: "/wallet/charge",
  middleware: [requireUser, idempotent] as const,
  tags: ["Wallet"],
  summary: "Charge the wallet: a pending transaction and the gateway's payment page to send the browser to",
  request: {
    headers: idempotencyHeaders,
    body: { required: true, content: { "application/json": { schema: named(chargeWalletInput, "ChargeWalletInput") } } },
  },
  responses: {
    200: {
      description: "Go to redirect_url to pay",
      ...json(dataEnvelope(chargeOutput)),
    },
    400: err("Invalid request (e.g. a gateway that is not configured)"),
    503: err("The gateway cannot be reached"),
  },
});

const gatewaysRoute = apiRoute({
  method: "get",
  path: "/payments/gateways",
  tags: ["Wallet"],
  summary: "The payment gateways configured here",
  responses: {
    200: {
      description: "Provider id and kind (test, shetab, card, crypto)",
      ...json(dataEnvelope(z.array(gatewayOutput))),
    },
  },
});

export function walletRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
    .openapi(getWallet, async (c) => {
      const balances = await balancesOf({ db: c.get("db") }, { userId: c.get("user").id });
      return c.json({ data: { wallet_balance: balances.wallet, earnings_balance: balances.earnings, held_balance: balances.held } }, 200);
    })
    .openapi(listRoute, async (c) => {
      const query = c.req.valid("query");
      const { status, page, per_page: perPage } = query;
      const found = await listTransactions({ db: c.get("db") }, { userId: c.get("user").id, status, page, perPage });
      return c.json(listAnswer(query, found, toTransactionOutput), 200);
    })
    .openapi(oneRoute, async (c) => {
      const row = await findOwnTransaction({ db: c.get("db") }, { userId: c.get("user").id, id: c.req.valid("param").id });
      if (!row) throw new AppError("transaction_not_found");
      return c.json({ data: toTransactionOutput(row) }, 200);
    })
    .openapi(chargeRoute, async (c) => {
      const input = c.req.valid("json");
      const { redirectUrl, transaction } = await startWalletCharge(
        { db: c.get("db"), actor: c.get("user"), locale: c.get("locale") },
        {
          gateways: services.gateways,
          amount: input.amount,
          gateway: input.gateway as GatewayId,
          origin: publicOrigin(c.req.url),
          description: translateApi(c.get("locale"), "messages.charge_description"),
        },
      );
      return c.json({ data: { redirect_url: redirectUrl, transaction: toTransactionOutput(transaction) } }, 200);
    })
    .openapi(gatewaysRoute, (c) =>
      c.json({ data: [...services.gateways.values()].map((gateway) => ({ id: gateway.id, kind: gateway.kind })) }, 200),
    );
}
