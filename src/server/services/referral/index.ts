// The referral area's public face (issue 28 item 1): invite links, commission on invitees' paid
// orders (credited and reversed by hooks inside settleOrder and completeRefund), payouts.
export { creditReferralCommission, reverseReferralCommission } from "./commission";
export { getMyReferral, getMyReferralSummary, listMyInvitees, listMyCommissions, listMyPayouts, inviteLinkOf, type MyReferral, type MyInvitee, type MyCommission, type MyPayout } from "./my-referral";
export { requestReferralPayout, moveCommissionToBalance, PayoutRequestInput, MoveToBalanceInput, type PayoutView } from "./payouts";
export { listReferralPayouts, getReferralPayout, approveReferralPayout, rejectReferralPayout, listTopInviters, ApproveInput, RejectInput, type AdminPayoutRow, type AdminPayoutDetail, type TopInviter } from "./payouts-admin";
export { type ReferralFigures } from "./account-lock";
export { maskEmail, shareOverLines, commissionOf, earnsCommission, EARNING_PAID_VIA } from "./arithmetic";
