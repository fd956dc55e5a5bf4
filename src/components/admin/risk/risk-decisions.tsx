"use client";
// The event's report and decisions: generate the report (shown here, in the user's language), send
// it (turns on the user-side restriction), release, or keep banned. Everything but generating is
// asked once more; the server decides once, and its refusal is shown in the page's language.
import { Alert, Button, Card, Group, Modal, ScrollArea, Stack, Text } from "@mantine/core";
import { IconFileText, IconLockOpen, IconSend, IconBan } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { generateRiskReport, keepRiskBanned, releaseRiskEvent, sendRiskReport } from "@/app/admin/risk/actions";
import type { RiskFinalAction } from "@/server/db/schema/risk";
import { FormError } from "../../forms/form-error";
import { notifySuccess } from "../../forms/notify";
import { networkError, useErrorText, type UiError } from "../../forms/server-error";
import { useWhen } from "../orders/order-labels";
import { decisionsFor } from "./risk-codes";
import { useCan } from "../staff-permissions";

type Op = "send" | "release" | "keep";
type Result<T> = { ok: true; data: T } | { ok: false; error: UiError };
const call = <T,>(p: Promise<Result<T>>) => p.catch((): Result<T> => ({ ok: false, error: networkError() }));
const COLORS: Record<Op, string> = { send: "red", release: "teal", keep: "dark" };
const ICONS: Record<Op, ReactNode> = { send: <IconSend size={16} />, release: <IconLockOpen size={16} />, keep: <IconBan size={16} /> };

interface Props {
  id: string;
  email: string;
  report: string | null;
  reportGeneratedAt: Date | null;
  reportSentAt: Date | null;
  finalAction: RiskFinalAction | null;
  finalActionAt: Date | null;
}

export function RiskDecisions({ id, email, report, reportGeneratedAt, reportSentAt, finalAction, finalActionAt }: Props) {
  const t = useTranslations("adminRisk.detail");
  const ta = useTranslations("adminRisk");
  const when = useWhen();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [asking, setAsking] = useState<Op | null>(null);
  const [busy, setBusy] = useState<Op | "generate" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fresh, setFresh] = useState<string | null>(null);
  const shown = fresh ?? report;
  const can = decisionsFor({ report: shown, reportSentAt, finalAction });
  // A role with risk.read alone sees the report and the decision taken, without the buttons.
  const mayDecide = useCan()("risk.write");

  const generate = async () => {
    setBusy("generate");
    setError(null);
    const r = await call(generateRiskReport(id));
    setBusy(null);
    if (!r.ok) return setError(messageOf(r.error));
    setFresh(r.data.report);
    notifySuccess(t("done.generate"));
    router.refresh();
  };

  const run = async (op: Op) => {
    setBusy(op);
    setError(null);
    const r = await call<unknown>(op === "send" ? sendRiskReport(id) : op === "release" ? releaseRiskEvent(id) : keepRiskBanned(id));
    setBusy(null);
    if (!r.ok) return setError(messageOf(r.error));
    setAsking(null);
    if (op === "send" && !(r.data as { sent: boolean }).sent) notifySuccess(t("done.alreadySent"));
    else if (op === "release") notifySuccess(t("done.release", { count: (r.data as { restored: number }).restored }));
    else notifySuccess(t(`done.${op}`));
    router.refresh();
  };

  return (
    <Stack gap="sm" data-testid="risk-decisions" data-final={finalAction ?? "NONE"}>
      {finalAction ? (
        <Alert color={finalAction === "RELEASED" ? "teal" : "gray"} variant="light" data-testid="risk-final-note">
          {t("decided", { action: ta(`finalActions.${finalAction}`), at: when(finalActionAt) })}
        </Alert>
      ) : null}
      {mayDecide ? (
        <Group gap="xs" wrap="wrap">
          <Button variant="light" leftSection={<IconFileText size={16} />} onClick={generate} loading={busy === "generate"} disabled={busy !== null && busy !== "generate"} data-testid="risk-generate">
            {shown ? t("ops.regenerate") : t("ops.generate")}
          </Button>
          {(["send", "release", "keep"] as const).map((op) =>
            can[op] ? (
              <Button key={op} variant={op === "keep" ? "outline" : "light"} color={COLORS[op]} leftSection={ICONS[op]} onClick={() => setAsking(op)} disabled={busy !== null} data-testid={`risk-${op}`}>
                {t(`ops.${op}`)}
              </Button>
            ) : null,
          )}
        </Group>
      ) : null}
      {!asking ? <FormError>{error}</FormError> : null}
      <Text size="xs" c="dimmed" data-testid="risk-report-state">
        {reportSentAt ? t("reportSentAt", { at: when(reportSentAt) }) : reportGeneratedAt || fresh ? t("reportNotSent") : t("reportMissing")}
      </Text>
      {shown ? (
        <Card withBorder padding="sm">
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t("reportTitle")}
            </Text>
            <ScrollArea.Autosize mah={420} type="auto">
              <Text size="sm" component="pre" ff="monospace" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", margin: 0 }} data-testid="risk-report">
                {shown}
              </Text>
            </ScrollArea.Autosize>
          </Stack>
        </Card>
      ) : null}
      <Modal opened={!!asking} onClose={busy ? () => undefined : () => { setAsking(null); setError(null); }} title={asking ? t(`confirmTitle.${asking}`) : ""} centered>
        <Stack gap="sm" data-testid="risk-confirm" data-op={asking ?? undefined}>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {asking ? t(`confirmText.${asking}`, { email }) : null}
          </Text>
          <FormError>{error}</FormError>
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={() => { setAsking(null); setError(null); }} disabled={busy !== null}>
              {t("cancel")}
            </Button>
            <Button color={asking ? COLORS[asking] : undefined} onClick={() => asking && run(asking)} loading={busy !== null && busy === asking} data-testid="risk-confirm-submit" data-autofocus>
              {asking ? t(`ops.${asking}`) : ""}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
