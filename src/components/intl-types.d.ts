// Message keys are typed from the English files, so a missing or misspelt key fails `tsc`.
// messages/<locale>.json holds the shell; each area file merged by src/i18n/request.ts (AREAS)
// must be added to `Messages` here as well. zh-CN has the same keys (tests/i18n/messages.test.ts).
import type base from "../../messages/en.json";
import type adminUsers from "../../messages/en/admin-users.json";
import type adminOrders from "../../messages/en/admin-orders.json";
import type errors from "../../messages/en/errors.json";
import type nodes from "../../messages/en/nodes.json";
import type security from "../../messages/en/security.json";
import type support from "../../messages/en/support.json";
import type forms from "../../messages/en/forms.json";
import type payments from "../../messages/en/payments.json";
import type catalog from "../../messages/en/catalog.json";
import type store from "../../messages/en/store.json";
import type subscriptions from "../../messages/en/subscriptions.json";
import type notifications from "../../messages/en/notifications.json";
import type tickets from "../../messages/en/tickets.json";
import type announcements from "../../messages/en/announcements.json";
import type mailTemplates from "../../messages/en/mail-templates.json";
import type adminSubscriptions from "../../messages/en/admin-subscriptions.json";
import type adminSubscriptionRules from "../../messages/en/admin-subscription-rules.json";
import type subscriptionPage from "../../messages/en/subscription-page.json";
import type adminRisk from "../../messages/en/admin-risk.json";
import type adminRiskLogs from "../../messages/en/admin-risk-logs.json";
import type adminBackup from "../../messages/en/admin-backup.json";
import type riskRestriction from "../../messages/en/risk-restriction.json";
import type devices from "../../messages/en/devices.json";
import type apiReference from "../../messages/en/api-reference.json";
import type dashboards from "../../messages/en/dashboards.json";
import type adminLogs from "../../messages/en/admin-logs.json";
import type walletArea from "../../messages/en/wallet.json";
import type cardsArea from "../../messages/en/cards.json";
import type transfersArea from "../../messages/en/transfers.json";
import type autoRenewArea from "../../messages/en/auto-renew.json";
import type refundsArea from "../../messages/en/refunds.json";
import type balancePayArea from "../../messages/en/balance-pay.json";
import type adminWalletArea from "../../messages/en/admin-wallet.json";
import type adminWalletUserArea from "../../messages/en/admin-wallet-user.json";
import type labelsArea from "../../messages/en/labels.json";
import type listKitArea from "../../messages/en/list-kit.json";
import type liveArea from "../../messages/en/live.json";
import type contactArea from "../../messages/en/contact.json";
import type payPageArea from "../../messages/en/pay-page.json";
import type journeyArea from "../../messages/en/journey.json";
import type webhooksPage from "../../messages/en/webhooks.json";
import type apiTokensPage from "../../messages/en/api-tokens.json";
import type telegramArea from "../../messages/en/telegram.json";
import type nodeAlertsArea from "../../messages/en/node-alerts.json";
import type referralArea from "../../messages/en/referral.json";
import type planChangeArea from "../../messages/en/plan-change.json";
import type giftsArea from "../../messages/en/gifts.json";
import type kbArea from "../../messages/en/kb.json";
import type staffArea from "../../messages/en/staff.json";

declare module "next-intl" {
  interface AppConfig {
    Messages: typeof base & typeof errors & typeof nodes & typeof security & typeof support & typeof adminUsers & typeof adminOrders & typeof forms & typeof payments & typeof catalog & typeof store & typeof subscriptions & typeof notifications & typeof tickets & typeof announcements & typeof mailTemplates & typeof adminSubscriptions & typeof adminSubscriptionRules & typeof subscriptionPage & typeof adminRisk & typeof adminRiskLogs & typeof riskRestriction & typeof devices & typeof dashboards & typeof apiReference & typeof adminLogs & typeof adminBackup & typeof walletArea & typeof cardsArea & typeof transfersArea & typeof autoRenewArea & typeof refundsArea & typeof balancePayArea & typeof adminWalletArea & typeof adminWalletUserArea & typeof labelsArea & typeof listKitArea & typeof liveArea & typeof contactArea & typeof payPageArea & typeof journeyArea & typeof webhooksPage & typeof apiTokensPage & typeof telegramArea & typeof nodeAlertsArea & typeof referralArea & typeof planChangeArea & typeof giftsArea & typeof kbArea & typeof staffArea;
    Locale: "zh-CN" | "en";
  }
}
