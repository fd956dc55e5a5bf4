// Scheduled dumps: off by default; when on, one dump a day (two instances claiming the same day
// write one), files 0600 in a 0700 directory, the newest backupKeepCount kept.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { claimBackupDay, runScheduledBackup } from "../../src/server/services/backup";
import { updateSettings } from "../../src/server/services/settings";
import { cliCtx } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { tempDirForFile } from "./helpers";

const t = testDbForFile();
const tmp = tempDirForFile();
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 3, 0, 0));

describe("scheduled backups", () => {
  it("do nothing while the setting is off (the default)", async () => {
    const dir = path.join(await tmp(), "off");
    expect(await runScheduledBackup(t.db, { now: day(0), dir })).toEqual({ ran: false, why: "disabled" });
    await expect(readdir(dir)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("run once when two instances claim the same day", async () => {
    await updateSettings(cliCtx(t.db), { backupScheduleEnabled: true, backupKeepCount: 3 });
    const dir = path.join(await tmp(), "kept");
    const [a, b] = await Promise.all([runScheduledBackup(t.db, { now: day(1), dir }), runScheduledBackup(t.db, { now: day(1), dir })]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    expect(await runScheduledBackup(t.db, { now: new Date(day(1).getTime() + 3_600_000), dir })).toEqual({ ran: false, why: "not_due" });
    const claims = await Promise.all([claimBackupDay(t.db, day(2)), claimBackupDay(t.db, day(2)), claimBackupDay(t.db, day(2))]);
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it("keep the newest N dumps, private to the service", async () => {
    const dir = path.join(await tmp(), "kept");
    for (let d = 3; d <= 7; d++) expect((await runScheduledBackup(t.db, { now: day(d), dir })).ran).toBe(true);
    const files = (await readdir(dir)).filter((n) => n.endsWith(".sql")).sort();
    expect(files).toEqual(["relayboard-backup-2026-01-06T03-00-00Z.sql", "relayboard-backup-2026-01-07T03-00-00Z.sql", "relayboard-backup-2026-01-08T03-00-00Z.sql"]);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    for (const f of files) expect((await stat(path.join(dir, f))).mode & 0o777).toBe(0o600);
    // No half-written file is left in the temporary directory.
    expect(await readdir(path.join(dir, ".tmp"))).toEqual([]);
  });
});

describe("temporary files", () => {
  it("left by a crashed run more than a day ago are swept on the next use", async () => {
    const { utimes, writeFile } = await import("node:fs/promises");
    const { tempPath } = await import("../../src/server/services/backup/files");
    const dir = path.join(await tmp(), "sweep");
    const first = await tempPath(dir, "download");
    await writeFile(path.join(dir, ".tmp", "old.sql"), "x");
    await writeFile(path.join(dir, ".tmp", "fresh.sql"), "x");
    const old = new Date(Date.now() - 2 * 86_400_000);
    await utimes(path.join(dir, ".tmp", "old.sql"), old, old);
    expect(path.dirname(first)).toBe(path.join(dir, ".tmp"));
    await tempPath(dir, "download");
    expect(await readdir(path.join(dir, ".tmp"))).toEqual(["fresh.sql"]);
  });
});
