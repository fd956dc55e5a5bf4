// Attachments are judged by their bytes: whole PNG, JPEG, GIF and WebP pass; pages, SVG, images with
// something appended and images carrying markup are refused whatever they are called.
import { describe, expect, it } from "vitest";
import { sniffImage } from "../../src/server/services/support/image-sniff";
import { gif, html, jpeg, png, pngThenHtml, pngWithScriptChunk, svg, webp } from "./image-fixtures";

describe("sniffImage", () => {
  it("recognises the four image formats by content", () => {
    expect(sniffImage(png())).toEqual({ ok: true, type: "image/png" });
    expect(sniffImage(jpeg())).toEqual({ ok: true, type: "image/jpeg" });
    expect(sniffImage(gif())).toEqual({ ok: true, type: "image/gif" });
    expect(sniffImage(webp())).toEqual({ ok: true, type: "image/webp" });
  });

  it("refuses documents, empty and truncated files", () => {
    expect(sniffImage(html())).toEqual({ ok: false, reason: "attachment_not_an_image" });
    expect(sniffImage(svg())).toEqual({ ok: false, reason: "attachment_not_an_image" });
    expect(sniffImage(Buffer.alloc(0))).toEqual({ ok: false, reason: "attachment_not_an_image" });
    expect(sniffImage(png().subarray(0, 30))).toEqual({ ok: false, reason: "attachment_trailing_data" });
    expect(sniffImage(jpeg().subarray(0, 40))).toEqual({ ok: false, reason: "attachment_trailing_data" });
  });

  it("refuses polyglots: data after the image's end, or markup inside a valid image", () => {
    expect(sniffImage(pngThenHtml())).toEqual({ ok: false, reason: "attachment_trailing_data" });
    expect(sniffImage(Buffer.concat([gif(), Buffer.from("<script>x</script>;")]))).toEqual({ ok: false, reason: "attachment_markup_inside" });
    expect(sniffImage(pngWithScriptChunk())).toEqual({ ok: false, reason: "attachment_markup_inside" });
    const w = webp();
    expect(sniffImage(Buffer.concat([w, Buffer.from("<html>")]))).toEqual({ ok: false, reason: "attachment_trailing_data" });
  });
});
