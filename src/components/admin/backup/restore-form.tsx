"use client";
// Restore: a file and the typed word. The file goes as the raw body of a Route Handler request (a
// Server Action is capped at 2 MB and would hold it in memory); the server checks the word before
// reading the body. Afterwards every session is revoked, so the page offers to sign in again.
import { Alert, Button, Card, FileInput, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { IconDatabaseImport } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { networkError, useErrorText, type UiError } from "../../forms/server-error";
import { AnchorLink } from "../../links";

interface Result {
  rows: Record<string, number>;
  sessionsRevoked: number;
}

export function RestoreForm({ word }: { word: string }) {
  const t = useTranslations("adminBackup");
  const { messageOf } = useErrorText();
  const [file, setFile] = useState<File | null>(null);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!file) return setError(t("fileMissing"));
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const res = await fetch("/api/admin/backup/restore", { method: "POST", body: file, headers: { "content-type": "application/sql", "x-relayboard-confirm": typed } });
      const body = (await res.json().catch(() => null)) as (Result & { error?: UiError }) | null;
      if (!res.ok || !body || body.error) setError(messageOf(body?.error ?? networkError()));
      else setResult(body);
    } catch {
      setError(messageOf(networkError()));
    } finally {
      setBusy(false);
    }
  };

  const total = result ? Object.values(result.rows).reduce((a, b) => a + b, 0) : 0;
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t("restoreTitle")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("restoreHint")}
          </Text>
          {/* Mantine's placeholder gray misses AA (2.1:1 on white); this one is a span axe checks, unlike an input's own placeholder. */}
          <FileInput label={t("file")} placeholder={t("filePlaceholder")} styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }} accept=".sql,application/sql,text/plain" value={file} onChange={setFile} clearable data-testid="restore-file" />
          <TextInput label={t("confirmLabel", { word })} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" data-testid="restore-confirm" />
          <div>
            <Button type="submit" color="red" loading={busy} disabled={!file || typed.trim() !== word} leftSection={<IconDatabaseImport size={16} />} data-testid="restore-submit">
              {t("restore")}
            </Button>
          </div>
          {busy && (
            <Text size="sm" c="dimmed" role="status">
              {t("restoring")}
            </Text>
          )}
          {error && (
            <Alert color="red" title={t("failed")} role="alert">
              {error}
            </Alert>
          )}
          {result && (
            <Stack gap="xs" data-testid="restore-result">
              <Alert color="green">
                {t("restored", { total, sessions: result.sessionsRevoked })} <AnchorLink href="/login">{t("signInAgain")}</AnchorLink>
              </Alert>
              <Table.ScrollContainer minWidth={280}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("resultTable")}</Table.Th>
                      <Table.Th ta="right">{t("resultRows")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {Object.entries(result.rows).map(([table, n]) => (
                      <Table.Tr key={table}>
                        <Table.Td>
                          <code>{table}</code>
                        </Table.Td>
                        <Table.Td ta="right">{n}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          )}
        </Stack>
      </form>
    </Card>
  );
}
