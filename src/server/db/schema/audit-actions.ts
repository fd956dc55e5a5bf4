// Every audit action and target type the code writes. `recordAudit` takes only these, so a new
// action fails `tsc` until it is listed here, and the label catalogue test then asks for its words
// in both languages (messages/<locale>/labels.json `labels.auditAction.*`, `labels.auditTarget.*`):
// the logs page never shows a dotted code.
export const AUDIT_ACTIONS = [
  "admin.api_token.create", "admin.api_token.revoke", "api.v1.call",
  "admin.announcement.create", "admin.announcement.delete", "admin.announcement.disable", "admin.announcement.enable", "admin.announcement.update",
  "admin.coupon.create", "admin.coupon.delete", "admin.coupon.disable", "admin.coupon.grant", "admin.coupon.revoke_grant", "admin.coupon.update",
  "admin.inbound.delete_mirror", "admin.inbound.rename",
  "admin.kb.article.create", "admin.kb.article.delete", "admin.kb.article.update", "admin.kb.category.delete", "admin.kb.category.save",
  "admin.node.agent_token.generate", "admin.node.agent_token.revoke", "admin.node.batch_test", "admin.node.create", "admin.node.delete",
  "admin.node.remove_orphans", "admin.node.repair_drift", "admin.node.test", "admin.node.update", "admin.node.visibility",
  "admin.payment_provider.test", "admin.payment_provider.update",
  "admin.plan.create", "admin.plan.delete", "admin.plan.update", "admin.plan.visibility",
  "admin.promotion.create", "admin.promotion.delete", "admin.promotion.update",
  "admin.streaming.create", "admin.streaming.delete", "admin.streaming.reveal_credentials", "admin.streaming.update",
  "admin.subscription.device.remove",
  "admin.user.create", "admin.user.delete", "admin.user.set_status", "admin.user.update",
  "admin.webhook.create", "admin.webhook.delete", "admin.webhook.disable", "admin.webhook.enable", "admin.webhook.resend", "admin.webhook.test",
  "backup.download", "backup.download_stored", "backup.restore", "backup.restore_refused", "backup.scheduled",
  "export.audit_logs", "export.config",
  "gift.cancelled", "gift.claimed", "gift.created", "gift.expired", "gift.resent",
  "logs.cleanup", "logs.cleanup.auto", "logs.entry.deleted",
  "mail_template.reset", "mail_template.save", "mail_template.test_send",
  "order.cancelled", "order.confirmed", "order.created", "order.paid", "order.refunded", "order.review",
  "payment.balance_held", "payment.balance_released", "payment.created", "payment.duplicate", "payment.late", "payment.reconcile",
  "plan_change.applied", "plan_change.not_applied", "plan_change.ordered",
  "recharge.cancelled", "recharge.confirmed", "recharge.created", "recharge.credited", "recharge.deleted", "recharge.duplicate_transfer",
  "recharge.late_payment", "recharge.payment_created",
  "referral.commission.credited", "referral.commission.reversed", "referral.payout.account_viewed", "referral.payout.approved", "referral.payout.rejected",
  "referral.payout.requested", "referral.payout.to_balance",
  "refund.completed", "refund.failed",
  "risk.event.escalate", "risk.event.raise", "risk.keep_banned", "risk.release", "risk.report.generate", "risk.report.send", "risk.review",
  "settings.smtp_test", "settings.update",
  "subscription.access_rotated", "subscription.activated", "subscription.aggregate_rotated", "subscription.auto_renew_failed",
  "subscription.auto_renew_off", "subscription.auto_renew_on", "subscription.auto_renew_renewed", "subscription.auto_renew_short",
  "subscription.cancelled", "subscription.deleted", "subscription.device.remove", "subscription.granted", "subscription.streaming_credentials_revealed",
  "subscription.streaming_reassigned", "subscription.suspended",
  "system.bootstrap_admin",
  "task.retried",
  "telegram.bind", "telegram.unbind",
  "ticket.deleted", "ticket.replied", "ticket.updated",
  "traffic.sync.manual",
  "user.change_email", "user.change_password", "user.logout_everywhere", "user.recovery_code_used", "user.recovery_codes_regenerate",
  "user.register", "user.reset_password", "user.revoke_session", "user.two_factor_disable", "user.two_factor_enable", "user.two_factor_reset",
  "user.verify_email",
  "wallet.admin_credit", "wallet.card.deleted", "wallet.card.redeemed", "wallet.cards.generated",
  "wallet.transfer.accepted", "wallet.transfer.cancelled", "wallet.transfer.deleted", "wallet.transfer.expired", "wallet.transfer.initiated",
  "wallet.transfer.rejected",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  "announcement", "api_token", "backup", "card", "card_batch", "coupon", "database", "inbound", "logs", "mail_template", "node", "order", "payment_provider",
  "kb_article", "kb_category",
  "plan", "promotion", "recharge", "referral_payout", "settings", "streaming_service", "subscription", "subscription_risk_event", "subscription_transfer", "task",
  "ticket", "traffic", "user",
  "gift",
  "webhook_endpoint",
  // A deleted log row: `log:<kind>` (the logs page's kinds).
  "log:audit", "log:task", "log:traffic", "log:nodeLatency", "log:riskAccess", "log:riskEvent",
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
