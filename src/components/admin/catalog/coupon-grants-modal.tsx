"use client";
// The grants of a GRANTED coupon: who may use it, grant by email, revoke.
import { Button, Group, Loader, Modal, Stack, Text, TextInput } from "@mantine/core";
import { IconPlus, IconX } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { grantCouponAction, listCouponGrantsAction, revokeCouponGrantAction } from "@/app/admin/coupons/actions";
import { useCan } from "../staff-permissions";
import { FormError } from "@/components/forms/form-error";
import { notifyError, notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import type { CouponView } from "./coupon-view";

export function GrantsModal({ coupon, onClose }: { coupon: CouponView | null; onClose: () => void }) {
  const t = useTranslations("catalog.coupons");
  const f = useFormatter();
  const router = useRouter();
  // Granting and revoking are coupons.write; a read-only role sees who holds the coupon.
  const mayWrite = useCan()("coupons.write");
  const { messageOf, fieldMessages } = useErrorText();
  const [grants, setGrants] = useState<{ userId: string; email: string; createdAt: Date }[] | null>(null);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async (id: string) => {
    const r = await listCouponGrantsAction(id).catch(() => ({ ok: false as const, error: networkError() }));
    if (!r.ok) return setError(messageOf(r.error));
    setGrants(r.data);
  };
  // Start fresh for another coupon (adjusted while rendering), then fetch its grants.
  const [shownId, setShownId] = useState<string | null>(null);
  const couponId = coupon?.audience === "GRANTED" ? coupon.id : null;
  if ((coupon?.id ?? null) !== shownId) {
    setShownId(coupon?.id ?? null);
    setGrants(null);
    setEmail("");
    setError(null);
  }
  useEffect(() => {
    if (!couponId) return;
    let live = true;
    listCouponGrantsAction(couponId).then(
      (r) => live && (r.ok ? setGrants(r.data) : setError(messageOf(r.error))),
      () => live && setError(messageOf(networkError())),
    );
    return () => {
      live = false;
    };
  }, [couponId, messageOf]);

  const grant = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!coupon || !email.trim()) return;
    setBusy(true);
    setError(null);
    const r = await grantCouponAction(coupon.id, email.trim()).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      const fm = fieldMessages(r.error);
      return setError(fm.email ?? messageOf(r.error));
    }
    notifySuccess(r.data.created ? t("granted", { email: r.data.email }) : t("alreadyGranted", { email: r.data.email }));
    setEmail("");
    await load(coupon.id);
    router.refresh();
  };
  const revoke = async (g: { userId: string; email: string }) => {
    if (!coupon) return;
    const r = await revokeCouponGrantAction(coupon.id, g.userId).catch(() => ({ ok: false as const, error: networkError() }));
    if (!r.ok) return notifyError(messageOf(r.error));
    notifySuccess(t("revoked", { email: g.email }));
    await load(coupon.id);
    router.refresh();
  };

  return (
    <Modal opened={coupon !== null} onClose={onClose} title={coupon ? t("grantsTitle", { code: coupon.code }) : ""} centered size="lg">
      {coupon?.audience !== "GRANTED" ? (
        <Text size="sm">{t("grantsPublic")}</Text>
      ) : (
        <Stack gap="sm">
          {mayWrite ? (
            <form onSubmit={grant} noValidate>
              <Group align="flex-end" gap="xs" wrap="wrap">
                <TextInput
                  label={t("grantEmail")}
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                  style={{ flex: "1 1 220px" }}
                  autoComplete="off"
                  data-testid="grant-email"
                  data-autofocus
                />
                <Button type="submit" loading={busy} leftSection={<IconPlus size={14} />} data-testid="grant-submit">
                  {t("grant")}
                </Button>
              </Group>
            </form>
          ) : null}
          <FormError>{error}</FormError>
          {grants === null ? (
            <Loader size="sm" />
          ) : grants.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("noGrants")}
            </Text>
          ) : (
            <Stack gap={4} data-testid="grants-list">
              {grants.map((g) => (
                <Group key={g.userId} justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                      {g.email}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {f.dateTime(new Date(g.createdAt), { dateStyle: "medium", timeStyle: "short" })}
                    </Text>
                  </Stack>
                  {mayWrite ? (
                    <Button variant="subtle" color="red" size="compact-xs" leftSection={<IconX size={12} />} onClick={() => revoke(g)} data-testid={`revoke-${g.email}`}>
                      {t("revoke")}
                    </Button>
                  ) : null}
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}
