// Where webhooks may go, without a database: URL shape, the address classes that are refused, every
// resolved address checked (not only the first), and the resolver seam.
import { describe, expect, it } from "vitest";
import { checkWebhookTarget, isPublicAddress, parseWebhookUrl, type Resolver } from "../../src/server/services/webhooks/target-check";

const resolvesTo = (...addresses: string[]): Resolver => async () => addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

describe("URL shape", () => {
  it.each([
    ["ftp://example.com/hook"],
    ["file:///etc/passwd"],
    ["javascript:alert(1)"],
    ["https://user:pass@example.com/hook"],
    ["https://token@example.com/hook"],
    ["example.com/hook"],
    ["not a url"],
  ])("refuses %s", (raw) => {
    expect(() => parseWebhookUrl(raw)).toThrow(expect.objectContaining({ code: "VALIDATION", reason: "webhook_url_invalid" }));
  });

  it("refuses a URL over the length cap and takes http and https", () => {
    expect(() => parseWebhookUrl(`https://example.com/${"a".repeat(2000)}`)).toThrow(expect.objectContaining({ code: "VALIDATION", details: expect.objectContaining({ fields: { url: "too_long" } }) }));
    expect(parseWebhookUrl("http://example.com/a?b=c").href).toBe("http://example.com/a?b=c");
    expect(parseWebhookUrl("HTTPS://Example.COM").href).toBe("https://example.com/");
  });
});

describe("address classes", () => {
  it.each([
    "127.0.0.1", "127.8.9.10", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "169.254.0.1", "100.64.0.1", "100.127.255.254",
    "0.0.0.0", "0.1.2.3", "224.0.0.1", "239.255.255.250", "255.255.255.255", "240.0.0.1", "192.0.2.1", "198.18.0.1",
    "::1", "::", "fc00::1", "fd12:3456::1", "fe80::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "::ffff:169.254.169.254",
    "::10.0.0.1", "64:ff9b::a00:1", "2002:a00:1::1", "2001:db8::1",
  ])("%s is not public", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(["93.184.216.34", "8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "169.255.0.1", "2606:4700:4700::1111", "2a00:1450:4001::200e", "::ffff:8.8.8.8"])("%s is public", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe("checkWebhookTarget", () => {
  it.each([
    ["http://127.0.0.1:8080/hook", "127.0.0.1"],
    ["http://[::1]/hook", "::1"],
    ["http://169.254.169.254/latest/meta-data/", "169.254.169.254"],
    ["http://10.0.0.5/hook", "10.0.0.5"],
    ["http://[::ffff:192.168.0.1]/hook", "::ffff:c0a8:1"],
    // Shorthand IPv4 forms are normalised by the URL parser before the check.
    ["http://2130706433/", "127.0.0.1"],
    ["http://0x7f.1/", "127.0.0.1"],
  ])("refuses the literal %s", async (url, address) => {
    await expect(checkWebhookTarget(url, { allowPrivate: false })).rejects.toMatchObject({ code: "VALIDATION", reason: "webhook_target_refused", details: { address } });
  });

  it("refuses a name when any of its addresses is private, and names the host and the address", async () => {
    await expect(checkWebhookTarget("https://hooks.example.test/in", { allowPrivate: false, resolve: resolvesTo("93.184.216.34", "10.0.0.7") })).rejects.toMatchObject({
      reason: "webhook_target_refused",
      details: { host: "hooks.example.test", address: "10.0.0.7" },
      message: expect.stringContaining("hooks.example.test leads to 10.0.0.7"),
    });
    await expect(checkWebhookTarget("https://metadata.example.test/", { allowPrivate: false, resolve: resolvesTo("169.254.169.254") })).rejects.toMatchObject({ reason: "webhook_target_refused" });
  });

  it("passes a public name and connects to the checked address; private ones only when allowed", async () => {
    const ok = await checkWebhookTarget("https://hooks.example.test:8443/in", { allowPrivate: false, resolve: resolvesTo("93.184.216.34", "2606:2800:220:1::1") });
    expect(ok).toMatchObject({ host: "hooks.example.test", address: "93.184.216.34", family: 4 });
    expect(ok.url.port).toBe("8443");
    const local = await checkWebhookTarget("http://receiver.test/in", { allowPrivate: true, resolve: resolvesTo("127.0.0.1") });
    expect(local).toMatchObject({ address: "127.0.0.1", family: 4 });
    expect(await checkWebhookTarget("http://[::1]:9/x", { allowPrivate: true })).toMatchObject({ host: "::1", address: "::1", family: 6 });
  });

  it("a name that does not resolve is refused with its own reason", async () => {
    await expect(checkWebhookTarget("https://nowhere.example.test/", { allowPrivate: true, resolve: resolvesTo() })).rejects.toMatchObject({ reason: "webhook_target_unresolved", details: { host: "nowhere.example.test" } });
    const failing: Resolver = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    await expect(checkWebhookTarget("https://nowhere.example.test/", { allowPrivate: true, resolve: failing })).rejects.toMatchObject({ reason: "webhook_target_unresolved" });
  });

  it("the system resolver refuses localhost", async () => {
    await expect(checkWebhookTarget("http://localhost:3000/hook", { allowPrivate: false })).rejects.toMatchObject({ reason: "webhook_target_refused", details: { host: "localhost" } });
  });
});
