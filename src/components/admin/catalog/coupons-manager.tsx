"use client";
// Coupons: search by code, the list, a create/edit modal, the grants of a GRANTED coupon, delete
// (a used coupon is disabled instead; the result says which happened).
import { ActionIcon, Badge, Button, Card, Group, Loader, Modal, MultiSelect, SegmentedControl, Select, SimpleGrid, Stack, Switch, Table, Text, TextInput, Tooltip } from "@mantine/core";
import { IconPencil, IconPlus, IconSearch, IconTrash, IconUsers, IconX } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useState, useTransition, type FormEvent } from "react";
import { createCouponAction, deleteCouponAction, grantCouponAction, listCouponGrantsAction, revokeCouponGrantAction, updateCouponAction } from "@/app/admin/coupons/actions";
import { useFocusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormError } from "@/components/forms/form-error";
import { notifyError, notifySuccess } from "@/components/forms/notify";
import { RequiredNote } from "@/components/forms/required-note";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import { stickyEndCell } from "@/components/shell/sticky-end-cell";
import { usePhoneLayout } from "@/components/shell/use-phone-layout";
import { useMoney } from "@/components/format/use-money";
import { fromLocalInput, IntInput, intValue, limitValue, localInputValue, moneyText, moneyValue, MoneyInput, type IntText } from "./fields";

export interface CouponView {
  id: string;
  code: string;
  kind: "AMOUNT" | "PERCENT";
  amountOffMinor: number;
  percentOff: number;
  maxDiscountMinor: number | null;
  minSpendMinor: number;
  startsAt: Date | null;
  endsAt: Date | null;
  totalLimit: number | null;
  usesHeld: number;
  perUserLimit: number | null;
  audience: "PUBLIC" | "GRANTED";
  planIds: string[];
  enabled: boolean;
  grantCount: number;
}

type PlanOption = { id: string; name: string };

/** When a coupon or promotion applies, in words. */
export function useWindowText() {
  const t = useTranslations("catalog.coupons");
  const f = useFormatter();
  const when = (d: Date) => f.dateTime(new Date(d), { dateStyle: "medium", timeStyle: "short" });
  return (w: { startsAt: Date | null; endsAt: Date | null }) =>
    w.startsAt && w.endsAt ? t("between", { start: when(w.startsAt), end: when(w.endsAt) }) : w.startsAt ? t("from", { start: when(w.startsAt) }) : w.endsAt ? t("until", { end: when(w.endsAt) }) : t("always");
}

