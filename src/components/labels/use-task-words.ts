// A task in words for the task center: its kind from the label catalogue, and its payload as the
// things it is about ("Panel client 1a2b3c4d", "To a@b.c", "Template: Payment receipt"), never
// `key=value` codes. Keys the catalogue does not know are counted, not printed.
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useLabels } from "./use-labels";

const shortId = (v: string) => (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(v) ? v.slice(0, 8) : v);

export function useTaskWords() {
  const label = useLabels();
  const t = useTranslations("labels");
  const tm = useTranslations("mailTemplates.templates");
  return useMemo(() => {
    // The payload's keys are open text: the catalogue is asked for each one (t.has) before it is used.
    const field = t as unknown as (key: string, values: { id: string }) => string;
    const value = (key: string, v: unknown): string => {
      const text = typeof v === "string" || typeof v === "number" ? String(v) : JSON.stringify(v);
      if (key === "template" && tm.has(`${text}.name` as never)) return tm(`${text}.name` as never);
      return shortId(text);
    };
    return {
      kind: (code: string) => label.open("taskKind", code),
      payload: (p: Record<string, unknown>): string => {
        const known: string[] = [];
        let others = 0;
        for (const [k, v] of Object.entries(p)) {
          if (v === undefined || v === null) continue;
          if (t.has(`taskPayload.${k}` as never)) known.push(field(`taskPayload.${k}`, { id: value(k, v) }));
          else others++;
        }
        if (others > 0 && known.length > 0) known.push(t("text.morePayload", { count: others }));
        return known.join(" · ");
      },
    };
  }, [label, t, tm]);
}
