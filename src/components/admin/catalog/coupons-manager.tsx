"use client";
// Coupons: search by code as you type, the list, a create/edit modal, the grants of a GRANTED
// coupon, delete (a used coupon is disabled instead; the result says which happened).
import { Button, Stack } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { deleteCouponAction } from "@/app/admin/coupons/actions";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import { ListToolbar } from "../list-kit";
import { CouponForm } from "./coupon-form";
import { GrantsModal } from "./coupon-grants-modal";
import { useCan } from "../staff-permissions";
import type { CouponView, PlanOption } from "./coupon-view";
import { CouponsTable } from "./coupons-table";

export type { CouponView } from "./coupon-view";
export { useWindowText } from "./coupon-view";

export function CouponsManager({ rows, currency, plans }: { rows: CouponView[]; currency: string; plans: PlanOption[] }) {
  const t = useTranslations("catalog.coupons");
  const tc = useTranslations("catalog.common");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<CouponView | null>(null);
  const [granting, setGranting] = useState<CouponView | null>(null);
  const [deleting, setDeleting] = useState<CouponView | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  // Creating, editing and deleting are coupons.write (issue 29); coupons.read lists them.
  const mayWrite = useCan()("coupons.write");

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    setDeleteError(null);
    const r = await deleteCouponAction(deleting.id).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setDeleteError(messageOf(r.error));
    notifySuccess(r.data.deleted ? t("deletedOne", { code: deleting.code }) : t("disabledInstead", { code: deleting.code }));
    setDeleting(null);
    router.refresh();
  };

  return (
    <Stack gap="md">
      <ListToolbar search={{ label: t("searchPlaceholder"), placeholder: t("searchPlaceholder"), testId: "coupon-search" }}>
        {mayWrite ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="create-coupon">
            {t("create")}
          </Button>
        ) : null}
      </ListToolbar>
      <CouponsTable
        rows={rows}
        currency={currency}
        onEdit={mayWrite ? setEditing : undefined}
        onGrants={setGranting}
        onDelete={
          mayWrite
            ? (c) => {
                setDeleteError(null);
                setDeleting(c);
              }
            : undefined
        }
      />
      <CouponForm coupon={editing} opened={creating || editing !== null} onClose={() => { setCreating(false); setEditing(null); }} currency={currency} plans={plans} />
      <GrantsModal coupon={granting} onClose={() => setGranting(null)} />
      <ConfirmModal opened={deleting !== null} title={t("deleteTitle")} confirmLabel={tc("delete")} busy={busy} error={deleteError} onConfirm={remove} onClose={() => setDeleting(null)} testId="coupon-delete">
        {t("deleteText", { code: deleting?.code ?? "" })}
      </ConfirmModal>
    </Stack>
  );
}
