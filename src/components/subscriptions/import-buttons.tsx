"use client";
// One-tap import into the common client apps (deep links of protocols.md §8.6). A link opens the
// app when it is installed on this device; otherwise the browser does nothing, so no error to show.
import { Button, Group } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { importLinks } from "./import-links";

export function ImportButtons({ contentUrl, name }: { contentUrl: string; name: string }) {
  return (
    <Group gap="xs" wrap="wrap" data-testid="import-buttons">
      {importLinks(contentUrl, name).map((l) => (
        <Button key={l.client} component="a" href={l.href} variant="light" size="compact-sm" leftSection={<IconDownload size={14} />} data-testid={`import-${l.client}`} data-format={l.format}>
          {l.label}
        </Button>
      ))}
    </Group>
  );
}
