"use client";
import { NumberInput, Switch, TextInput, Textarea } from "@mantine/core";
import { useTranslations } from "next-intl";
import { rangeOf, type FieldDef } from "./settings-groups";

export type SettingValue = string | number | boolean;

interface Props {
  field: FieldDef;
  value: SettingValue;
  error?: string;
  onChange: (v: SettingValue) => void;
}

/** One non-secret setting, rendered by its kind. */
export function SettingInput({ field, value, error, onChange }: Props) {
  const t = useTranslations("adminSettings");
  const hints = t.raw("hints" as never) as Record<string, string>;
  const label = t(`fields.${field.key}`);
  const description = hints[field.key];
  const testId = `setting-${field.key}`;
  switch (field.kind) {
    case "bool":
      return (
        <Switch
          label={label}
          description={description}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          error={error}
          data-testid={testId}
          styles={{ body: { alignItems: "flex-start" } }}
        />
      );
    case "int": {
      const { min, max } = rangeOf(field.key);
      return (
        <NumberInput
          label={label}
          description={description ?? (min !== undefined && max !== undefined ? t("range", { min, max }) : undefined)}
          value={typeof value === "boolean" ? "" : value}
          onChange={(v) => onChange(v)}
          min={min}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          error={error}
          data-testid={testId}
        />
      );
    }
    case "textarea":
      return <Textarea label={label} description={description} value={String(value)} onChange={(e) => onChange(e.currentTarget.value)} autosize minRows={2} maxRows={8} error={error} data-testid={testId} />;
    default:
      return (
        <TextInput
          label={label}
          description={description}
          type={field.kind === "url" ? "url" : "text"}
          placeholder={field.kind === "url" ? "https://" : undefined}
          value={String(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error}
          data-testid={testId}
        />
      );
  }
}
