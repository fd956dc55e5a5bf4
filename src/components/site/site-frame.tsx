"use client";
// A client component although it has no state: the server pages that draw it (the site's 404, written
// into every page's data for the root not-found boundary, and the browser view of a subscription
// link) then send its two props instead of its tree of Mantine elements (about 600 bytes).
import { Box, Container, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { HeaderTools } from "../chrome/header-tools";
import { AnchorLink } from "../links";

/** The site's header (name linking home, language and theme switches) for pages outside every area
 *  layout, such as the 404 page, so a wrong address never leaves a person on a bare page. */
export function SiteFrame({ siteName, children }: { siteName: string; children: ReactNode }) {
  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)">
      <Box component="header" h={56} style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }} data-testid="site-header">
        <Container size="lg" h="100%" px="sm">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
            <AnchorLink href="/" underline="never" c="inherit" style={{ minWidth: 0 }} data-testid="site-home">
              <Text fw={700} size="lg" truncate="end" title={siteName}>
                {siteName}
              </Text>
            </AnchorLink>
            <HeaderTools />
          </Group>
        </Container>
      </Box>
      <main>{children}</main>
    </Box>
  );
}
