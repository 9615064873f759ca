import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  consoleSmsSender,
  kavenegarSmsSender,
  maskPhone,
  SmsDeliveryError,
  smsSenderFromEnv,
  toKavenegarReceptor,
} from "@/server/adapters/sms";
import { startFakeKavenegar, type FakeKavenegar } from "../../support/fake-kavenegar";

const API_KEY = "4F6E2B7A-TEST-KEY-5c3d9e";
const TEMPLATE = "takapoo-otp";
const PHONE = "+989121234567";
const RECEPTOR = "09121234567";

let fake: FakeKavenegar;

beforeAll(async () => {
  fake = await startFakeKavenegar({ apiKey: API_KEY, template: TEMPLATE });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.setDelay(0);
  vi.restoreAllMocks();
});

async function deliveryError(promise: Promise<unknown>): Promise<SmsDeliveryError> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(SmsDeliveryError);
  return error as SmsDeliveryError;
}

function expectNoSecrets(error: SmsDeliveryError, code: string): void {
  for (const text of [error.message, String(error), error.stack ?? "", JSON.stringify(error)]) {
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(code);
  }
}

describe("kavenegarSmsSender against a Kavenegar-compatible server", () => {
  it("sends the code by verify lookup: POST form with receptor 09…, token and template", async () => {
    const requests: Array<{ url: string; method?: string; contentType: string | null }> = [];
    const recordingFetch: typeof fetch = (input, init) => {
      requests.push({ url: String(input), method: init?.method, contentType: new Headers(init?.headers).get("content-type") });
      return fetch(input, init);
    };
    const sender = kavenegarSmsSender({ apiKey: API_KEY, template: TEMPLATE, baseUrl: `${fake.url}/`, fetch: recordingFetch });

    await sender.sendOtp({ phone: PHONE, code: "482913", purpose: "register" });

    expect(requests).toEqual([
      { url: `${fake.url}/v1/${API_KEY}/verify/lookup.json`, method: "POST", contentType: "application/x-www-form-urlencoded" },
    ]);
    expect(fake.messages.at(-1)).toEqual({ receptor: RECEPTOR, token: "482913", template: TEMPLATE, at: expect.any(Date) });
    expect(fake.lastCodeFor(RECEPTOR)).toBe("482913");
  });

  it("rejects a wrong API key with status 403, naming neither the key nor the code", async () => {
    const wrongKey = "WRONG-KEY-0000";
    const sender = kavenegarSmsSender({ apiKey: wrongKey, template: TEMPLATE, baseUrl: fake.url });
    const error = await deliveryError(sender.sendOtp({ phone: PHONE, code: "730145", purpose: "login" }));
    expect(error).toMatchObject({ provider: "kavenegar", reason: "rejected", status: 403, httpStatus: 403 });
    expect(error.message).not.toContain(wrongKey);
    expect(error.message).not.toContain("730145");
  });

  it("rejects an unknown template with status 424", async () => {
    const sender = kavenegarSmsSender({ apiKey: API_KEY, template: "no-such-template", baseUrl: fake.url });
    const error = await deliveryError(sender.sendOtp({ phone: PHONE, code: "111222", purpose: "login" }));
    expect(error).toMatchObject({ reason: "rejected", status: 424 });
    expectNoSecrets(error, "111222");
  });

  it("reports insufficient credit (418), and the next message goes through", async () => {
    const sender = kavenegarSmsSender({ apiKey: API_KEY, template: TEMPLATE, baseUrl: fake.url });
    fake.failNext(418);
    const error = await deliveryError(sender.sendOtp({ phone: PHONE, code: "918273", purpose: "reset_password" }));
    expect(error).toMatchObject({ reason: "rejected", status: 418 });
    expect(error.message).toContain("418");
    expectNoSecrets(error, "918273");
    expect(fake.lastCodeFor(RECEPTOR)).not.toBe("918273");

    await sender.sendOtp({ phone: PHONE, code: "564738", purpose: "reset_password" });
    expect(fake.lastCodeFor(RECEPTOR)).toBe("564738");
  });

  it("gives up after timeoutMs when the provider does not answer", async () => {
    fake.setDelay(1_000);
    const sender = kavenegarSmsSender({ apiKey: API_KEY, template: TEMPLATE, baseUrl: fake.url, timeoutMs: 50 });
    const started = Date.now();
    const error = await deliveryError(sender.sendOtp({ phone: PHONE, code: "246810", purpose: "verify_phone" }));
    expect(Date.now() - started).toBeLessThan(900);
    expect(error).toMatchObject({ reason: "timeout", status: null });
    expectNoSecrets(error, "246810");
  });

  it("reports a network error when nothing listens", async () => {
    const closed = await startFakeKavenegar({ apiKey: API_KEY, template: TEMPLATE });
    await closed.close();
    const sender = kavenegarSmsSender({ apiKey: API_KEY, template: TEMPLATE, baseUrl: closed.url });
    const error = await deliveryError(sender.sendOtp({ phone: PHONE, code: "135791", purpose: "login" }));
    expect(error).toMatchObject({ reason: "network", status: null });
    expectNoSecrets(error, "135791");
  });

  it("reports an answer that is not JSON (e.g. a proxy's error page) with its HTTP status", async () => {
    const proxy = createServer((_request, response) => {
      response.writeHead(502, { "content-type": "text/html" });
      response.end("<html><body>502 Bad Gateway</body></html>");
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = proxy.address() as AddressInfo;
      const sender = kavenegarSmsSender({ apiKey: API_KEY, template: TEMPLATE, baseUrl: `http://127.0.0.1:${port}` });
      const error = await deliveryError(sender.sendOtp({ phone: PHONE, code: "975310", purpose: "login" }));
      expect(error).toMatchObject({ reason: "bad_response", status: 502, httpStatus: 502 });
      expectNoSecrets(error, "975310");
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it("refuses a number that is not an Iranian mobile without calling the provider", async () => {
    const count = fake.messages.length;
    const sender = kavenegarSmsSender({ apiKey: API_KEY, template: TEMPLATE, baseUrl: fake.url });
    const error = await deliveryError(sender.sendOtp({ phone: "+905321234567", code: "112358", purpose: "register" }));
    expect(error).toMatchObject({ reason: "unsupported_phone", status: null });
    expect(fake.messages.length).toBe(count);
  });

  it("converts E.164 Iranian mobiles to Kavenegar's 09… form", () => {
    expect(toKavenegarReceptor("+989121234567")).toBe("09121234567");
    expect(toKavenegarReceptor("+98 912 123 4567")).toBe("09121234567");
    expect(toKavenegarReceptor("+982188888888")).toBeNull();
    expect(toKavenegarReceptor("09121234567")).toBeNull();
  });
});

describe("the fake Kavenegar", () => {
  it("answers a GET lookup with the documented entries structure", async () => {
    const query = new URLSearchParams({ receptor: "09351112233", token: "777888", template: TEMPLATE });
    const response = await fetch(`${fake.url}/v1/${API_KEY}/verify/lookup.json?${query}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { return: { status: number }; entries: Array<Record<string, unknown>> };
    expect(body.return.status).toBe(200);
    expect(body.entries[0]).toMatchObject({ receptor: "09351112233", status: 5, messageid: expect.any(Number), cost: expect.any(Number) });
  });

  it("answers 411 for a receptor that is not 09xxxxxxxxx", async () => {
    const response = await fetch(`${fake.url}/v1/${API_KEY}/verify/lookup.json`, {
      method: "POST",
      body: new URLSearchParams({ receptor: "+989121234567", token: "123456", template: TEMPLATE }),
    });
    expect(response.status).toBe(411);
    expect(await response.json()).toMatchObject({ return: { status: 411 }, entries: null });
  });

  it("lists sent messages over HTTP for end-to-end tests", async () => {
    await kavenegarSmsSender({ apiKey: API_KEY, template: TEMPLATE, baseUrl: fake.url }).sendOtp({
      phone: "+989198887766",
      code: "606060",
      purpose: "register",
    });
    const response = await fetch(`${fake.url}/__messages?receptor=09198887766`);
    const body = (await response.json()) as { messages: Array<{ receptor: string; token: string; template: string; at: string }> };
    expect(body.messages).toEqual([{ receptor: "09198887766", token: "606060", template: TEMPLATE, at: expect.any(String) }]);
  });
});

describe("consoleSmsSender", () => {
  it("prints the code and a masked phone", async () => {
    const lines: string[] = [];
    await consoleSmsSender((line) => lines.push(line)).sendOtp({ phone: PHONE, code: "123456", purpose: "login" });
    expect(lines).toEqual(["[sms] to +98912***4567 code 123456 (login)"]);
    expect(lines[0]).not.toContain(PHONE);
    expect(maskPhone(PHONE)).toBe("+98912***4567");
  });
});

describe("smsSenderFromEnv", () => {
  it("uses the console sender by default", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    await smsSenderFromEnv({}).sendOtp({ phone: PHONE, code: "314159", purpose: "verify_phone" });
    expect(info).toHaveBeenCalledWith("[sms] to +98912***4567 code 314159 (verify_phone)");
  });

  it("uses Kavenegar at KAVENEGAR_BASE_URL when SMS_PROVIDER=kavenegar", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const sender = smsSenderFromEnv({
      SMS_PROVIDER: "kavenegar",
      KAVENEGAR_API_KEY: API_KEY,
      KAVENEGAR_TEMPLATE: TEMPLATE,
      KAVENEGAR_BASE_URL: fake.url,
    });
    await sender.sendOtp({ phone: PHONE, code: "271828", purpose: "login" });
    expect(fake.lastCodeFor(RECEPTOR)).toBe("271828");
    expect(info).not.toHaveBeenCalled();
  });

  it("names the missing configuration", () => {
    expect(() => smsSenderFromEnv({ SMS_PROVIDER: "kavenegar", KAVENEGAR_TEMPLATE: TEMPLATE })).toThrow(/KAVENEGAR_API_KEY/);
    expect(() => smsSenderFromEnv({ SMS_PROVIDER: "kavenegar", KAVENEGAR_API_KEY: API_KEY })).toThrow(/KAVENEGAR_TEMPLATE/);
    expect(() => smsSenderFromEnv({ SMS_PROVIDER: "kavenegar", KAVENEGAR_API_KEY: " ", KAVENEGAR_TEMPLATE: "" })).toThrow(
      /KAVENEGAR_API_KEY and KAVENEGAR_TEMPLATE/,
    );
    expect(() => smsSenderFromEnv({ SMS_PROVIDER: "twilio" })).toThrow(/SMS_PROVIDER/);
    expect(() =>
      smsSenderFromEnv({
        SMS_PROVIDER: "kavenegar",
        KAVENEGAR_API_KEY: API_KEY,
        KAVENEGAR_TEMPLATE: TEMPLATE,
        KAVENEGAR_BASE_URL: "not a url",
      }),
    ).toThrow(/KAVENEGAR_BASE_URL/);
  });

  it("never puts the API key in a configuration error", () => {
    let message = "";
    try {
      smsSenderFromEnv({ SMS_PROVIDER: "kavenegar", KAVENEGAR_API_KEY: API_KEY });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/KAVENEGAR_TEMPLATE/);
    expect(message).not.toContain(API_KEY);
  });
});
