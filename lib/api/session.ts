import { defaultBaseUrl, endpointUrl } from "./client";
import { shellEndpoints } from "./shell-endpoints";

let inflight: Promise<boolean> | null = null;

/**
 * Trades the refresh cookie for a new pair. Every request that finds its access token expired at
 * the same moment shares one refresh: two would spend the same refresh token and end the session.
 */
export function refreshSession(baseUrl = defaultBaseUrl(), doFetch: typeof fetch = (input, init) => fetch(input, init)): Promise<boolean> {
  inflight ??= doFetch(endpointUrl(shellEndpoints.refresh, undefined, baseUrl), {
    method: shellEndpoints.refresh.method.toUpperCase(),
    credentials: "include",
    headers: { accept: "application/json" },
  })
    .then((response) => response.ok)
    .catch(() => false)
    .finally(() => {
      inflight = null;
    });
  return inflight;
}
