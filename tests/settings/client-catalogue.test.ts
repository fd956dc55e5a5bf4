// The `subscriptionClients` setting's schema: what a catalogue entry may be, and that each problem
// is reported at its entry's path with one of our field codes (so the admin page and the CLI can
// name the entry). Also the same checks through updateSettings, which the form and the CLI use.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldProblems } from "../../src/server/validation";
import { ClientCatalogueSetting, MAX_CLIENTS, templateProblem } from "../../src/server/services/settings/client-catalogue";
import { DEFAULT_CLIENT_CATALOGUE } from "../../src/server/services/settings/client-catalogue-defaults";
import { getClientCatalogue, getSettingsWithSecrets, updateSettings } from "../../src/server/services/settings";
import { createTestDb, type TestDb } from "../helpers/db";
import { cliCtx } from "../helpers/actors";
import { domainErrorOf } from "../panel/helpers";

const entry = (over: Record<string, unknown> = {}) => ({
  name: "Test App",
  platforms: ["ios"],
  downloadUrl: "https://example.com/app",
  importUrlTemplate: "testapp://import?url={urlEncoded}",
  format: "clash",
  ...over,
});

/** Field problems of a parse, as the services report them. */
function problems(value: unknown) {
  const r = ClientCatalogueSetting.safeParse(value);
  if (r.success) return null;
  return fieldProblems(r.error.issues, value).fields;
}

describe("client catalogue schema", () => {
  it("accepts the default catalogue and every default template", () => {
    expect(problems(DEFAULT_CLIENT_CATALOGUE)).toBeNull();
    for (const e of DEFAULT_CLIENT_CATALOGUE) expect(templateProblem(e.importUrlTemplate), e.name).toBeNull();
    expect(ClientCatalogueSetting.parse(DEFAULT_CLIENT_CATALOGUE)).toEqual(DEFAULT_CLIENT_CATALOGUE);
  });

  it("reads the JSON text a form or a CLI assignment sends, and names text that is not JSON", () => {
    expect(ClientCatalogueSetting.parse(JSON.stringify([entry()]))).toEqual([entry()]);
    expect(problems("[{")).toEqual({ input: "json_syntax" });
    expect(ClientCatalogueSetting.parse("[]")).toEqual([]);
  });

  it("refuses a template without a scheme, with a browser-run scheme, an unknown placeholder, or no URL placeholder", () => {
    expect(problems([entry({ importUrlTemplate: "import?url={url}" })])).toEqual({ "0.importUrlTemplate": "client_template_scheme" });
    expect(problems([entry({ importUrlTemplate: "javascript:alert({url})" })])).toEqual({ "0.importUrlTemplate": "client_template_scheme" });
    expect(problems([entry({ importUrlTemplate: "DATA:text/html,{url}" })])).toEqual({ "0.importUrlTemplate": "client_template_scheme" });
    expect(problems([entry({ importUrlTemplate: "app://x?u={URL}" })])).toEqual({ "0.importUrlTemplate": "client_template_placeholder" });
    expect(problems([entry({ importUrlTemplate: "app://x?n={nameEncoded}" })])).toEqual({ "0.importUrlTemplate": "client_template_url" });
    expect(problems([entry({ importUrlTemplate: "" })])).toEqual({ "0.importUrlTemplate": "required" });
    // A universal link (https) is a scheme like any other.
    expect(problems([entry({ importUrlTemplate: "https://quantumult.app/x/open-app/add-resource?remote-resource={qxResource}" })])).toBeNull();
  });

  it("refuses an unknown format or platform, no platform, a non-https download link, and unknown keys", () => {
    expect(problems([entry({ format: "clash-meta" })])).toEqual({ "0.format": "invalid_choice" });
    expect(problems([entry({ platforms: ["ios", "tvos"] })])).toEqual({ "0.platforms.1": "invalid_choice" });
    expect(problems([entry({ platforms: [] })])).toEqual({ "0.platforms": "too_few" });
    expect(problems([entry({ downloadUrl: "http://example.com/app" })])).toEqual({ "0.downloadUrl": "invalid_url" });
    expect(problems([entry({ url: "x" })])).toEqual({ "0.url": "unknown_field" });
    expect(problems([entry({ name: "x".repeat(61) })])).toEqual({ "0.name": "too_long" });
  });

  it("refuses a second entry of the same name (any case), marking the later one", () => {
    expect(problems([entry(), entry({ name: "Other" }), entry({ name: " test app " })])).toEqual({ "2.name": "taken" });
  });

  it(`refuses more than ${MAX_CLIENTS} entries`, () => {
    const many = Array.from({ length: MAX_CLIENTS + 1 }, (_, i) => entry({ name: `App ${i}` }));
    expect(problems(many)).toEqual({ input: "too_many" });
    expect(problems(many.slice(0, MAX_CLIENTS))).toBeNull();
  });

  it("keeps platforms once each, in the fixed order; an omitted download link is empty", () => {
    const { downloadUrl: _omit, ...noDownload } = entry({ platforms: ["linux", "ios", "linux"] });
    expect(ClientCatalogueSetting.parse([noDownload])).toEqual([{ ...entry(), platforms: ["ios", "linux"], downloadUrl: "" }]);
  });
});

describe("subscriptionClients through the settings service", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("starts at the defaults, stores a valid list, and refuses a bad one entry by entry without writing", async () => {
    expect(await getClientCatalogue(t.db)).toEqual(DEFAULT_CLIENT_CATALOGUE);
    expect(await updateSettings(cliCtx(t.db), { subscriptionClients: JSON.stringify([entry()]) })).toEqual(["subscriptionClients"]);
    expect(await getClientCatalogue(t.db)).toEqual([entry()]);
    expect((await getSettingsWithSecrets(t.db)).subscriptionClients).toEqual([entry()]);

    const err = await domainErrorOf(() => updateSettings(cliCtx(t.db), { subscriptionClients: [entry(), entry({ format: "nope", importUrlTemplate: "x" })] }));
    expect(err.code).toBe("VALIDATION");
    // Every problem of one save at once, the repeated name too.
    expect(err.details.fields).toEqual({
      "subscriptionClients.1.importUrlTemplate": "client_template_scheme",
      "subscriptionClients.1.format": "invalid_choice",
      "subscriptionClients.1.name": "taken",
    });
    expect(await getClientCatalogue(t.db)).toEqual([entry()]);
  });
});
