// Import deep links (protocols.md §8.6): each one parsed back the way its client parses it gives the
// content URL of the format that client reads, token and all, and the profile name where it has one.
import { describe, expect, it } from "vitest";
import { IMPORT_CLIENTS, importLinks, withFormat, type ImportClient } from "../../src/components/subscriptions/import-links";

// A token with characters that must survive encoding ("+", "/", "=", "&" would break a careless link).
const TOKEN = "a+b/c=d&e";
const BASE = `https://sub.example.com/api/subscription/0b7c7a4e-8f1e-4a57-9f39-3f4f1f7f1c11?token=${encodeURIComponent(TOKEN)}`;
const NAME = "Relay 标准 #1 & more";

const links = new Map(importLinks(BASE, NAME).map((l) => [l.client, l]));
const link = (c: ImportClient) => links.get(c)!;

/** The content URL a link carries, read the way the app reads it; and the name it carries. */
function embedded(client: ImportClient): { url: string; name: string | null } {
  const href = link(client).href;
  const u = new URL(href);
  switch (client) {
    case "clash":
    case "clashmeta": {
      // Clash Verge Rev takes everything after "url=": that must be the whole URL, so name comes first.
      const raw = href.slice(href.indexOf("url=") + 4);
      expect(decodeURIComponent(raw)).toBe(u.searchParams.get("url"));
      return { url: u.searchParams.get("url")!, name: u.searchParams.get("name") };
    }
    case "stash":
      return { url: u.searchParams.get("url")!, name: null };
    case "sing-box":
    case "v2rayng":
      return { url: u.searchParams.get("url")!, name: decodeURIComponent(u.hash.slice(1)) };
    case "v2box":
      return { url: u.searchParams.get("url")!, name: u.searchParams.get("name") };
    case "hiddify": {
      const noHash = href.slice(0, href.indexOf("#"));
      return { url: noHash.slice("hiddify://import/".length), name: decodeURIComponent(u.hash.slice(1)) };
    }
    case "shadowrocket": {
      expect(u.host).toBe("add");
      const m = /^\/sub:\/\/([^?]+)$/.exec(u.pathname)!;
      return { url: Buffer.from(m[1]!, "base64").toString("utf8"), name: u.searchParams.get("remark") };
    }
    case "happ":
      return { url: href.slice("happ://add/".length), name: null };
    case "streisand":
      return { url: href.slice("streisand://import/".length), name: null };
  }
}

const FORMAT: Record<ImportClient, string> = {
  clash: "clash",
  clashmeta: "clash",
  stash: "stash",
  "sing-box": "sing-box",
  hiddify: "sing-box",
  v2rayng: "base64",
  shadowrocket: "base64",
  happ: "base64",
  streisand: "base64",
  v2box: "base64",
};

const SCHEME: Record<ImportClient, string> = {
  clash: "clash://install-config?",
  clashmeta: "clashmeta://install-config?",
  stash: "stash://install-config?url=",
  "sing-box": "sing-box://import-remote-profile?url=",
  hiddify: "hiddify://import/https://",
  v2rayng: "v2rayng://install-config?url=",
  shadowrocket: "shadowrocket://add/sub://",
  happ: "happ://add/https://",
  streisand: "streisand://import/https://",
  v2box: "v2box://install-sub?url=",
};

describe("import deep links", () => {
  it("covers every client once", () => {
    expect([...links.keys()].sort()).toEqual([...IMPORT_CLIENTS].sort());
  });

  for (const client of IMPORT_CLIENTS) {
    it(`${client}: the scheme of §8.6 carrying the ${FORMAT[client]} content URL`, () => {
      expect(link(client).href.startsWith(SCHEME[client])).toBe(true);
      expect(link(client).format).toBe(FORMAT[client]);
      const { url, name } = embedded(client);
      const content = new URL(url);
      expect(content.origin + content.pathname).toBe("https://sub.example.com/api/subscription/0b7c7a4e-8f1e-4a57-9f39-3f4f1f7f1c11");
      expect(content.searchParams.get("token")).toBe(TOKEN);
      expect(content.searchParams.get("format")).toBe(FORMAT[client]);
      expect(url).toBe(withFormat(BASE, link(client).format));
      if (name !== null) expect(name).toBe(NAME);
    });
  }

  it("replaces a format already on the URL rather than adding a second one", () => {
    const u = new URL(withFormat(`${BASE}&format=plain`, "sing-box"));
    expect(u.searchParams.getAll("format")).toEqual(["sing-box"]);
    expect(u.searchParams.get("token")).toBe(TOKEN);
  });

  it("works for the aggregate link too", () => {
    const all = importLinks("https://x.test/api/subscription/all?token=abc", "All");
    const singbox = all.find((l) => l.client === "sing-box")!;
    expect(new URL(new URL(singbox.href).searchParams.get("url")!).pathname).toBe("/api/subscription/all");
  });
});
