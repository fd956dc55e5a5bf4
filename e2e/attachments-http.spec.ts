// Ticket uploads and attachment downloads over real HTTP through the custom server: the access
// matrix (owner, another user, admin, anonymous) with the headers a browser gets, the download
// variant, a cross-site form POST refused, and an oversized body refused with 413.
import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { png, pngBomb, pngWithImgOnerror } from "../tests/support/image-fixtures";
import { asClient, loginAsAdmin } from "./helpers";
import { newBuyer } from "./shop";

const ID = /\/api\/support\/attachments\/([0-9a-f-]{36})/;

test("attachment access matrix, cross-site refusal and body cap over real HTTP", async ({ browser, playwright, baseURL }) => {
  const owner = await newBuyer(browser, "attach-owner");
  const stranger = await newBuyer(browser, "attach-stranger");
  const same = { origin: baseURL!, "sec-fetch-site": "same-origin" };
  const multipart = { subject: `Attach ${Date.now().toString(36)}`, category: "TECHNICAL", priority: "NORMAL", body: "See the screenshot.", files: { name: "screen.png", mimeType: "image/png", buffer: png(4, 4) } };

  const created = await owner.page.request.post("/api/support/tickets", { headers: same, multipart });
  expect(created.status()).toBe(201);
  const { id: ticketId } = (await created.json()) as { id: string };
  const thread = await (await owner.page.request.get(`/tickets/${ticketId}`)).text();
  const attachmentId = ID.exec(thread)?.[1];
  expect(attachmentId).toBeTruthy();
  const path = `/api/support/attachments/${attachmentId}`;

  const mine = await owner.page.request.get(path);
  expect(mine.status()).toBe(200);
  expect(mine.headers()).toMatchObject({ "content-type": "image/png", "x-content-type-options": "nosniff" });
  expect(mine.headers()["content-disposition"]).toMatch(/^inline; .*filename\*=UTF-8''screen\.png$/);
  expect(mine.headers()["cache-control"]).toMatch(/^private/);
  // The site's page policy is replaced: nothing inside an uploaded file may run or load.
  expect(mine.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox");
  // Served is our re-encoding of the upload (issue 21 item 5): the same pixels, not the same bytes.
  const pixels = (b: Buffer) => sharp(b).raw().toBuffer();
  expect((await pixels(Buffer.from(await mine.body()))).equals(await pixels(png(4, 4)))).toBe(true);
  const dl = await owner.page.request.get(`${path}?download=1`);
  expect(dl.headers()).toMatchObject({ "content-type": "application/octet-stream" });
  expect(dl.headers()["content-disposition"]).toMatch(/^attachment; /);

  expect((await stranger.page.request.get(path)).status()).toBe(404);
  const anonymous: APIRequestContext = await playwright.request.newContext({ baseURL, ...asClient() });
  const anon = await anonymous.get(path);
  expect(anon.status()).toBe(404);
  expect(((await anon.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
  await anonymous.dispose();

  const adminCtx = await browser.newContext(asClient());
  const admin = await adminCtx.newPage();
  await loginAsAdmin(admin);
  expect((await admin.request.get(path)).status()).toBe(200);
  await adminCtx.close();

  // A form on another site posting with the owner's cookies.
  const cross = await owner.page.request.post("/api/support/tickets", { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" }, multipart });
  expect(cross.status()).toBe(403);
  expect(((await cross.json()) as { error: { details: { reason: string } } }).error.details.reason).toBe("cross_site_request");

  // Issue 21 item 5 over real HTTP: a pixel bomb is refused; markup in a text chunk never comes back.
  const bombed = await owner.page.request.post(`/api/support/tickets/${ticketId}/replies`, { headers: same, multipart: { body: "bomb", files: { name: "bomb.png", mimeType: "image/png", buffer: pngBomb() } } });
  expect(bombed.status()).toBe(400);
  expect(((await bombed.json()) as { error: { details: { reason: string } } }).error.details.reason).toBe("attachment_too_many_pixels");
  const tagged = await owner.page.request.post(`/api/support/tickets/${ticketId}/replies`, { headers: same, multipart: { body: "tagged", files: { name: "tagged.png", mimeType: "image/png", buffer: pngWithImgOnerror() } } });
  expect(tagged.status()).toBe(201);
  const taggedIds = [...(await (await owner.page.request.get(`/tickets/${ticketId}`)).text()).matchAll(new RegExp(ID, "g"))].map((m) => m[1]!);
  for (const id of new Set(taggedIds)) expect(Buffer.from(await (await owner.page.request.get(`/api/support/attachments/${id}`)).body()).toString("latin1")).not.toContain("onerror");

  // Over the cap (3 x 3 MiB + 64 KiB): refused by its declared length, before it is read.
  const huge = await owner.page.request.post(`/api/support/tickets/${ticketId}/replies`, { headers: same, multipart: { body: "big", files: { name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(10 * 1024 * 1024) } } });
  expect(huge.status()).toBe(413);
  await owner.page.context().close();
  await stranger.page.context().close();
});
