import type { ReactNode } from "react";
import { SiteFrame } from "@/components/site/site-frame";
import { siteInfo } from "@/app/site-info";

/** The help center is public: the site's own frame (name, language and theme), for visitors and users alike. */
export default async function KbLayout({ children }: { children: ReactNode }) {
  const info = await siteInfo();
  return <SiteFrame siteName={info.siteName}>{children}</SiteFrame>;
}
