import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileStorageFromEnv, localFileStorage, randomStorageKey, s3FileStorage, type FileStorage } from "@/server/adapters/storage";
import { startFakeS3, type FakeS3 } from "@/tests/support/fake-s3";
import { canvas } from "@/tests/api/identity/uploads-support";

async function roundTrip(storage: FileStorage): Promise<void> {
  const key = randomStorageKey("identity-cards", ".jpg");
  const bytes = new Uint8Array(await canvas().jpeg().toBuffer());
  expect(await storage.get(key)).toBeNull();
  await storage.put(key, bytes, "image/jpeg");
  const stored = await storage.get(key);
  expect(stored?.contentType).toBe("image/jpeg");
  expect(Buffer.from(stored?.bytes ?? []).equals(Buffer.from(bytes))).toBe(true);
  await storage.put(key, new Uint8Array([1, 2, 3]), "image/png");
  expect(await storage.get(key)).toEqual({ bytes: new Uint8Array([1, 2, 3]), contentType: "image/png" });
  await storage.delete(key);
  expect(await storage.get(key)).toBeNull();
  await storage.delete(key);
}

describe("localFileStorage", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "takapoo-uploads-"));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("puts, gets and deletes files under its root", async () => {
    const storage = localFileStorage(path.join(root, "uploads"));
    await roundTrip(storage);
    await storage.put("identity-cards/kept.png", new Uint8Array([9]), "image/png");
    expect(await readdir(path.join(root, "uploads", "identity-cards"))).toEqual(["kept.png", "kept.png.meta.json"]);
  });

  it("refuses keys that could leave the root", async () => {
    const storage = localFileStorage(path.join(root, "uploads"));
    for (const key of ["../outside.jpg", "identity-cards/../../outside", "/etc/passwd", "..", "a\\..\\b"]) {
      await expect(storage.put(key, new Uint8Array([1]), "image/jpeg"), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/Invalid storage key/);
    }
    expect(await readdir(root)).toEqual(["uploads"]);
  });
});

describe("s3FileStorage", () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(async () => {
    await s3.close();
  });

  const storageFor = (overrides: Partial<Parameters<typeof s3FileStorage>[0]> = {}) =>
    s3FileStorage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: s3.region,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      ...overrides,
    });

  it("puts, gets and deletes objects with signed requests", async () => {
    await roundTrip(storageFor());
    expect(s3.requests.every((request) => request.path.startsWith(`/${s3.bucket}/identity-cards/`))).toBe(true);
    expect(s3.requests.map((request) => request.status)).not.toContain(403);
  });

  it("stores the bytes and content type in the bucket", async () => {
    await storageFor().put("identity-cards/one.webp", new Uint8Array([1, 2]), "image/webp");
    expect(s3.objects.get("identity-cards/one.webp")).toEqual({ bytes: new Uint8Array([1, 2]), contentType: "image/webp" });
  });

  it("fails with a wrong secret, a wrong key id, or no signature at all", async () => {
    await expect(storageFor({ secretAccessKey: "wrong" }).put("identity-cards/x.jpg", new Uint8Array([1]), "image/jpeg")).rejects.toThrow(
      /403 SignatureDoesNotMatch/,
    );
    await expect(storageFor({ secretAccessKey: "wrong" }).get("identity-cards/x.jpg")).rejects.toThrow(/403 SignatureDoesNotMatch/);
    await expect(storageFor({ accessKeyId: "AKIAOTHER" }).delete("identity-cards/x.jpg")).rejects.toThrow(/403 InvalidAccessKeyId/);
    expect(s3.objects.has("identity-cards/x.jpg")).toBe(false);

    const unsigned = await fetch(`${s3.endpoint}/${s3.bucket}/identity-cards/one.webp`);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain("<Code>AccessDenied</Code>");
  });

  it("refuses unsafe keys before sending anything", async () => {
    const before = s3.requests.length;
    await expect(storageFor().get("../other-bucket/secret")).rejects.toThrow(/Invalid storage key/);
    expect(s3.requests.length).toBe(before);
  });
});

describe("fileStorageFromEnv", () => {
  it("uses S3 when it is fully configured, local files otherwise", async () => {
    const s3 = await startFakeS3({ region: "eu-central-1" });
    try {
      const storage = fileStorageFromEnv(
        {
          S3_ENDPOINT: s3.endpoint,
          S3_BUCKET: s3.bucket,
          S3_REGION: "eu-central-1",
          S3_ACCESS_KEY_ID: s3.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        },
        "/unused",
      );
      await storage.put("identity-cards/env.png", new Uint8Array([7]), "image/png");
      expect(s3.objects.has("identity-cards/env.png")).toBe(true);
    } finally {
      await s3.close();
    }

    const dataDir = await mkdtemp(path.join(os.tmpdir(), "takapoo-data-"));
    try {
      await fileStorageFromEnv({}, dataDir).put("identity-cards/env.png", new Uint8Array([7]), "image/png");
      expect(await readdir(path.join(dataDir, "uploads", "identity-cards"))).toContain("env.png");
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }

    expect(() => fileStorageFromEnv({ S3_BUCKET: "only-a-bucket" }, "/unused")).toThrow(/partly configured/);
  });
});
