import { languageOf, type Locale } from "@/lib/i18n/locales";
import { endpointPath } from "@/lib/schemas/endpoint-path";
import type { Endpoint, EndpointAnswer, EndpointInput, ListMeta, ListResult, NoFields } from "@/lib/schemas/common";

/** The one error every API call throws: the server's envelope, or a network failure. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly requestId: string | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export type { ListMeta, ListResult };

/** How a call is sent, beside what its endpoint takes (path parameters, query, body). */
export type RequestOptions = {
  /** The accept header; default application/json, a file endpoint's media types for blob and download. */
  accept?: string;
  /** fetch's cache mode (no-store for a check that must reach the server). */
  cache?: RequestCache;
  /**
   * Makes a POST safe to retry (sent as Idempotency-Key): the server answers a repeat with the first
   * result. The client's own retry sends the same key; money forms take theirs from submissionKeys().
   */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** false: one attempt only, whatever the method (a request whose failure is its point, such as the error-reporting check). */
  retry?: boolean;
};

export type ApiClientOptions = {
  /** Sent as accept-language and X-Locale; absent for a call whose answer speaks no language (the build check). */
  locale?: Locale;
  /** Default NEXT_PUBLIC_CORE_API_URL, else same-origin /api. */
  baseUrl?: string;
  getToken?: () => string | null | undefined;
  fetch?: typeof fetch;
  /** Called once when a request answers 401 (not for auth/* calls): renews the session; true means try again. */
  onUnauthorized?: () => Promise<boolean>;
};

/** Statuses worth one more try (SPEC §7, less 409: a conflict does not heal by repeating). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 425, 429, 500, 502, 503, 504]);
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/** Whether a failed request may be sent again: idempotent methods, or any carrying an Idempotency-Key. */
export function mayRetry(method: string, idempotencyKey: string | undefined): boolean {
  return IDEMPOTENT_METHODS.has(method) || Boolean(idempotencyKey);
}

/**
 * A fresh Idempotency-Key: a random UUID. crypto.randomUUID exists only in secure contexts (HTTPS,
 * localhost); getRandomValues everywhere, so a site tried over plain HTTP still sends keys.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether a failed request may have run on the server all the same: no answer (network, abort), a
 * server error, or the server still running the first request with its key. Sending it again must
 * then reuse its key; any other answer is the request's outcome.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.code === "idempotency_request_in_progress";
}

/**
 * One Idempotency-Key per submission of a money form (wallet charge, campaign create, campaign pay;
 * the server's rules are in server/http/idempotency.ts). `keyFor(request)` is the key to send: the
 * same request sent again after an unknown outcome keeps its key, so the server answers the first
 * result instead of charging twice; once an answer came (`settled`), or for another request, a new key.
 */
export function submissionKeys() {
  let current: { key: string; request: string } | null = null;
  return {
    keyFor(request: unknown): string {
      const text = JSON.stringify(request ?? null);
      if (!current || current.request !== text) current = { key: newIdempotencyKey(), request: text };
      return current.key;
    },
    /** After the call: success (no error) or a definite refusal ends the submission; an unknown outcome keeps its key. */
    settled(error: unknown): void {
      if (error === null || error === undefined || !outcomeUnknown(error)) current = null;
    },
  };
}

export type SubmissionKeys = ReturnType<typeof submissionKeys>;

export function defaultBaseUrl(): string {
  return process.env.NEXT_PUBLIC_CORE_API_URL || "/api";
}

