// The simulator's two route layouts, checked with plain fetch: each serves its own routes and 404s the
// other's, so an adapter test passing in both shapes cannot be calling one layout's routes by luck.
import { afterEach, describe, expect, it } from "vitest";
import { startXuiSimulator, type XuiSimulator } from "../../simulators/xui/server";
import { PASS, seedInbounds, TOKEN, USER } from "./helpers";

let sim: XuiSimulator;
afterEach(() => sim.close());

async function call(method: string, path: string, auth: Record<string, string>) {
  const res = await fetch(new URL(path, sim.url), { method, headers: { ...auth, "content-type": "application/json" }, body: method === "POST" ? "{}" : undefined, redirect: "manual" });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as { success: boolean; obj: Record<string, unknown> | null }) : null };
}

async function cookie(): Promise<Record<string, string>> {
  const res = await fetch(new URL("login", sim.url), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: USER, password: PASS }) });
  return { cookie: (res.headers.get("set-cookie") ?? "").split(";")[0] as string };
}

describe("3x-ui simulator shapes", () => {
  it("v2.8: settings under /panel, inbound client routes, no panelVersion, no clients API", async () => {
    sim = await startXuiSimulator({ username: USER, password: PASS, inbounds: seedInbounds() });
    expect(sim.shape).toBe("v2.8");
    const auth = await cookie();
    expect((await call("POST", "panel/setting/all", auth)).json?.success).toBe(true);
    expect((await call("POST", "panel/xray/", auth)).json?.success).toBe(true);
    expect((await call("POST", "panel/api/setting/all", auth)).status).toBe(404);
    expect((await call("POST", "panel/api/xray/", auth)).status).toBe(404);
    expect((await call("GET", "panel/api/clients/get/keep-vmess", auth)).status).toBe(404);
    expect((await call("POST", "panel/api/clients/onlines", auth)).status).toBe(404);
    const status = await call("GET", "panel/api/server/status", auth);
    expect(status.json?.obj).toMatchObject({ xray: { state: "running" } });
    expect(status.json?.obj).not.toHaveProperty("panelVersion");
  });

  it("latest: settings under /panel/api, clients API with limitHwid, panelVersion, CSRF-guarded login", async () => {
    sim = await startXuiSimulator({ username: USER, password: PASS, inbounds: seedInbounds(), apiToken: TOKEN, panelVersion: "3.6.0" });
    expect(sim.shape).toBe("latest");
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect((await call("POST", "panel/api/setting/all", auth)).json?.success).toBe(true);
    expect((await call("POST", "panel/api/xray/", auth)).json?.success).toBe(true);
    expect((await call("POST", "panel/setting/all", auth)).status).not.toBe(200);
    expect((await call("POST", "panel/api/inbounds/addClient", auth)).status).toBe(404);
    expect((await call("GET", "panel/api/server/status", auth)).json?.obj).toMatchObject({ panelVersion: "3.6.0" });
    sim.state.limitHwid.set("keep-vmess", 2);
    expect((await call("GET", "panel/api/clients/get/keep-vmess", auth)).json?.obj).toMatchObject({ client: { email: "keep-vmess", limitHwid: 2 }, inboundIds: [1] });
    // update/:email without limitHwid resets it, as the real handler does: the adapter must send it back.
    expect((await call("POST", "panel/api/clients/update/keep-vmess", auth)).json?.success).toBe(true);
    expect(sim.state.limitHwid.get("keep-vmess")).toBe(0);
    const login = await fetch(new URL("login", sim.url), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: USER, password: PASS }) });
    expect(login.status).toBe(403);
  });

  it("latest shape 404s the old settings routes for a logged-in session too", async () => {
    sim = await startXuiSimulator({ username: USER, password: PASS, shape: "latest" });
    const session = await fetch(new URL("login", sim.url), { method: "POST", headers: { "content-type": "application/json", "x-csrf-token": "t" }, body: JSON.stringify({ username: USER, password: PASS }) });
    const auth = { cookie: (session.headers.get("set-cookie") ?? "").split(";")[0] as string };
    expect((await call("POST", "panel/setting/all", auth)).status).toBe(404);
    expect((await call("POST", "panel/xray/", auth)).status).toBe(404);
    expect((await call("POST", "panel/api/setting/all", auth)).json?.success).toBe(true);
  });
});
