// Rotating ENCRYPTION_KEY (old key moved to ENCRYPTION_KEYS_PREVIOUS) keeps stored secrets readable
// and stored token hashes usable: agents and email links keep working.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "../../src/server/crypto/secrets";
import { env } from "../../src/server/env";
import { generateAgentToken } from "../../src/server/services/nodes";
import { createNode } from "../../src/server/services/nodes";
import { resolveAgentNode } from "../../src/server/services/telemetry";
import { confirmEmailLink, register } from "../../src/server/services/accounts";
import { issueEmailToken } from "../../src/server/services/accounts/tokens";
import { anonCtx, makeUser } from "../helpers/actors";
import { createTestDb, type TestDb } from "../helpers/db";
import { withEnv } from "../helpers/env";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const NEW_KEY = "c".repeat(64);

describe("key rotation", () => {
  it("keeps secrets, agent tokens and email links working after the key changes", async () => {
    const admin = await makeUser(t.db, "ADMIN");
    const { node } = await createNode(admin.ctx, { name: "rot", panelUrl: "http://127.0.0.1:9/", panelUsername: "u", panelPassword: "p" });
    const { token } = await generateAgentToken(admin.ctx, node.id);
    const stored = encryptSecret("smtp-pass");
    const reg = await register(anonCtx(t.db), { email: "rot@example.com", password: "password-123" });
    const link = await t.db.transaction((tx) => issueEmailToken(tx, { purpose: "CHANGE_EMAIL", email: "rot@example.com", userId: reg.user!.id, payload: { newEmail: "rot2@example.com" }, now: new Date() }));

    const oldKey = env().ENCRYPTION_KEY;
    await withEnv({ ENCRYPTION_KEY: NEW_KEY, ENCRYPTION_KEYS_PREVIOUS: oldKey }, async () => {
      expect(decryptSecret(stored)).toBe("smtp-pass");
      expect(encryptSecret("x").split(".")[1]).not.toBe(stored.split(".")[1]);
      expect(await resolveAgentNode(t.db, `Bearer ${token}`)).toBe(node.id);
      expect(await confirmEmailLink(anonCtx(t.db), { token: link.token })).toMatchObject({ outcome: "email_changed" });
    });
    // Without the previous key, the old material is no longer accepted.
    await withEnv({ ENCRYPTION_KEY: NEW_KEY, ENCRYPTION_KEYS_PREVIOUS: undefined }, async () => {
      expect(() => decryptSecret(stored)).toThrow(/unknown key/);
      await expect(resolveAgentNode(t.db, `Bearer ${token}`)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    });
  });
});
