// The scheduled dumps on the server's disk: filter by name, paged, each a download link.
import { Anchor, Button, Card, Group, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, TextInput, Title } from "@mantine/core";
import { useFormatter, useTranslations } from "next-intl";
import type { StoredDump } from "@/server/services/backup";
import { ButtonLink } from "../../links";

interface Props {
  rows: StoredDump[];
  total: number;
  matching: number;
  page: number;
  pages: number;
  q: string;
}

const size = (bytes: number) => (bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MiB` : `${Math.max(1, Math.round(bytes / 1024))} KiB`);

export function StoredBackups({ rows, total, matching, page, pages, q }: Props) {
  const t = useTranslations("adminBackup");
  const tc = useTranslations("chrome");
  const f = useFormatter();
  const href = (p: number) => `/admin/backup?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) }).toString()}`;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t("storedTitle")}
        </Title>
        <form method="get" action="/admin/backup">
          <Group gap="xs" align="flex-end">
            <TextInput name="q" defaultValue={q} label={t("storedFilter")} placeholder="2026-11" maw={260} />
            <Button type="submit" variant="default">
              {t("storedFilter")}
            </Button>
          </Group>
        </form>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("storedEmpty")}
          </Text>
        ) : (
          <TableScrollContainer minWidth={360}>
            <Table striped>
              <TableThead>
                <TableTr>
                  <TableTh>{t("storedName")}</TableTh>
                  <TableTh>{t("storedAt")}</TableTh>
                  <TableTh ta="right">{t("storedSize")}</TableTh>
                </TableTr>
              </TableThead>
              <TableTbody>
                {rows.map((r) => (
                  <TableTr key={r.name}>
                    <TableTd>
                      <Anchor href={`/api/admin/backup/files/${encodeURIComponent(r.name)}`} download size="sm" style={{ wordBreak: "break-all" }}>
                        {r.name}
                      </Anchor>
                    </TableTd>
                    <TableTd>{f.dateTime(new Date(r.createdAt), { dateStyle: "medium", timeStyle: "short" })}</TableTd>
                    <TableTd ta="right">{size(r.size)}</TableTd>
                  </TableTr>
                ))}
              </TableTbody>
            </Table>
          </TableScrollContainer>
        )}
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t("storedCount", { shown: matching, total })}
          </Text>
          {pages > 1 && (
            <Group gap="xs">
              <ButtonLink href={href(page - 1)} variant="default" size="xs" disabled={page <= 1}>
                {tc("previousPage")}
              </ButtonLink>
              <ButtonLink href={href(page + 1)} variant="default" size="xs" disabled={page >= pages}>
                {tc("nextPage")}
              </ButtonLink>
            </Group>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
