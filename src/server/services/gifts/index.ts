// The gifts area's public face (issue 28 item 3): buy a plan for someone's email, they claim it from
// the mailed link, unclaimed gifts expire and are refunded.
export { holdGiftLine, cancelGiftsOfRefundedOrder } from "./hold";
export { checkGiftPurchase } from "./purchase-check";
export { claimGift, ClaimGiftInput, type ClaimedGift } from "./claim";
export { getGiftByCode, type GiftView } from "./view";
export { listMyGifts, listMyOrderGifts, MAX_GIFT_MAILS, type MyGift } from "./my-gifts";
export { resendGiftMail } from "./resend";
export { expireGifts, lineShareMinor } from "./expire";
export { giftsOffered } from "./offered";
export { maskEmail } from "./mask-email";
