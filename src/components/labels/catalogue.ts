// The one label catalogue: every state family a page shows (statuses, kinds, methods, audit actions,
// actors...) is worded from messages/<locale>/labels.json `labels.<family>.<code>`, for users and
// admins alike, so one state has one word everywhere. Codes stay what URLs, the CLI and the database
// use; a person reads only the word. Types only from the schema: this module runs in the browser.
// tests/i18n/label-catalogue.test.ts walks every family's codes (from the schema) in both languages.
import type { UserRole, UserStatus } from "@/server/db/schema/accounts";
import type { ActorKind, TaskKind, TaskStatus } from "@/server/db/schema/audit";
import type { AuditAction, AuditTargetType } from "@/server/db/schema/audit-actions";
import type { PlanKind, TrafficResetStrategy } from "@/server/db/schema/catalog";
import type { NodeClientState, OrderKind, OrderPayMethod, OrderStatus, PaidVia, PaymentStatus, ReviewStatus, SubscriptionKind, SubscriptionStatus } from "@/server/db/schema/commerce";
import type { RiskFinalAction, RiskLevel, RiskReason, RiskReviewStatus } from "@/server/db/schema/risk";
import type { TicketCategory, TicketPriority, TicketStatus } from "@/server/db/schema/support-kinds";
import type { ApiTag } from "@/server/openapi/types";
import type { CommissionStatus, PayoutMethod, PayoutStatus } from "@/server/db/schema/referral";
import type { CardKind, CardStatus, RechargeStatus, RefundDestination, RefundStatus, TransferStatus, WalletHoldStatus, WalletTxKind } from "@/server/db/schema/wallet";

/** Each family and the codes it words. */
export interface LabelFamilies {
  userStatus: UserStatus;
  userRole: UserRole;
  orderStatus: OrderStatus;
  orderKind: OrderKind;
  reviewStatus: ReviewStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: OrderPayMethod;
  paidVia: PaidVia;
  subscriptionStatus: SubscriptionStatus;
  subscriptionKind: SubscriptionKind;
  planKind: PlanKind;
  trafficResetStrategy: TrafficResetStrategy;
  ticketStatus: TicketStatus;
  ticketPriority: TicketPriority;
  ticketCategory: TicketCategory;
  taskStatus: TaskStatus;
  taskKind: TaskKind;
  riskLevel: RiskLevel;
  riskReviewStatus: RiskReviewStatus;
  riskReason: RiskReason;
  riskFinalAction: RiskFinalAction;
  cardStatus: CardStatus;
  cardKind: CardKind;
  transferStatus: TransferStatus;
  rechargeStatus: RechargeStatus;
  holdStatus: WalletHoldStatus;
  ledgerKind: WalletTxKind;
  refundStatus: RefundStatus;
  refundDestination: RefundDestination;
  nodeClientState: NodeClientState;
  actorKind: ActorKind;
  auditTarget: AuditTargetType;
  auditAction: AuditAction;
  apiTag: ApiTag;
  referralCommissionStatus: CommissionStatus;
  referralPayoutStatus: PayoutStatus;
  referralPayoutMethod: PayoutMethod;
}
export type LabelFamily = keyof LabelFamilies;

/** A message key cannot hold a dot (next-intl nests on it): `order.refunded` is `order_refunded`, `log:task` is `log_task`. */
export const labelKey = (code: string): string => code.replace(/[.:]/g, "_");

/** The families whose codes are open text in the database (older rows may hold a retired code). */
export const OPEN_FAMILIES = ["taskKind", "auditAction", "auditTarget", "trafficResetStrategy", "apiTag"] as const satisfies readonly LabelFamily[];
