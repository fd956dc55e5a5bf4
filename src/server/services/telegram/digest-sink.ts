// The daily digest (node-alerts/send-digest.ts) reaches bound operators too, inside the digest's claim transaction.
import { registerDigestSink, renderDigest } from "../node-alerts";
import { queueTelegramToAdmins } from "./operator-alerts";

registerDigestSink("telegram", async (digest, tx) => void (await queueTelegramToAdmins(tx, (locale) => renderDigest(locale, digest).text)));
