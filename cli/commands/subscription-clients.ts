// `subscription clients list|set`: the client catalogue (the `subscriptionClients` setting) as a
// JSON file an operator keeps beside the site. `set` goes through updateSettings, so it is checked
// by the same schema as the admin page and audited as a settings change.
import { table } from "../format";
import { readJsonInput } from "../json-input";
import type { Command } from "../registry";

const settings = () => import("../../src/server/services/settings");

const FILE_SHAPE = '[{ "name", "platforms": ["ios"|"android"|"windows"|"macos"|"linux"...], "downloadUrl", "importUrlTemplate", "format", "guideSlug"? }]';

const clientsList: Command = {
  path: ["subscription", "clients", "list"],
  summary: "Show the client apps the subscription pages offer one-tap import into",
  json: true,
  description: `--json prints the list in the file shape \`subscription clients set\` reads:\n${FILE_SHAPE}`,
  async run(c, { options: o }) {
    const { getSettings } = await settings();
    const clients = (await getSettings(await c.ctx())).subscriptionClients;
    if (o.json) return c.json(clients);
    if (!clients.length) return c.out("No client apps: the pages show no import buttons.");
    for (const line of table(["NAME", "PLATFORMS", "FORMAT", "IMPORT LINK"], clients.map((x) => [x.name, x.platforms.join(","), x.format, x.importUrlTemplate]))) c.out(line);
  },
};

const clientsSet: Command = {
  path: ["subscription", "clients", "set"],
  summary: "Replace the client catalogue with the list in a JSON file",
  json: true,
  description:
    `The file holds the whole list (at most 50 apps, names unique): ${FILE_SHAPE}.\n` +
    "Placeholders in importUrlTemplate: {url} (the content URL with format= set), {urlEncoded}, {urlBase64},\n" +
    "{qxResource} (Quantumult X's remote-resource JSON), {name}, {nameEncoded}. Start from `subscription clients list --json`.\n" +
    "JSON shape: { changed: boolean, count }",
  options: {
    file: { type: "string", valueName: "path", description: "the catalogue file (JSON)", inlineAs: "data" },
    data: { type: "string", valueName: "json", description: "the catalogue as JSON text instead of a file" },
  },
  async run(c, { options: o }) {
    const raw = await readJsonInput(o);
    const { updateSettings, getSettings } = await settings();
    const ctx = await c.ctx();
    const changed = (await updateSettings(ctx, { subscriptionClients: raw })).includes("subscriptionClients");
    const count = (await getSettings(ctx)).subscriptionClients.length;
    if (o.json) return c.json({ changed, count });
    c.out(changed ? `client catalogue updated: ${count} apps` : "nothing changed");
  },
};

export const subscriptionClientCommands: Command[] = [clientsList, clientsSet];
