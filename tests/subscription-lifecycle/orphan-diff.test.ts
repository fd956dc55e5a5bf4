// Orphan detection in the pure reconciliation diff: a panel client is an orphan when its email has
// the shape clientEmailFor makes and no desired client of the node names it (any inbound, any case,
// PENDING ones included). The operator's own clients never appear in the report.
import { describe, expect, it } from "vitest";
import { encryptSecret } from "../../src/server/crypto/secrets";
import type { InboundClient, PanelInbound } from "../../src/server/integrations/panel";
import { clientEmailFor, isOurClientEmail } from "../../src/server/services/provisioning/credentials";
import { diffClients } from "../../src/server/services/subscription-lifecycle";

const client = (email: string, credential = "cred"): InboundClient => ({
  email, credential, enable: true, totalBytes: 0, expiryTime: 0, limitIp: 0, subId: "", comment: "", flow: "", security: "",
});

const inbound = (id: number, clients: InboundClient[]): PanelInbound => ({
  id, remark: "", enable: true, protocol: "vless", listen: "", port: 20000 + id, tag: "", up: 0, down: 0, totalBytes: 0, expiryTime: 0,
  settings: {}, streamSettings: {}, sniffing: {}, clients, clientStats: [],
});

const desired = (email: string, panelInboundId: number, panelState: "PENDING" | "SYNCED" = "SYNCED") => ({
  email, subscriptionId: "00000000-0000-4000-8000-000000000001", enable: true, totalBytes: 0, expiryMs: 0,
  credentialEnc: encryptSecret("cred"), panelState, panelInboundId,
});

const orphansOf = (items: ReturnType<typeof diffClients>) => items.filter((d) => d.kind === "orphan");

describe("our client email pattern", () => {
  it("matches what clientEmailFor makes, and not the operator's usual names", () => {
    for (const user of ["alice@example.com", "Bob.Smith+vpn@mail.example.co.uk", "x@a-b.io"]) expect(isOurClientEmail(clientEmailFor(user))).toBe(true);
    for (const other of ["alice@example.com", "router-01", "bob@home-laptop01", "alice@example.com-abc1234", "alice@example.com-abcd12345", "alice@example.com-abcd_123", "my phone-abcd1234", "-abcd1234", "alice@example.com-abcd1234 "]) {
      expect(isOurClientEmail(other), other).toBe(false);
    }
  });
});

describe("diffClients: orphans", () => {
  it("reports a panel client with our pattern that no desired client names, with its inbound", () => {
    const mine = "alice@example.com-k3y9ab12";
    const ghost = "bob@example.com-zz00aa11";
    const items = diffClients([desired(mine, 1)], [inbound(1, [client(mine)]), inbound(2, [client(ghost)])]);
    expect(items).toEqual([{ email: ghost, kind: "orphan", panelInboundId: 2 }]);
  });

  it("never reports the operator's own clients", () => {
    const operator = ["keep-vless", "router-01", "carol@example.com", "dave@example.com-laptop", "erin@home-phone123"];
    expect(orphansOf(diffClients([], [inbound(1, operator.map((e) => client(e)))]))).toEqual([]);
  });

  it("a desired client on another inbound of the node is not an orphan", () => {
    const email = "alice@example.com-k3y9ab12";
    // The row wants it on inbound 1; finding it on inbound 2 is "missing" there, not an orphan.
    const items = diffClients([desired(email, 1)], [inbound(1, []), inbound(2, [client(email)])]);
    expect(items.map((d) => d.kind)).toEqual(["missing"]);
  });

  it("compares emails case-insensitively, both ways", () => {
    const items = diffClients(
      [desired("Alice@Example.com-K3Y9AB12", 1), desired("bob@example.com-zz00aa11", 1)],
      [inbound(1, [client("alice@example.com-k3y9ab12"), client("BOB@EXAMPLE.COM-ZZ00AA11"), client("CAROL@EXAMPLE.COM-QQ11WW22")])],
    );
    expect(orphansOf(items)).toEqual([{ email: "CAROL@EXAMPLE.COM-QQ11WW22", kind: "orphan", panelInboundId: 1 }]);
  });

  it("a client whose sync is still queued (PENDING) is wanted, not an orphan", () => {
    const pending = "alice@example.com-k3y9ab12";
    const items = diffClients([desired(pending, 1, "PENDING")], [inbound(1, [client(pending, "other-cred")]), inbound(2, [client("x@example.com-aaaa0000")])]);
    expect(items).toEqual([{ email: "x@example.com-aaaa0000", kind: "orphan", panelInboundId: 2 }]);
  });

  it("the orphan item carries no secret", () => {
    const [item] = diffClients([], [inbound(3, [client("z@example.com-abcd1234", "s3cret-credential")])]);
    expect(JSON.stringify(item)).not.toContain("s3cret-credential");
  });
});
