// What a layout shows above its pages: banners and the pop-up. `area` picks the ones that belong:
// the user area shows every BANNER and POPUP the viewer may see (INLINE ones are on the dashboard);
// the admin area only those for administrators; signed-out pages show the public ones, INLINE as
// banners (a visitor has no dashboard).
import type { ShownAnnouncement } from "@/server/services/announcements";
import { AnnouncementBanners } from "./announcement-banners";
import { AnnouncementPopup } from "./announcement-popup";
import { toShownItem } from "./shown";

export function AnnouncementSlot({ items, area }: { items: ShownAnnouncement[]; area: "user" | "admin" | "public" }) {
  const here = area === "admin" ? items.filter((a) => a.audience === "ADMINS") : items;
  const banners = here.filter((a) => a.display === "BANNER" || (area === "public" && a.display === "INLINE")).map(toShownItem);
  const popups = here.filter((a) => a.display === "POPUP").map(toShownItem);
  const signedIn = area !== "public";
  return (
    <>
      {banners.length ? <AnnouncementBanners items={banners} signedIn={signedIn} /> : null}
      {popups.length ? <AnnouncementPopup items={popups} signedIn={signedIn} /> : null}
    </>
  );
}
