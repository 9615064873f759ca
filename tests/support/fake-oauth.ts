// A stand-in for Google's and Apple's sign-in endpoints, listening on 127.0.0.1, answering as their docs say.
// Self-contained on purpose (node:http + jose only, no project imports) so a separate process can run it too.
//
//   GET  /certs, /keys      JSON Web Key Set of the provider's signing key (Google path, Apple path)
//   POST /token             Google authorization-code exchange (form body); codes come from registerCode()
//   GET  /userinfo          OpenID userinfo for a Bearer access token from registerAccessToken()
//   GET  /tokeninfo         Google tokeninfo (?access_token=...) for a token from registerAccessToken()
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { base64url, exportJWK, exportSPKI, generateKeyPair, SignJWT } from "jose";
import type { CryptoKey, JWK, JWTPayload } from "jose";
import { readBody, sendJson as sendJsonWith } from "./fake-http";

export type FakeClaims = JWTPayload & Record<string, unknown>;

export type SignOptions = {
  /** Key id put in the header; default the served key's kid; null leaves the header without a kid. */
  kid?: string | null;
  /** Default "RS256". "none" builds an unsigned token by hand; "HS256" etc. need `key` to be a Uint8Array secret. */
  alg?: string;
  /** Signing key; default the served key pair's private key. */
  key?: CryptoKey | Uint8Array;
  /** Seconds from now until exp (negative for an expired token); default 600. An `exp` in the claims wins. */
  expiresIn?: number;
};

export type CodeOptions = {
  /** When set, the exchange must send this redirect_uri (else invalid_grant). */
  redirectUri?: string;
  /** When set, the exchange must send this client_id/client_secret (else 401 invalid_client). */
  clientId?: string;
  clientSecret?: string;
  /** The access token answered beside the ID token; default a random one, registered for /userinfo and /tokeninfo. */
  accessToken?: string;
};

export type AccessTokenOptions = {
  /** The client the token was issued to (tokeninfo aud and azp). */
  aud: string;
  /** The userinfo answer: sub, email, email_verified, given_name, family_name, ... */
  claims: Record<string, unknown>;
  /** Seconds the token stays valid; default 3599. Zero or negative: tokeninfo answers invalid_token. */
  expiresIn?: number;
  scope?: string;
};

export type FakeOAuthProvider = {
  url: string;
  issuer: string;
  kid: string;
  publicJwk: JWK;
  /** The public key as SPKI PEM (for algorithm-confusion tests). */
  publicKeyPem: string;
  privateKey: CryptoKey;
  signIdToken(claims: FakeClaims, opts?: SignOptions): Promise<string>;
  registerCode(code: string, claims: FakeClaims, opts?: CodeOptions): void;
  registerAccessToken(token: string, opts: AccessTokenOptions): void;
  /** Form bodies received by /token, oldest first. */
  tokenRequests: URLSearchParams[];
  /** Make every endpoint answer this status (e.g. 503) until set back to null. */
  setFailure(status: number | null): void;
  close(): Promise<void>;
};

type StoredAccessToken = { aud: string; claims: Record<string, unknown>; exp: number; scope: string };

function now(): number {
  return Math.floor(Date.now() / 1000);
}

const sendJson = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  sendJsonWith(response, status, body, { "cache-control": "no-store", ...headers });

