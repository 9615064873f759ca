import type { Locale } from "@/lib/i18n/locales";
import { endpointPath, type Endpoint, type EndpointAnswer, type EndpointInput } from "@/lib/schemas/common";
import { app } from "@/server/main";

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; code: string | null };

/**
 * Calls one endpoint of the core API inside this process (lib/schemas/<feature>.ts), through the same
 * routes, validation and envelope as a browser would (server components use it for what search
 * engines must see). Answers the endpoint's response type.
 */
export async function callApi<E extends Endpoint & { file?: undefined; list?: undefined }>(
  endpoint: E,
  init: { params?: EndpointInput<E>["params"]; body?: EndpointInput<E>["body"]; locale: Locale },
): Promise<ApiResult<EndpointAnswer<E>>> {
  try {
    const response = await app.request(`/api/${endpointPath(endpoint, init.params)}`, {
      method: endpoint.method.toUpperCase(),
      headers: { accept: "application/json", "content-type": "application/json", "x-locale": init.locale },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const json = (await response.json()) as { data?: EndpointAnswer<E>; error?: { code?: string } };
    if (response.ok && json.data !== undefined) return { ok: true, status: response.status, data: json.data };
    return { ok: false, status: response.status, code: json.error?.code ?? null };
  } catch {
    return { ok: false, status: 500, code: null };
  }
}
