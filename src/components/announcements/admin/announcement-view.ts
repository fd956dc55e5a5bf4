import type { AnnouncementAudience, AnnouncementDisplay } from "@/server/db/schema/announcement-kinds";

/** One row of the admin table, as the page hands it to the browser. */
export interface AnnouncementView {
  id: string;
  title: string;
  body: string;
  audience: AnnouncementAudience;
  targetEmail: string | null;
  display: AnnouncementDisplay;
  enabled: boolean;
  dismissible: boolean;
  priority: number;
  startsAt: Date | null;
  endsAt: Date | null;
  dismissals: number;
}
