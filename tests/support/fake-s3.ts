/**
 * A tiny S3-compatible server for tests: objects in memory, PUT/GET/DELETE on `/bucket/key`
 * (path style), on 127.0.0.1 at a random port. Every request must carry a valid SigV4
 * `Authorization` header for the configured credentials (the signature is recomputed, and a signed
 * payload hash is checked against the body), otherwise 403 with an S3-style XML error.
 */
import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readBodyBytes } from "./fake-http";

export type FakeS3Object = { bytes: Uint8Array; contentType: string };

export type FakeS3 = {
  /** e.g. "http://127.0.0.1:40123" */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stored objects by key (without the bucket). */
  objects: Map<string, FakeS3Object>;
  /** Every request seen, including rejected ones. */
  requests: { method: string; path: string; status: number }[];
  close(): Promise<void>;
};

export type FakeS3Options = { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string };

function xmlError(response: ServerResponse, status: number, code: string, message: string): void {
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<Error><Code>${code}</Code><Message>${message}</Message><RequestId>fake</RequestId></Error>`;
  response.writeHead(status, { "content-type": "application/xml" });
  response.end(body);
}

function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac("sha256", key).update(data).digest();
}

function rfc3986(text: string): string {
  return encodeURIComponent(text)
    .replace(/%2F/g, "/")
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

type Verdict = { ok: true } | { ok: false; code: string; message: string };

/** Recomputes the SigV4 header signature of a request (S3 flavour: single-encoded path). */
function verifySignature(request: IncomingMessage, body: Buffer, options: Required<FakeS3Options>): Verdict {
  const authorization = request.headers.authorization;
  if (!authorization) return { ok: false, code: "AccessDenied", message: "Access Denied" };
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return { ok: false, code: "AccessDenied", message: "Malformed Authorization header" };
  const [, accessKeyId = "", date = "", region = "", signedHeaders = "", signature = ""] = match;
  if (accessKeyId !== options.accessKeyId) {
    return { ok: false, code: "InvalidAccessKeyId", message: "The AWS Access Key Id you provided does not exist in our records." };
  }
  if (region !== options.region) return { ok: false, code: "AuthorizationHeaderMalformed", message: "Wrong region" };

  const amzDate = request.headers["x-amz-date"];
  const payloadHash = request.headers["x-amz-content-sha256"];
  if (typeof amzDate !== "string" || !amzDate.startsWith(date) || typeof payloadHash !== "string") {
    return { ok: false, code: "AccessDenied", message: "Missing x-amz-date or x-amz-content-sha256" };
  }
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256Hex(body)) {
    return { ok: false, code: "XAmzContentSHA256Mismatch", message: "The provided payload hash does not match the body" };
  }
  const names = signedHeaders.split(";");
  if (!names.includes("host") || !names.includes("x-amz-date")) {
    return { ok: false, code: "AccessDenied", message: "host and x-amz-date must be signed" };
  }

  const url = new URL(request.url ?? "/", "http://fake");
  const canonicalHeaders = names.map((name) => {
    const value = request.headers[name];
    const text = Array.isArray(value) ? value.join(",") : (value ?? "");
    return `${name}:${text.trim().replace(/\s+/g, " ")}\n`;
  });
  const canonicalQuery = [...url.searchParams]
    .map(([key, value]) => `${rfc3986(key).replace(/\//g, "%2F")}=${rfc3986(value).replace(/\//g, "%2F")}`)
    .sort()
    .join("&");
  const canonicalRequest = [
    request.method ?? "GET",
    rfc3986(decodeURIComponent(url.pathname)),
    canonicalQuery,
    canonicalHeaders.join(""),
    signedHeaders,
    payloadHash,
  ].join("\n");
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, date), region), "s3"), "aws4_request");
  const expected = createHmac("sha256", signingKey).update(stringToSign).digest("hex");
  if (expected !== signature) {
    return {
      ok: false,
      code: "SignatureDoesNotMatch",
      message: "The request signature we calculated does not match the signature you provided.",
    };
  }
  return { ok: true };
}

export async function startFakeS3(options: FakeS3Options = {}): Promise<FakeS3> {
  const settings: Required<FakeS3Options> = {
    bucket: options.bucket ?? "test-bucket",
    region: options.region ?? "us-east-1",
    accessKeyId: options.accessKeyId ?? "AKIAFAKES3TEST",
    secretAccessKey: options.secretAccessKey ?? "fake-s3-secret-key",
  };
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3["requests"] = [];

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBodyBytes(request);
    const verdict = verifySignature(request, body, settings);
    if (!verdict.ok) return xmlError(response, 403, verdict.code, verdict.message);

    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://fake").pathname);
    const [, bucket = "", ...rest] = pathname.split("/");
    const key = rest.join("/");
    if (bucket !== settings.bucket) return xmlError(response, 404, "NoSuchBucket", "The specified bucket does not exist");
    if (!key) return xmlError(response, 400, "InvalidRequest", "Only object requests are supported");

    switch (request.method) {
      case "PUT": {
        const contentType = request.headers["content-type"] ?? "binary/octet-stream";
        objects.set(key, { bytes: new Uint8Array(body), contentType });
        response.writeHead(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` });
        return void response.end();
      }
      case "GET": {
        const object = objects.get(key);
        if (!object) return xmlError(response, 404, "NoSuchKey", "The specified key does not exist.");
        response.writeHead(200, { "content-type": object.contentType, "content-length": object.bytes.byteLength });
        return void response.end(object.bytes);
      }
      case "DELETE":
        objects.delete(key);
        response.writeHead(204);
        return void response.end();
      default:
        return xmlError(response, 405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
    }
  }

  const server = createServer((request, response) => {
    response.on("finish", () => requests.push({ method: request.method ?? "", path: request.url ?? "", status: response.statusCode }));
    handle(request, response).catch((error: unknown) => {
      xmlError(response, 500, "InternalError", error instanceof Error ? error.message : "error");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    ...settings,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
