// `relayboard plan list|create` against a database with a node synced from the 3x-ui simulator;
// examples/plan.json must work once its node and inbound names are the real ones.
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inlineFileOptions } from "../../cli/file-options";
import { ALL_COMMANDS } from "../../cli/commands";
import { getPlanAdmin } from "../../src/server/services/catalog";
import { listNodeInbounds } from "../../src/server/services/nodes";
import { cliCtx } from "../helpers/actors";
import { PASS, USER } from "../panel/helpers";
import { cli, json, ROOT, testDbWithXuiSimulator } from "./helpers";

const t = testDbWithXuiSimulator();

async function tmpFile(name: string, content: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "rb-plan-"));
  const file = path.join(dir, name);
  await writeFile(file, content);
  return file;
}

describe("plan commands", () => {
  let nodeId = "";
  let nodeName = "";
  let inboundNames: string[] = [];

  it("setup: a node synced from the simulator", async () => {
    const out = json<{ node: { id: string; name: string }; sync: { ok: boolean } }>(
      await cli(t.db, "node", "add", "--name", "plan-node", "--panel-url", t.sim.url, "--username", USER, "--password", PASS, "--json"),
    );
    expect(out.sync.ok).toBe(true);
    nodeId = out.node.id;
    nodeName = out.node.name;
    inboundNames = (await listNodeInbounds(cliCtx(t.db), nodeId)).map((i) => i.name);
    expect(inboundNames.length).toBeGreaterThan(1);
  });

  it("plan list says so when there are none", async () => {
    const r = await cli(t.db, "plan", "list");
    expect(r).toMatchObject({ code: 0, stdout: "No plans.\n" });
    expect(json(await cli(t.db, "plan", "list", "--json"))).toEqual({ plans: [] });
  });

  it("plan create --file examples/plan.json succeeds with the real node and inbound names", async () => {
    const example = JSON.parse(await readFile(path.join(ROOT, "examples", "plan.json"), "utf8")) as Record<string, unknown>;
    expect(example).toMatchObject({ node: expect.any(String), inbounds: expect.any(Array) });
    const file = await tmpFile("plan.json", JSON.stringify({ ...example, node: nodeName, inbounds: inboundNames.slice(0, 2) }));
    const out = json<{ plan: { id: string; nodeId: string; inboundIds: string[]; priceMinor: number } }>(await cli(t.db, "plan", "create", "--file", file, "--json"));
    expect(out.plan).toMatchObject({ nodeId, priceMinor: example.priceMinor });
    const stored = await getPlanAdmin(cliCtx(t.db), out.plan.id);
    expect(stored.inbounds.map((i) => i.name).sort()).toEqual(inboundNames.slice(0, 2).sort());
    expect(stored).toMatchObject({ name: example.name, renewalMode: example.renewalMode, topupMode: example.topupMode, stockTotal: example.stockTotal });
  });

  it("also takes ids (nodeId, inboundIds) and ports, and prints one line without --json", async () => {
    const inbounds = await listNodeInbounds(cliCtx(t.db), nodeId);
    const file = await tmpFile("ids.json", JSON.stringify({ kind: "TRIAL", name: "cli-trial", nodeId, inboundIds: [inbounds[0]!.id], priceMinor: 0, trafficGb: 2, durationDays: 1 }));
    const r = await cli(t.db, "plan", "create", "--file", file);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^plan cli-trial created \(.+\): TRIAL, 0\.00 \(2 GB\), 1 days, public\n$/);
    const byPort = await cli(t.db, "plan", "create", "--data", JSON.stringify({ kind: "PROXY", name: "by-port", node: nodeName, inbounds: [inbounds[1]!.port], pricingMode: "SLIDER", pricePerGbMinor: 15, minGb: 10, maxGb: 200, durationDays: 30 }));
    expect(byPort.code).toBe(0);
  });

  it("plan list shows the plans as a table and as JSON", async () => {
    const r = await cli(t.db, "plan", "list");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Tokyo Standard 100 GB / 30 days");
    expect(r.stdout).toContain("19.99 (100 GB)");
    expect(r.stdout).toContain("0.15/GB (10-200 GB)");
    const listed = json<{ plans: Array<{ name: string; nodeName: string; stockTotal: number | null }> }>(await cli(t.db, "plan", "list", "--json"));
    expect(listed.plans).toHaveLength(3);
    expect(listed.plans.find((p) => p.name === "cli-trial")).toMatchObject({ nodeName, stockTotal: null });
  });

  it("a plan that breaks a rule exits 1 and names each field", async () => {
    const file = await tmpFile("bad.json", JSON.stringify({ kind: "TRIAL", name: "bad", node: nodeName, inbounds: [inboundNames[0]], priceMinor: 500, trafficGb: 1, durationDays: 30, extra: 1 }));
    const r = await cli(t.db, "plan", "create", "--file", file);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: VALIDATION: /);
    expect(r.stderr).toContain("extra: This field is not accepted here.");
    const trial = await tmpFile("trial.json", JSON.stringify({ kind: "TRIAL", name: "bad", node: nodeName, inbounds: [inboundNames[0]], priceMinor: 500, trafficGb: 1, durationDays: 30 }));
    const r2 = await cli(t.db, "plan", "create", "--file", trial);
    expect(r2.stderr).toContain("priceMinor: A trial is free: the price must be 0.");
    expect(r2.stderr).toContain("durationDays: Must be at most 7.");
  });

  it("an unknown node or inbound name is a field error; a missing file or bad JSON is reported", async () => {
    const unknownNode = await cli(t.db, "plan", "create", "--data", JSON.stringify({ kind: "PROXY", name: "x", node: "nope", inbounds: ["a"], priceMinor: 1, trafficGb: 1, durationDays: 1 }));
    expect(unknownNode).toMatchObject({ code: 1 });
    expect(unknownNode.stderr).toContain("node: Not found.");
    const unknownInbound = await cli(t.db, "plan", "create", "--data", JSON.stringify({ kind: "PROXY", name: "x", node: nodeName, inbounds: ["nope"], priceMinor: 1, trafficGb: 1, durationDays: 1 }));
    expect(unknownInbound.stderr).toContain("inbounds:");
    expect((await cli(t.db, "plan", "create", "--file", "/nonexistent/plan.json")).code).toBe(2);
    expect((await cli(t.db, "plan", "create", "--data", "{not json")).stderr).toMatch(/VALIDATION: .*JSON/);
    expect((await cli(t.db, "plan", "create")).code).toBe(2);
  });

  it("a command forwarded to the running service carries the file's content, not its path", async () => {
    const argv = await inlineFileOptions(["plan", "create", "--file", "rel/plan.json", "--json"], ALL_COMMANDS, async (p) => `content of ${p}`);
    expect(argv).toEqual(["plan", "create", "--json", "--data=content of rel/plan.json"]);
    expect(await inlineFileOptions(["plan", "create", "--file=x.json"], ALL_COMMANDS, async () => "{}")).toEqual(["plan", "create", "--data={}"]);
    expect(await inlineFileOptions(["plan", "list", "--json"], ALL_COMMANDS, async () => "never")).toEqual(["plan", "list", "--json"]);
  });
});
