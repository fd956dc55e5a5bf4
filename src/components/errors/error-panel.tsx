"use client";
// A client component although it has no state: a server page that draws it (every area's 404, which
// Next writes into each page's data for its not-found boundary) then sends its few props, not the
// whole tree of Mantine elements (about 300 bytes less per boundary on every page).
import { Box, Code, Container, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The friendly face of an error: a title, a sentence, an optional reference, actions. No stack. */
export function ErrorPanel({ code, title, message, reference, referenceLabel, support, actions }: { code: string; title: string; message: string; reference?: string; referenceLabel?: string; support?: ReactNode; actions: ReactNode }) {
  return (
    <Box mih="70dvh" display="flex" style={{ alignItems: "center" }} py="xl">
      <Container size={520} px="md">
        <Stack gap="md" align="center" ta="center" data-testid="error-page">
          <Text fz={64} fw={800} c="dimmed" lh={1}>
            {code}
          </Text>
          <Title order={2}>{title}</Title>
          <Text c="dimmed">{message}</Text>
          {reference ? (
            <Text size="sm" c="dimmed">
              {referenceLabel} <Code data-testid="error-reference">{reference}</Code>
            </Text>
          ) : null}
          {support}
          <Group justify="center" gap="sm">
            {actions}
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
