// [wallet] What the people in a transfer are told (behaviour §13): the receiver of an incoming push,
// the sender of its outcome. Worded in the recipient's language from messages/<locale>/transfers.json
// (`transfers.notices`) when written, like the catalogue texts of services/notifications, and
// delivered through the one notify verb (the bell, and a mail when the recipient takes SUBSCRIPTION
// notices by mail), inside the transaction that made the change.
import { eq } from "drizzle-orm";
import en from "../../../../messages/en/transfers.json";
import zh from "../../../../messages/zh-CN/transfers.json";
import type { Db as Tx } from "../../db/client";
import { users } from "../../db/schema";
import { notify } from "../notifications/notify";
import { catalogueTranslator, textLocale } from "../notifications/texts";

export type TransferNoticeKey = keyof typeof en.transfers.notices;

const translator = catalogueTranslator({ en, "zh-CN": zh }, "transfers.notices");

const LEVEL: Record<TransferNoticeKey, "INFO" | "SUCCESS" | "WARNING"> = {
  incoming: "INFO",
  accepted: "SUCCESS",
  rejected: "WARNING",
  expired: "WARNING",
  cancelledByAdmin: "WARNING",
  withdrawn: "INFO",
};

/** One notice to one user about one transfer; the dedupe key makes a repeat (a retried job) one notice. */
export async function tellTransfer(tx: Tx, userId: string, transferId: string, key: TransferNoticeKey, params: { plan: string; email: string }): Promise<void> {
  const [user] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const t = translator(textLocale(user.locale));
  await notify(tx, {
    userId,
    type: "SUBSCRIPTION",
    level: LEVEL[key],
    title: t(`${key}.title`, params),
    body: t(`${key}.body`, params),
    link: "/transfers",
    dedupeKey: `transfer-${key}:${transferId}`,
  });
}
