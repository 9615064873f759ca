import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { GatewayError } from "@/server/adapters/payments/types";

export const MERCHANT_ID = "1344b5d4-0048-11e8-94db-005056a205be";
export const STRIPE_KEY = "sk_test_51TakapooSecretKeyForTests0000wxyz";
export const NOWPAYMENTS_KEY = "NP7Q2KD-TEST-KEY-9XM4ZR1";
/** Rials per US dollar. */
export const RATE = 1_050_000;

/** Starts a fake provider for the file (beforeAll), answers it without delay after each test, closes it after the file. */
export function fakeForFile<T extends { close(): Promise<void>; setDelay(ms: number): void }>(start: () => Promise<T>): () => T {
  let fake: T | undefined;
  beforeAll(async () => {
    fake = await start();
  });
  afterAll(() => fake?.close());
  afterEach(() => fake?.setDelay(0));
  return () => fake!;
}

let serial = 0;
export function paymentInput(gateway: string, amount: number, extra: { mobile?: string; email?: string } = {}) {
  const transactionId = `tx-${gateway}-${++serial}`;
  return {
    transactionId,
    amount,
    description: "شارژ کیف پول تکاپو",
    callbackUrl: `https://takapoo.test/api/payments/${gateway}/callback?tx=${transactionId}`,
    ...extra,
  };
}

export function queryOf(url: string): URLSearchParams {
  return new URL(url).searchParams;
}

export async function gatewayError(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

export function expectNoSecret(error: Error, ...secrets: string[]): void {
  for (const text of [error.message, String(error), error.stack ?? "", JSON.stringify(error)]) {
    for (const secret of secrets) expect(text).not.toContain(secret);
  }
}
