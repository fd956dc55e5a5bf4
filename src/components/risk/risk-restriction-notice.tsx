"use client";
// The user-side risk restriction as the user sees it. `since` comes from the session the user layout
// already read; the pathname is decided here, in the browser, because that layout is not rendered
// again on a client-side navigation between user pages.
import { Alert, Box, Button, FocusTrap, Group, Overlay, Paper, RemoveScroll, SimpleGrid, Stack, Text, ThemeIcon, Title, getDefaultZIndex } from "@mantine/core";
import { IconBell, IconLogout, IconMessagePlus, IconShieldLock, IconTicket } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId, useState } from "react";
import { signOut } from "../auth/next-auth-client";
import { ColorSchemeToggle } from "../chrome/color-scheme-toggle";
import { LanguageSwitch } from "../chrome/language-switch";
import { isOpenWhileRestricted } from "./restriction-paths";

export function RiskRestrictionNotice({ since }: { since: string | null | undefined }) {
  // Null outside a router (never on a real page): then the whole notice, the safe side.
  const pathname = usePathname() ?? "";
  if (!since) return null;
  return isOpenWhileRestricted(pathname) ? <RestrictionBanner since={since} /> : <RestrictionOverlay since={since} />;
}

function useSinceText(since: string): string {
  const f = useFormatter();
  return f.dateTime(new Date(since), { dateStyle: "medium", timeStyle: "short" });
}

/** On the support and notification pages: a reminder that cannot be closed, the page stays usable. */
function RestrictionBanner({ since }: { since: string }) {
  const t = useTranslations("riskRestriction");
  return (
    <Alert color="red" variant="light" icon={<IconShieldLock size={18} />} title={t("bannerTitle", { time: useSinceText(since) })} mb="md" data-testid="risk-restriction-banner">
      {t("bannerBody")}
    </Alert>
  );
}

/** Everywhere else: covers the page, keeps focus inside, and offers only what the account may still do. */
function RestrictionOverlay({ since }: { since: string }) {
  const t = useTranslations("riskRestriction");
  const time = useSinceText(since);
  const titleId = useId();
  const bodyId = useId();
  const [leaving, setLeaving] = useState(false);
  const leave = async () => {
    setLeaving(true);
    await signOut();
    // A full load drops every cached page of the signed-in user (as the header's logout button does).
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a client-side push would keep the signed-in user's cached pages
    window.location.href = "/login?notice=signed_out";
  };

  return (
    // Fixed, not portalled: the server renders it, so the page behind is never shown first.
    <RemoveScroll>
      <Box pos="fixed" inset={0} style={{ zIndex: getDefaultZIndex("modal"), overflowY: "auto" }}>
        <Overlay fixed backgroundOpacity={0.75} blur={6} zIndex={0} />
        <FocusTrap active>
          <Paper
            role="alertdialog"
            aria-modal="true"
            aria-labelledby={titleId}
            aria-describedby={bodyId}
            data-testid="risk-restriction-notice"
            withBorder
            shadow="xl"
            radius="md"
            p={{ base: "md", sm: "xl" }}
            pos="relative"
            maw={560}
            mx="auto"
            my={{ base: "md", sm: "10vh" }}
            w={{ base: "calc(100% - 2 * var(--mantine-spacing-md))", sm: "auto" }}
            style={{ zIndex: 1 }}
          >
            <Stack gap="md">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <ThemeIcon color="red" variant="light" size={48} radius="xl" aria-hidden>
                  <IconShieldLock size={28} />
                </ThemeIcon>
                {/* The language and colour scheme stay switchable: the notice must be readable. */}
                <Group gap={4} wrap="nowrap">
                  <LanguageSwitch />
                  <ColorSchemeToggle />
                </Group>
              </Group>
              <Title order={2} size="h3" id={titleId}>
                {t("title")}
              </Title>
              <Stack gap="xs" id={bodyId}>
                <Text fw={500} data-testid="risk-restriction-since">
                  {t("since", { time })}
                </Text>
                <Text>{t("body")}</Text>
                <Text>{t("report")}</Text>
                <Text c="dimmed">{t("help")}</Text>
              </Stack>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <Button component={Link} href="/tickets/new" leftSection={<IconMessagePlus size={18} />} data-autofocus data-testid="risk-restriction-open-ticket">
                  {t("openTicket")}
                </Button>
                <Button component={Link} href="/tickets" variant="light" leftSection={<IconTicket size={18} />} data-testid="risk-restriction-tickets">
                  {t("myTickets")}
                </Button>
                <Button component={Link} href="/notifications" variant="light" leftSection={<IconBell size={18} />} data-testid="risk-restriction-report">
                  {t("readReport")}
                </Button>
                <Button variant="default" leftSection={<IconLogout size={18} />} onClick={leave} loading={leaving} data-testid="risk-restriction-sign-out">
                  {t("signOut")}
                </Button>
              </SimpleGrid>
            </Stack>
          </Paper>
        </FocusTrap>
      </Box>
    </RemoveScroll>
  );
}
