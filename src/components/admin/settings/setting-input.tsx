"use client";
import { NativeSelect, NumberInput, Switch, TextInput, Textarea } from "@mantine/core";
import { useTranslations } from "next-intl";
import { isRequired, optionsOf, rangeOf, type FieldDef } from "./settings-groups";

export type SettingValue = string | number | boolean;

interface Props {
  field: FieldDef;
  value: SettingValue;
  error?: string;
  onChange: (v: SettingValue) => void;
  /** Leaving a number field: the form checks its range then (and as it changes once an error shows). */
  onBlur?: () => void;
}

/** One non-secret setting, rendered by its kind. */
export function SettingInput({ field, value, error, onChange, onBlur }: Props) {
  const t = useTranslations("adminSettings");
  const hints = t.raw("hints" as never) as Record<string, string>;
  const label = t(`fields.${field.key}`);
  const description = hints[field.key];
  // A select's choices in words where the catalogue has them (transfer fee kind and bearer); codes
  // that are words already (currencies) stay as they are.
  const choices = (t.raw("choices" as never) as Record<string, Record<string, string>>)[field.key] ?? {};
  const testId = `setting-${field.key}`;
  const required = isRequired(field);
  switch (field.kind) {
    case "bool":
      return (
        <Switch
          label={label}
          description={description}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          error={error}
          // Switch does not mark itself invalid; the form's focusFirstInvalid looks for this.
          aria-invalid={error ? true : undefined}
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
          onBlur={onBlur}
          // min/max drive the arrows only: what the person typed is kept as typed (no clamping, no
          // trimmed zeros) and an out-of-range value is named by the form's error instead.
          min={min}
          max={max}
          clampBehavior="none"
          trimLeadingZeroesOnBlur={false}
          allowDecimal={false}
          allowNegative={false}
          required={required}
          error={error}
          data-testid={testId}
        />
      );
    }
    case "select":
      return <NativeSelect label={label} description={description} data={optionsOf(field.key).map((v) => ({ value: v, label: choices[v] ?? v }))} value={String(value)} onChange={(e) => onChange(e.currentTarget.value)} error={error} data-testid={testId} />;
    case "textarea":
    case "urls":
      return <Textarea label={label} description={description} required={required} value={String(value)} onChange={(e) => onChange(e.currentTarget.value)} autosize minRows={2} maxRows={8} error={error} data-testid={testId} />;
    default:
      return (
        <TextInput
          label={label}
          description={description}
          type={field.kind === "url" ? "url" : "text"}
          placeholder={field.kind === "url" ? "https://" : undefined}
          required={required}
          value={String(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error}
          data-testid={testId}
        />
      );
  }
}
