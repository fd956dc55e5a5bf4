// Errors in the caller's language on the server: API error bodies, Server Action results and the CLI
// render the catalogue (messages/<locale>/errors.json) with the same code the browser uses.
import { createTranslator } from "use-intl/core";
import en from "../../../messages/en/errors.json";
import zh from "../../../messages/zh-CN/errors.json";
import { renderErrorMessage, renderFieldMessages, type Translate } from "../../i18n/render-error";

export type Locale = "zh-CN" | "en";
const CATALOGUES = { en, "zh-CN": zh } as const;

interface Translators {
  errors: Translate;
  durations: Translate;
}
const cache = new Map<Locale, Translators>();

function translators(locale: Locale): Translators {
  let tr = cache.get(locale);
  if (!tr) {
    const make = (namespace: "serverErrors" | "durations") =>
      createTranslator({ locale, messages: CATALOGUES[locale], namespace, timeZone: "Asia/Shanghai" }) as unknown as Translate;
    tr = { errors: make("serverErrors"), durations: make("durations") };
    cache.set(locale, tr);
  }
  return tr;
}

/** The sentence for a reason in `locale`; undefined for a reason the catalogue does not know. */
export function errorText(locale: Locale, reason: unknown, details?: Record<string, unknown>): string | undefined {
  const tr = translators(locale);
  return renderErrorMessage(tr.errors, tr.durations, reason, details);
}

/** Field problems in `locale` (field -> sentence). */
export function fieldTexts(locale: Locale, details: Record<string, unknown> | undefined): Record<string, string> {
  return renderFieldMessages(translators(locale).errors, details);
}

export interface RenderableError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/**
 * The error as a person in `locale` reads it: the message from the catalogue, and
 * `details.fieldMessages` beside the field codes. Codes, reasons and parameters stay as they were,
 * for programs; an error without a known reason keeps its own message.
 */
export function localizeError<E extends RenderableError>(err: E, locale: Locale): E {
  const message = errorText(locale, err.details?.reason, err.details) ?? err.message;
  const fieldMessages = fieldTexts(locale, err.details);
  const details = err.details && Object.keys(fieldMessages).length ? { ...err.details, fieldMessages } : err.details;
  return { ...err, message, ...(details ? { details } : {}) };
}
