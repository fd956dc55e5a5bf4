// The simulator's wire behaviour, checked with plain fetch against protocols.md §1 (v2.8.11), so the
// adapter tests are run against the real protocol and not against the adapter's own assumptions.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startXuiSimulator, type XuiSimulator } from "../../simulators/xui/server";
import { PASS, seedInbounds, USER } from "./helpers";

let sim: XuiSimulator;
beforeEach(async () => {
  sim = await startXuiSimulator({ username: USER, password: PASS, inbounds: seedInbounds(), basePath: "abc" });
});
afterEach(() => sim.close());

async function login(): Promise<string> {
  const res = await fetch(new URL("login", sim.url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: USER, password: PASS }),
  });
  return (res.headers.get("set-cookie") ?? "").split(";")[0] as string;
}

async function api(path: string, init: RequestInit = {}, cookie?: string) {
  const res = await fetch(new URL(`panel/api/inbounds/${path}`, sim.url), {
    ...init,
    redirect: "manual",
    headers: { ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string>) },
  });
  const text = await res.text();
  return { status: res.status, text, json: text ? (JSON.parse(text) as { success: boolean; msg: string; obj: unknown }) : null, res };
}

const addClient = (cookie: string, id: number, clients: unknown[], settingsAsObject = false) =>
  api("addClient", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id, settings: settingsAsObject ? { clients } : JSON.stringify({ clients }) }),
  }, cookie);

describe("3x-ui simulator wire behaviour", () => {
  it("normalizes the base path and sets the 3x-ui cookie on login", async () => {
    expect(sim.basePath).toBe("/abc/");
    const res = await fetch(new URL("login", sim.url), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: USER, password: PASS }),
    });
    expect(await res.json()).toEqual({ success: true, msg: " You have successfully logged into your account.", obj: null });
    expect(res.headers.get("set-cookie")).toMatch(/^3x-ui=[^;]+; Path=\/; Max-Age=21600; HttpOnly; SameSite=Lax$/);
  });

  it("answers wrong credentials with HTTP 200, the exact text and no cookie", async () => {
    const res = await fetch(new URL("login", sim.url), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: USER, password: "x" }) });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await res.json()).toEqual({ success: false, msg: "Invalid username or password or two-factor code.", obj: null });
  });

  it("hides the API behind a bare 404 without a session, and 404s unknown paths", async () => {
    const r = await api("list");
    expect([r.status, r.text]).toEqual([404, ""]);
    expect((await fetch(new URL("../login", sim.url), { method: "POST" })).status).toBe(404);
    expect((await api("nope", {}, await login())).status).toBe(404);
  });

  it("gzips envelopes for clients that accept it", async () => {
    const { res } = await api("list", { headers: { "accept-encoding": "gzip" } }, await login());
    expect(res.headers.get("content-encoding")).toBe("gzip");
  });

  it("lists inbounds with settings as strings and clientStats; get/:id has clientStats null", async () => {
    const cookie = await login();
    const list = (await api("list", {}, cookie)).json?.obj as Record<string, unknown>[];
    expect(typeof list[0]?.settings).toBe("string");
    expect(list[0]).toMatchObject({ tag: "inbound-20001", protocol: "vmess", trafficReset: "never" });
    expect((list[0]?.clientStats as Record<string, unknown>[])[0]).toMatchObject({ email: "keep-vmess", uuid: expect.any(String), inboundId: 1 });
    expect(((await api("get/1", {}, cookie)).json?.obj as Record<string, unknown>).clientStats).toBeNull();
  });

  it("uses the exact addClient texts, including Sprintln's trailing newline", async () => {
    const cookie = await login();
    const c = { id: "11111111-1111-4111-8111-111111111111", email: "Bob", enable: true, totalGB: 0, expiryTime: 0 };
    expect((await addClient(cookie, 1, [c])).json).toEqual({ success: true, msg: "Inbound client(s) have been added.", obj: null });
    expect((await addClient(cookie, 3, [{ ...c, password: "p", email: "bob" }])).json?.msg).toBe("Something went wrong (Duplicate email: bob\n)");
    expect((await addClient(cookie, 3, [{ email: "z" }])).json?.msg).toBe("Something went wrong (empty client ID\n)");
    expect((await addClient(cookie, 9, [c])).json?.msg).toBe("Something went wrong (record not found)");
    expect((await addClient(cookie, 1, [c], true)).json?.msg).toBe(
      "Inbound has been successfully updated. (json: cannot unmarshal object into Go struct field Inbound.settings of type string)",
    );
  });

  it("keeps v2.8.11's delClient quirks: unknown clientId succeeds, the last client cannot go", async () => {
    const cookie = await login();
    expect((await api("1/delClient/not-a-client", { method: "POST" }, cookie)).json).toMatchObject({ success: true, msg: "Inbound client has been deleted." });
    const keep = sim.state.clientsOf(sim.state.getInbound(1))[0]?.id as string;
    expect((await api(`1/delClient/${keep}`, { method: "POST" }, cookie)).json?.msg).toBe("Something went wrong (no client remained in Inbound\n)");
  });

  it("answers traffic of an unknown email with v2.8.11's error, and onlines with null before any poll", async () => {
    const cookie = await login();
    expect((await api("getClientTraffics/ghost", {}, cookie)).json?.msg).toBe("Error getting traffics. (Inbound Not Found For Email: ghost\n)");
    expect((await api("onlines", { method: "POST" }, cookie)).json).toEqual({ success: true, msg: "", obj: null });
    expect((await api("clientIps/keep-vmess", { method: "POST" }, cookie)).json?.obj).toBe("No IP Record");
  });

  it("legacy mode redirects with 307, or answers XHR with 401 JSON", async () => {
    await sim.close();
    sim = await startXuiSimulator({ username: USER, password: PASS, legacyAuth: true });
    const r = await api("list");
    expect([r.status, r.res.headers.get("location")]).toEqual([307, "/"]);
    const x = await api("list", { headers: { "x-requested-with": "XMLHttpRequest" } });
    expect(x.status).toBe(401);
    expect(x.json?.msg).toBe("Your session has expired, please log in again");
  });
});
