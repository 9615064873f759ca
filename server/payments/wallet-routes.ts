import { OpenAPIHono } from "@hono/zod-openapi";
import { transactionOutput, walletBalancesOutput, walletEndpoints } from "@/lib/schemas/wallet";
import type { GatewayId } from "@/server/adapters/payments/types";
import { balancesOf } from "@/server/ledger";
import { startWalletCharge } from "@/server/payments/charge-wallet";
import { findOwnTransaction, listTransactions } from "@/server/payments/list-transactions";
import { requireUser } from "@/server/http/auth";
import { idempotencyHeaders, idempotent } from "@/server/http/idempotency";
import type { AppEnv, Services } from "@/server/http/context";
import { publicOrigin } from "@/server/http/origin";
import { toTransactionOutput } from "@/server/payments/present";
import { errorResponses } from "@/server/http/envelope";
import { AppError } from "@/server/core/errors";
import { translateApi } from "@/server/http/i18n";
import { components, endpointRoute, err, listAnswer } from "@/server/http/route-parts";

components({ WalletBalances: walletBalancesOutput, Transaction: transactionOutput });

const getWallet = endpointRoute(walletEndpoints.balances, {
  middleware: [requireUser] as const,
  tags: ["Wallet"],
  summary: "The logged-in user's balances",
  answer: "Balances in Rials",
});

const listRoute = endpointRoute(walletEndpoints.transactions, {
  middleware: [requireUser] as const,
  tags: ["Wallet"],
  summary: "The logged-in user's transactions, newest first",
  answer: "A page of transactions",
  responses: { ...errorResponses },
});

const oneRoute = endpointRoute(walletEndpoints.transaction, {
  middleware: [requireUser] as const,
  tags: ["Wallet"],
  summary: "One of the logged-in user's transactions (anyone else's answers 404)",
  answer: "The transaction",
  responses: { 404: err("Not found") },
});

const chargeRoute = endpointRoute(walletEndpoints.charge, {
  middleware: [requireUser, idempotent] as const,
  tags: ["Wallet"],
  summary: "Charge the wallet: a pending transaction and the gateway's payment page to send the browser to",
  request: { headers: idempotencyHeaders },
  bodyName: "ChargeWalletInput",
  answer: "Go to redirect_url to pay",
  responses: {
    400: err("Invalid request (e.g. a gateway that is not configured)"),
    503: err("The gateway cannot be reached"),
  },
});

const gatewaysRoute = endpointRoute(walletEndpoints.gateways, {
  tags: ["Wallet"],
  summary: "The payment gateways configured here",
  answer: "Provider id and kind (test, shetab, card, crypto)",
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
