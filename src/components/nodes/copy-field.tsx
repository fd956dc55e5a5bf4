"use client";
import { ActionIcon, Box, Code, CopyButton, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useTranslations } from "next-intl";

/** A monospace value with a copy button. The text stays selectable where the clipboard API is unavailable (plain http). */
export function CopyField({ value, block = false, testId, copyTestId }: { value: string; block?: boolean; testId?: string; copyTestId?: string }) {
  const t = useTranslations("nodes.token");
  return (
    <Box pos="relative">
      <Code block={block} data-testid={testId} style={{ display: "block", whiteSpace: block ? "pre" : "normal", overflowWrap: "anywhere", overflowX: "auto", paddingRight: 40, userSelect: "all", fontSize: 13 }} p={block ? "sm" : 8}>
        {value}
      </Code>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t("copied") : t("copy")} withArrow position="left">
            <ActionIcon variant="subtle" color={copied ? "teal" : "gray"} onClick={copy} aria-label={t("copy")} pos="absolute" top={4} right={4} data-testid={copyTestId}>
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Box>
  );
}