function CouponForm({ coupon, opened, onClose, currency, plans }: { coupon: CouponView | null; opened: boolean; onClose: () => void; currency: string; plans: PlanOption[] }) {
  const t = useTranslations("catalog.coupons");
  const tc = useTranslations("catalog.common");
  const router = useRouter();
  const { messageOf, fieldMessages } = useErrorText();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const blank = {
    code: "",
    kind: "AMOUNT" as "AMOUNT" | "PERCENT",
    amountOff: "",
    percentOff: "" as IntText,
    maxDiscount: "",
    minSpend: "",
    startsAt: "",
    endsAt: "",
    totalLimit: "" as IntText,
    perUserLimit: "" as IntText,
    audience: "PUBLIC" as "PUBLIC" | "GRANTED",
    planIds: [] as string[],
    enabled: true,
  };
  const [v, setV] = useState(blank);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const openedFor = opened ? (coupon?.id ?? "") : null;
  const [filledFor, setFilledFor] = useState<string | null>(null);
  if (openedFor !== filledFor) {
    setFilledFor(openedFor);
    if (openedFor !== null) {
      setV(
        coupon
          ? {
              code: coupon.code,
              kind: coupon.kind,
              amountOff: coupon.kind === "AMOUNT" ? moneyText(coupon.amountOffMinor) : "",
              percentOff: coupon.kind === "PERCENT" ? coupon.percentOff : "",
              maxDiscount: moneyText(coupon.maxDiscountMinor),
              minSpend: coupon.minSpendMinor ? moneyText(coupon.minSpendMinor) : "",
              startsAt: localInputValue(coupon.startsAt),
              endsAt: localInputValue(coupon.endsAt),
              totalLimit: coupon.totalLimit ?? "",
              perUserLimit: coupon.perUserLimit ?? "",
              audience: coupon.audience,
              planIds: coupon.planIds,
              enabled: coupon.enabled,
            }
          : blank,
      );
      setFields({});
      setError(null);
    }
  }
  const set = <K extends keyof typeof v>(k: K) => (value: (typeof v)[K]) => setV((x) => ({ ...x, [k]: value }));

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const f: Record<string, string> = {};
    const input: Record<string, unknown> = {
      code: v.code.trim(),
      kind: v.kind,
      startsAt: fromLocalInput(v.startsAt),
      endsAt: fromLocalInput(v.endsAt),
      totalLimit: limitValue(v.totalLimit),
      perUserLimit: limitValue(v.perUserLimit),
      audience: v.audience,
      planIds: v.planIds,
      enabled: v.enabled,
    };
    const money = (key: string, text: string, optional = false) => {
      const m = moneyValue(text);
      if (m === null) f[key] = tc("moneyInvalid");
      else if (m !== undefined || !optional) input[key] = m ?? (optional ? null : undefined);
    };
    if (!input.code) f.code = tc("required");
    if (v.kind === "AMOUNT") money("amountOffMinor", v.amountOff);
    else {
      input.percentOff = intValue(v.percentOff);
      money("maxDiscountMinor", v.maxDiscount, true);
    }
    money("minSpendMinor", v.minSpend, true);
    if (input.minSpendMinor === undefined) input.minSpendMinor = 0;
    setFields(f);
    if (Object.keys(f).length) return focusInvalid();
    setBusy(true);
    setError(null);
    const r = await (coupon ? updateCouponAction(coupon.id, input) : createCouponAction(input)).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      const fm = fieldMessages(r.error);
      // The form has one field for both kinds of amount.
      setFields(fm);
      return focusInvalid();
    }
    notifySuccess(coupon ? t("updated", { code: r.data.code }) : t("created", { code: r.data.code }));
    onClose();
    router.refresh();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={coupon ? t("editTitle") : t("newTitle")} centered size="lg">
      <form ref={ref} onSubmit={submit} noValidate data-testid="coupon-form">
        <Stack gap="sm">
          <RequiredNote />
          <FormError>{error}</FormError>
          <TextInput
            label={t("code")}
            description={t("codeHint")}
            required
            maxLength={32}
            value={v.code}
            onChange={(e) => set("code")(e.currentTarget.value.toUpperCase())}
            error={fields.code}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            data-testid="coupon-code"
            data-autofocus
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("kind")}
            </Text>
            <SegmentedControl
              value={v.kind}
              onChange={(k) => set("kind")(k as "AMOUNT" | "PERCENT")}
              data={[
                { value: "AMOUNT", label: t("kindAMOUNT") },
                { value: "PERCENT", label: t("kindPERCENT") },
              ]}
              aria-label={t("kind")}
              data-testid="coupon-kind"
            />
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {v.kind === "AMOUNT" ? (
              <MoneyInput currency={currency} label={t("amountOffField")} required value={v.amountOff} onChange={set("amountOff")} error={fields.amountOffMinor} data-testid="coupon-amount" />
            ) : (
              <>
                <IntInput label={t("percentOffField")} required min={1} max={100} value={v.percentOff} onChange={set("percentOff")} error={fields.percentOff} rightSection="%" data-testid="coupon-percent" />
                <MoneyInput currency={currency} label={t("maxDiscount")} description={t("maxDiscountHint")} value={v.maxDiscount} onChange={set("maxDiscount")} error={fields.maxDiscountMinor} data-testid="coupon-max" />
              </>
            )}
            <MoneyInput currency={currency} label={t("minSpend")} value={v.minSpend} onChange={set("minSpend")} error={fields.minSpendMinor} data-testid="coupon-min-spend" />
            <TextInput type="datetime-local" label={t("startsAt")} description={t("windowHint")} value={v.startsAt} onChange={(e) => set("startsAt")(e.currentTarget.value)} error={fields.startsAt} data-testid="coupon-starts" />
            <TextInput type="datetime-local" label={t("endsAt")} description={t("windowHint")} value={v.endsAt} onChange={(e) => set("endsAt")(e.currentTarget.value)} error={fields.endsAt} data-testid="coupon-ends" />
            <IntInput label={t("totalLimit")} description={tc("emptyUnlimited")} min={0} value={v.totalLimit} onChange={set("totalLimit")} error={fields.totalLimit} placeholder={tc("unlimited")} data-testid="coupon-total-limit" />
            <IntInput label={t("perUserLimit")} description={tc("emptyUnlimited")} min={1} value={v.perUserLimit} onChange={set("perUserLimit")} error={fields.perUserLimit} placeholder={tc("unlimited")} data-testid="coupon-per-user" />
          </SimpleGrid>
          <Select
            label={t("audience")}
            data={[
              { value: "PUBLIC", label: t("audiencePUBLIC") },
              { value: "GRANTED", label: t("audienceGRANTED") },
            ]}
            value={v.audience}
            onChange={(a) => a && set("audience")(a as "PUBLIC" | "GRANTED")}
            allowDeselect={false}
            data-testid="coupon-audience"
          />
          <MultiSelect
            label={t("plans")}
            description={t("plansHint")}
            data={plans.map((p) => ({ value: p.id, label: p.name }))}
            value={v.planIds}
            onChange={set("planIds")}
            searchable
            clearable
            error={fields.planIds}
            data-testid="coupon-plans"
          />
          <Switch label={t("enabled")} checked={v.enabled} onChange={(e) => set("enabled")(e.currentTarget.checked)} data-testid="coupon-enabled" />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {tc("cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid="coupon-submit">
              {coupon ? tc("save") : tc("create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function GrantsModal({ coupon, onClose }: { coupon: CouponView | null; onClose: () => void }) {
  const t = useTranslations("catalog.coupons");
  const f = useFormatter();
  const router = useRouter();
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
                  <Button variant="subtle" color="red" size="compact-xs" leftSection={<IconX size={12} />} onClick={() => revoke(g)} data-testid={`revoke-${g.email}`}>
                    {t("revoke")}
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}

export function CouponsManager({ rows, q, currency, plans }: { rows: CouponView[]; q: string; currency: string; plans: PlanOption[] }) {
  const t = useTranslations("catalog.coupons");
  const toMoney = useMoney();
  const tc = useTranslations("catalog.common");
  const router = useRouter();
  const pathname = usePathname();
  const phone = usePhoneLayout();
  const windowText = useWindowText();
  const { messageOf } = useErrorText();
  const [pending, startTransition] = useTransition();
  const [search, setSearch] = useState(q);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<CouponView | null>(null);
  const [granting, setGranting] = useState<CouponView | null>(null);
  const [deleting, setDeleting] = useState<CouponView | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const apply = (text: string) => startTransition(() => router.push(text.trim() ? `${pathname}?q=${encodeURIComponent(text.trim())}` : pathname));
  const money = (m: number) => toMoney(m, currency);
  const value = (c: CouponView) =>
    c.kind === "AMOUNT" ? t("amountOff", { amount: money(c.amountOffMinor) }) : c.maxDiscountMinor !== null ? t("percentCapped", { percent: c.percentOff, cap: money(c.maxDiscountMinor) }) : t("percentOff", { percent: c.percentOff });
  const uses = (c: CouponView) => `${c.usesHeld} / ${c.totalLimit ?? tc("unlimited")}`;
  const status = (c: CouponView) => (
    <Badge size="sm" variant="light" color={c.enabled ? "teal" : "gray"}>
      {c.enabled ? tc("enabled") : tc("disabled")}
    </Badge>
  );
  const audience = (c: CouponView) => (c.audience === "GRANTED" ? `${t("audienceGRANTED")} (${c.grantCount})` : t("audiencePUBLIC"));
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
  const actions = (c: CouponView) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {c.audience === "GRANTED" ? (
        <Button variant="default" size="compact-xs" leftSection={<IconUsers size={12} />} onClick={() => setGranting(c)} data-testid={`coupon-grants-${c.code}`}>
          {t("grants")}
        </Button>
      ) : null}
      <Tooltip label={tc("edit")}>
        <ActionIcon variant="subtle" onClick={() => setEditing(c)} aria-label={`${tc("edit")} ${c.code}`} data-testid={`coupon-edit-${c.code}`}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={tc("delete")}>
        <ActionIcon variant="subtle" color="red" onClick={() => { setDeleteError(null); setDeleting(c); }} aria-label={`${tc("delete")} ${c.code}`} data-testid={`coupon-delete-${c.code}`}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  let list;
  if (rows.length === 0) {
    list = (
      <Card withBorder padding="xl">
        <Text c="dimmed" ta="center" data-testid="coupons-empty">
          {t("empty")}
        </Text>
      </Card>
    );
  } else if (phone) {
    list = (
      <Stack gap="xs" data-testid="coupons-cards">
        {rows.map((c) => (
          <Card key={c.id} withBorder padding="sm" data-testid="coupon-row">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} size="sm" ff="monospace" style={{ overflowWrap: "anywhere" }}>
                {c.code}
              </Text>
              {status(c)}
            </Group>
            <Text size="sm" mt={4}>
              {value(c)}
            </Text>
            <Text size="xs" c="dimmed">
              {tc("labeled", { label: t("window"), value: windowText(c) })}
            </Text>
            <Text size="xs" c="dimmed">
              {tc("labeled", { label: t("uses"), value: uses(c) })}
            </Text>
            <Text size="xs" c="dimmed">
              {tc("labeled", { label: t("audience"), value: audience(c) })}
            </Text>
            <Group justify="flex-end" mt={6}>
              {actions(c)}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  } else {
    list = (
      <Card withBorder padding={0} data-testid="coupons-table">
        <Table.ScrollContainer minWidth={900} type="native">
          <Table striped highlightOnHover verticalSpacing="sm" style={{ whiteSpace: "nowrap" }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("code")}</Table.Th>
                <Table.Th>{t("value")}</Table.Th>
                <Table.Th>{t("window")}</Table.Th>
                <Table.Th>{t("uses")}</Table.Th>
                <Table.Th>{t("audience")}</Table.Th>
                <Table.Th>{t("status")}</Table.Th>
                <Table.Th ta="right" style={stickyEndCell()}>
                  {tc("actions")}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c, idx) => (
                <Table.Tr key={c.id} data-testid="coupon-row">
                  <Table.Td>
                    <Text size="sm" fw={600} ff="monospace">
                      {c.code}
                    </Text>
                  </Table.Td>
                  <Table.Td>{value(c)}</Table.Td>
                  <Table.Td>
                    <Text size="xs">{windowText(c)}</Text>
                  </Table.Td>
                  <Table.Td>{uses(c)}</Table.Td>
                  <Table.Td>{audience(c)}</Table.Td>
                  <Table.Td>{status(c)}</Table.Td>
                  <Table.Td style={stickyEndCell(idx % 2 === 0)}>{actions(c)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            apply(search);
          }}
          style={{ flex: "1 1 220px" }}
        >
          <TextInput
            placeholder={t("searchPlaceholder")}
            aria-label={t("searchPlaceholder")}
            leftSection={<IconSearch size={16} />}
            rightSection={pending ? <Loader size="xs" /> : null}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            onBlur={() => search.trim() !== q && apply(search)}
            data-testid="coupon-search"
          />
        </form>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="create-coupon">
          {t("create")}
        </Button>
      </Group>
      {list}
      <CouponForm coupon={editing} opened={creating || editing !== null} onClose={() => { setCreating(false); setEditing(null); }} currency={currency} plans={plans} />
      <GrantsModal coupon={granting} onClose={() => setGranting(null)} />
      <ConfirmModal opened={deleting !== null} title={t("deleteTitle")} confirmLabel={tc("delete")} busy={busy} error={deleteError} onConfirm={remove} onClose={() => setDeleting(null)} testId="coupon-delete">
        {t("deleteText", { code: deleting?.code ?? "" })}
      </ConfirmModal>
    </Stack>
  );
}
