import { isTimeout, networkCode, redact } from "@/server/adapters/http-failure";
import { RailError } from "./types";

/**
 * One authenticated session with a Jibit API (Transferor at {base}/v2, Identicator at {base}/v1):
 *
 *   POST {base}/{version}/tokens/generate {apiKey, secretKey}        → {accessToken, refreshToken}
 *   POST {base}/{version}/tokens/refresh  {accessToken, refreshToken} → {accessToken, refreshToken}
 *   then every call with `Authorization: Bearer {accessToken}`; errors answer {fingerprint, errors: [{code, message}]}.
 *
 * Access tokens live 24 hours and refresh tokens 48: a token is renewed an hour before it expires and
 * again whenever Jibit answers 401 (it expired early, or Jibit revoked it), refreshed first and generated
 * anew when the refresh is refused. Renewal is under a lock (one renewal in flight; every caller waits
 * for it), so a burst of calls with an expired token makes one token request, not one each.
 * Keys and tokens never appear in errors.
 */
export type JibitSessionOptions = {
  apiKey: string;
  secretKey: string;
  /** e.g. https://napi.jibit.ir/trf */
  baseUrl: string;
  /** "v2" (Transferor) or "v1" (Identicator). */
  version: "v1" | "v2";
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The product's name in messages: "Jibit Transferor". */
  product: string;
  now?: () => number;
};

export type JibitAnswer = { status: number; json: unknown };
type Tokens = { access: string; refresh: string; renewAt: number };

const TOKEN_LIFETIME_MS = 24 * 3_600_000;
const RENEW_BEFORE_MS = 3_600_000;

export function jibitErrorCode(json: unknown): string | null {
  const errors = (json as { errors?: unknown } | null)?.errors;
  const first = Array.isArray(errors) ? (errors[0] as { code?: unknown } | undefined) : undefined;
  return typeof first?.code === "string" ? first.code : null;
}

export function jibitSession(options: JibitSessionOptions) {
  const root = options.baseUrl.replace(/\/+$/, "");
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;
  let tokens: Tokens | null = null;
  let renewing: Promise<Tokens> | null = null;
  const secrets = () => [options.apiKey, options.secretKey, tokens?.access ?? "", tokens?.refresh ?? ""];

  async function raw(label: string, method: string, path: string, body: unknown, bearer: string | null): Promise<JibitAnswer> {
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${root}/${options.version}${path}`, {
        method,
        headers: {
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const message = isTimeout(error) ? `${label} timed out after ${timeoutMs} ms` : `${label} failed: network error${networkCode(error)}`;
      throw new RailError(redact(message, secrets()), { reason: "unavailable" });
    }
    let json: unknown;
    try {
      json = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, json };
  }

  const tokensOf = (answer: JibitAnswer, label: string): Tokens => {
    const body = answer.json as { accessToken?: unknown; refreshToken?: unknown } | undefined;
    if (answer.status >= 200 && answer.status < 300 && typeof body?.accessToken === "string" && typeof body.refreshToken === "string")
      return { access: body.accessToken, refresh: body.refreshToken, renewAt: now() + TOKEN_LIFETIME_MS - RENEW_BEFORE_MS };
    if (answer.status >= 500 || answer.status === 429)
      throw new RailError(`${label} failed with HTTP ${answer.status}`, { reason: "unavailable", httpStatus: answer.status });
    const code = jibitErrorCode(answer.json);
    throw new RailError(`${label} was refused${code ? ` (${code})` : ""}: ${options.product} did not accept the API key and secret`, {
      reason: answer.status >= 200 && answer.status < 300 ? "bad_response" : "credentials",
      providerCode: code,
      httpStatus: answer.status,
    });
  };

  async function renew(stale: Tokens | null): Promise<Tokens> {
    if (stale) {
      const refreshed = await raw(
        `${options.product} token refresh`,
        "POST",
        "/tokens/refresh",
        {
          accessToken: stale.access,
          refreshToken: stale.refresh,
        },
        null,
      );
      if (refreshed.status >= 200 && refreshed.status < 300) return tokensOf(refreshed, `${options.product} token refresh`);
      if (refreshed.status >= 500 || refreshed.status === 429) return tokensOf(refreshed, `${options.product} token refresh`);
    }
    const generated = await raw(
      `${options.product} token`,
      "POST",
      "/tokens/generate",
      {
        apiKey: options.apiKey,
        secretKey: options.secretKey,
      },
      null,
    );
    return tokensOf(generated, `${options.product} token`);
  }

  /**
   * A valid access token: the current one, or the one the renewal under way (or a new one) brings.
   * `refused` is a token Jibit just answered 401 to: it is renewed unless another caller already did.
   */
  async function token(refused?: string): Promise<string> {
    const current = tokens;
    if (current && current.access !== refused && current.renewAt > now()) return current.access;
    renewing ??= renew(current)
      .then((fresh) => (tokens = fresh))
      .finally(() => (renewing = null));
    return (await renewing).access;
  }

  return {
    /** One call with the token; a 401 renews the token and tries once more. */
    async call(label: string, method: "GET" | "POST", path: string, body?: unknown): Promise<JibitAnswer> {
      const used = await token();
      const first = await raw(label, method, path, body, used);
      if (first.status !== 401) return first;
      return raw(label, method, path, body, await token(used));
    },
    redact: (message: string) => redact(message, secrets()),
  };
}
