// Import deep links (protocols.md §8.6, §9) built from the default client catalogue: each one parsed
// back the way its client parses it gives the content URL of the format that client reads, token and
// all, and the profile name where it has one; the ten apps of the old fixed list give their old links
// character for character.
import { describe, expect, it } from "vitest";
import { fillTemplate, importLinks, withFormat } from "../../src/components/subscriptions/import-links";
import { DEFAULT_CLIENT_CATALOGUE } from "../../src/server/services/settings/client-catalogue-defaults";
import { SETTINGS_DEFAULTS } from "../../src/server/services/settings/schema";

const IMPORT_CLIENTS = ["clash", "clashmeta", "stash", "sing-box", "hiddify", "v2rayng", "shadowrocket", "happ", "streisand", "v2box", "surge", "surfboard", "quantumult-x", "loon"] as const;
type ImportClient = (typeof IMPORT_CLIENTS)[number];

// A token with characters that must survive encoding ("+", "/", "=", "&" would break a careless link).
const TOKEN = "a+b/c=d&e";
const BASE = `https://sub.example.com/api/subscription/0b7c7a4e-8f1e-4a57-9f39-3f4f1f7f1c11?token=${encodeURIComponent(TOKEN)}`;
const NAME = "Relay 标准 #1 & more";

const links = new Map(importLinks(DEFAULT_CLIENT_CATALOGUE, BASE, NAME).map((l) => [l.client, l]));
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
    case "surge":
    case "surfboard":
      return { url: u.searchParams.get("url")!, name: null };
    case "loon":
      return { url: u.searchParams.get("nodelist")!, name: null };
    case "quantumult-x": {
      // {"server_remote":["<url>, tag=<name>"]}
      const resource = JSON.parse(u.searchParams.get("remote-resource")!) as { server_remote: string[] };
      expect(resource.server_remote).toHaveLength(1);
      const [url, tag] = resource.server_remote[0]!.split(", tag=");
      return { url: url!, name: tag! };
    }
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
  surge: "surge",
  surfboard: "surfboard",
  "quantumult-x": "quantumult-x",
  loon: "loon",
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
  surge: "surge:///install-config?url=",
  surfboard: "surfboard:///install-config?url=",
  "quantumult-x": "quantumult-x:///add-resource?remote-resource=",
  loon: "loon://import?nodelist=",
};

// The link builders of the fixed list the catalogue replaced, verbatim: the defaults must give the same links.
const enc = encodeURIComponent;
const OLD: Record<string, { format: string; link: (u: string, n: string) => string }> = {
  clash: { format: "clash", link: (u, n) => `clash://install-config?name=${enc(n)}&url=${enc(u)}` },
  clashmeta: { format: "clash", link: (u, n) => `clashmeta://install-config?name=${enc(n)}&url=${enc(u)}` },
  stash: { format: "stash", link: (u) => `stash://install-config?url=${enc(u)}` },
  "sing-box": { format: "sing-box", link: (u, n) => `sing-box://import-remote-profile?url=${enc(u)}#${enc(n)}` },
  hiddify: { format: "sing-box", link: (u, n) => `hiddify://import/${u}#${enc(n)}` },
  v2rayng: { format: "base64", link: (u, n) => `v2rayng://install-config?url=${enc(u)}#${enc(n)}` },
  shadowrocket: { format: "base64", link: (u, n) => `shadowrocket://add/sub://${Buffer.from(u).toString("base64")}?remark=${enc(n)}` },
  happ: { format: "base64", link: (u) => `happ://add/${u}` },
  streisand: { format: "base64", link: (u) => `streisand://import/${u}` },
  v2box: { format: "base64", link: (u, n) => `v2box://install-sub?url=${enc(u)}&name=${enc(n)}` },
};

describe("import deep links", () => {
  it("covers every default client once, and the settings default is this catalogue", () => {
    expect([...links.keys()].sort()).toEqual([...IMPORT_CLIENTS].sort());
    expect(SETTINGS_DEFAULTS.subscriptionClients).toBe(DEFAULT_CLIENT_CATALOGUE);
  });

  for (const [client, old] of Object.entries(OLD)) {
    it(`${client}: exactly the link the old fixed list built`, () => {
      for (const [base, name] of [[BASE, NAME], ["https://x.test/api/subscription/all?token=abc&format=plain", "All"]] as const) {
        const l = importLinks(DEFAULT_CLIENT_CATALOGUE, base, name).find((x) => x.client === client)!;
        expect(l.format).toBe(old.format);
        expect(l.href).toBe(old.link(withFormat(base, l.format), name));
      }
    });
  }

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
    const all = importLinks(DEFAULT_CLIENT_CATALOGUE, "https://x.test/api/subscription/all?token=abc", "All");
    const singbox = all.find((l) => l.client === "sing-box")!;
    expect(new URL(new URL(singbox.href).searchParams.get("url")!).pathname).toBe("/api/subscription/all");
  });

  it("fills each placeholder once and leaves values unsearched", () => {
    // A name that looks like a placeholder stays text: values are not filled again.
    expect(fillTemplate("x://a?u={urlEncoded}&n={name}", "https://s.test/?a=1", "{url}")).toBe("x://a?u=https%3A%2F%2Fs.test%2F%3Fa%3D1&n={url}");
    expect(fillTemplate("x://{urlBase64}", "https://s.test/é", "n")).toBe(`x://${Buffer.from("https://s.test/é").toString("base64")}`);
  });

  it("keys apps by their link scheme, numbering a repeated scheme", () => {
    const two = importLinks([...DEFAULT_CLIENT_CATALOGUE, { ...DEFAULT_CLIENT_CATALOGUE[0]!, name: "Clash Party" }], BASE, NAME).map((l) => l.client);
    expect(two.filter((k) => k.startsWith("clash"))).toEqual(["clash", "clashmeta", "clash-2"]);
  });

  it("Quantumult X: a comma in the name does not start another option", () => {
    const qx = importLinks(DEFAULT_CLIENT_CATALOGUE, BASE, "A, B").find((l) => l.client === "quantumult-x")!;
    const line = (JSON.parse(new URL(qx.href).searchParams.get("remote-resource")!) as { server_remote: string[] }).server_remote[0]!;
    expect(line.split(",")).toHaveLength(2);
    expect(line.endsWith(", tag=A  B")).toBe(true);
  });
});
