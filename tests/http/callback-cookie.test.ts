// next-auth's callback-url cookie that is not a URL made /api/auth/session (and every page that reads
// the session) a 500: the listener removes it before Next sees the request, and keeps the other
// cookies and a callback-url cookie that is a URL (the `redirect` callback then decides on it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withoutBadCallbackCookie } from "../../src/server/http/callback-cookie";
import { startListener, type Listener } from "./listener-harness";

let app: Listener;
beforeAll(async () => (app = await startListener(async (req, res) => void res.end(JSON.stringify({ cookie: req.headers.cookie ?? null })))));
afterAll(() => app.close());

const NAMES = ["next-auth.callback-url", "__Secure-next-auth.callback-url"];
const BAD = ["ht!tp::x", "%ff", "", "true", "javascript%3Aalert(1)", "%2F%E4%B8%AD", "%20%2Faccount", "evil.com", "ftp%3A%2F%2Fx"];

describe("next-auth callback-url cookie", () => {
  it.each(NAMES)("%s that is not a URL is removed; the other cookies stay", async (name) => {
    for (const value of BAD) {
      const r = await app.send({ path: "/api/auth/session", headers: { cookie: `a=1; ${name}=${value}; next-auth.session-token=t` } });
      expect(JSON.parse(r.body).cookie, value).toBe("a=1; next-auth.session-token=t");
    }
    const bare = await app.send({ path: "/dashboard", headers: { cookie: name } });
    expect(JSON.parse(bare.body).cookie).toBe("");
  });

  it("a URL or a path is kept as sent", () => {
    for (const value of ["http%3A%2F%2F127.0.0.1%3A3000%2Faccount", "https://evil.example/x", "%2Faccount%3Ftab%3Dx", "/login"]) {
      const header = `next-auth.callback-url=${value}; b=2`;
      expect(withoutBadCallbackCookie(header)).toBe(header);
    }
  });
});
