// The operator CLI works on the same database while the service runs (on embedded PGlite the
// service owns the database and the CLI hands it the command over DATA_DIR/relayboard.sock).
import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { asClient, uniqueEmail } from "./helpers";

test.use(asClient());

const cli = (...args: string[]) =>
  execFileSync("node", ["bin/relayboard.mjs", ...args], { env: JSON.parse(process.env.E2E_SERVER_ENV!), encoding: "utf8" });

test("closing registration with the CLI makes register answer 403 and write nothing", async ({ request }) => {
  cli("settings", "set", "registrationOpen=false");
  try {
    const email = uniqueEmail("closed");
    const r = await request.post("/api/auth/register", { data: { email, password: "password-123", name: "x" } });
    expect(r.status()).toBe(403);
    expect((await r.json()).error.code).toBe("FORBIDDEN");
    const listed = JSON.parse(cli("user", "list", "--q", email, "--json"));
    expect(listed.total).toBe(0);
  } finally {
    cli("settings", "set", "registrationOpen=true");
  }
  const info = await (await request.get("/api/public/app-info")).json();
  expect(info.registration.open).toBe(true);
});

test("an invite code required by the CLI is enforced by register", async ({ request }) => {
  cli("settings", "set", "inviteCodeRequired=true");
  try {
    const r = await request.post("/api/auth/register", { data: { email: uniqueEmail("inv"), password: "password-123", inviteCode: "NOPE-NOPE" } });
    expect(r.status()).toBe(400);
    expect((await r.json()).error.code).toBe("VALIDATION");
  } finally {
    cli("settings", "set", "inviteCodeRequired=false");
  }
});