export async function startFakeOAuthProvider(options: { issuer?: string; port?: number } = {}): Promise<FakeOAuthProvider> {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = `fake-${crypto.randomUUID().slice(0, 8)}`;
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const publicKeyPem = await exportSPKI(publicKey);

  const codes = new Map<string, { claims: FakeClaims; opts: CodeOptions }>();
  const accessTokens = new Map<string, StoredAccessToken>();
  const tokenRequests: URLSearchParams[] = [];
  let failure: number | null = null;
  let issuer = options.issuer ?? "";

  async function signIdToken(claims: FakeClaims, opts: SignOptions = {}): Promise<string> {
    const issuedAt = now();
    const payload: FakeClaims = { iss: issuer, iat: issuedAt, exp: issuedAt + (opts.expiresIn ?? 600), ...claims };
    const alg = opts.alg ?? "RS256";
    const headerKid = opts.kid === undefined ? kid : opts.kid;
    const header = headerKid === null ? { alg, typ: "JWT" } : { alg, typ: "JWT", kid: headerKid };
    if (alg === "none") {
      const encode = (value: unknown) => base64url.encode(JSON.stringify(value));
      return `${encode(header)}.${encode(payload)}.`;
    }
    return new SignJWT(payload).setProtectedHeader(header).sign(opts.key ?? privateKey);
  }

  function registerAccessToken(token: string, opts: AccessTokenOptions): void {
    accessTokens.set(token, {
      aud: opts.aud,
      claims: opts.claims,
      exp: now() + (opts.expiresIn ?? 3599),
      scope: opts.scope ?? "openid email profile",
    });
  }

  function registerCode(code: string, claims: FakeClaims, opts: CodeOptions = {}): void {
    codes.set(code, { claims, opts });
  }

  async function token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== "POST") return sendJson(response, 405, { error: "invalid_request" });
    const form = new URLSearchParams(await readBody(request));
    tokenRequests.push(form);
    if (form.get("grant_type") !== "authorization_code") return sendJson(response, 400, { error: "unsupported_grant_type" });
    const entry = codes.get(form.get("code") ?? "");
    if (!entry) return sendJson(response, 400, { error: "invalid_grant", error_description: "Malformed auth code." });
    const { claims, opts } = entry;
    if (
      (opts.clientId !== undefined && form.get("client_id") !== opts.clientId) ||
      (opts.clientSecret !== undefined && form.get("client_secret") !== opts.clientSecret)
    ) {
      return sendJson(response, 401, { error: "invalid_client", error_description: "Unauthorized" });
    }
    if (opts.redirectUri !== undefined && form.get("redirect_uri") !== opts.redirectUri) {
      return sendJson(response, 400, { error: "redirect_uri_mismatch", error_description: "Bad Request" });
    }
    codes.delete(form.get("code") ?? ""); // Codes are single-use.
    const accessToken = opts.accessToken ?? `ya29.fake-${crypto.randomUUID()}`;
    const aud = typeof claims.aud === "string" ? claims.aud : (form.get("client_id") ?? "");
    registerAccessToken(accessToken, { aud, claims });
    sendJson(response, 200, {
      access_token: accessToken,
      id_token: await signIdToken(claims),
      expires_in: 3599,
      token_type: "Bearer",
      scope: "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
    });
  }

  function liveToken(value: string | null | undefined): StoredAccessToken | null {
    const entry = value ? accessTokens.get(value) : undefined;
    return entry && entry.exp > now() ? entry : null;
  }

  async function tokeninfo(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const value =
      request.method === "POST" ? new URLSearchParams(await readBody(request)).get("access_token") : url.searchParams.get("access_token");
    const entry = liveToken(value);
    if (!entry) return sendJson(response, 400, { error: "invalid_token", error_description: "Invalid Value" });
    const { claims } = entry;
    sendJson(response, 200, {
      azp: entry.aud,
      aud: entry.aud,
      ...(typeof claims.sub === "string" ? { sub: claims.sub } : {}),
      scope: entry.scope,
      exp: String(entry.exp),
      expires_in: String(entry.exp - now()),
      ...(typeof claims.email === "string" ? { email: claims.email, email_verified: String(claims.email_verified === true) } : {}),
      access_type: "online",
    });
  }

  function userinfo(request: IncomingMessage, response: ServerResponse): void {
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? "");
    const entry = liveToken(match?.[1]);
    if (!entry) {
      return sendJson(
        response,
        401,
        { error: "invalid_request", error_description: "Invalid Credentials" },
        { "www-authenticate": 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
      );
    }
    sendJson(response, 200, entry.claims);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (failure !== null) return sendJson(response, failure, { error: "temporarily_unavailable" });
    switch (url.pathname) {
      case "/certs":
      case "/keys":
        return sendJson(response, 200, { keys: [publicJwk] }, { "cache-control": "public, max-age=3600" });
      case "/token":
        return token(request, response);
      case "/tokeninfo":
        return tokeninfo(request, response, url);
      case "/userinfo":
        return userinfo(request, response);
      default:
        return sendJson(response, 404, { error: "not_found" });
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) sendJson(response, 500, { error: "server_error" });
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (!issuer) issuer = url;

  return {
    url,
    issuer,
    kid,
    publicJwk,
    publicKeyPem,
    privateKey,
    signIdToken,
    registerCode,
    registerAccessToken,
    tokenRequests,
    setFailure(status) {
      failure = status;
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
