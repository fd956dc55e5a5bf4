// Real, minimal image files built in code (no binary fixtures in the repository), and the disguises
// an attacker would upload instead.
import { crc32, deflateSync } from "node:zlib";

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A w x h opaque RGB PNG filled with one colour. */
export function png(w = 2, h = 2, rgb: [number, number, number] = [30, 120, 200]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

/** A 1x1 GIF89a. */
export const gif = (): Buffer => Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");

/** A 1x1 grey baseline JPEG (made once with sharp). */
export const jpeg = (): Buffer =>
  Buffer.from(
    "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAEDASIAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAUAQEAAAAAAAAAAAAAAAAAAAAA/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AAA//2Q==",
    "base64",
  );

/** A lossless 1x1 WebP (made once with sharp). */
export const webp = (): Buffer => Buffer.from("UklGRh4AAABXRUJQVlA4TBEAAAAvAAAAAAdQwAIWsP+BiOh/AAA=", "base64");

export const html = (): Buffer => Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
export const svg = (): Buffer => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
/** A valid PNG with a page appended after IEND. */
export const pngThenHtml = (): Buffer => Buffer.concat([png(), html()]);
/** A PNG whose text chunk carries a script, still ending properly with IEND. */
export function pngWithScriptChunk(): Buffer {
  const p = png();
  const iendAt = p.length - 12;
  return Buffer.concat([p.subarray(0, iendAt), chunk("tEXt", Buffer.from("Comment\0<script>alert(1)</script>", "latin1")), p.subarray(iendAt)]);
}

// Issue 21 item 5: the files a black-box probe got past the old byte check (a block-list).

/** A PNG of the given chunks (IHDR first), with the signature and IEND around them. */
function pngOf(w: number, h: number, chunks: Buffer[]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([PNG_SIGNATURE, chunk("IHDR", ihdr), ...chunks, chunk("IEND", Buffer.alloc(0))]);
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A valid PNG whose tEXt chunk carries `text` (keyword "Comment"), before IEND. */
export function pngWithText(text: Buffer | string): Buffer {
  const p = png();
  const iendAt = p.length - 12;
  return Buffer.concat([p.subarray(0, iendAt), chunk("tEXt", Buffer.concat([Buffer.from("Comment\0", "latin1"), Buffer.from(text)])), p.subarray(iendAt)]);
}
export const pngWithImgOnerror = () => pngWithText('<img src=x onerror="alert(document.domain)">');
export const pngWithAnchor = () => pngWithText('<a href="https://evil.example/phish">Click here</a>');
/** `<script>` in UTF-16: every other byte is 0, so a byte search for "<script" never matches. */
export const pngWithUtf16Script = () => pngWithText(Buffer.from("<script>alert(document.domain)</script>", "utf16le"));
/** The PNG signature, script markup, and an IEND chunk: the right start and end, no image in between. */
export const signatureScriptIend = (): Buffer => Buffer.concat([PNG_SIGNATURE, Buffer.from('<img src=x onerror="alert(document.domain)">'), chunk("IEND", Buffer.alloc(0))]);
/** A "GIF" that is JavaScript: `GIF89a=1;` assigns, and it ends with the GIF trailer byte ";". */
export const gifJsPolyglot = (): Buffer => Buffer.from("GIF89a=1;alert(document.domain)//;", "latin1");
/** A few hundred bytes declaring 60000 x 60000 pixels (3.6 gigapixels): a decompression bomb. */
export const pngBomb = (): Buffer => pngOf(60000, 60000, [chunk("IDAT", deflateSync(Buffer.alloc(60001 * 3 * 4)))]);
/** A 1x1 GIF with a comment extension (metadata) before its image. */
export function gifWithComment(text: string): Buffer {
  const g = gif();
  // Header (6) + logical screen descriptor (7) + global colour table (2 colours, 6 bytes) = 19.
  const c = Buffer.from(text, "latin1");
  return Buffer.concat([g.subarray(0, 19), Buffer.from([0x21, 0xfe, c.length]), c, Buffer.from([0]), g.subarray(19)]);
}
/** A GIF of `frames` tiny frames on a 1000 x 1000 screen: about a kilobyte, a megapixel per frame. */
export function gifManyFrames(frames: number): Buffer {
  const g = gif();
  const head = Buffer.from(g.subarray(0, 19));
  head.writeUInt16LE(1000, 6);
  head.writeUInt16LE(1000, 8);
  return Buffer.concat([head, ...Array<Buffer>(frames).fill(g.subarray(19, g.length - 1)), Buffer.from([0x3b])]);
}
