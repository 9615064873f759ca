/**
 * Checks and cleans a photo of a national ID card before it is stored. The bytes decide what the
 * file is (never the declared filename or MIME type); the image is decoded under a pixel limit and
 * re-encoded in its own format, which applies the EXIF orientation and drops all metadata (EXIF,
 * GPS, ICC, comments) along with anything hidden after the image data.
 */
import sharp, { type Metadata, type Sharp, type SharpOptions } from "sharp";
import { CARD_MAX_BYTES, CARD_MAX_PIXELS } from "@/lib/schemas/profile";

export const MAX_UPLOAD_BYTES = CARD_MAX_BYTES;
/** Largest width and largest height, in pixels. */
export const MAX_DIMENSION = CARD_MAX_PIXELS;

export const IDENTITY_CARD_IMAGE_FORMATS = ["jpeg", "png", "webp"] as const;
export type IdentityCardImageFormat = (typeof IDENTITY_CARD_IMAGE_FORMATS)[number];

/** Filename extensions a declared filename may end with (when it has one). */
export const IDENTITY_CARD_IMAGE_EXTENSIONS: readonly string[] = ["jpg", "jpeg", "png", "webp"];

const CONTENT_TYPES: Record<IdentityCardImageFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

export type ImageRejection = "too_large" | "unsupported_type" | "too_many_pixels" | "corrupt";

export type PreparedIdentityCardImage = {
  ok: true;
  bytes: Uint8Array;
  format: IdentityCardImageFormat;
  contentType: string;
  width: number;
  height: number;
};

export type IdentityCardImageResult = PreparedIdentityCardImage | { ok: false; reason: ImageRejection };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(text: string): number[] {
  return Array.from(text, (char) => char.charCodeAt(0));
}

/** The image format the bytes start with, by magic bytes only. */
export function sniffImageType(bytes: Uint8Array): IdentityCardImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, PNG_SIGNATURE)) return "png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

/**
 * False when a declared filename ends with an extension other than an image one ("card.jpg.php").
 * A filename without any extension ("blob", as some browsers send) is left to the content check.
 */
export function hasAcceptableFilename(filename: string | undefined): boolean {
  if (filename === undefined) return true;
  // Control characters (a NUL in "card.php\0.jpg") have no place in a real filename.
  if (/[\u0000-\u001f\u007f]/.test(filename)) return false;
  // Only the last path segment; Windows drops trailing dots and spaces ("card.php." is "card.php").
  const base = (filename.split(/[/\\]/).pop() ?? "").replace(/[.\s]+$/, "");
  const dot = base.lastIndexOf(".");
  if (dot <= 0) return true;
  return IDENTITY_CARD_IMAGE_EXTENSIONS.includes(base.slice(dot + 1).toLowerCase());
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

function decodeOptions(): SharpOptions {
  return { limitInputPixels: MAX_DIMENSION * MAX_DIMENSION, failOn: "error" };
}

function encode(image: Sharp, format: IdentityCardImageFormat): Sharp {
  switch (format) {
    case "jpeg":
      return image.jpeg({ quality: 85, mozjpeg: true });
    case "png":
      return image.png({ compressionLevel: 9 });
    case "webp":
      return image.webp({ quality: 85 });
  }
}

/**
 * Validates an uploaded ID card photo and returns it re-encoded without metadata, or why it was
 * rejected. Never throws for bad input.
 */
export async function prepareIdentityCardImage(
  bytes: Uint8Array,
  declared?: { filename?: string; mimeType?: string },
): Promise<IdentityCardImageResult> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) return { ok: false, reason: "too_large" };
  // The declared MIME type is the client's claim and is deliberately not consulted.
  if (!hasAcceptableFilename(declared?.filename)) return { ok: false, reason: "unsupported_type" };
  const format = sniffImageType(bytes);
  if (!format) return { ok: false, reason: "unsupported_type" };

  // Header only: dimensions are checked before any pixel is decoded. sharp refuses headers beyond
  // the pixel limit outright (a decompression bomb never gets a buffer).
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, decodeOptions()).metadata();
  } catch (error) {
    return { ok: false, reason: isPixelLimitError(error) ? "too_many_pixels" : "corrupt" };
  }
  if (metadata.format !== format) return { ok: false, reason: "unsupported_type" };
  if (!metadata.width || !metadata.height) return { ok: false, reason: "corrupt" };
  if (metadata.width > MAX_DIMENSION || metadata.height > MAX_DIMENSION) return { ok: false, reason: "too_many_pixels" };

  try {
    // rotate() with no angle applies the EXIF orientation; without withMetadata() nothing of the
    // original metadata is written out.
    const { data, info } = await encode(sharp(bytes, decodeOptions()).rotate(), format).toBuffer({ resolveWithObject: true });
    return {
      ok: true,
      bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      format,
      contentType: CONTENT_TYPES[format],
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    return { ok: false, reason: isPixelLimitError(error) ? "too_many_pixels" : "corrupt" };
  }
}
