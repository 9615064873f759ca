import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { isValidStorageKey, randomStorageKey } from "@/server/adapters/storage";
import { MAX_UPLOAD_BYTES, prepareIdentityCardImage, sniffImageType } from "@/server/uploads/identity-card-image";
import { SECRET, exif, canvas, containsText, pngClaiming } from "@/tests/api/identity/uploads-support";

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
