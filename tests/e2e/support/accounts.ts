import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { PHONE } from "./layout";

/** The fake Kavenegar the end-to-end server texts its codes to (playwright.config.ts starts it). */
export const kavenegarUrl = `http://127.0.0.1:${process.env.E2E_KAVENEGAR_PORT || 3217}`;

export const PASSWORD = "Takapoo-Rial-2026!x";

let counter = 0;
/** A fresh Iranian mobile number per call (and per run), in 09… form. */
export function freshPhone(): string {
  counter += 1;
  const tail = `${Date.now() % 100_000}${counter}`.padStart(7, "0").slice(-7);
  return `0935${tail}`;
}

/** Where this run's national IDs start: nine digits, different each run. */
const nationalIdStart = 100_000_000 + Math.floor(Math.random() * 800_000_000);
let nationalIds = 0;
/**
 * A fresh valid Iranian national ID per call (one account per national ID may be verified, so each test
 * person has their own): nine digits counted up from a random start, then the check digit.
 */
export function freshNationalId(): string {
  nationalIds += 1;
  const body = String(nationalIdStart + nationalIds);
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(body[i]) * (10 - i);
  const r = sum % 11;
  return `${body}${r < 2 ? r : 11 - r}`;
}

/** The last code texted to a phone (09… form), read from the fake Kavenegar. */
export async function lastCode(request: APIRequestContext, phone09: string, previous?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`${kavenegarUrl}/__messages?receptor=${phone09}`);
      const { messages } = (await answer.json()) as { messages: { token: string }[] };
      code = messages.at(-1)?.token;
      return code && code !== previous ? code : undefined;
    })
    .toBeTruthy();
  return code!;
}

/**
 * Registers and signs a user in through the API, the cookies landing in the page's browser context.
 * Each sign-up claims its own client address (the e2e server trusts X-Forwarded-For) so the
 * per-IP hourly code limit is left to the tests that are about it.
 */
export async function signUpViaApi(page: Page, options: { locale?: string; phone?: string } = {}) {
  const phone = options.phone ?? freshPhone();
  const email = `e2e-${phone}@takapoo.test`;
  const headers = { "X-Locale": options.locale ?? "en-US", "x-forwarded-for": `10.99.${counter % 250}.${(Date.now() % 250) + 1}` };
  const started = await page.request.post("/api/auth/register", {
    headers,
    data: { first_name: "Sara", last_name: "Test", phone, email, password: PASSWORD, password_confirmation: PASSWORD, terms: true },
  });
  expect(started.status()).toBe(200);
  const { data } = (await started.json()) as { data: { otp: { token: string } } };
  const verified = await page.request.post("/api/auth/otp/verify", {
    headers,
    data: { token: data.otp.token, code: await lastCode(page.request, phone), trust_device: true },
  });
  expect(verified.status()).toBe(200);
  return { phone, email };
}

/** signUpViaApi for someone on a phone: the page at the phone's size first. */
export async function signUpOnPhone(page: Page, locale: string) {
  await page.setViewportSize(PHONE);
  return signUpViaApi(page, { locale });
}

/** A valid Iranian IBAN at Bank Melli (bank code 017), check digits by ISO 13616 mod-97; another account by its number. */
export function melliIban(account = "100324200001"): string {
  const body = `017${account.padStart(19, "0")}`;
  const check = 98n - (BigInt(`${body}182700`) % 97n);
  return `IR${String(check).padStart(2, "0")}${body}`;
}
