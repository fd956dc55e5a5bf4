"use client";
// The gift page's card (issue 28 item 3): what the gift is (plan, traffic, days), who sent it and until
// when it can be claimed; then, by its state, the way to claim it (register or sign in and come back
// here, or "Claim" when signed in), the claimed subscription, or why it can no longer be claimed.
import { Alert, Button, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck, IconGift } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { claimGiftAction } from "@/app/gift/actions";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ButtonLink } from "@/components/links";
import type { GiftView } from "@/server/services/gifts/view";

export type GiftCardData = Omit<GiftView, "expiresAt"> & { expiresAt: string };

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function Claimed({ planName, subscriptionId }: { planName: string; subscriptionId: string | null }) {
  const t = useTranslations("gifts.page");
  return (
    <Stack gap="xs" align="flex-start" data-testid="gift-claimed">
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon color="teal" variant="light" radius="xl">
          <IconCircleCheck size={18} />
        </ThemeIcon>
        <Text fw={600}>{t("claimedTitle")}</Text>
      </Group>
      <Text size="sm">{t("claimedBody", { plan: planName })}</Text>
      {subscriptionId ? (
        <ButtonLink href={`/subscriptions/${subscriptionId}`} data-testid="gift-open-subscription">
          {t("openSubscription")}
        </ButtonLink>
      ) : null}
    </Stack>
  );
}

function ClaimButton({ code, email, planName }: { code: string; email: string; planName: string }) {
  const t = useTranslations("gifts.page");
  const { messageOf } = useErrorText();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [claimed, setClaimed] = useState<string | null>(null);
  const claim = async () => {
    setBusy(true);
    setError(null);
    const r = await claimGiftAction(code).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      // The state changed under us (claimed, expired, cancelled): show the page as it is now.
      if (r.error.code === "CONFLICT") router.refresh();
      return;
    }
    setClaimed(r.data.subscriptionId);
  };
  if (claimed) return <Claimed planName={planName} subscriptionId={claimed} />;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {t("claimHint", { email })}
      </Text>
      {error ? (
        <Alert color="red" variant="light" role="alert" data-testid="gift-claim-error">
          {error}
        </Alert>
      ) : null}
      <Button onClick={claim} loading={busy} leftSection={<IconGift size={16} />} fullWidth data-testid="gift-claim">
        {t("claim")}
      </Button>
    </Stack>
  );
}

export function GiftCard({ code, gift, viewer }: { code: string; gift: GiftCardData; viewer: { email: string } | null }) {
  const t = useTranslations("gifts.page");
  const format = useFormatter();
  const here = `/gift/${code}`;
  const open = gift.status === "UNCLAIMED" && !gift.cancelled;
  const stateText = gift.claimedByYou ? null : gift.status === "CLAIMED" ? t("claimed") : gift.status === "EXPIRED" ? t("expired") : gift.cancelled ? t("cancelled") : null;
  return (
    <Stack gap="md" data-testid="gift-page" data-state={gift.cancelled ? "CANCELLED" : gift.status}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={44} radius="xl" variant="light" color="pink">
          <IconGift size={24} />
        </ThemeIcon>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={2} size="h3">
            {t("heading")}
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }} data-testid="gift-sender">
            {t("from", { sender: gift.sender })}
          </Text>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 2, xs: gift.planKind === "STREAMING" ? 2 : 3 }} spacing="sm">
        <Fact label={t("plan")} value={gift.planName} testId="gift-plan" />
        {gift.planKind !== "STREAMING" ? <Fact label={t("traffic")} value={t("trafficValue", { gb: gift.trafficGb })} testId="gift-traffic" /> : null}
        <Fact label={t("duration")} value={t("durationValue", { days: gift.durationDays })} testId="gift-days" />
      </SimpleGrid>
      {open ? <Fact label={t("claimBy")} value={format.dateTime(new Date(gift.expiresAt), { dateStyle: "medium", timeStyle: "short" })} testId="gift-expires" /> : null}
      {gift.claimedByYou ? <Claimed planName={gift.planName} subscriptionId={gift.subscriptionId} /> : null}
      {stateText ? (
        <Alert color="gray" variant="light" data-testid="gift-state">
          {stateText}
        </Alert>
      ) : null}
      {open && viewer ? <ClaimButton code={code} email={viewer.email} planName={gift.planName} /> : null}
      {open && !viewer ? (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t("signedOutHint")}
          </Text>
          <ButtonLink href={`/register?next=${encodeURIComponent(here)}`} fullWidth data-testid="gift-register">
            {t("register")}
          </ButtonLink>
          <ButtonLink href={`/login?next=${encodeURIComponent(here)}`} variant="default" fullWidth data-testid="gift-login">
            {t("login")}
          </ButtonLink>
        </Stack>
      ) : null}
    </Stack>
  );
}
