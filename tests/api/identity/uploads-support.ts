/** What the upload tests share: a test image, PNG pieces, and a search for text in bytes. */
import zlib from "node:zlib";
import sharp from "sharp";

export const SECRET = "secret-gps-test";
export const exif = { IFD0: { Copyright: SECRET, ImageDescription: SECRET } };

export function canvas(width = 200, height = 120) {
  return sharp({ create: { width, height, channels: 3, background: "#888" } });
}

export function containsText(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes).includes(text);
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A tiny PNG whose (valid-CRC) IHDR claims width × height RGB pixels. */
export function pngClaiming(width: number, height: number): Buffer {
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
