/**
 * A stand-in for NOWPayments' API on 127.0.0.1, answering as its documentation says
 * (https://documenter.getpostman.com/view/7907941/2s93JusNJt): JSON, `x-api-key` header (403 INVALID_API_KEY
 * otherwise), errors as {status: false, statusCode, code, message}.
 *
 *   POST /v1/invoice          {price_amount, price_currency, order_id, order_description, success_url, cancel_url}
 *                             → {id: "4522625843", invoice_url: "<url>/payment/?iid=4522625843", price_amount: "12.35", …}
 *   GET  /v1/payment/{id}     → {payment_id, invoice_id, payment_status, price_amount, price_currency, pay_amount, …}
 *   GET  /payment/?iid={id}   the "invoice page": links "pay" (a payment that is "finished", then a redirect to
 *                             success_url with NP_id=<payment id>) and "cancel" (a redirect to cancel_url)
 *
 * Plain node:http, no project imports. Run on its own with `npx tsx tests/support/fake-nowpayments.ts`
 * (FAKE_NOWPAYMENTS_PORT, NOWPAYMENTS_API_KEY) for browser tests.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { fakeDelay, isMain, readBody, sendHtml, sendJson, serveUntilStopped, listenOnLoopback } from "./fake-http";

export type FakeNowPaymentsStatus =
  "waiting" | "confirming" | "confirmed" | "sending" | "partially_paid" | "finished" | "failed" | "refunded" | "expired";

export type FakeNowPaymentsInvoice = {
  id: string;
  order_id: string | null;
  order_description: string | null;
  price_amount: string;
  price_currency: string;
  pay_currency: string | null;
  ipn_callback_url: string | null;
  invoice_url: string;
  success_url: string | null;
  cancel_url: string | null;
  created_at: string;
  updated_at: string;
};

export type FakeNowPaymentsPayment = {
  payment_id: number;
  invoice_id: number;
  payment_status: FakeNowPaymentsStatus;
  pay_address: string;
  price_amount: number;
  price_currency: string;
  pay_amount: number;
  actually_paid: number;
  pay_currency: string;
  order_id: string | null;
  order_description: string | null;
  purchase_id: string;
  created_at: string;
  updated_at: string;
  outcome_amount: number;
  outcome_currency: string;
};

export type FakeNowPayments = {
  /** Use as NOWPAYMENTS_BASE_URL. */
  url: string;
  invoices: Map<string, FakeNowPaymentsInvoice>;
  /** By payment id. */
  payments: Map<string, FakeNowPaymentsPayment>;
  /** The invoice creation bodies, oldest first. */
  requests: Array<Record<string, unknown>>;
  /** The payer paid the invoice (status "finished" unless told otherwise): the payment id and the success redirect. */
  pay(invoiceId: string, options?: { status?: FakeNowPaymentsStatus }): { paymentId: string; callbackUrl: string };
  /** The payer cancelled on the invoice page: the cancel redirect. */
  cancel(invoiceId: string): string;
  /** Changes a payment, e.g. {payment_status: "finished"} or a different price_amount. */
  update(paymentId: string, patch: Partial<FakeNowPaymentsPayment>): void;
  /** The next API request is answered with this HTTP status. */
  failNext(httpStatus: number): void;
  setDelay(ms: number): void;
  /** How many GET /v1/payment/{id} requests arrived. */
  readonly paymentCalls: number;
  close(): Promise<void>;
};

