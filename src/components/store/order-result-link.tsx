"use client";
// On the payment page's success screen: the subscription link the buyer came for, with a copy
// button and the way to the app import page. Provisioning runs just after the payment lands, so the
// link is asked for a few times (every 1.5 s, for at most a minute) until it is there.
import { Anchor, Card, Code, Group, Loader, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useEffect, useState } from "react";
import { orderResultAction } from "@/app/(user)/orders/result-actions";
import type { OrderResultSubscription } from "@/server/services/orders/order-result";
import { CopyLinkButton } from "../subscriptions/format-links";

const POLL_MS = 1500;
const MAX_POLLS = 40;

export function OrderResultLink({ orderId }: { orderId: string }) {
  const t = useTranslations("journey.result");
  const [subs, setSubs] = useState<OrderResultSubscription[] | null>(null);
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (n: number) => {
      const r = await orderResultAction(orderId).catch(() => null);
      if (stop) return;
      if (r?.ok && r.data.subscriptions.length) return setSubs(r.data.subscriptions);
      if (n + 1 >= MAX_POLLS) return setGaveUp(true);
      timer = setTimeout(() => void ask(n + 1), POLL_MS);
    };
    void ask(0);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [orderId]);

  if (!subs) {
    // Nothing to show after a minute: the subscriptions page says what became of it.
    if (gaveUp) return null;
    return (
      <Group gap="xs" data-testid="order-result-waiting">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t("preparing")}
        </Text>
      </Group>
    );
  }
  return (
    <Stack gap="xs" w="100%" data-testid="order-result">
      {subs.map((s) =>
        s.contentUrl ? (
          <Card key={s.id} withBorder padding="sm" radius="md" data-testid="order-result-link">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} size="sm">
                  {t("linkTitle")}
                </Text>
                <CopyLinkButton value={s.contentUrl} testId="order-result-copy" />
              </Group>
              {/* Selectable in one go, for browsers without the clipboard API (plain http). */}
              <Code block style={{ whiteSpace: "normal", overflowWrap: "anywhere", userSelect: "all", fontSize: 12 }} data-testid="order-result-url">
                {s.contentUrl}
              </Code>
              <Anchor component={Link} href={`/subscriptions/${s.id}`} size="sm" data-testid="order-result-import">
                {t("importInApp")}
              </Anchor>
            </Stack>
          </Card>
        ) : (
          <Anchor key={s.id} component={Link} href={`/subscriptions/${s.id}`} size="sm" data-testid="order-result-open">
            {t("openSubscription")}
          </Anchor>
        ),
      )}
    </Stack>
  );
}
