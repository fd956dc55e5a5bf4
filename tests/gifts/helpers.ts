// A shop that sells gifts: the commerce fixture with the SMTP simulator as its mail server and a site
// address for the links, and the way a gift is made in every test: buy now with a recipient, paid
// (by the admin's confirmation, the same settleOrder door as a gateway), and the recipient's mail
// read from the simulator for its one-time link.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import type { Ctx } from "../../src/server/context";
import type { Db } from "../../src/server/db/client";
import { decryptSecret } from "../../src/server/crypto/secrets";
import { gifts, tasks, type Gift, type Order } from "../../src/server/db/schema";
import { buyNow, confirmOrder } from "../../src/server/services/orders";
import { updateSettings } from "../../src/server/services/settings";
import type { CapturedMail, SmtpSimulator } from "../../simulators/smtp/server";
import { cliCtx } from "../helpers/actors";
import { deliverAndReceive, useSmtpSimulator } from "../helpers/mail";
import { openShop, type Shop } from "../commerce/fixtures";

export const SITE = "https://shop.example";

export interface GiftShop extends Shop {
  readonly smtp: SmtpSimulator;
}

export function openGiftShop(): GiftShop {
  const shop = openShop();
  let smtp: SmtpSimulator | undefined;
  beforeAll(async () => {
    smtp = await useSmtpSimulator(shop.db);
    await updateSettings(cliCtx(shop.db), { siteUrl: SITE, giftsEnabled: true, giftClaimDays: 30 });
  });
  afterAll(async () => {
    await smtp?.close();
  });
  // The shop's own getters stay lazy (they read what beforeAll made), so the mail server is added as one more.
  return Object.defineProperty(Object.create(shop) as Shop, "smtp", {
    get() {
      if (!smtp) throw new Error("the SMTP simulator exists only inside tests");
      return smtp;
    },
  }) as GiftShop;
}

let n = 0;
export const recipientEmail = (tag = "friend") => `${tag}-${Date.now().toString(36)}-${n++}@gift.example`;

/** The gift code in a gift mail's link (text part; the HTML part carries the same link). */
export function codeOfMail(mail: CapturedMail): { link: string; code: string } {
  const link = (mail.text ?? "").match(/https?:\/\/[^\s"<>]+\/gift\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, `no gift link in:\n${mail.text}`).toBeTruthy();
  expect(mail.html).toContain(`href="${link}"`);
  return { link: link!, code: link!.slice(link!.lastIndexOf("/") + 1) };
}

export const giftOfOrder = async (db: Db, orderId: string): Promise<Gift> => (await db.select().from(gifts).where(eq(gifts.orderId, orderId)))[0]!;

export interface SentGift { order: Order; gift: Gift; code: string; link: string; mail: CapturedMail; to: string }

/** Buy now as a gift for `to`, paid, and the link read from the recipient's mail. */
export async function sendGift(shop: GiftShop, buyerCtx: Ctx, planId: string, to = recipientEmail()): Promise<SentGift> {
  const placed = await buyNow(buyerCtx, { planId, giftEmail: to });
  const since = shop.smtp.messages.length;
  const order = await confirmOrder(shop.admin.ctx, placed.id);
  const mail = await deliverAndReceive(shop.db, shop.smtp, to, since);
  const { code, link } = codeOfMail(mail);
  return { order, gift: await giftOfOrder(shop.db, order.id), code, link, mail, to };
}

/**
 * The same gift without waiting for the SMTP round trip (the race files make dozens): the link is read
 * from the queued mail task's encrypted secret part, which is exactly what the mail would carry.
 */
export async function sendGiftQuick(shop: GiftShop, buyerCtx: Ctx, planId: string, to = recipientEmail()): Promise<Omit<SentGift, "mail">> {
  const placed = await buyNow(buyerCtx, { planId, giftEmail: to });
  const order = await confirmOrder(shop.admin.ctx, placed.id);
  const [task] = await shop.db
    .select({ payload: tasks.payload })
    .from(tasks)
    .where(and(eq(tasks.kind, "mail.send"), sql`${tasks.payload} ->> 'to' = ${to}`, sql`${tasks.payload} ->> 'template' = 'gift'`));
  const secret = JSON.parse(decryptSecret(String(task!.payload.secret))) as { link: string };
  return { order, gift: await giftOfOrder(shop.db, order.id), code: secret.link.slice(secret.link.lastIndexOf("/") + 1), link: secret.link, to };
}
