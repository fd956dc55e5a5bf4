// `relayboard node add|list|sync|token` against the 3x-ui simulator.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { nodes as nodesTable } from "../../src/server/db/schema";
import { keyedHash } from "../../src/server/crypto/secrets";
import { listNodes } from "../../src/server/services/nodes";
import { cliCtx } from "../helpers/actors";
import { PASS, USER } from "../panel/helpers";
import { cli, json, testDbWithXuiSimulator } from "./helpers";

const t = testDbWithXuiSimulator();

describe("node commands", () => {
  let id = "";
  it("node add creates the node, syncs inbounds, and never echoes the password", async () => {
    const r = await cli(t.db, "node", "add", "--name", "cli-node", "--panel-url", t.sim.url, "--username", USER, "--password", PASS, "--json");
    const out = json<{ node: { id: string; panelStatus: string }; sync: { ok: boolean; inboundCount: number } }>(r);
    expect(out.sync).toEqual({ ok: true, inboundCount: 4 });
    expect(out.node.panelStatus).toBe("OK");
    expect(r.stdout).not.toContain(PASS);
    id = out.node.id;
  });

  it("node add with wrong panel credentials exits 1 and says why", async () => {
    const r = await cli(t.db, "node", "add", "--name", "bad-node", "--panel-url", t.sim.url, "--username", USER, "--password", "wrong");
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/panel check failed/i);
    // One outcome: saved but not synced, on one line (never "added" followed by "failed").
    expect(r.stdout.trim().split("\n")).toHaveLength(1);
    expect(r.stdout).toMatch(/saved but not synced.*hidden from users until a sync succeeds/);
    expect(r.stdout).not.toMatch(/\badded\b/);
  });

  it("node add without required options is a usage error", async () => {
    const r = await cli(t.db, "node", "add", "--name", "x");
    expect(r.code).toBe(2);
  });

  it("node list prints nodes as a table and as JSON", async () => {
    const table = await cli(t.db, "node", "list");
    expect(table.code).toBe(0);
    expect(table.stdout).toContain("cli-node");
    const listed = json<{ nodes: Array<{ id: string; inboundCount: number }> }>(await cli(t.db, "node", "list", "--json"));
    expect(listed.nodes.find((n) => n.id === id)!.inboundCount).toBe(4);
  });

  it("node sync re-syncs; an unknown id exits 1 with NOT_FOUND", async () => {
    expect(json(await cli(t.db, "node", "sync", id, "--json"))).toMatchObject({ ok: true, inboundCount: 4 });
    const r = await cli(t.db, "node", "sync", "00000000-0000-0000-0000-000000000000");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("NOT_FOUND");
  });

  it("node token prints a token once; only its keyed hash identifies the node", async () => {
    const r = await cli(t.db, "node", "token", id);
    expect(r.code).toBe(0);
    const token = r.stdout.trim();
    expect(token).toMatch(/^rbn_[A-Za-z0-9_-]{43}$/);
    const nodes = await listNodes(cliCtx(t.db));
    expect(nodes.find((n) => n.id === id)!.agentToken.active).toBe(true);
    expect(JSON.stringify(nodes)).not.toContain(token);
    const [row] = await t.db.select().from(nodesTable).where(eq(nodesTable.id, id));
    expect(row!.agentTokenHash).toBe(keyedHash(token, "agent-token"));
    expect(row!.agentTokenEnc).not.toContain(token);
  });
});
