// `subscription rules list|set|test`: the content endpoint's response rules (README "Response rules").
// `set --file rules.json` stores a list (checked as the admin page checks it), `set --defaults` goes
// back to the shipped rules, `test` says which rule answers a request with these headers.
import { UsageError } from "../args";
import { readJsonInput } from "../json-input";
import type { Command } from "../registry";

const rules = () => import("../../src/server/services/subscription-content/rules-admin");

const describeThen = (then: Record<string, unknown>) =>
  "format" in then ? `format ${String(then.format)}` : "page" in then ? "the browser page" : "drop" in then ? "drop the connection" : `status ${String(then.status)}${then.message ? ` "${String(then.message)}"` : ""}`;

const list: Command = {
  path: ["subscription", "rules", "list"],
  summary: "List the response rules in force (first match wins)",
  json: true,
  description: "JSON shape: [{ name, when?, then, headers? }] (the file `subscription rules set --file` takes)",
  async run(c, { options: o }) {
    const { listResponseRules } = await rules();
    const r = await listResponseRules(await c.ctx());
    if (o.json) return c.json(r.rules);
    c.out(r.custom ? "Stored rules:" : "The shipped default rules (nothing stored):");
    r.rules.forEach((rule, i) => c.out(`${String(i + 1).padStart(3)}. ${rule.name} -> ${describeThen(rule.then)}`));
  },
};

const set: Command = {
  path: ["subscription", "rules", "set"],
  summary: "Store the response rules from a JSON file (or restore the defaults)",
  json: true,
  description: "At most 100 rules; every regex must compile and finish within its time budget.\nJSON shape: { rules: [...], custom }",
  options: {
    file: { type: "string", valueName: "path", description: "the rules file (JSON array)", inlineAs: "data" },
    data: { type: "string", valueName: "json", description: "the rules as JSON text instead of a file" },
    defaults: { type: "boolean", description: "forget the stored rules and use the shipped defaults" },
  },
  async run(c, { options: o }) {
    const given = [o.file !== undefined, o.data !== undefined, o.defaults === true].filter(Boolean).length;
    if (given !== 1) throw new UsageError("give one of --file <path>, --data <json> or --defaults");
    const { setResponseRules } = await rules();
    const value = o.defaults ? null : await readJsonInput(o);
    const r = await setResponseRules(await c.ctx(), value);
    if (o.json) return c.json(r);
    c.out(r.custom ? `${r.rules.length} rules stored.` : "The shipped default rules are in force.");
  },
};

const test: Command = {
  path: ["subscription", "rules", "test"],
  summary: "Show which rule answers a request with this User-Agent and headers",
  json: true,
  description: "JSON shape: { rule: <name> | null, then: { format } | { page } | { status, message? } | { drop }, headers, preview? }",
  options: {
    ua: { type: "string", valueName: "user-agent", description: "the User-Agent header" },
    header: { type: "string", valueName: "name=value", description: "another request header (repeatable)", multiple: true },
    format: { type: "string", valueName: "f", description: "the ?format= of the request, if any" },
  },
  async run(c, { options: o }) {
    const headers: Record<string, string> = {};
    for (const h of (o.header as string[] | undefined) ?? []) {
      const eq = h.indexOf("=");
      if (eq < 1) throw new UsageError(`--header takes name=value, not '${h}'`);
      headers[h.slice(0, eq).trim().toLowerCase()] = h.slice(eq + 1);
    }
    if (o.ua !== undefined) headers["user-agent"] = String(o.ua);
    const { testResponseRules } = await rules();
    const v = await testResponseRules(await c.ctx(), { headers, format: o.format === undefined ? null : String(o.format) });
    if (o.json) return c.json(v);
    c.out(`rule: ${v.rule ?? "(none: the default)"}`);
    c.out(`answer: ${describeThen(v.then)}${v.preview ? ` (${v.preview.contentType})` : ""}`);
    for (const [k, val] of Object.entries(v.headers)) c.out(`header: ${k}: ${val}`);
  },
};

export const subscriptionRulesCommands: Command[] = [list, set, test];
