// `webhook add|list|remove|deliveries|resend` through the CLI's own parser and runner, with the
// webhook commands as the table (cli/commands/index.ts lists them for the bin): the secret printed
// by `add` once and by nothing after, the delivery log and a resend against a real receiver.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../cli/run-cli";
import { webhookCommands } from "../../cli/commands/webhook";
import type { Db } from "../../src/server/db/client";
import { tasks } from "../../src/server/db/schema";
import { testDbForFile } from "../helpers/db";
import { drain, raise, setPrivateTargets } from "../webhooks/helpers";
import { startReceiver, verifySignature, type Receiver } from "../webhooks/receiver";

const t = testDbForFile();
let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
});
afterAll(() => rx?.close());

async function webhook(db: Db, ...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(["webhook", ...argv], { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s), db, locale: "en" }, webhookCommands);
  return { code, stdout, stderr };
}

describe("webhook commands", () => {
  it("add prints the id and the secret once; list (text or JSON) never shows it; remove removes", async () => {
    const added = await webhook(t.db, "add", "--url", "https://93.184.216.34/hook?k=1", "--events", "order.paid,ticket.created", "--description", "ERP", "--json");
    expect(added.code).toBe(0);
    const { id, secret } = JSON.parse(added.stdout) as { id: string; secret: string };
    expect(Object.keys(JSON.parse(added.stdout) as object).sort()).toEqual(["id", "secret"]);
    expect(secret).toMatch(/^whsec_/);

    const text = await webhook(t.db, "add", "--url", "https://93.184.216.34/other", "--events", "node.offline");
    expect(text.code).toBe(0);
    const shown = text.stdout.match(/^secret: (whsec_\S+)$/m)?.[1];
    expect(shown).toMatch(/^whsec_/);
    expect(text.stdout.split(shown!).length - 1).toBe(1);

    const listed = await webhook(t.db, "list", "--json");
    expect(listed.code).toBe(0);
    const { webhooks } = JSON.parse(listed.stdout) as { webhooks: Record<string, unknown>[] };
    expect(webhooks.find((w) => w.id === id)).toEqual({ id, url: "https://93.184.216.34/hook?k=1", description: "ERP", events: ["order.paid", "ticket.created"], enabled: true, createdAt: expect.any(String), lastDelivery: null, last24h: { pending: 0, succeeded: 0, failed: 0 } });
    const plain = await webhook(t.db, "list");
    expect(plain.stdout).toContain(id);
    for (const out of [listed.stdout, plain.stdout]) {
      expect(out).not.toContain(secret);
      expect(out).not.toContain(shown!);
      expect(out).not.toContain("whsec_");
    }

    expect(await webhook(t.db, "remove", id)).toEqual({ code: 0, stdout: `webhook ${id} removed\n`, stderr: "" });
    expect((JSON.parse((await webhook(t.db, "list", "--json")).stdout) as { webhooks: { id: string }[] }).webhooks.map((w) => w.id)).not.toContain(id);
    const again = await webhook(t.db, "remove", id);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("This webhook does not exist");
  });

  it("refusals: unknown event types and private targets exit 1 with the reason; bad usage exits 2", async () => {
    const unknown = await webhook(t.db, "add", "--url", "https://93.184.216.34/hook", "--events", "order.paid,order.shipped");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Unknown webhook event types: order.shipped.");
    const local = await webhook(t.db, "add", "--url", "http://169.254.169.254/latest/meta-data/", "--events", "order.paid");
    expect(local.code).toBe(1);
    expect(local.stderr).toContain("169.254.169.254 leads to 169.254.169.254");
    expect((await webhook(t.db, "add", "--url", "https://93.184.216.34/hook")).code).toBe(2);
    expect((await webhook(t.db, "deliveries", "00000000-0000-4000-8000-000000000000", "--limit", "0")).code).toBe(2);
  });

  it("deliveries shows the log and resend sends the same delivery again", async () => {
    await setPrivateTargets(t.db, true);
    const { id, secret } = JSON.parse((await webhook(t.db, "add", "--url", rx.url(), "--events", "user.registered", "--json")).stdout) as { id: string; secret: string };
    rx.answer(500);
    const eventId = await raise(t.db, "user.registered", { userId: "u-1" });
    await drain(t.db);
    const log = await webhook(t.db, "deliveries", id, "--json");
    expect(log.code).toBe(0);
    const { deliveries, older } = JSON.parse(log.stdout) as { deliveries: Record<string, unknown>[]; older: string | null };
    expect(older).toBeNull();
    expect(deliveries).toEqual([
      { id: expect.any(String), eventId, eventType: "user.registered", status: "PENDING", attempts: 1, responseStatus: 500, lastError: "HTTP 500 (not a 2xx answer): answered 500", createdAt: expect.any(String), lastAttemptAt: expect.any(String), nextAttemptAt: expect.any(String) },
    ]);
    expect((await webhook(t.db, "deliveries", id)).stdout).toMatch(/user\.registered\s+PENDING\s+500\s+1/);

    // Still queued for its retry: a resend is refused until that is over.
    const early = await webhook(t.db, "resend", String(deliveries[0]!.id));
    expect(early.code).toBe(1);
    expect(early.stderr).toContain("already waiting to be sent");
    // As if its retries had run out.
    await t.db.update(tasks).set({ status: "FAILED" }).where(eq(tasks.kind, "webhook.deliver"));

    rx.answer(204);
    expect(await webhook(t.db, "resend", String(deliveries[0]!.id))).toEqual({ code: 0, stdout: `delivery ${String(deliveries[0]!.id)} queued to be sent again\n`, stderr: "" });
    await drain(t.db);
    expect(rx.received.map((r) => r.headers["relayboard-webhook-id"])).toEqual([eventId, eventId]);
    expect(verifySignature(secret, rx.received[1]!)).toBe(true);
    const after = JSON.parse((await webhook(t.db, "deliveries", id, "--json")).stdout) as { deliveries: Record<string, unknown>[] };
    expect(after.deliveries[0]).toMatchObject({ status: "SUCCEEDED", attempts: 2, responseStatus: 204, lastError: null });
  });
});