function buildUrl(baseUrl: string, path: string, query: unknown): string {
  const url = `${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) params.set(key, String(value));
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * An endpoint's address, for what the browser fetches without the client: an <img src> carrying the
 * session cookie, an EventSource. Built from the endpoint's path like every call's.
 */
export function endpointUrl<E extends Endpoint>(endpoint: E, params?: EndpointInput<E>["params"], baseUrl = defaultBaseUrl()): string {
  return buildUrl(baseUrl, endpointPath(endpoint, params), undefined);
}

/** What a call of `E` takes: its endpoint's parameters, query and body, and how to send it. */
export type CallOptions<E extends Endpoint> = EndpointInput<E> & RequestOptions;
/** The options argument, optional when the endpoint needs none. */
type CallArgs<E extends Endpoint> = NoFields extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];
/** An endpoint answering JSON (`call`), or a file (`blob`, `download`). */
type JsonEndpoint = Endpoint & { file?: undefined };
type FileEndpoint = Endpoint & { file: readonly string[] };

/** What `exchange` sends: the endpoint's method, its filled path, the query and the body. */
type Sent = RequestOptions & { method: string; path: string; query?: unknown; body?: unknown };

function sentOf(endpoint: Endpoint, options: Partial<CallOptions<Endpoint>> = {}): Sent {
  const { params, query, body, ...rest } = options as { params?: unknown; query?: unknown; body?: unknown } & RequestOptions;
  return {
    ...rest,
    method: endpoint.method.toUpperCase(),
    path: endpointPath(endpoint, params),
    ...(query === undefined ? {} : { query }),
    ...(body === undefined ? {} : { body }),
    ...(endpoint.file && !rest.accept ? { accept: endpoint.file.join(",") } : {}),
  };
}

type Envelope = {
  data?: unknown;
  meta?: ListMeta;
  error?: { code?: string; message?: string; fields?: Record<string, string>; request_id?: string };
};

/** An answer's JSON envelope; {} when its body is not JSON. */
async function envelopeOf(response: Response): Promise<Envelope> {
  try {
    return (await response.json()) as Envelope;
  } catch {
    return {};
  }
}

/** The ApiError of an answer that is not 2xx: the server's envelope, or the bare status. */
function failureOf(response: Response, body: Envelope): ApiError {
  const error = body.error ?? {};
  return new ApiError(
    response.status,
    error.code ?? "http_error",
    error.message ?? response.statusText,
    error.fields ?? {},
    error.request_id ?? null,
  );
}

/** The file name a Content-Disposition header gives (`attachment; filename="paya-2026-01-01.csv"`), or null. */
export function fileNameOf(disposition: string | null): string | null {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? "");
  return match?.[1]?.trim() || null;
}

/**
 * The client every client component uses (through lib/api hooks): locale headers, bearer token,
 * one retry for what may be retried, and one error type.
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const baseUrl = options.baseUrl ?? defaultBaseUrl();

  /** The final answer, ok or not, after the one retry and the one session renewal. */
  async function exchange(request: Sent): Promise<Response> {
    const { method, path } = request;
    const upload = typeof FormData !== "undefined" && request.body instanceof FormData;
    const headers: Record<string, string> = { accept: request.accept ?? "application/json" };
    if (options.locale) {
      headers["accept-language"] = `${options.locale},${languageOf(options.locale)};q=0.9`;
      headers["X-Locale"] = options.locale;
    }
    if (request.body !== undefined && !upload) headers["content-type"] = "application/json";
    const token = options.getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (request.idempotencyKey) headers["Idempotency-Key"] = request.idempotencyKey;
    const init: RequestInit = {
      method,
      headers,
      credentials: "include",
      ...(request.body === undefined ? {} : { body: upload ? (request.body as FormData) : JSON.stringify(request.body) }),
      ...(request.signal ? { signal: request.signal } : {}),
      ...(request.cache ? { cache: request.cache } : {}),
    };
    const url = buildUrl(baseUrl, path, request.query);
    const retryable = request.retry !== false && mayRetry(method, request.idempotencyKey);

    let renewed = false;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(url, init);
      } catch (error) {
        if (request.signal?.aborted) throw error;
        if (retryable && attempt === 0) continue;
        throw new ApiError(0, "network_error", error instanceof Error ? error.message : "network error");
      }
      if (!response.ok && retryable && attempt === 0 && RETRY_STATUSES.has(response.status)) continue;
      if (response.status === 401 && !renewed && options.onUnauthorized && !path.replace(/^\/+/, "").startsWith("auth/")) {
        renewed = true;
        if (await options.onUnauthorized()) {
          attempt = -1;
          continue;
        }
      }
      return response;
    }
  }

  return {
    /**
     * Calls one endpoint of a feature's table (lib/schemas/<feature>.ts): its method, its path with
     * `params` filled in, `query` and `body` as its schemas take them. Answers the `data` typed as the
     * endpoint's response schema (a list: `{ data, meta }`; a bodiless success: undefined). The answer
     * is not parsed again here: the route's handler is held to the same schema when it is type-checked.
     */
    async call<E extends JsonEndpoint>(endpoint: E, ...[options]: CallArgs<E>): Promise<EndpointAnswer<E>> {
      const response = await exchange(sentOf(endpoint, options));
      const body = await envelopeOf(response);
      if (!response.ok) throw failureOf(response, body);
      if (!endpoint.list) return body.data as EndpointAnswer<E>;
      return { data: body.data ?? [], meta: body.meta ?? { page: 1, per_page: 0, total: 0 } } as EndpointAnswer<E>;
    },
    /** A file endpoint's answer as a Blob; null when the server has none to give (any answer other than 2xx). */
    async blob<E extends FileEndpoint>(endpoint: E, ...[options]: CallArgs<E>): Promise<Blob | null> {
      const response = await exchange(sentOf(endpoint, options));
      return response.ok ? response.blob() : null;
    },
    /** A file to save (an export): its bytes and the name the server gives it; a failure throws the ApiError `call` would. */
    async download<E extends FileEndpoint>(endpoint: E, ...[options]: CallArgs<E>): Promise<{ blob: Blob; fileName: string | null }> {
      const response = await exchange(sentOf(endpoint, options));
      if (!response.ok) throw failureOf(response, await envelopeOf(response));
      return { blob: await response.blob(), fileName: fileNameOf(response.headers.get("content-disposition")) };
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
