import type { Locale } from "@/lib/i18n/locales";
import { app } from "@/server/main";

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; code: string | null };

/**
 * Calls the core API inside this process, through the same routes, validation and envelope as a
 * browser would (server components use it for what search engines must see).
 */
export async function callApi<T>(path: string, init: { method?: string; body?: unknown; locale: Locale }): Promise<ApiResult<T>> {
  try {
    const response = await app.request(`/api/${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: { accept: "application/json", "content-type": "application/json", "x-locale": init.locale },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const json = (await response.json()) as { data?: T; error?: { code?: string } };
    if (response.ok && json.data !== undefined) return { ok: true, status: response.status, data: json.data };
    return { ok: false, status: response.status, code: json.error?.code ?? null };
  } catch {
    return { ok: false, status: 500, code: null };
  }
}
