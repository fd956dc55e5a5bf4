// [wallet] The wallet area's public face (behaviour §13).
export { requireWalletEdition } from "./edition";
export { balanceOf, moveBalance, type Movement } from "./ledger";
export { checkWallets, type WalletCheckResult, type WalletMismatch } from "./check";
export { creditRecharge, creditRechargePayment } from "./recharge-credit";
export { generateCards, listCards, deleteCard, expireDueCards, listCardPlanChoices, releaseCardStock, GenerateCardsInput, MAX_CARD_MINOR, MAX_CARDS_PER_BATCH, type GeneratedBatch, type GeneratedCard, type CardRow } from "./cards";
export { redeemCard, RedeemCardInput, type RedeemResult } from "./cards-redeem";
export { cardsCsv, CARDS_CSV_HEADER } from "./cards-csv";
export { createRechargeOrder, cancelRechargeOrder, getMyRecharge, listMyRecharges, createRechargePayment, queryRechargeByTradeNo, MAX_PENDING_RECHARGES, type RechargeView, type RechargeDetail, type RechargePaymentStatus } from "./recharge";
export { listAdminRecharges, confirmAdminWalletRecharge, cancelAdminWalletRecharge, deleteAdminWalletRecharge, type AdminRechargeRow } from "./recharge-admin";
export { expireDueRecharges } from "./recharge-expiry";
export { getMyWallet, listMyLedger, type MyWallet, type MyLedgerEntry } from "./my-wallet";
export { initiateSubscriptionTransfer, acceptSubscriptionTransfer, rejectSubscriptionTransfer, cancelSubscriptionTransfer, TRANSFER_PENDING_MS } from "./transfers";
export { deleteAdminSubscriptionTransfer, expireDueTransfers, listAdminSubscriptionTransfers, type AdminTransferRow, type AdminTransferDeletion } from "./transfers-admin";
export { getTransferOverview, listMySubscriptionTransfers, type TransferOverview, type TransferableSubscription, type MyTransferRow } from "./transfers-queries";
export { planPriceMinor, transferFeeMinor } from "./transfers-fee";
export { setAutoRenew, autoRenewOverview, type AutoRenewOverview, type AutoRenewRow } from "./auto-renew";
export { runAutoRenew, AUTO_RENEW_EVERY_MS, type AutoRenewCounts } from "./auto-renew-job";
