// What an uploaded file becomes before it is stored: its pixels, decoded by a real image library
// (libvips through sharp) and encoded again by us. Checking the bytes for "bad" content cannot work
// (markup hides in text chunks, UTF-16, polyglots that are both a GIF and a script); a file we wrote
// from decoded pixels carries nothing but the picture: no text chunk, no EXIF/XMP/ICC metadata, no
// data after the image, whatever the upload held.
//
// Only PNG, JPEG, GIF and WebP are decoded: the first bytes must name one of them (sharp also reads
// SVG, TIFF, HEIF and more: none of those loaders ever sees an upload), and the decoder must agree.
// Everything is refused when the decoder fails (`attachment_not_an_image`) or the image has more than
// MAX_IMAGE_PIXELS pixels over all its frames (`attachment_too_many_pixels`): a few kilobytes can
// declare 60000 x 60000 pixels, a decompression bomb for us and for every viewer. The limit is
// checked by libvips from the header, before any pixel is decoded.
// GIF and WebP keep their animation (frames and delays); the format stays the uploaded one.
import sharp, { type Sharp } from "sharp";
import { DomainError, validationError } from "../../errors";

export type ImageType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";
export const IMAGE_EXTENSIONS: Record<ImageType, string> = { "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp" };

/** 40 megapixels over all frames: any phone photo or screenshot, not a bomb. */
export const MAX_IMAGE_PIXELS = 40_000_000;

// Uploads are decoded one at a time and not cached: a 40-megapixel image takes 160 MB of pixels.
sharp.cache(false);

type Format = "png" | "jpeg" | "gif" | "webp";
const TYPE: Record<Format, ImageType> = { png: "image/png", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp" };

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const ascii = (b: Uint8Array, at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len));

/** The format the first bytes name, or null: the only gate before the decoder. */
function declaredFormat(b: Uint8Array): Format | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "jpeg";
  if (b.length >= 6 && (ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a")) return "gif";
  if (b.length >= 12 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return "webp";
  return null;
}

const notAnImage = () => validationError("attachment_not_an_image");
const tooManyPixels = () => validationError("attachment_too_many_pixels", { maxMegapixels: MAX_IMAGE_PIXELS / 1_000_000 });

function encoder(img: Sharp, format: Format): Sharp {
  switch (format) {
    case "png":
      return img.png({ compressionLevel: 9 });
    case "jpeg":
      return img.jpeg({ quality: 90, mozjpeg: true });
    case "gif":
      return img.gif();
    case "webp":
      return img.webp({ quality: 90 });
  }
}

export interface ReencodedImage { type: ImageType; bytes: Buffer; width: number; height: number; frames: number }

/**
 * Decodes `bytes` and encodes the pixels again in the same format, without metadata (JPEG's EXIF
 * orientation is applied first, so the picture keeps its way up). Throws VALIDATION
 * `attachment_not_an_image` or `attachment_too_many_pixels`.
 */
export async function reencodeImage(bytes: Uint8Array): Promise<ReencodedImage> {
  const format = declaredFormat(bytes);
  if (!format) throw notAnImage();
  const animated = format === "gif" || format === "webp";
  // failOn "error": a truncated or corrupt file is refused rather than padded out with grey.
  const input = () => sharp(bytes, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS, animated });
  try {
    const meta = await input().metadata();
    if (meta.format !== format) throw notAnImage();
    const { data, info } = await encoder(input().autoOrient(), format).toBuffer({ resolveWithObject: true });
    const frames = info.pages ?? 1;
    return { type: TYPE[format], bytes: data, width: info.width, height: info.pageHeight ?? info.height, frames };
  } catch (err) {
    if (err instanceof DomainError) throw err;
    // libvips' words for "the header declares more pixels than allowed"; anything else it refuses
    // (corrupt, truncated, not really this format) is not an image.
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooManyPixels();
    throw notAnImage();
  }
}
