/**
 * A stand-in for Jibit's Transferor v2 (under /trf) and Identicator v1 (under /ide) on 127.0.0.1, answering as
 * their documentation says: tokens from {apiKey, secretKey}, then `Authorization: Bearer`; errors as
 * {fingerprint, errors: [{code, message}]}.
 *
 *   POST /trf/v2/tokens/generate | /ide/v1/tokens/generate   {apiKey, secretKey} → {accessToken, refreshToken}
 *   POST /trf/v2/tokens/refresh  | /ide/v1/tokens/refresh    {accessToken, refreshToken} → new tokens
 *   POST /trf/v2/transfers          a batch; each transferID once (transfer.already_exists), paid from the balance
 *                                   (balance.not_enough); a transfer starts IN_PROGRESS
 *   GET  /trf/v2/transfers?transferID=…   → {transfers: [...]}, 404 transfer.not_found
 *   GET  /trf/v2/transfers/filter?from&to&page&size → {elements, hasNext}
 *   GET  /trf/v2/balances           → {balances: [{balanceType: "TRANSFERABLE", amount}]}
 *   GET  /ide/v1/services/matching?iban&nationalCode → {matched}
 *   GET  /ide/v1/ibans?value        → {value, ibanInfo: {bank, status: "ACTIVE", owners: [{firstName, lastName}]}}
 *
 * Knobs for the failures a payout must survive: acceptThenHang (take the batch, answer after the client
 * gave up), acceptThen5xx, expireTokens, and the bank's own moves: settle(id, "TRANSFERRED" | "FAILED" | "RETURNED").
 * For browser tests, `POST /__fake/balance {amount}` sets the wallet's balance (0 holds every payout back, approved).
 * Plain node:http. Run on its own with `npx tsx tests/support/fake-jibit.ts` (FAKE_JIBIT_PORT, JIBIT_API_KEY,
 * JIBIT_SECRET_KEY, FAKE_JIBIT_AUTOPAY=true to pay every transfer as it arrives) for browser tests.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { fakeDelay, isMain, listenOnLoopback, readBody, sendJson, serveUntilStopped } from "./fake-http";

export type FakeTransfer = {
  transferID: string;
  batchID: string;
  destination: string;
  destinationFirstName: string;
  destinationLastName: string;
  amount: number;
  transferMode: string;
  currency: string;
  state: "IN_PROGRESS" | "TRANSFERRED" | "FAILED" | "RETURNED";
  bankTransferID: string | null;
  failReason: string | null;
  modifiedAt: string;
};

export type FakeJibit = {
  /** Use as JIBIT_TRANSFEROR_URL. */
  transferorUrl: string;
  /** Use as JIBIT_IDENTICATOR_URL. */
  identicatorUrl: string;
  transfers: Map<string, FakeTransfer>;
  /** Every POST /trf/v2/transfers body, oldest first (accepted or not). */
  submissions: Array<{ batchID: string; transfers: Array<Record<string, unknown>> }>;
  balance: number;
  /** Token requests (generate and refresh) so far. */
  readonly tokenCalls: number;
  /** IBAN → {nationalCode, owner}: who owns an account, for Identicator. */
  owners: Map<string, { nationalCode: string; firstName: string; lastName: string }>;
  /** The next `count` transfer submissions are taken (kept), then answered `after` the client's patience. */
  acceptThenHang(count?: number): void;
  /** The next transfer submission is taken, then answered 502. */
  acceptThen5xx(): void;
  /** Every token issued so far is refused from now on (401), as when they expire. */
  expireTokens(): void;
  /** The next API request (after auth; only one to `path` when given) is answered with this status. */
  failNext(status: number, code?: string, path?: string): void;
  /** The bank's move on a transfer. */
  settle(transferID: string, state: "TRANSFERRED" | "FAILED" | "RETURNED", reason?: string): void;
  /** Pays every transfer as it arrives (browser tests). */
  autoPay: boolean;
  setDelay(ms: number): void;
  close(): Promise<void>;
};

const error = (response: ServerResponse, status: number, code: string) =>
  sendJson(response, status, { fingerprint: randomUUID(), errors: [{ code, message: code }] });

