"use client";
// Search as you type and the filters of the admin table, kept in the URL (the admin list kit); any
// change starts again at page 1.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ListToolbar } from "@/components/admin/list-kit";
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_DISPLAYS } from "@/server/db/schema/announcement-kinds";

export interface AnnouncementFilters { q: string; enabled: string | null; audience: string | null; display: string | null }

export function AnnouncementsToolbar({ children }: { children?: ReactNode }) {
  const t = useTranslations("announcements");
  return (
    <ListToolbar
      search={{ label: t("admin.searchPlaceholder"), placeholder: t("admin.searchPlaceholder"), testId: "announcement-search" }}
      filters={[
        {
          param: "enabled",
          label: t("admin.filterState"),
          placeholder: t("admin.allStates"),
          data: [
            { value: "1", label: t("admin.onlyEnabled") },
            { value: "0", label: t("admin.onlyDisabled") },
          ],
          testId: "announcement-enabled-filter",
        },
        { param: "audience", label: t("admin.filterAudience"), placeholder: t("admin.allAudiences"), data: ANNOUNCEMENT_AUDIENCES.map((a) => ({ value: a, label: t(`audience.${a}`) })), testId: "announcement-audience-filter" },
        { param: "display", label: t("admin.filterDisplay"), placeholder: t("admin.allDisplays"), data: ANNOUNCEMENT_DISPLAYS.map((d) => ({ value: d, label: t(`display.${d}`) })), testId: "announcement-display-filter" },
      ]}
    >
      {children}
    </ListToolbar>
  );
}