export async function startFakeNowPayments({ apiKey, port = 0 }: { apiKey: string; port?: number }): Promise<FakeNowPayments> {
  const invoices = new Map<string, FakeNowPaymentsInvoice>();
  const payments = new Map<string, FakeNowPaymentsPayment>();
  const requests: Array<Record<string, unknown>> = [];
  let forcedStatus: number | null = null;
  const delay = fakeDelay();
  let paymentCalls = 0;
  let nextInvoiceId = 4_522_625_843;
  let nextPaymentId = 5_524_759_814;
  let baseUrl = "";

  const fail = (response: ServerResponse, statusCode: number, code: string, message: string) =>
    sendJson(response, statusCode, { status: false, statusCode, code, message });

  function invoiceOrThrow(id: string): FakeNowPaymentsInvoice {
    const invoice = invoices.get(id);
    if (!invoice) throw new Error(`fake-nowpayments: no invoice ${id}`);
    return invoice;
  }

  function pay(invoiceId: string, { status = "finished" }: { status?: FakeNowPaymentsStatus } = {}) {
    const invoice = invoiceOrThrow(invoiceId);
    const now = new Date().toISOString();
    const price = Number(invoice.price_amount);
    const payAmount = Math.round((price / 0.9982) * 1e6) / 1e6;
    const payment: FakeNowPaymentsPayment = {
      payment_id: nextPaymentId++,
      invoice_id: Number(invoice.id),
      payment_status: status,
      pay_address: "TSKh8uZnkt12345teYPNNNdRbspqW12345",
      price_amount: price,
      price_currency: invoice.price_currency,
      pay_amount: payAmount,
      actually_paid: status === "waiting" ? 0 : payAmount,
      pay_currency: "usdttrc20",
      order_id: invoice.order_id,
      order_description: invoice.order_description,
      purchase_id: String(nextPaymentId + 1_000_000),
      created_at: now,
      updated_at: now,
      outcome_amount: Math.round(payAmount * 0.995 * 1e6) / 1e6,
      outcome_currency: "usdttrc20",
    };
    const paymentId = String(payment.payment_id);
    payments.set(paymentId, payment);
    const url = new URL(invoice.success_url ?? baseUrl);
    url.searchParams.set("NP_id", paymentId);
    return { paymentId, callbackUrl: url.toString() };
  }

  function createInvoice(response: ServerResponse, body: Record<string, unknown>) {
    requests.push(body);
    const price = body.price_amount;
    if (typeof price !== "number" || !Number.isFinite(price) || price <= 0) {
      return fail(response, 400, "INVALID_REQUEST_PARAMS", '"price_amount" must be a positive number');
    }
    if (typeof body.price_currency !== "string" || !body.price_currency) {
      return fail(response, 400, "INVALID_REQUEST_PARAMS", '"price_currency" is required');
    }
    for (const field of ["success_url", "cancel_url", "ipn_callback_url"]) {
      const value = body[field];
      if (value !== undefined && (typeof value !== "string" || !URL.canParse(value))) {
        return fail(response, 400, "INVALID_REQUEST_PARAMS", `"${field}" must be a valid uri`);
      }
    }
    const id = String(nextInvoiceId++);
    const now = new Date().toISOString();
    const invoice: FakeNowPaymentsInvoice = {
      id,
      order_id: typeof body.order_id === "string" ? body.order_id : null,
      order_description: typeof body.order_description === "string" ? body.order_description : null,
      price_amount: String(price),
      price_currency: body.price_currency,
      pay_currency: null,
      ipn_callback_url: typeof body.ipn_callback_url === "string" ? body.ipn_callback_url : null,
      invoice_url: `${baseUrl}/payment/?iid=${id}`,
      success_url: typeof body.success_url === "string" ? body.success_url : null,
      cancel_url: typeof body.cancel_url === "string" ? body.cancel_url : null,
      created_at: now,
      updated_at: now,
    };
    invoices.set(id, invoice);
    sendJson(response, 200, invoice);
  }

  async function api(request: IncomingMessage, response: ServerResponse, url: URL) {
    const text = await readBody(request);
    await delay.pause();
    if (response.destroyed) return;
    if (forcedStatus !== null) {
      const status = forcedStatus;
      forcedStatus = null;
      return fail(response, status, "INTERNAL_ERROR", "Internal server error");
    }
    if (request.headers["x-api-key"] !== apiKey) return fail(response, 403, "INVALID_API_KEY", "Invalid api key");

    if (url.pathname === "/v1/invoice" && request.method === "POST") {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return fail(response, 400, "INVALID_REQUEST_PARAMS", "Request body must be JSON");
      }
      if (typeof body !== "object" || body === null || Array.isArray(body))
        return fail(response, 400, "INVALID_REQUEST_PARAMS", "Bad request");
      return createInvoice(response, body as Record<string, unknown>);
    }

    const match = /^\/v1\/payment\/([^/]+)$/.exec(url.pathname);
    if (match && request.method === "GET") {
      paymentCalls += 1;
      const id = decodeURIComponent(match[1] ?? "");
      if (!/^\d+$/.test(id)) return fail(response, 400, "INVALID_REQUEST_PARAMS", '"payment_id" must be a number');
      const payment = payments.get(id);
      if (!payment) return fail(response, 404, "PAYMENT_NOT_FOUND", "Payment not found");
      return sendJson(response, 200, payment);
    }
    fail(response, 404, "NOT_FOUND", "Not found");
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");

    if (url.pathname.startsWith("/v1/")) {
      api(request, response, url).catch(() => {
        if (!response.headersSent) fail(response, 500, "INTERNAL_ERROR", "Internal server error");
      });
      return;
    }

    const page = /^\/payment\/(pay|cancel)?$/.exec(url.pathname);
    if (page && request.method === "GET") {
      const invoiceId = url.searchParams.get("iid") ?? "";
      const invoice = invoices.get(invoiceId);
      if (!invoice) return sendHtml(response, 404, "<html><body><p>Invoice not found</p></body></html>");
      if (page[1]) {
        const target = page[1] === "pay" ? pay(invoiceId).callbackUrl : (invoice.cancel_url ?? baseUrl);
        response.writeHead(302, { location: target });
        return response.end();
      }
      return sendHtml(
        response,
        200,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>NOWPayments (fake)</title></head><body>` +
          `<h1>Invoice ${invoiceId}</h1><p data-amount="${invoice.price_amount}">${invoice.price_amount} ${invoice.price_currency.toUpperCase()}</p>` +
          `<a id="pay" href="/payment/pay?iid=${invoiceId}">pay</a> <a id="cancel" href="/payment/cancel?iid=${invoiceId}">cancel</a></body></html>`,
      );
    }
    fail(response, 404, "NOT_FOUND", "Not found");
  });

  baseUrl = await listenOnLoopback(server, port);

  return {
    url: baseUrl,
    invoices,
    payments,
    requests,
    pay,
    cancel: (invoiceId) => invoiceOrThrow(invoiceId).cancel_url ?? baseUrl,
    update(paymentId, patch) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`fake-nowpayments: no payment ${paymentId}`);
      Object.assign(payment, patch, { updated_at: new Date().toISOString() });
    },
    failNext(httpStatus) {
      forcedStatus = httpStatus;
    },
    setDelay: delay.setDelay,
    get paymentCalls() {
      return paymentCalls;
    },
    close: () => delay.close(server),
  };
}

// Standalone: `npx tsx tests/support/fake-nowpayments.ts` for Playwright's webServer.
if (isMain(import.meta.url)) {
  const fake = await startFakeNowPayments({
    apiKey: process.env.NOWPAYMENTS_API_KEY || "NP-TEST-KEY-takapoo",
    port: Number(process.env.FAKE_NOWPAYMENTS_PORT || 0),
  });
  serveUntilStopped("fake-nowpayments", fake);
}
