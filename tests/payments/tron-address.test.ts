// Item 10: the USDT receiving address and contract are checked like a wallet checks them
// (base58check with a double SHA-256 checksum and the 0x41 prefix), not by a pattern: a mistyped
// address would send every customer's money to an account nobody holds.
import { beforeAll, describe, expect, it } from "vitest";
import { base58check, randomTronAddress } from "../../simulators/trongrid/address";
import { tronAddressProblem } from "../../src/server/integrations/payments";
import * as svc from "../../src/server/services/payments-config";
import { makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";

const t = testDbForFile();
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  admin = await makeUser(t.db, "ADMIN");
});

const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
/** One character changed (still base58, still T + 33 characters): the checksum no longer matches. */
const MISTYPED = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u";
/** A correctly checksummed address of 21 bytes whose prefix is 0x42, not TRON's 0x41. */
const WRONG_PREFIX = base58check(Buffer.concat([Buffer.from([0x42]), Buffer.alloc(20, 7)]));

const fieldsOf = async (input: Record<string, unknown>) =>
  ((await svc.updatePaymentProviderConfig(admin.ctx, "usdt_trc20", input).catch((e: unknown) => e)) as { code: string; details: { fields: Record<string, string> } });

describe("TRON address check", () => {
  it("accepts the real USDT contract and wallet-made addresses", () => {
    expect(tronAddressProblem(USDT)).toBeNull();
    for (let i = 0; i < 50; i++) expect(tronAddressProblem(randomTronAddress())).toBeNull();
  });

  it("refuses a changed character, a wrong prefix and junk, each with its own reason", () => {
    expect(tronAddressProblem(MISTYPED)).toBe("checksum");
    expect(tronAddressProblem(`${USDT.slice(0, 10)}${USDT[11]}${USDT[10]}${USDT.slice(12)}`)).toBe("checksum"); // two swapped
    expect(tronAddressProblem(WRONG_PREFIX)).toBe("prefix");
    expect(tronAddressProblem(base58check(Buffer.concat([Buffer.from([0x00]), Buffer.alloc(20, 9)])))).toBe("prefix"); // a Bitcoin-style 0x00
    expect(tronAddressProblem("T123")).toBe("format");
    expect(tronAddressProblem("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60")).toBe("format"); // 0 is not base58
    expect(tronAddressProblem(`${USDT}1`)).toBe("format"); // 26 bytes
  });

  it("settings validation refuses a mistyped receiving address or contract with a registered field code", async () => {
    expect((await fieldsOf({ address: MISTYPED, contract: WRONG_PREFIX })).details.fields).toEqual({ address: "tron_address_checksum", contract: "tron_address_prefix" });
    expect((await fieldsOf({ address: "T123" })).details.fields).toEqual({ address: "tron_address_format" });
    const good = randomTronAddress();
    await svc.updatePaymentProviderConfig(admin.ctx, "usdt_trc20", { address: good, contract: USDT });
    expect((await svc.listPaymentProviderConfigs(admin.ctx)).find((p) => p.provider === "usdt_trc20")!.config).toMatchObject({ address: good, contract: USDT });
  });
});
