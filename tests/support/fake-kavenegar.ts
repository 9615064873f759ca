/**
 * A stand-in for Kavenegar's verify lookup API on 127.0.0.1, answering as its documentation says
 * (https://kavenegar.com/rest.html#sms-Lookup): POST {url}/v1/{API-KEY}/verify/lookup.json with a
 * form body, or GET with the same parameters in the query. Plain node:http, no dependencies.
 *
 * For end-to-end tests it also answers GET /__messages?receptor=09… with {messages:[…]}, so a test
 * in another process can read the code that was "sent". Run on its own with
 * `npx tsx tests/support/fake-kavenegar.ts` (FAKE_KAVENEGAR_PORT, KAVENEGAR_API_KEY, KAVENEGAR_TEMPLATE).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { fakeDelay, isMain, readBody, sendJson as sendJsonWith, serveUntilStopped, listenOnLoopback } from "./fake-http";

export type FakeKavenegarMessage = { receptor: string; token: string; template: string; at: Date; token10?: string };

export type FakeKavenegar = {
  /** Use as KAVENEGAR_BASE_URL, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Every accepted lookup, oldest first. */
  messages: FakeKavenegarMessage[];
  lastCodeFor(receptor09: string): string | undefined;
  /** The next lookup request is answered with this status (e.g. 418, insufficient credit). */
  failNext(status: number): void;
  /** Wait this long before answering each lookup. */
  setDelay(ms: number): void;
  close(): Promise<void>;
};

/** Kavenegar's documented `return.message` for its error statuses. */
const STATUS_MESSAGES: Record<number, string> = {
  200: "تایید شد",
  400: "پارامترها ناقص هستند",
  401: "حساب کاربری غیرفعال شده است",
  403: "کد شناسائی API-Key معتبر نمی‌باشد",
  404: "متدی با این نام پیدا نشده است",
  405: "متد Get/Post اشتباه است",
  411: "دریافت کننده نامعتبر است",
  418: "اعتبار حساب شما کافی نیست",
  422: "داده ها به دلیل وجود کاراکتر نامناسب قابل پردازش نیست",
  424: "الگوی مورد نظر پیدا نشد",
  426: "استفاده از این متد نیازمند سرویس پیشرفته می‌باشد",
  428: "ارسال کد از طریق تماس تلفنی امکان پذیر نیست",
  431: "ساختار کد صحیح نمی‌باشد",
  432: "پارامتر کد در متن پیام پیدا نشد",
  502: "خطای داخلی سرور",
  607: "نام تگ انتخابی اشتباه است",
};

const LOOKUP_PATH = /^\/v1\/([^/]+)\/verify\/lookup\.json$/;
const ANY_METHOD_PATH = /^\/v1\/[^/]+\/[^/]+\/[^/]+\.json$/;

export async function startFakeKavenegar({
  apiKey,
  template,
  otherTemplates = [],
  port = 0,
}: {
  apiKey: string;
  template: string;
  /** Further templates approved in this panel (the notices'). */
  otherTemplates?: string[];
  port?: number;
}): Promise<FakeKavenegar> {
  const messages: FakeKavenegarMessage[] = [];
  let forcedStatus: number | null = null;
  const delay = fakeDelay();
  let nextMessageId = 8_792_343;

  const fail = (response: ServerResponse, status: number) =>
    sendJson(response, status, { return: { status, message: STATUS_MESSAGES[status] ?? "خطا" }, entries: null });

  async function lookup(request: IncomingMessage, response: ServerResponse, key: string, query: URLSearchParams) {
    const params = new URLSearchParams(query);
    if (request.method === "POST") {
      for (const [name, value] of new URLSearchParams(await readBody(request))) params.set(name, value);
    }
    await delay.pause();
    if (response.destroyed) return;

    if (forcedStatus !== null) {
      const status = forcedStatus;
      forcedStatus = null;
      return fail(response, status);
    }
    if (request.method !== "GET" && request.method !== "POST") return fail(response, 405);
    if (key !== apiKey) return fail(response, 403);

    const receptor = params.get("receptor") ?? "";
    const token = params.get("token") ?? "";
    const templateName = params.get("template") ?? "";
    if (!receptor || !token || !templateName) return fail(response, 400);
    if (templateName !== template && !otherTemplates.includes(templateName)) return fail(response, 424);
    if (!/^09\d{9}$/.test(receptor)) return fail(response, 411);
    // Tokens may not contain spaces and are at most 100 characters long.
    if (/\s/.test(token) || token.length > 100) return fail(response, 422);

    const at = new Date();
    const token10 = params.get("token10");
    messages.push({ receptor, token, template: templateName, at, ...(token10 ? { token10 } : {}) });
    sendJson(response, 200, {
      return: { status: 200, message: STATUS_MESSAGES[200] },
      entries: [
        {
          messageid: nextMessageId++,
          message: `کد تایید شما: ${token}`,
          status: 5,
          statustext: "ارسال به مخابرات",
          sender: "10008663",
          receptor,
          date: Math.floor(at.getTime() / 1000),
          cost: 120,
        },
      ],
    });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");

    if (url.pathname === "/__messages" && request.method === "GET") {
      const receptor = url.searchParams.get("receptor");
      const selected = receptor ? messages.filter((message) => message.receptor === receptor) : messages;
      return sendJson(response, 200, { messages: selected.map((message) => ({ ...message, at: message.at.toISOString() })) });
    }

    const match = LOOKUP_PATH.exec(url.pathname);
    if (match) {
      lookup(request, response, decodeURIComponent(match[1] ?? ""), url.searchParams).catch(() => {
        if (!response.headersSent) fail(response, 502);
      });
      return;
    }
    if (ANY_METHOD_PATH.test(url.pathname)) return fail(response, 404);
    sendJson(response, 404, { return: { status: 404, message: STATUS_MESSAGES[404] }, entries: null });
  });

  const baseUrl = await listenOnLoopback(server, port);

  return {
    url: baseUrl,
    messages,
    lastCodeFor: (receptor09) => messages.findLast((message) => message.receptor === receptor09)?.token,
    failNext(status) {
      forcedStatus = status;
    },
    setDelay: delay.setDelay,
    close: () => delay.close(server),
  };
}

// Lets a page under test read /__messages with fetch.
const sendJson = (response: ServerResponse, status: number, body: unknown) =>
  sendJsonWith(response, status, body, { "access-control-allow-origin": "*" });

// Standalone: `npx tsx tests/support/fake-kavenegar.ts` for Playwright's webServer.
if (isMain(import.meta.url)) {
  const fake = await startFakeKavenegar({
    apiKey: process.env.KAVENEGAR_API_KEY || "test-api-key",
    template: process.env.KAVENEGAR_TEMPLATE || "takapoo-otp",
    otherTemplates: (process.env.FAKE_KAVENEGAR_OTHER_TEMPLATES ?? "").split(",").filter(Boolean),
    port: Number(process.env.FAKE_KAVENEGAR_PORT || 0),
  });
  serveUntilStopped("fake-kavenegar", fake);
}
