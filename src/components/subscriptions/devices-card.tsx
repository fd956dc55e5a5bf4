"use client";
// The owner's devices on one subscription: how many of the plan's limit are taken, the list, and
// removal (which frees a place for a new device).
import { Badge, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { removeMyDeviceAction } from "@/app/(user)/subscriptions/[id]/device-actions";
import { DeviceRows, type DeviceRow } from "./device-rows";
import c from "./light-layout.module.css";

export interface DevicesView {
  subscriptionId: string;
  limit: number;
  total: number;
  page: number;
  pageSize: number;
  rows: DeviceRow[];
}

export function DevicesCard({ devices }: { devices: DevicesView }) {
  const t = useTranslations("devices");
  const { subscriptionId, limit, total } = devices;
  const full = limit > 0 && total >= limit;
  return (
    <div className={`${c.card} ${c.gapSm}`} data-testid="devices-card">
      <div className={c.row}>
        <div className={c.grow}>
          <h3 className={c.subtitle}>{t("title")}</h3>
          <p className={c.hint}>{limit > 0 ? t("hintLimited") : t("hintUnlimited")}</p>
        </div>
        <Badge color={full ? "orange" : "gray"} variant="light" tt="none" data-testid="devices-count" data-count={total} data-limit={limit}>
          {limit > 0 ? t("countOfLimit", { count: total, limit }) : t("countUnlimited", { count: total })}
        </Badge>
      </div>
      {full ? (
        <Text size="sm" c="orange" data-testid="devices-full">
          {t("fullHint")}
        </Text>
      ) : null}
      <DeviceRows rows={devices.rows} pages={Math.max(1, Math.ceil(total / devices.pageSize))} page={devices.page} admin={false} remove={(id) => removeMyDeviceAction(subscriptionId, id)} />
    </div>
  );
}
