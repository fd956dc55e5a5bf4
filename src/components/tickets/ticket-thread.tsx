"use client";
// A ticket's messages, oldest first. The two sides look different (support's messages tinted and
// labelled), and each image is a thumbnail that opens the full picture, with a download link.
import { Anchor, Badge, Box, Card, Group, Image, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useFileSize } from "./file-size";

export interface ThreadAttachment {
  id: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

export interface ThreadMessage {
  id: string;
  authorRole: "USER" | "ADMIN";
  authorName: string | null;
  body: string;
  createdAt: Date;
  attachments?: ThreadAttachment[];
}

const fileUrl = (id: string) => `/api/support/attachments/${encodeURIComponent(id)}`;

function Attachments({ files }: { files: ThreadAttachment[] }) {
  const t = useTranslations("tickets.files");
  const fileSize = useFileSize();
  return (
    <Group gap="sm" wrap="wrap" mt={4}>
      {files.map((f) => (
        <Stack key={f.id} gap={2} w={120} data-testid="ticket-attachment" data-attachment-id={f.id}>
          <Anchor href={fileUrl(f.id)} target="_blank" rel="noopener noreferrer" aria-label={t("open", { name: f.fileName })} data-testid="ticket-attachment-open">
            <Image src={fileUrl(f.id)} alt={f.fileName} w={120} h={90} fit="cover" radius="sm" loading="lazy" style={{ border: "1px solid var(--mantine-color-default-border)" }} data-testid="ticket-attachment-img" />
          </Anchor>
          <Group gap={4} wrap="nowrap">
            <Text size="xs" truncate title={f.fileName} style={{ flex: 1, minWidth: 0 }}>
              {f.fileName}
            </Text>
            <Anchor href={`${fileUrl(f.id)}?download=1`} size="xs" aria-label={t("download", { name: f.fileName })} title={t("download", { name: f.fileName })}>
              <IconDownload size={14} />
            </Anchor>
          </Group>
          <Text size="xs" c="dimmed">
            {fileSize(f.sizeBytes)}
          </Text>
        </Stack>
      ))}
    </Group>
  );
}

/** `side` is who reads: the user sees "You" and "Support"; an admin sees the user's address and staff names. */
export function TicketThread({ messages, side, userLabel }: { messages: ThreadMessage[]; side: "user" | "admin"; userLabel?: string }) {
  const t = useTranslations("tickets");
  const format = useFormatter();
  return (
    <Stack gap="sm" data-testid="ticket-thread">
      {messages.map((m) => {
        const staff = m.authorRole === "ADMIN";
        const who = staff ? (side === "admin" && m.authorName ? m.authorName : t("support")) : side === "user" ? t("you") : (userLabel ?? m.authorName ?? t("user"));
        return (
          <Card
            key={m.id}
            withBorder
            padding="sm"
            ml={staff ? 0 : { base: 0, sm: 48 }}
            mr={staff ? { base: 0, sm: 48 } : 0}
            bg={staff ? "var(--mantine-color-blue-light)" : undefined}
            data-testid="ticket-message"
            data-author={m.authorRole}
          >
            <Group justify="space-between" gap="xs" wrap="wrap" mb={4}>
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate title={who}>
                  {who}
                </Text>
                {staff ? (
                  <Badge size="xs" variant="light" color="blue">
                    {t("staffMark")}
                  </Badge>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed">
                {format.dateTime(m.createdAt, { dateStyle: "medium", timeStyle: "short" })}
              </Text>
            </Group>
            <Box>
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="ticket-message-body">
                {m.body}
              </Text>
            </Box>
            {m.attachments && m.attachments.length > 0 ? <Attachments files={m.attachments} /> : null}
          </Card>
        );
      })}
    </Stack>
  );
}
