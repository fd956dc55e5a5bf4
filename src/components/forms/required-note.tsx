// The one convention for required fields, on every form: a field that must not be left empty has
// Mantine's `required` (its label shows an asterisk, and the input gets the native `required`
// attribute, which screen readers announce as "required"; the asterisk itself is aria-hidden). A
// field that may stay empty has neither. Choices that always hold a value (selects without an empty
// option, switches, checkboxes) carry no marker. Forms keep `noValidate`: our own checks and the
// server's speak, in the page's language, not the browser's bubbles.
// This note says so once per page, above its first form.
import { Text, type TextProps } from "@mantine/core";
import { useTranslations } from "next-intl";

export function RequiredNote(props: TextProps) {
  const t = useTranslations("forms");
  return (
    <Text size="xs" c="dimmed" data-testid="required-note" {...props}>
      {t("requiredNote")}
    </Text>
  );
}
