/**
 * What the sign-in provider adapter tests share: fake Google and Apple for the file, the configs
 * aimed at them, a person's claims, and how a refusal is read.
 */
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect } from "vitest";
import { googleVerifier, OAuthVerificationError } from "@/server/adapters/oauth";
import type { OAuthFailureReason } from "@/server/adapters/oauth";
import { startFakeOAuthProvider } from "@/tests/support/fake-oauth";
import type { FakeOAuthProvider } from "@/tests/support/fake-oauth";

export const GOOGLE_CLIENT = "takapoo-web.apps.googleusercontent.com";
export const APPLE_CLIENT = "app.takapoo.web";

export let google: FakeOAuthProvider;
export let apple: FakeOAuthProvider;

beforeAll(async () => {
  google = await startFakeOAuthProvider({ issuer: "https://accounts.google.com" });
  apple = await startFakeOAuthProvider({ issuer: "https://appleid.apple.com" });
});
afterAll(async () => {
  await google.close();
  await apple.close();
});

export function googleConfig(overrides: Partial<Parameters<typeof googleVerifier>[0]> = {}) {
  return {
    clientId: GOOGLE_CLIENT,
    clientSecret: "shh",
    jwksUrl: `${google.url}/certs`,
    tokenUrl: `${google.url}/token`,
    userinfoUrl: `${google.url}/userinfo`,
    tokeninfoUrl: `${google.url}/tokeninfo`,
    ...overrides,
  };
}

export const person = {
  sub: "1098765432101234567890",
  aud: GOOGLE_CLIENT,
  azp: GOOGLE_CLIENT,
  email: "sara@example.com",
  email_verified: true,
  given_name: "Sara",
  family_name: "Ahmadi",
};

export async function rejection(promise: Promise<unknown>): Promise<OAuthVerificationError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(OAuthVerificationError);
  return error as OAuthVerificationError;
}

/** `because`, when given, is the jose error code the message must name: the token failed for the reason under test. */
export async function expectReason(promise: Promise<unknown>, reason: OAuthFailureReason, because?: string): Promise<void> {
  const error = await rejection(promise);
  expect(error.reason).toBe(reason);
  if (because) expect(error.message).toContain(because);
}

export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
