"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useCallback } from "react";

/** A file's size as a person reads it: bytes, KiB or MiB (a 70-byte image is not "0 KiB"). */
export function useFileSize() {
  const t = useTranslations("tickets.files");
  const format = useFormatter();
  return useCallback(
    (bytes: number) => {
      if (bytes < 1024) return t("bytes", { size: format.number(bytes) });
      if (bytes < 1024 * 1024) return t("kib", { size: format.number(bytes / 1024, { maximumFractionDigits: 1 }) });
      return t("mib", { size: format.number(bytes / 1024 / 1024, { maximumFractionDigits: 1 }) });
    },
    [t, format],
  );
}
