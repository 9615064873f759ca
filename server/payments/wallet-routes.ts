import { OpenAPIHono } from "@hono/zod-openapi";
import {
  receiptOutput,
  STATEMENT_EXPORT_MAX,
  statementLineOutput,
  transactionOutput,
  walletBalancesOutput,
  walletEndpoints,
} from "@/lib/schemas/wallet";
import type { GatewayId } from "@/server/adapters/payments/types";
import { balancesOf } from "@/server/ledger";
import { startWalletCharge } from "@/server/payments/charge-wallet";
import { findOwnTransaction, listTransactions } from "@/server/payments/list-transactions";
import { requireSessionClaims, requireUser } from "@/server/http/auth";
import { idempotencyHeaders, idempotent } from "@/server/http/idempotency";
import type { AppEnv, Services } from "@/server/http/context";
import { publicOrigin } from "@/server/http/origin";
import { toTransactionOutput } from "@/server/payments/present";
import { errorResponses } from "@/server/http/envelope";
import { AppError } from "@/server/core/errors";
import { translateApi, translateMessages } from "@/server/http/i18n";
import { statementLines, statementPage, toLineOutput } from "@/server/payments/statement";
import { receiptOf, statementOwner } from "@/server/payments/receipt";
import { statementCsv } from "@/server/payments/statement-csv";
import { components, endpointRoute, err, listAnswer } from "@/server/http/route-parts";

components({
  WalletBalances: walletBalancesOutput,
  Transaction: transactionOutput,
  StatementLine: statementLineOutput,
  Receipt: receiptOutput,
});

const statementRoute = endpointRoute(walletEndpoints.statement, {
  middleware: [requireUser] as const,
  tags: ["Wallet"],
  summary: "The logged-in user's statement: every movement of their accounts, one line per business event, newest first",
  answer: "A page of statement lines, each with the running balance of the account it moved",
  responses: { ...errorResponses },
});

const statementCsvRoute = endpointRoute(walletEndpoints.statementCsv, {
  middleware: [requireUser] as const,
  tags: ["Wallet"],
  summary: `The statement as CSV (UTF-8 with a byte-order mark), the same filters, newest first, at most ${STATEMENT_EXPORT_MAX} lines`,
  answer: "CSV",
  responses: { ...errorResponses },
});

const receiptRoute = endpointRoute(walletEndpoints.receipt, {
  middleware: [requireUser] as const,
  tags: ["Wallet"],
  summary: "A receipt: one line of the logged-in user's statement and what it concerns (an admin reads anyone's; otherwise 404)",
  answer: "The receipt",
  responses: { 404: err("Not found") },
});

const getWallet = endpointRoute(walletEndpoints.balances, {
  middleware: [requireUser] as const,
  tags: ["Wallet"],
  summary: "The logged-in user's balances",
  answer: "Balances in Rials",
});

const listRoute = endpointRoute(walletEndpoints.transactions, {
  middleware: [requireSessionClaims] as const,
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
      const found = await listTransactions({ db: c.get("db") }, { caller: c.get("claims"), filter: { status, page, perPage } });
      if (!found) throw new AppError("unauthorized");
      return c.json(listAnswer(query, found, toTransactionOutput), 200);
    })
    .openapi(statementRoute, async (c) => {
      const query = c.req.valid("query");
      const { page, per_page: perPage, ...filter } = query;
      const found = await statementPage({ db: c.get("db") }, { ...filter, userId: c.get("user").id, page, perPage });
      return c.json(listAnswer(query, found, toLineOutput), 200);
    })
    .openapi(statementCsvRoute, async (c) => {
      const locale = c.get("locale");
      const rows = await statementLines(
        { db: c.get("db") },
        { ...c.req.valid("query"), userId: c.get("user").id, max: STATEMENT_EXPORT_MAX },
      );
      c.header("Content-Disposition", `attachment; filename="statement-${new Date().toISOString().slice(0, 10)}.csv"`);
      c.header("Cache-Control", "no-store");
      return c.body(statementCsv(rows, { locale, label: translateMessages(locale, "wallet.statement") }), 200, {
        "Content-Type": "text/csv; charset=utf-8",
      });
    })
    .openapi(receiptRoute, async (c) => {
      const user = c.get("user");
      const { id } = c.req.valid("param");
      // An admin reads anyone's receipt as its owner's; anyone else only their own (another's answers 404, as a missing one).
      const owner = user.role === "admin" ? await statementOwner({ db: c.get("db") }, { id }) : user.id;
      const receipt = owner ? await receiptOf({ db: c.get("db") }, { userId: owner, id }) : null;
      if (!receipt) throw new AppError("transaction_not_found");
      return c.json({ data: receipt }, 200);
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
