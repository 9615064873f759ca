import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fileStorageFromEnv,
  isValidStorageKey,
  localFileStorage,
  randomStorageKey,
  s3FileStorage,
  type FileStorage,
} from "@/server/adapters/storage";
import { MAX_UPLOAD_BYTES, prepareIdentityCardImage, sniffImageType } from "@/server/uploads/identity-card-image";
import { startFakeS3, type FakeS3 } from "@/tests/support/fake-s3";

const SECRET = "secret-gps-test";
const exif = { IFD0: { Copyright: SECRET, ImageDescription: SECRET } };

function canvas(width = 200, height = 120) {
  return sharp({ create: { width, height, channels: 3, background: "#888" } });
}

function containsText(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes).includes(text);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A tiny PNG whose (valid-CRC) IHDR claims width × height RGB pixels. */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(4096))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("sniffImageType", () => {
  it("recognises JPEG, PNG and WebP by their magic bytes only", async () => {
    expect(sniffImageType(await canvas().jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImageType(await canvas().png().toBuffer())).toBe("png");
    expect(sniffImageType(await canvas().webp().toBuffer())).toBe("webp");
    expect(sniffImageType(await canvas().gif().toBuffer())).toBeNull();
    expect(sniffImageType(Buffer.from("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    expect(sniffImageType(Buffer.from("%PDF-1.7\n"))).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe("prepareIdentityCardImage", () => {
  const cases = [
    { format: "jpeg", contentType: "image/jpeg", make: () => canvas().jpeg().withMetadata({ exif }).toBuffer() },
    { format: "png", contentType: "image/png", make: () => canvas().png().withMetadata({ exif }).toBuffer() },
    { format: "webp", contentType: "image/webp", make: () => canvas().webp().withMetadata({ exif }).toBuffer() },
  ] as const;

  for (const { format, contentType, make } of cases) {
    it(`accepts a ${format} and re-encodes it without its metadata`, async () => {
      const input = await make();
      expect(containsText(input, SECRET)).toBe(true);
      expect((await sharp(input).metadata()).exif).toBeDefined();

      const result = await prepareIdentityCardImage(input, { filename: `card.${format === "jpeg" ? "jpg" : format}` });
      if (!result.ok) throw new Error(`rejected: ${result.reason}`);
      expect(result).toMatchObject({ format, contentType, width: 200, height: 120 });
      expect(sniffImageType(result.bytes)).toBe(format);
      expect(containsText(result.bytes, SECRET)).toBe(false);
      const metadata = await sharp(result.bytes).metadata();
      expect(metadata.format).toBe(format);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.comments ?? []).toEqual([]);
    });
  }

  it("applies the EXIF orientation before stripping it", async () => {
    // Stored 200×120 with orientation 6 (rotate 90° clockwise to display): shown as 120×200.
    const input = await canvas().jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const result = await prepareIdentityCardImage(input);
    if (!result.ok) throw new Error(`rejected: ${result.reason}`);
    expect([result.width, result.height]).toEqual([120, 200]);
    const metadata = await sharp(result.bytes).metadata();
    expect([metadata.width, metadata.height, metadata.orientation]).toEqual([120, 200, undefined]);
  });

  it("judges by content, not by the declared filename or MIME type", async () => {
    const jpeg = await canvas().jpeg().toBuffer();
    const png = await canvas().png().toBuffer();
    expect(await prepareIdentityCardImage(jpeg, { filename: "card.php.jpg", mimeType: "application/x-php" })).toMatchObject({
      ok: true,
      format: "jpeg",
    });
    expect(await prepareIdentityCardImage(png, { filename: "card.jpg", mimeType: "image/jpeg" })).toMatchObject({
      ok: true,
      format: "png",
      contentType: "image/png",
    });
    expect(await prepareIdentityCardImage(jpeg, { filename: "blob" })).toMatchObject({ ok: true });
    expect(await prepareIdentityCardImage(jpeg, { filename: "C:\\fakepath\\CARD.JPEG" })).toMatchObject({ ok: true });
  });

  it("rejects a filename whose last extension is not an image one, whatever the bytes", async () => {
    const jpeg = await canvas().jpeg().toBuffer();
    for (const filename of ["card.jpg.php", "card.jpg.php.", "card.html", "card.svg", "card.php\u0000.jpg"]) {
      expect(await prepareIdentityCardImage(jpeg, { filename, mimeType: "image/jpeg" }), filename).toEqual({
        ok: false,
        reason: "unsupported_type",
      });
    }
  });

  it("rejects bytes that are not JPEG, PNG or WebP", async () => {
    const unsupported: [string, Uint8Array][] = [
      ["pdf named .jpg", Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n")],
      ["svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')],
      ["html", Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>")],
      ["gif", await canvas().gif().toBuffer()],
      ["wrong magic bytes", Buffer.concat([Buffer.from([0x00, 0x00]), (await canvas().jpeg().toBuffer()).subarray(2)])],
      ["empty", new Uint8Array()],
    ];
    for (const [label, bytes] of unsupported) {
      expect(await prepareIdentityCardImage(bytes, { filename: "card.jpg", mimeType: "image/jpeg" }), label).toEqual({
        ok: false,
        reason: "unsupported_type",
      });
    }
  });

  it("rejects a file over 5 MB before decoding it", async () => {
    const jpeg = await canvas().jpeg().toBuffer();
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(jpeg);
    expect(await prepareIdentityCardImage(big, { filename: "card.jpg" })).toEqual({ ok: false, reason: "too_large" });
  });

  it("rejects an image wider or taller than 6000 px", async () => {
    const wide = await canvas(6001, 10).png().toBuffer();
    expect(await prepareIdentityCardImage(wide)).toEqual({ ok: false, reason: "too_many_pixels" });
    const tall = await canvas(10, 6001).jpeg().toBuffer();
    expect(await prepareIdentityCardImage(tall)).toEqual({ ok: false, reason: "too_many_pixels" });
  });

  it("rejects a decompression bomb from its header alone, quickly", async () => {
    const bomb = pngClaiming(100_000, 100_000);
    expect(bomb.length).toBeLessThan(1024);
    expect(sniffImageType(bomb)).toBe("png");
    const started = performance.now();
    expect(await prepareIdentityCardImage(bomb, { filename: "card.png" })).toEqual({ ok: false, reason: "too_many_pixels" });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("rejects a truncated image as corrupt", async () => {
    const jpeg = await canvas(400, 300).jpeg().toBuffer();
    for (const length of [jpeg.length - 20, Math.floor(jpeg.length / 2), 200]) {
      expect(await prepareIdentityCardImage(jpeg.subarray(0, length)), `${length} bytes`).toEqual({ ok: false, reason: "corrupt" });
    }
    const png = await canvas(400, 300).png().toBuffer();
    expect(await prepareIdentityCardImage(png.subarray(0, 40))).toEqual({ ok: false, reason: "corrupt" });
  });
});

describe("storage keys", () => {
  it("allows only simple lowercase segments with an optional extension", () => {
    for (const key of ["identity-cards/abc.jpg", "a/b_c/d-e", "x.webp"]) expect(isValidStorageKey(key), key).toBe(true);
    for (const key of [
      "../etc/passwd",
      "a/../b",
      "/abs/path.jpg",
      "a//b",
      "a/b/",
      "a\\b",
      "A.jpg",
      "a/.hidden",
      "a.b.c",
      "a/b.jpg/c",
      "",
    ]) {
      expect(isValidStorageKey(key), key).toBe(false);
    }
  });

  it("makes random, unguessable keys", () => {
    const first = randomStorageKey("identity-cards", ".jpg");
    const second = randomStorageKey("identity-cards", "jpg");
    expect(first).toMatch(/^identity-cards\/[0-9a-f-]{36}\.jpg$/);
    expect(second).toMatch(/^identity-cards\/[0-9a-f-]{36}\.jpg$/);
    expect(first).not.toBe(second);
    expect(() => randomStorageKey("../up", ".jpg")).toThrow();
  });
});

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
