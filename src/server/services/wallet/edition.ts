// Wallet verbs exist only in the wallet edition (behaviour §1): in the base edition each refuses with
// 404, so its routes, actions and CLI commands look exactly like paths that are not there.
import { isWallet } from "../../env";
import { DomainError } from "../../errors";

export function requireWalletEdition(): void {
  if (!isWallet()) throw new DomainError("NOT_FOUND", "wallet_disabled");
}
