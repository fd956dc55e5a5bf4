import { Box, Container, Group, Paper, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { HeaderTools } from "../chrome/header-tools";
import { MaintenanceBanner } from "../chrome/maintenance-banner";
import { AnchorLink } from "@/components/links";

/** Centered card for the signed-out pages, with the language and theme switches above it and
 *  `banner` (the public announcements) between the maintenance notice and the card. */
export function AuthShell({ siteName, notice, banner, children }: { siteName: string; notice: string | null; banner?: ReactNode; children: ReactNode }) {
  return (
    <Box mih="100dvh" py={{ base: "md", sm: 48 }} bg="var(--mantine-color-body)">
      <Container size={440} px="sm">
        <Group justify="space-between" mb="md" wrap="nowrap">
          <AnchorLink href="/" underline="never" c="inherit" style={{ minWidth: 0 }}>
            <Text fw={700} size="xl" truncate="end" title={siteName}>
              {siteName}
            </Text>
          </AnchorLink>
          <HeaderTools />
        </Group>
        <MaintenanceBanner notice={notice} />
        {banner}
        <Paper withBorder shadow="sm" radius="md" p={{ base: "md", sm: "xl" }}>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