export async function startFakeJibit({
  apiKey,
  secretKey,
  port = 0,
  balance = 1_000_000_000_000,
}: {
  apiKey: string;
  secretKey: string;
  port?: number;
  balance?: number;
}): Promise<FakeJibit> {
  const delay = fakeDelay();
  const valid = new Set<string>();
  const refreshable = new Map<string, string>();
  let tokenCalls = 0;
  let hang = 0;
  let fiveHundred = false;
  let nextFailure: { status: number; code: string; path: string | undefined } | null = null;
  const hanging = new Set<ServerResponse>();

  const issue = () => {
    tokenCalls += 1;
    const accessToken = `at-${randomUUID()}`;
    const refreshToken = `rt-${randomUUID()}`;
    valid.add(accessToken);
    refreshable.set(refreshToken, accessToken);
    return { accessToken, refreshToken };
  };

  const fake: FakeJibit = {
    transferorUrl: "",
    identicatorUrl: "",
    transfers: new Map(),
    submissions: [],
    balance,
    get tokenCalls() {
      return tokenCalls;
    },
    owners: new Map(),
    acceptThenHang: (count = 1) => void (hang = count),
    acceptThen5xx: () => void (fiveHundred = true),
    expireTokens: () => {
      valid.clear();
      refreshable.clear();
    },
    failNext: (status, code = "server.error", path) => void (nextFailure = { status, code, path }),
    settle(transferID, state, reason) {
      const transfer = fake.transfers.get(transferID);
      if (!transfer) throw new Error(`no transfer ${transferID}`);
      transfer.state = state;
      transfer.modifiedAt = new Date().toISOString();
      if (state === "TRANSFERRED") transfer.bankTransferID ??= `PAYA-${Math.floor(Math.random() * 1e12)}`;
      if (state === "FAILED") {
        transfer.failReason = reason ?? "DESTINATION_ACCOUNT_BLOCKED";
        fake.balance += transfer.amount;
      }
      if (state === "RETURNED") transfer.failReason = reason ?? "RETURNED_BY_DESTINATION_BANK";
    },
    autoPay: false,
    setDelay: (ms) => delay.setDelay(ms),
    close: () => {
      for (const response of hanging) response.destroy();
      return delay.close(server);
    },
  };

  async function tokens(request: IncomingMessage, response: ServerResponse, action: string) {
    const body = JSON.parse((await readBody(request)) || "{}") as Record<string, unknown>;
    if (action === "generate") {
      if (body.apiKey !== apiKey || body.secretKey !== secretKey) return error(response, 403, "security.auth_failed");
      return sendJson(response, 200, issue());
    }
    const access = refreshable.get(String(body.refreshToken));
    if (!access || access !== body.accessToken) return error(response, 401, "security.refresh_token_invalid");
    refreshable.delete(String(body.refreshToken));
    valid.delete(access);
    return sendJson(response, 200, issue());
  }

  async function submit(request: IncomingMessage, response: ServerResponse) {
    const body = JSON.parse((await readBody(request)) || "{}") as { batchID?: string; transfers?: Array<Record<string, unknown>> };
    const batch = { batchID: String(body.batchID ?? ""), transfers: body.transfers ?? [] };
    fake.submissions.push(batch);
    if (batch.transfers.some((transfer) => fake.transfers.has(String(transfer.transferID))))
      return error(response, 400, "transfer.already_exists");
    if (batch.transfers.some((transfer) => !/^IR\d{24}$/.test(String(transfer.destination))))
      return error(response, 400, "destination.invalid");
    const total = batch.transfers.reduce((sum, transfer) => sum + Number(transfer.amount), 0);
    if (total > fake.balance) return error(response, 400, "balance.not_enough");
    fake.balance -= total;
    for (const transfer of batch.transfers) {
      const record: FakeTransfer = {
        transferID: String(transfer.transferID),
        batchID: batch.batchID,
        destination: String(transfer.destination),
        destinationFirstName: String(transfer.destinationFirstName ?? ""),
        destinationLastName: String(transfer.destinationLastName ?? ""),
        amount: Number(transfer.amount),
        transferMode: String(transfer.transferMode),
        currency: String(transfer.currency),
        state: "IN_PROGRESS",
        bankTransferID: null,
        failReason: null,
        modifiedAt: new Date().toISOString(),
      };
      fake.transfers.set(record.transferID, record);
      if (fake.autoPay) fake.settle(record.transferID, "TRANSFERRED");
    }
    if (hang > 0) {
      hang -= 1;
      hanging.add(response);
      return; // Taken, never answered: the client times out.
    }
    if (fiveHundred) {
      fiveHundred = false;
      return error(response, 502, "server.bad_gateway");
    }
    return sendJson(response, 200, { batchID: batch.batchID, submittedCount: batch.transfers.length, totalAmount: total });
  }

  const server = createServer((request, response) => {
    void (async () => {
      await delay.pause();
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const path = url.pathname;
      if (path === "/__fake/balance" && request.method === "POST") {
        fake.balance = Number((JSON.parse((await readBody(request)) || "{}") as { amount?: unknown }).amount ?? 0);
        return sendJson(response, 200, { balance: fake.balance });
      }
      const token = /^(\/trf\/v2|\/ide\/v1)\/tokens\/(generate|refresh)$/.exec(path);
      if (token && request.method === "POST") return tokens(request, response, token[2]!);
      const bearer = (request.headers.authorization ?? "").replace(/^Bearer /, "");
      if (!valid.has(bearer)) return error(response, 401, "security.auth_required");
      if (nextFailure && (!nextFailure.path || nextFailure.path === path)) {
        const failure = nextFailure;
        nextFailure = null;
        return error(response, failure.status, failure.code);
      }
      if (path === "/trf/v2/transfers" && request.method === "POST") return submit(request, response);
      if (path === "/trf/v2/transfers" && request.method === "GET") {
        const found = fake.transfers.get(url.searchParams.get("transferID") ?? "");
        return found ? sendJson(response, 200, { transfers: [found] }) : error(response, 404, "transfer.not_found");
      }
      if (path === "/trf/v2/transfers/filter") {
        const from = Date.parse(url.searchParams.get("from") ?? "");
        const to = Date.parse(url.searchParams.get("to") ?? "");
        const page = Number(url.searchParams.get("page") ?? 0);
        const size = Number(url.searchParams.get("size") ?? 100);
        const all = [...fake.transfers.values()].filter((t) => Date.parse(t.modifiedAt) >= from && Date.parse(t.modifiedAt) < to);
        return sendJson(response, 200, { elements: all.slice(page * size, (page + 1) * size), hasNext: (page + 1) * size < all.length });
      }
      if (path === "/trf/v2/balances")
        return sendJson(response, 200, { balances: [{ balanceType: "TRANSFERABLE", amount: fake.balance }] });
      if (path === "/ide/v1/services/matching") {
        const owner = fake.owners.get(url.searchParams.get("iban") ?? "");
        return sendJson(response, 200, { matched: owner?.nationalCode === url.searchParams.get("nationalCode") });
      }
      if (path === "/ide/v1/ibans") {
        const iban = url.searchParams.get("value") ?? "";
        const owner = fake.owners.get(iban);
        if (!owner) return error(response, 400, "iban.not_found");
        return sendJson(response, 200, {
          value: iban,
          ibanInfo: { bank: "MELLI", iban, status: "ACTIVE", owners: [{ firstName: owner.firstName, lastName: owner.lastName }] },
        });
      }
      return error(response, 404, "handler.not_found");
    })().catch(() => error(response, 500, "server.error"));
  });
  const url = await listenOnLoopback(server, port);
  fake.transferorUrl = `${url}/trf`;
  fake.identicatorUrl = `${url}/ide`;
  return fake;
}

if (isMain(import.meta.url)) {
  const fake = await startFakeJibit({
    apiKey: process.env.JIBIT_API_KEY ?? "jibit-test-key",
    secretKey: process.env.JIBIT_SECRET_KEY ?? "jibit-test-secret",
    port: Number(process.env.FAKE_JIBIT_PORT ?? 0),
  });
  fake.autoPay = process.env.FAKE_JIBIT_AUTOPAY === "true";
  serveUntilStopped("fake-jibit", { url: fake.transferorUrl, close: fake.close });
}
