// [wallet] The wallet area's public face (behaviour §13).
export { requireWalletEdition } from "./edition";
export { balanceOf, moveBalance, type Movement } from "./ledger";
export { checkWallets, type WalletCheckResult, type WalletMismatch } from "./check";
export { creditRecharge, creditRechargePayment } from "./recharge-credit";
export { generateCards, listCards, deleteCard, expireDueCards, listCardPlanChoices, releaseCardStock, GenerateCardsInput, MAX_CARD_MINOR, MAX_CARDS_PER_BATCH, type GeneratedBatch, type GeneratedCard, type CardRow } from "./cards";
export { redeemCard, RedeemCardInput, type RedeemResult } from "./cards-redeem";
export { cardsCsv, CARDS_CSV_HEADER } from "./cards-csv";
