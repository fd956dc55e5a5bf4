"use client";
// [wallet] Generating a batch of cards: kind, count, the amount (typed in major units, parsed exactly)
// or the plan (with the traffic for a slider plan), an optional expiry and note. The answer is the
// only time the codes exist outside the holder's hands: the dialog then shows them with a warning
// and offers them once as a CSV download (built here from the answer; nothing is fetched again).
import { Alert, Button, Code, Group, Modal, ScrollArea, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertTriangle, IconDownload, IconPlus } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { generateCards } from "@/app/admin/wallet/cards/actions";
import { fromLocalInput, IntInput, intValue, MoneyInput, type IntText } from "@/components/admin/catalog/fields";
import { FormError } from "@/components/forms/form-error";
import { useFocusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { parseMajorToMinor } from "@/server/services/catalog/money";
import { cardsCsv, type GeneratedCardLine } from "@/server/services/wallet/cards-csv";

export interface CardPlanChoice {
  id: string;
  name: string;
  kind: string;
  pricingMode: string;
  minGb: number;
  maxGb: number;
  trafficGb: number;
  durationDays: number;
  stockLeft: number | null;
}

interface Generated { batchId: string; cards: GeneratedCardLine[] }

function GenerateForm({ plans, currency, onDone, onCancel }: { plans: CardPlanChoice[]; currency: string; onDone: (g: Generated) => void; onCancel: () => void }) {
  const t = useTranslations("cards");
  const { messageOf, fieldMessages } = useErrorText();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const [kind, setKind] = useState<"BALANCE" | "PLAN">("BALANCE");
  const [count, setCount] = useState<IntText>(10);
  const [amount, setAmount] = useState("");
  const [planId, setPlanId] = useState<string | null>(null);
  const [traffic, setTraffic] = useState<IntText>("");
  const [expires, setExpires] = useState("");
  const [note, setNote] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const plan = plans.find((p) => p.id === planId);
  const slider = plan?.pricingMode === "SLIDER" && plan.kind !== "STREAMING";

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const input: Record<string, unknown> = { kind, count: intValue(count), expiresAt: fromLocalInput(expires), note: note.trim() || undefined };
    if (kind === "BALANCE") {
      const minor = parseMajorToMinor(amount);
      if (minor === null || minor === 0) {
        setFields({ amountMinor: t("amountInvalid") });
        return focusInvalid();
      }
      input.amountMinor = minor;
    } else {
      input.planId = planId ?? undefined;
      if (slider) input.trafficGb = intValue(traffic);
    }
    setFields({});
    setBusy(true);
    const r = await generateCards(input).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      setFields(fieldMessages(r.error));
      return focusInvalid();
    }
    onDone(r.data);
  };

  return (
    <form ref={ref} onSubmit={submit} noValidate data-testid="cards-generate-form">
      <Stack gap="sm">
        <FormError>{error}</FormError>
        <SegmentedControl
          aria-label={t("kind")}
          value={kind}
          onChange={(v) => setKind(v as "BALANCE" | "PLAN")}
          data={(["BALANCE", "PLAN"] as const).map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          fullWidth
          data-testid="cards-generate-kind"
        />
        <IntInput label={t("count")} description={t("countHint")} min={1} max={1000} value={count} onChange={setCount} error={fields.count} required data-testid="cards-generate-count" />
        {kind === "BALANCE" ? (
          <MoneyInput label={t("amount")} currency={currency} value={amount} onChange={setAmount} error={fields.amountMinor} required data-testid="cards-generate-amount" />
        ) : (
          <>
            <Select
              label={t("plan")}
              placeholder={t("planPlaceholder")}
              data={plans.map((p) => ({ value: p.id, label: p.name }))}
              value={planId}
              onChange={setPlanId}
              searchable
              required
              description={plan ? (plan.stockLeft === null ? t("stockUnlimited") : t("stockLeft", { count: plan.stockLeft })) : undefined}
              error={fields.planId}
              comboboxProps={{ withinPortal: true }}
              data-testid="cards-generate-plan"
            />
            {slider ? (
              <IntInput label={t("traffic")} description={t("trafficRange", { min: plan.minGb, max: plan.maxGb })} min={plan.minGb} max={plan.maxGb} value={traffic} onChange={setTraffic} error={fields.trafficGb} required data-testid="cards-generate-traffic" />
            ) : null}
          </>
        )}
        <TextInput type="datetime-local" label={t("expiresAt")} description={t("expiresHint")} value={expires} onChange={(e) => setExpires(e.currentTarget.value)} error={fields.expiresAt} data-testid="cards-generate-expires" />
        <TextInput label={t("note")} description={t("noteHint")} value={note} maxLength={500} onChange={(e) => setNote(e.currentTarget.value)} error={fields.note} data-testid="cards-generate-note" />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t("cancel")}
          </Button>
          <Button type="submit" loading={busy} data-testid="cards-generate-submit">
            {t("generateSubmit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The codes, once: a warning, the CSV download and the list. Closing without downloading asks first. */
function GeneratedCodes({ generated, onClose }: { generated: Generated; onClose: () => void }) {
  const t = useTranslations("cards");
  const [downloaded, setDownloaded] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const download = () => {
    const blob = new Blob([cardsCsv(generated.cards)], { type: "text/csv;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = `cards-${generated.batchId.slice(0, 8)}.csv`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    setDownloaded(true);
  };
  return (
    <Stack gap="sm" data-testid="cards-generated" data-batch-id={generated.batchId}>
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="cards-generated-warning">
        {t("onceWarning")}
      </Alert>
      <Button leftSection={<IconDownload size={16} />} onClick={download} variant={downloaded ? "light" : "filled"} data-testid="cards-download-csv">
        {downloaded ? t("downloaded") : t("downloadCsv")}
      </Button>
      <Text size="sm" fw={500}>
        {t("codes")}
      </Text>
      <ScrollArea.Autosize mah={240} type="auto">
        <Stack gap={2}>
          {generated.cards.map((c) => (
            <Code key={c.code} data-testid="cards-generated-code" style={{ userSelect: "all" }}>
              {c.code}
            </Code>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {confirming && !downloaded ? (
        <Alert color="red" variant="light" role="alert">
          {t("closeUnsavedWarning")}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="xs">
        {downloaded ? (
          <Button onClick={onClose} data-testid="cards-generated-close">
            {t("closeSaved")}
          </Button>
        ) : (
          <Button variant="default" color="red" onClick={() => (confirming ? onClose() : setConfirming(true))} data-testid="cards-generated-close">
            {confirming ? t("closeUnsaved") : t("closeSaved")}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export function CardsGenerate({ plans, currency }: { plans: CardPlanChoice[]; currency: string }) {
  const t = useTranslations("cards");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [generated, setGenerated] = useState<Generated | null>(null);
  const close = () => {
    setOpen(false);
    setGenerated(null);
  };
  return (
    <>
      <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen(true)} data-testid="cards-generate">
        {t("generate")}
      </Button>
      <Modal
        opened={open}
        // With codes on screen, only the dialog's own button closes it (it asks before losing them).
        onClose={generated ? () => undefined : close}
        closeOnClickOutside={!generated}
        closeOnEscape={!generated}
        withCloseButton={!generated}
        title={generated ? t("generatedTitle", { count: generated.cards.length }) : t("generate")}
        centered
        size="lg"
      >
        {generated ? (
          <GeneratedCodes generated={generated} onClose={close} />
        ) : (
          <GenerateForm
            plans={plans}
            currency={currency}
            onCancel={close}
            onDone={(g) => {
              setGenerated(g);
              router.refresh();
            }}
          />
        )}
      </Modal>
    </>
  );
}
