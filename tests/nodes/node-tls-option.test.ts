// The per-node "accept the panel's self-signed certificate" option end to end: stored by createNode /
// updateNode (form checkbox values) and `node add --insecure-tls`, exposed on the public node, and used
// by the panel adapter, against the 3x-ui simulator behind a self-signed HTTPS proxy.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startXuiSimulator, type XuiSimulator } from "../../simulators/xui";
import { auditLogs, nodes } from "../../src/server/db/schema";
import * as svc from "../../src/server/services/nodes";
import { makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { cli, json } from "../cli/helpers";
import { PASS, seedInbounds, USER } from "../panel/helpers";
import { makeSelfSignedCert, opensslAvailable, startTlsProxy, type TlsProxy } from "../panel/tls-helpers";

describe.runIf(opensslAvailable())("nodes: self-signed panel certificate option", () => {
  let t: TestDb;
  let sim: XuiSimulator;
  let proxy: TlsProxy;
  let admin: Awaited<ReturnType<typeof makeUser>>;
  let url = "";
  beforeAll(async () => {
    t = await createTestDb();
    sim = await startXuiSimulator({ username: USER, password: PASS, basePath: "/tls-node/", inbounds: seedInbounds() });
    proxy = await startTlsProxy(sim.port, makeSelfSignedCert());
    url = proxy.urlFor(sim.basePath);
    admin = await makeUser(t.db, "ADMIN");
  });
  afterAll(async () => {
    await proxy?.close();
    await sim?.close();
    await t?.close();
  });

  const form = (over: Record<string, unknown> = {}) => ({ name: `tls-${Math.random().toString(36).slice(2, 8)}`, panelUrl: url, panelUsername: USER, panelPassword: PASS, ...over });
  const stored = async (id: string) => (await t.db.select().from(nodes).where(eq(nodes.id, id)))[0]!;

  it("is off by default: the node is saved, the sync fails as tls_untrusted and the node shows ERROR", async () => {
    const r = await svc.createNode(admin.ctx, form());
    expect(r.node.panelTlsInsecure).toBe(false);
    expect(r.sync).toMatchObject({ ok: false, error: { code: "UNAVAILABLE", reason: "panel_tls_untrusted" } });
    expect(r.node.panelStatus).toBe("ERROR");
    expect(r.node.panelError).toMatch(/certificate is not trusted/);
    expect((await stored(r.node.id)).panelTlsInsecure).toBe(false);
  });

  it("createNode with the checkbox on syncs through HTTPS and stores the option", async () => {
    const r = await svc.createNode(admin.ctx, form({ panelTlsInsecure: "on" }));
    expect(r.sync).toEqual({ ok: true, inboundCount: 4 });
    expect(r.node).toMatchObject({ panelTlsInsecure: true, panelStatus: "OK" });
    expect((await stored(r.node.id)).panelTlsInsecure).toBe(true);
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, r.node.id));
    expect(audit!.metadata).toMatchObject({ panelTlsInsecure: true });
  });

  it("updateNode turns it on and off; leaving the field out keeps the stored value", async () => {
    const { node } = await svc.createNode(admin.ctx, form());
    const edit = (over: Record<string, unknown>) => svc.updateNode(admin.ctx, node.id, { name: node.name, panelUrl: url, panelUsername: USER, ...over });

    const on = await edit({ panelTlsInsecure: "true" });
    expect(on.sync).toEqual({ ok: true, inboundCount: 4 });
    expect(on.node.panelTlsInsecure).toBe(true);

    const kept = await edit({});
    expect(kept.sync.ok).toBe(true);
    expect((await stored(node.id)).panelTlsInsecure).toBe(true);

    const off = await edit({ panelTlsInsecure: "false" });
    expect(off.node.panelTlsInsecure).toBe(false);
    expect(off.sync).toMatchObject({ ok: false, error: { reason: "panel_tls_untrusted" } });

    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, node.id));
    const fields = audits.filter((a) => a.action === "admin.node.update").map((a) => (a.metadata as { fields: string[] }).fields);
    expect(fields.sort()).toEqual([[], ["panelTlsInsecure"], ["panelTlsInsecure"]]);
  });

  it("listNodes exposes the option", async () => {
    const { node } = await svc.createNode(admin.ctx, form({ panelTlsInsecure: true }));
    expect((await svc.listNodes(admin.ctx)).find((n) => n.id === node.id)).toMatchObject({ panelTlsInsecure: true, panelStatus: "OK" });
  });

  it("CLI: node add fails strict without --insecure-tls and succeeds with it", async () => {
    const strict = await cli(t.db, "node", "add", "--name", "cli-tls-strict", "--panel-url", url, "--username", USER, "--password", PASS);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/certificate is not trusted/);

    const r = await cli(t.db, "node", "add", "--name", "cli-tls", "--panel-url", url, "--username", USER, "--password", PASS, "--insecure-tls", "--json");
    const out = json<{ node: { id: string; panelTlsInsecure: boolean }; sync: { ok: boolean; inboundCount: number } }>(r);
    expect(out.sync).toEqual({ ok: true, inboundCount: 4 });
    expect(out.node.panelTlsInsecure).toBe(true);
    expect((await stored(out.node.id)).panelTlsInsecure).toBe(true);
  });
});
