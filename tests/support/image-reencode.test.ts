// Issue 21 item 5: an upload is decoded by a real image library and only our own re-encoding of its
// pixels is kept. The probe files that got past the old byte check (a block-list) are refused or
// come out as a plain picture; the four formats round-trip with their metadata gone; a header that
// declares a decompression bomb is refused before any pixel is decoded.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MAX_IMAGE_PIXELS, reencodeImage } from "../../src/server/services/support/image-reencode";
import { domainErrorOf } from "../panel/helpers";
import {
  gif,
  gifJsPolyglot,
  gifManyFrames,
  gifWithComment,
  html,
  jpeg,
  png,
  pngBomb,
  pngThenHtml,
  pngWithAnchor,
  pngWithImgOnerror,
  pngWithScriptChunk,
  pngWithText,
  pngWithUtf16Script,
  signatureScriptIend,
  svg,
  webp,
} from "./image-fixtures";

const refusal = async (bytes: Buffer) => {
  const e = await domainErrorOf(() => reencodeImage(bytes));
  return [e.code, e.reason];
};
/** The PNG's chunk types, in order. */
function pngChunks(b: Buffer): string[] {
  const out: string[] = [];
  for (let at = 8; at + 8 <= b.length; ) {
    const len = b.readUInt32BE(at);
    out.push(b.toString("latin1", at + 4, at + 8));
    at += 12 + len;
  }
  return out;
}
const MARKUP = /<\s*(script|img|a|svg|html)|onerror|alert\(|h\0r\0e\0f|s\0c\0r\0i\0p\0t/i;

describe("reencodeImage", () => {
  it("refuses documents, empty, truncated and undecodable files as not an image", async () => {
    for (const bytes of [html(), svg(), Buffer.alloc(0), png().subarray(0, 30), jpeg().subarray(0, 40), Buffer.from("RIFF\0\0\0\0WEBPVP8 garbage")]) {
      expect(await refusal(bytes)).toEqual(["VALIDATION", "attachment_not_an_image"]);
    }
  });

  it("refuses the probe files that are no image: PNG signature + script + IEND, and the GIF/JavaScript polyglot", async () => {
    expect(await refusal(signatureScriptIend())).toEqual(["VALIDATION", "attachment_not_an_image"]);
    expect(await refusal(gifJsPolyglot())).toEqual(["VALIDATION", "attachment_not_an_image"]);
  });

  it("refuses a PNG declaring 60000 x 60000 pixels from its header, as too many pixels", async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(2000);
    const e = await domainErrorOf(() => reencodeImage(bomb));
    expect([e.code, e.reason, e.details]).toEqual(["VALIDATION", "attachment_too_many_pixels", expect.objectContaining({ maxMegapixels: MAX_IMAGE_PIXELS / 1_000_000 })]);
  });

  it("counts every frame of an animation against the pixel limit", async () => {
    // A megapixel screen: 5 frames are 5 megapixels and pass, 50 frames (50 megapixels, in about a
    // kilobyte) do not, though each frame alone would.
    expect(await reencodeImage(gifManyFrames(5))).toMatchObject({ type: "image/gif", width: 1000, height: 1000, frames: 5 });
    expect(await refusal(gifManyFrames(50))).toEqual(["VALIDATION", "attachment_too_many_pixels"]);
  });

  it("keeps only the picture of a PNG carrying <img onerror>, <a href>, UTF-16 <script> or <script> in a text chunk, or a page after IEND", async () => {
    for (const probe of [pngWithImgOnerror(), pngWithAnchor(), pngWithUtf16Script(), pngWithScriptChunk(), pngThenHtml()]) {
      expect(probe.toString("latin1")).toMatch(MARKUP);
      const out = await reencodeImage(probe);
      expect(out.type).toBe("image/png");
      expect(out.bytes.toString("latin1")).not.toMatch(MARKUP);
      // Only the image header, its data, its end and the pixel density libvips always writes.
      expect(pngChunks(out.bytes).filter((c) => !["IHDR", "IDAT", "IEND", "pHYs"].includes(c))).toEqual([]);
      // The same pixels as the plain image.
      const [a, b] = await Promise.all([sharp(out.bytes).raw().toBuffer(), sharp(png()).raw().toBuffer()]);
      expect(a.equals(b)).toBe(true);
    }
  });

  it("round-trips PNG, JPEG, GIF and WebP as decodable images of the same format and size, metadata stripped", async () => {
    const jpegWithExif = await sharp(await sharp(jpeg()).resize(8, 6).toBuffer()).withExif({ IFD0: { Copyright: "probe-exif-secret", Artist: "probe-artist" } }).jpeg().toBuffer();
    const webpWithExif = await sharp(webp()).withExif({ IFD0: { Copyright: "probe-exif-secret" } }).webp().toBuffer();
    const cases = [
      { bytes: pngWithText("probe-text-secret"), type: "image/png", format: "png", w: 2, h: 2 },
      { bytes: jpegWithExif, type: "image/jpeg", format: "jpeg", w: 8, h: 6 },
      { bytes: gifWithComment("probe-comment-secret"), type: "image/gif", format: "gif", w: 1, h: 1 },
      { bytes: webpWithExif, type: "image/webp", format: "webp", w: 1, h: 1 },
    ];
    for (const c of cases) {
      expect(c.bytes.toString("latin1")).toMatch(/probe-\w+-secret/);
      const out = await reencodeImage(c.bytes);
      expect(out).toMatchObject({ type: c.type, width: c.w, height: c.h, frames: 1 });
      expect(out.bytes.toString("latin1")).not.toMatch(/probe-/);
      const meta = await sharp(out.bytes).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif, meta.xmp, meta.comments]).toEqual([c.format, c.w, c.h, undefined, undefined, undefined]);
    }
  });

  it("keeps a GIF's animation", async () => {
    const raw = Buffer.concat([Buffer.alloc(4 * 4 * 3, 0), Buffer.alloc(4 * 4 * 3, 255)]);
    const anim = await sharp(raw, { raw: { width: 4, height: 8, channels: 3, pageHeight: 4 } }).gif({ delay: [100, 100] }).toBuffer();
    const out = await reencodeImage(anim);
    expect(out).toMatchObject({ type: "image/gif", width: 4, height: 4, frames: 2 });
    expect((await sharp(out.bytes, { animated: true }).metadata()).pages).toBe(2);
  });

  it("refuses a file whose first bytes name one format and whose content is another", async () => {
    // A JPEG body behind a GIF header is neither.
    expect(await refusal(Buffer.concat([Buffer.from("GIF89a"), jpeg()]))).toEqual(["VALIDATION", "attachment_not_an_image"]);
  });

  it("still decodes the plain four formats", async () => {
    for (const [bytes, type] of [[png(), "image/png"], [jpeg(), "image/jpeg"], [gif(), "image/gif"], [webp(), "image/webp"]] as const) {
      expect((await reencodeImage(bytes)).type).toBe(type);
    }
  });
});
