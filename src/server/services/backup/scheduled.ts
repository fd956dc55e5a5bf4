// Scheduled dumps (beyond the contract): when `backupScheduleEnabled`, one dump a day into
// DATA_DIR/backups, keeping the newest `backupKeepCount`. Every instance ticks; the day is claimed
// with one conditional UPDATE of the `lastBackupAt` setting row (the pattern of the log cleanup,
// logs/auto-cleanup.ts), so exactly one instance writes the day's dump. The file is written under
// .tmp and renamed in, so the list never shows half a dump.
import { sql } from "drizzle-orm";
import { rename } from "node:fs/promises";
import path from "node:path";
import { makeCtx } from "../../context";
import type { Db } from "../../db/client";
import { errorSummary } from "../../describe-error";
import { recordAudit } from "../audit";
import { publishEvent } from "../events/publish";
import { getSettingsWithSecrets } from "../settings";
import { writeDumpFile } from "./backup-service";
import { backupsDir, dumpFileName, ensureDir, listDumpFiles, removeQuietly, tempPath } from "./files";

export const BACKUP_DAY_SETTING = "lastBackupAt";

export type ScheduledBackupResult = { ran: false; why: "disabled" | "not_due" } | { ran: true; file: string; rows: number; removed: string[] };

/** True when this caller took today's dump; records `now` as the last run. */
export async function claimBackupDay(db: Db, now: Date): Promise<boolean> {
  await db.execute(sql`insert into app_config (key, value) values (${BACKUP_DAY_SETTING}, 'null'::jsonb) on conflict (key) do nothing`);
  const at = now.toISOString();
  const r = (await db.execute(sql`
    update app_config set value = to_jsonb(${at}::text), updated_at = ${at}::timestamptz
    where key = ${BACKUP_DAY_SETTING}
      and (jsonb_typeof(value) <> 'string' or (value #>> '{}')::timestamptz <= ${at}::timestamptz - interval '1 day')
    returning key`)) as unknown as { rows: unknown[] };
  return r.rows.length === 1;
}

export async function runScheduledBackup(db: Db, opts: { now?: Date; dir?: string } = {}): Promise<ScheduledBackupResult> {
  const now = opts.now ?? new Date();
  const { backupScheduleEnabled, backupKeepCount } = await getSettingsWithSecrets(db);
  if (!backupScheduleEnabled) return { ran: false, why: "disabled" };
  if (!(await claimBackupDay(db, now))) return { ran: false, why: "not_due" };
  try {
    return await writeScheduledDump(db, now, opts.dir ?? backupsDir(), backupKeepCount);
  } catch (err) {
    // The day stays claimed (a retry every tick would fill the disk or the log): the operators hear of it now.
    await publishEvent(db, "backup.failed", { at: now.toISOString(), error: errorSummary(err).slice(0, 300) });
    throw err;
  }
}

async function writeScheduledDump(db: Db, now: Date, dir: string, backupKeepCount: number): Promise<ScheduledBackupResult> {
  await ensureDir(dir);
  const ctx = makeCtx(db, { kind: "system" }, { now: () => now });
  const tmp = await tempPath(dir, "scheduled");
  const summary = await writeDumpFile(ctx, tmp);
  const name = dumpFileName(now);
  await rename(tmp, path.join(dir, name));
  const removed: string[] = [];
  for (const old of (await listDumpFiles(dir)).slice(backupKeepCount)) {
    await removeQuietly(path.join(dir, old.name));
    removed.push(old.name);
  }
  const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
  await recordAudit(ctx, { action: "backup.scheduled", targetType: "backup", targetId: name, metadata: { rows, keep: backupKeepCount, removed } });
  return { ran: true, file: name, rows, removed };
}
