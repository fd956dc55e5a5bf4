// What an uploaded file really is, from its bytes: only whole PNG, JPEG, GIF and WebP images pass.
// The name and the declared type are ignored. A file must also end where its format ends (nothing
// appended after PNG's IEND, JPEG's EOI, GIF's trailer or WebP's RIFF length) and carry no markup a
// browser could run if it were ever sniffed as HTML, so polyglots (an image that is also a page or
// a script) are refused. SVG is never accepted: it is a document, not an image.
export type ImageType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";
export const IMAGE_EXTENSIONS: Record<ImageType, string> = { "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp" };

export type SniffRefusal = "attachment_not_an_image" | "attachment_trailing_data" | "attachment_markup_inside";
export type SniffResult = { ok: true; type: ImageType } | { ok: false; reason: SniffRefusal };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_IEND = [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
// Markup that makes a file dangerous when a browser renders it as a document.
const MARKUP = ["<html", "<script", "<svg", "<!doctype", "<body", "<iframe", "<object", "<embed", "<?php", "<?xml", "javascript:"];

const startsWith = (b: Uint8Array, sig: number[], at = 0) => b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const endsWith = (b: Uint8Array, sig: number[]) => startsWith(b, sig, b.length - sig.length);
const ascii = (b: Uint8Array, at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len));

function formatOf(b: Uint8Array): { type: ImageType; complete: boolean } | null {
  if (startsWith(b, PNG_SIGNATURE)) return { type: "image/png", complete: endsWith(b, PNG_IEND) };
  if (startsWith(b, [0xff, 0xd8, 0xff])) return { type: "image/jpeg", complete: endsWith(b, [0xff, 0xd9]) };
  if (b.length >= 6 && (ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a")) return { type: "image/gif", complete: b[b.length - 1] === 0x3b };
  if (b.length >= 12 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") {
    const riffSize = (b[4]! | (b[5]! << 8) | (b[6]! << 16) | (b[7]! << 24)) >>> 0;
    // The RIFF size counts what follows its 8-byte header, padded to an even length.
    return { type: "image/webp", complete: riffSize + 8 + (riffSize % 2) === b.length || riffSize + 8 === b.length };
  }
  return null;
}

function hasMarkup(b: Uint8Array): boolean {
  // Latin-1 keeps one character per byte, so offsets and lengths stay exact; lower-cased once.
  const text = Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("latin1").toLowerCase();
  return MARKUP.some((m) => text.includes(m));
}

export function sniffImage(bytes: Uint8Array): SniffResult {
  const f = formatOf(bytes);
  if (!f) return { ok: false, reason: "attachment_not_an_image" };
  if (!f.complete) return { ok: false, reason: "attachment_trailing_data" };
  if (hasMarkup(bytes)) return { ok: false, reason: "attachment_markup_inside" };
  return { ok: true, type: f.type };
}
