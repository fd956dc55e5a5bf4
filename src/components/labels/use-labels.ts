// Words from the label catalogue (catalogue.ts). `useLabels` works in client and synchronous server
// components; `labelsFor` wraps a translator the caller already has (async server code).
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { labelKey, OPEN_FAMILIES, type LabelFamilies, type LabelFamily } from "./catalogue";

type LabelsT = ReturnType<typeof useTranslations<"labels">>;

export interface Labels {
  /** The word for one state. */
  <F extends LabelFamily>(family: F, code: LabelFamilies[F]): string;
  /** A code read from open text (task kind, audit action or target): a retired code gets a generic word. */
  open(family: (typeof OPEN_FAMILIES)[number], code: string): string;
  /** A log row's actor: the person's address when there is one, else the kind of actor in words. */
  actor(kind: string, label: string | null | undefined): string;
  /** A log row's target: its kind in words and a short id ("Order 1a2b3c4d"), or a dash. */
  target(type: string | null | undefined, id: string | null | undefined): string;
}

const shortId = (id: string) => (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(id) ? id.slice(0, 8) : id);

export function labelsFor(t: LabelsT): Labels {
  const word = ((family: string, code: string) => t(`${family}.${labelKey(code)}` as never)) as Labels;
  word.open = (family, code) => {
    const key = `${family}.${labelKey(code)}`;
    if (t.has(key as never)) return t(key as never);
    return family === "auditAction" ? t("text.unknownAction", { code }) : family === "taskKind" ? t("text.unknownTaskKind") : code;
  };
  word.actor = (kind, label) => label || (t.has(`actorKind.${kind}` as never) ? t(`actorKind.${kind}` as never) : t("text.actorSystem"));
  word.target = (type, id) => {
    if (!type) return id ? shortId(id) : t("text.noTarget");
    const name = word.open("auditTarget", type);
    return id ? t("text.target", { type: name, id: shortId(id) }) : name;
  };
  return word;
}

export function useLabels(): Labels {
  const t = useTranslations("labels");
  return useMemo(() => labelsFor(t), [t]);
}
