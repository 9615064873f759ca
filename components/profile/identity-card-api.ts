"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import { ApiError, defaultBaseUrl } from "@/lib/api/client";
import { meKeys, type Me } from "@/lib/api/me";
import { refreshSession } from "@/lib/api/session";
import { defaultLocale, isLocale, languageOf, type Locale } from "@/lib/i18n/locales";
import { useAuthStore } from "@/stores/auth";

/** The server's limits (server/uploads); it is the authority, these only spare a pointless upload. */
export const CARD_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const CARD_MAX_BYTES = 5 * 1024 * 1024;
export const CARD_MAX_PIXELS = 6000;

function url(path: string): string {
  return `${defaultBaseUrl().replace(/\/+$/, "")}/${path}`;
}

function headers(locale: Locale, accept: string): Record<string, string> {
  const result: Record<string, string> = {
    accept,
    "accept-language": `${locale},${languageOf(locale)};q=0.9`,
    "X-Locale": locale,
  };
  const token = useAuthStore.getState().jwt;
  if (token) result.Authorization = `Bearer ${token}`;
  return result;
}

/** A fetch with the session cookie, renewed once if the access token has run out. */
async function sendWithSession(path: string, init: RequestInit, locale: Locale, accept = "application/json"): Promise<Response> {
  const send = () => fetch(url(path), { ...init, credentials: "include", headers: headers(locale, accept) });
  let response: Response;
  try {
    response = await send();
    if (response.status === 401 && (await refreshSession())) response = await send();
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, "network_error", error instanceof Error ? error.message : "network error");
  }
  return response;
}

type Envelope<T> = { data?: T; error?: { code?: string; message?: string; fields?: Record<string, string>; request_id?: string } };

/**
 * POST me/identity-verification as multipart/form-data (field `card`). The browser sets the
 * content-type with its boundary; the api client only speaks JSON.
 */
export async function requestIdentityVerification(card: File, locale: Locale): Promise<{ user: Me; message: string }> {
  const body = new FormData();
  body.append("card", card);
  const response = await sendWithSession("me/identity-verification", { method: "POST", body }, locale);
  let envelope: Envelope<{ user: Me; message: string }> = {};
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    envelope = {};
  }
  if (response.ok && envelope.data) return envelope.data;
  const error = envelope.error ?? {};
  throw new ApiError(
    response.status,
    error.code ?? "http_error",
    error.message ?? response.statusText,
    error.fields ?? {},
    error.request_id ?? null,
  );
}

export function useRequestIdentityVerification() {
  const queryClient = useQueryClient();
  const pageLocale = useLocale();
  const locale = isLocale(pageLocale) ? pageLocale : defaultLocale;
  return useMutation({
    mutationFn: (card: File) => requestIdentityVerification(card, locale),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKeys.all }),
  });
}

/** GET me/identity-card: the person's own card image, as a Blob (null when there is none). */
export async function fetchIdentityCard(locale: Locale, signal: AbortSignal): Promise<Blob | null> {
  const response = await sendWithSession(
    "me/identity-card",
    { method: "GET", signal },
    locale,
    "image/jpeg,image/png,image/webp,*/*;q=0.5",
  );
  if (!response.ok) return null;
  return response.blob();
}
