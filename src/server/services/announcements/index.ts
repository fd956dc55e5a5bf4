export { adminListAnnouncements, type AdminAnnouncementRow } from "./admin-list";
export { createAnnouncement, updateAnnouncement, setAnnouncementEnabled, deleteAnnouncement } from "./manage";
export { announcementsFor, announcementsForCaller, dismissAnnouncement, publicAnnouncements, viewerOf, type ShownAnnouncement, type Viewer } from "./visible";
export { renderMarkdown, isAllowedHref, MAX_BODY_CHARS, type SafeHtml } from "./markdown";
export { AnnouncementInput, MAX_TITLE_CHARS } from "./input";
export { appInfoWithAnnouncements } from "./app-info";
