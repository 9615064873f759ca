/**
 * Where uploaded files live: an S3-compatible bucket when S3_* is configured, else a folder under
 * DATA_DIR (outside public/, so nothing is served without going through the API). Keys are
 * restricted to a safe alphabet, so a key can never leave the folder or the bucket.
 */
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import { rawEnv } from "@/server/core/env";

export interface FileStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+(?:\.[a-z0-9]{1,10})?$/;
const MAX_KEY_LENGTH = 512;
const CONTENT_TYPE_PATTERN = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i;
const DEFAULT_CONTENT_TYPE = "application/octet-stream";

const CONTENT_TYPES_BY_EXTENSION: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".pdf": "application/pdf",
};

/**
 * True for keys made of lowercase `[a-z0-9_-]` segments joined by "/", with an optional ".ext" at
 * the end: no "..", no leading "/", no backslashes, no empty segments.
 */
export function isValidStorageKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);
}

function assertValidKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

function assertValidContentType(contentType: string): void {
  if (!CONTENT_TYPE_PATTERN.test(contentType)) throw new Error(`Invalid content type: ${JSON.stringify(contentType)}`);
}

/** An unguessable key such as `identity-cards/3f0c…-….jpg`. `ext` may be given with or without its dot. */
export function randomStorageKey(prefix: string, ext: string): string {
  const suffix = ext === "" || ext.startsWith(".") ? ext : `.${ext}`;
  const key = `${prefix.replace(/\/+$/, "")}/${randomUUID()}${suffix.toLowerCase()}`;
  assertValidKey(key);
  return key;
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ENOENT";
}

/** Writes through a temporary file and a rename, so a reader never sees half a file. */
async function writeFileAtomically(file: string, data: Uint8Array | string): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, data, { mode: 0o600 });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Files under rootDir, one file per key, and the content type in a `<file>.meta.json` beside it (a
 * valid key has at most one dot, so it can never name a sidecar).
 */
export function localFileStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);

  function fileFor(key: string): string {
    assertValidKey(key);
    const file = path.resolve(root, ...key.split("/"));
    const relative = path.relative(root, file);
    if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative))
      throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return file;
  }

  return {
    async put(key, bytes, contentType) {
      const file = fileFor(key);
      assertValidContentType(contentType);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFileAtomically(file, bytes);
      await writeFileAtomically(`${file}.meta.json`, JSON.stringify({ contentType }));
    },

    async get(key) {
      const file = fileFor(key);
      let bytes: Buffer;
      try {
        bytes = await readFile(file);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      let contentType = CONTENT_TYPES_BY_EXTENSION[path.extname(file)] ?? DEFAULT_CONTENT_TYPE;
      try {
        const meta: unknown = JSON.parse(await readFile(`${file}.meta.json`, "utf8"));
        if (meta && typeof meta === "object" && "contentType" in meta && typeof meta.contentType === "string") {
          contentType = meta.contentType;
        }
      } catch (error) {
        // A missing or damaged sidecar falls back to the type the extension implies.
        if (!isNotFound(error) && !(error instanceof SyntaxError)) throw error;
      }
      return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType };
    },

    async delete(key) {
      const file = fileFor(key);
      await rm(file, { force: true });
      await rm(`${file}.meta.json`, { force: true });
    },
  };
}

export type S3FileStorageOptions = {
  /** e.g. "https://s3.eu-central-1.amazonaws.com" or "http://127.0.0.1:9000" */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` (default) rather than `bucket.endpoint/key`. */
  forcePathStyle?: boolean;
  fetch?: typeof globalThis.fetch;
};

async function s3Failure(action: string, key: string, response: Response): Promise<Error> {
  const body = await response.text().catch(() => "");
  const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1];
  return new Error(`S3 ${action} ${key} failed: ${response.status}${code ? ` ${code}` : ""}`);
}

/** Objects in an S3-compatible bucket (AWS, MinIO, R2, …), with SigV4-signed requests. */
export function s3FileStorage({
  endpoint,
  bucket,
  region,
  accessKeyId,
  secretAccessKey,
  forcePathStyle = true,
  fetch: fetchImpl = globalThis.fetch,
}: S3FileStorageOptions): FileStorage {
  const client = new AwsClient({ accessKeyId, secretAccessKey, region, service: "s3" });
  const base = new URL(endpoint);
  const basePath = base.pathname.replace(/\/+$/, "");

  function urlFor(key: string): string {
    assertValidKey(key);
    const url = new URL(base);
    if (forcePathStyle) {
      url.pathname = `${basePath}/${encodeURIComponent(bucket)}/${key}`;
    } else {
      url.hostname = `${bucket}.${base.hostname}`;
      url.pathname = `${basePath}/${key}`;
    }
    return url.toString();
  }

  async function send(key: string, init: RequestInit): Promise<Response> {
    return fetchImpl(await client.sign(urlFor(key), init));
  }

  return {
    async put(key, bytes, contentType) {
      assertValidContentType(contentType);
      const response = await send(key, {
        method: "PUT",
        headers: {
          "content-type": contentType,
          // The real payload hash (rather than UNSIGNED-PAYLOAD): the store rejects altered bytes.
          "x-amz-content-sha256": createHash("sha256").update(bytes).digest("hex"),
        },
        // A copy typed as backed by a plain ArrayBuffer, which is what fetch's BodyInit accepts.
        body: new Uint8Array(bytes),
      });
      if (!response.ok) throw await s3Failure("PUT", key, response);
      await response.body?.cancel();
    },

    async get(key) {
      const response = await send(key, { method: "GET" });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await s3Failure("GET", key, response);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { bytes, contentType: response.headers.get("content-type") ?? DEFAULT_CONTENT_TYPE };
    },

    async delete(key) {
      const response = await send(key, { method: "DELETE" });
      // Deleting what is not there counts as done, as S3 itself does.
      if (!response.ok && response.status !== 404) throw await s3Failure("DELETE", key, response);
      await response.body?.cancel();
    },
  };
}

type Env = Record<string, string | undefined>;

const S3_REQUIRED = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/**
 * S3 when S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are all set (S3_REGION
 * defaults to us-east-1), else files under `dataDir/uploads`. Only some of them set is a
 * configuration mistake and throws rather than silently keeping ID cards on local disk.
 */
export function fileStorageFromEnv(env: Env = rawEnv(), dataDir: string): FileStorage {
  const value = (name: string) => env[name]?.trim() || undefined;
  const endpoint = value("S3_ENDPOINT");
  const bucket = value("S3_BUCKET");
  const accessKeyId = value("S3_ACCESS_KEY_ID");
  const secretAccessKey = value("S3_SECRET_ACCESS_KEY");
  if (endpoint && bucket && accessKeyId && secretAccessKey) {
    return s3FileStorage({ endpoint, bucket, region: value("S3_REGION") ?? "us-east-1", accessKeyId, secretAccessKey });
  }
  const missing = S3_REQUIRED.filter((name) => !value(name));
  if (missing.length < S3_REQUIRED.length) throw new Error(`S3 storage is partly configured; missing ${missing.join(", ")}`);
  return localFileStorage(path.join(dataDir, "uploads"));
}
