// Issue 26 item 6: no download token in response headers. profile-web-page-url carries a view-only
// token that opens the browser page's gate and nothing else, changes when the owner rotates the
// link, and is refused as a download token (and the download token is refused as a view token).
import { afterAll, describe, expect, it } from "vitest";
import { openContent } from "../../src/server/services/subscription-content/access";
import { flushAccessLogs } from "../../src/server/services/subscription-content/access-log";
import { serveContent } from "../../src/server/services/subscription-content/serve";
import { myAggregateToken, rotateAggregateToken, rotateSubscriptionAccess } from "../../src/server/services/subscriptions";
import { openShop } from "../commerce/fixtures";
import { fetchOn, subscribedIn } from "./gate-fixtures";

const shop = openShop();
afterAll(() => flushAccessLogs()); // the fetches' access rows, before the database closes
const limits = { perIpPerHour: 10_000, perSubscriptionPerHour: 10_000 };
let n = 0;
const gate = (id: string, token: string, credential?: "view") => openContent(shop.db, { id, token, credential, ip: `192.0.2.${(n++ % 250) + 1}`, now: new Date(), limits });

/** The view token a fetch's profile-web-page-url names, after checking the URL's shape. */
function viewTokenIn(headers: Record<string, string>, id: string): string {
  const url = new URL(headers["profile-web-page-url"]!);
  expect(url.pathname).toBe(`/subscription-view/${id}`);
  expect([...url.searchParams.keys()]).toEqual(["view"]);
  return url.searchParams.get("view")!;
}

describe("view-only tokens in profile-web-page-url", () => {
  it("no response header carries the download token; the page URL opens with a view token", async () => {
    const { sub, token } = await subscribedIn(shop);
    const res = await fetchOn(shop.db, sub.id, token);
    expect(res.status).toBe(200);
    for (const [name, value] of Object.entries(res.headers)) expect(value, name).not.toContain(token);
    const view = viewTokenIn(res.headers, sub.id);
    expect(view).not.toBe(token);
    const opened = await gate(sub.id, view, "view");
    expect(opened.ok).toBe(true);
    if (opened.ok) expect(opened.subject.subscriptions.map((s) => s.id)).toEqual([sub.id]);
  });

  it("a view token fetches no content, and a download token does not pass as a view token", async () => {
    const { sub, token } = await subscribedIn(shop);
    const view = viewTokenIn((await fetchOn(shop.db, sub.id, token)).headers, sub.id);
    const asDownload = await fetchOn(shop.db, sub.id, view);
    expect(asDownload.status).toBe(404);
    expect(asDownload.body).not.toContain("vless://");
    expect(await gate(sub.id, token, "view")).toMatchObject({ ok: false, outcome: "token_invalid", status: 404 });
    // Another subscription's view token opens nothing here.
    const other = await subscribedIn(shop);
    const otherView = viewTokenIn((await fetchOn(shop.db, other.sub.id, other.token)).headers, other.sub.id);
    expect(await gate(sub.id, otherView, "view")).toMatchObject({ ok: false, outcome: "token_invalid" });
  });

  it("rotating the link changes the view token: the old one stops opening the page", async () => {
    const { user, sub, token } = await subscribedIn(shop);
    const oldView = viewTokenIn((await fetchOn(shop.db, sub.id, token)).headers, sub.id);
    const rotated = await rotateSubscriptionAccess(user.ctx, sub.id);
    expect(rotated.token).toBeTruthy();
    expect(await gate(sub.id, oldView, "view")).toMatchObject({ ok: false, outcome: "token_invalid" });
    const newView = viewTokenIn((await fetchOn(shop.db, sub.id, rotated.token!)).headers, sub.id);
    expect(newView).not.toBe(oldView);
    expect((await gate(sub.id, newView, "view")).ok).toBe(true);
  });

  it("the aggregate link's page opens with its own view token, which names its owner and dies with a rotation", async () => {
    const { user } = await subscribedIn(shop);
    const { token } = await myAggregateToken(user.ctx);
    const res = await serveContent(shop.db, { id: "all", token, format: "base64", userAgent: "v2rayN/7.0", ip: "198.51.100.77", locale: "en" });
    expect(res.status).toBe(200);
    for (const [name, value] of Object.entries(res.headers)) expect(value, name).not.toContain(token);
    const view = viewTokenIn(res.headers, "all");
    expect(view.startsWith(`${user.id}.`)).toBe(true);
    const opened = await gate("all", view, "view");
    expect(opened.ok && opened.subject.kind).toBe("all");
    // A forged mac for the same owner, a malformed token, and the download token itself: refused.
    expect(await gate("all", `${user.id}.${"0".repeat(64)}`, "view")).toMatchObject({ ok: false, outcome: "token_invalid" });
    expect(await gate("all", "not-a-view-token", "view")).toMatchObject({ ok: false, outcome: "token_invalid" });
    expect(await gate("all", token, "view")).toMatchObject({ ok: false, outcome: "token_invalid" });
    await rotateAggregateToken(user.ctx);
    expect(await gate("all", view, "view")).toMatchObject({ ok: false, outcome: "token_invalid" });
  });
});
