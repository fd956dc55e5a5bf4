"use client";
// The devices registered on one subscription (x-hwid clients), each with a remove button behind a
// confirmation; shared by the owner's devices card and the admin subscription page. A table on wide
// screens, stacked cards on a phone; pages live in the URL (?devicesPage=).
import { Button, Card, Group, Pagination, Stack, Table, Text, Tooltip } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useLocale, useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { useWhen } from "@/components/admin/orders/order-labels";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText, type UiError } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import { usePhoneLayout } from "@/components/shell/use-phone-layout";

export interface DeviceRow {
  id: string;
  deviceOs: string;
  osVersion: string;
  deviceModel: string;
  userAgent: string;
  lastIp: string;
  lastPlace: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

type Result = { ok: true } | { ok: false; error: UiError };

/** "CN/Zhejiang/Hangzhou" as "Hangzhou, Zhejiang, China" in the page's language. */
function usePlaceText() {
  const locale = useLocale();
  const regions = useMemo(() => {
    try {
      return new Intl.DisplayNames([locale], { type: "region" });
    } catch {
      return null;
    }
  }, [locale]);
  return (place: string) => {
    const [country = "", ...rest] = place.split("/");
    if (!country) return "";
    let name = country;
    try {
      name = regions?.of(country) ?? country;
    } catch {
      // Not a region code the browser knows: show the code.
    }
    return [...rest.filter(Boolean).reverse(), name].join(", ");
  };
}

function DevicePages({ total, page }: { total: number; page: number }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const t = useTranslations("chrome");
  if (total <= 1) return null;
  const go = (p: number) => {
    const next = new URLSearchParams(params.toString());
    if (p <= 1) next.delete("devicesPage");
    else next.set("devicesPage", String(p));
    const qs = next.toString();
    router.push(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
  };
  const controlLabel = (c: string) => (c === "previous" ? { "aria-label": t("previousPage") } : c === "next" ? { "aria-label": t("nextPage") } : {});
  return <Pagination total={total} value={Math.min(page, total)} onChange={go} size="sm" siblings={1} boundaries={1} getControlProps={controlLabel} data-testid="devices-pagination" />;
}

export function DeviceRows({ rows, pages, page, admin, remove }: { rows: DeviceRow[]; pages: number; page: number; admin: boolean; remove?: (deviceId: string) => Promise<Result> }) {
  const t = useTranslations("devices");
  const when = useWhen();
  const placeText = usePlaceText();
  const phone = usePhoneLayout();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [target, setTarget] = useState<DeviceRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const name = (d: DeviceRow) => d.deviceModel || [d.deviceOs, d.osVersion].filter(Boolean).join(" ") || t("unknownDevice");
  const system = (d: DeviceRow) => [d.deviceOs, d.osVersion].filter(Boolean).join(" ");
  const where = (d: DeviceRow) => placeText(d.lastPlace) || t("placeUnknown");

  const confirm = async () => {
    if (!target || !remove) return;
    setBusy(true);
    setError(null);
    const r = await remove(target.id).catch((): Result => ({ ok: false, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(t("removed", { name: name(target) }));
    setTarget(null);
    router.refresh();
  };

  // No remove: a staff role that may read the subscription but not change it (issue 29).
  const removeButton = (d: DeviceRow) =>
    remove ? (
      <Button variant="subtle" color="red" size="compact-sm" leftSection={<IconTrash size={14} />} onClick={() => setTarget(d)} aria-label={t("removeNamed", { name: name(d) })} data-testid="device-remove">
        {t("remove")}
      </Button>
    ) : null;

  const list =
    rows.length === 0 ? (
      <Text size="sm" c="dimmed" data-testid="devices-empty">
        {t("empty")}
      </Text>
    ) : phone ? (
      <Stack gap="xs">
        {rows.map((d) => (
          <Card key={d.id} withBorder padding="sm" data-testid="device-row" data-device-id={d.id}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
                  {name(d)}
                </Text>
                {system(d) && d.deviceModel ? (
                  <Text size="xs" c="dimmed">
                    {system(d)}
                  </Text>
                ) : null}
              </Stack>
              {removeButton(d)}
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {t("lastSeenAt", { when: when(d.lastSeenAt), place: where(d) })}
            </Text>
            <Text size="xs" c="dimmed">
              {t("firstSeenAt", { when: when(d.firstSeenAt) })}
            </Text>
            {admin ? (
              <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: "anywhere" }}>
                {[d.lastIp, d.userAgent].filter(Boolean).join(" · ")}
              </Text>
            ) : null}
          </Card>
        ))}
      </Stack>
    ) : (
      <Table.ScrollContainer minWidth={admin ? 900 : 640} type="native">
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("device")}</Table.Th>
              <Table.Th>{t("system")}</Table.Th>
              <Table.Th>{t("firstSeen")}</Table.Th>
              <Table.Th>{t("lastSeen")}</Table.Th>
              <Table.Th>{t("lastPlace")}</Table.Th>
              {admin ? <Table.Th>{t("lastIp")}</Table.Th> : null}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr key={d.id} data-testid="device-row" data-device-id={d.id}>
                <Table.Td>
                  <Text size="sm">{name(d)}</Text>
                  {d.userAgent ? (
                    <Tooltip label={d.userAgent} multiline maw={360}>
                      <Text size="xs" c="dimmed" maw={220} truncate>
                        {d.userAgent}
                      </Text>
                    </Tooltip>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{system(d) || "—"}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{when(d.firstSeenAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{when(d.lastSeenAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{where(d)}</Text>
                </Table.Td>
                {admin ? (
                  <Table.Td>
                    <Text size="xs" ff="monospace">
                      {d.lastIp || "—"}
                    </Text>
                  </Table.Td>
                ) : null}
                <Table.Td ta="right">{removeButton(d)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="sm">
      {list}
      <DevicePages total={pages} page={page} />
      <ConfirmModal
        opened={target !== null}
        title={t("removeTitle")}
        confirmLabel={t("remove")}
        busy={busy}
        error={error}
        onConfirm={confirm}
        onClose={() => {
          setTarget(null);
          setError(null);
        }}
        testId="device-remove"
      >
        {target ? (admin ? t("removeTextAdmin", { name: name(target) }) : t("removeText", { name: name(target) })) : null}
      </ConfirmModal>
    </Stack>
  );
}
