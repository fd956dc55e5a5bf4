// [wallet] The wallet area's public face (behaviour §13).
export { requireWalletEdition } from "./edition";
export { balanceOf, moveBalance, type Movement } from "./ledger";
export { checkWallets, type WalletCheckResult, type WalletMismatch } from "./check";
export { creditRecharge, creditRechargePayment } from "./recharge-credit";
