"use client";
// What every page may need to know about the site without asking the server again: whether it can
// send mail (pages hide or explain what needs it) and whom to contact for help. Set once by the root
// layout from getAppInfo.
import { createContext, useContext, type ReactNode } from "react";

export interface SiteInfo {
  supportContact: string | null;
  mailEnabled: boolean;
}

const SiteInfoContext = createContext<SiteInfo>({ supportContact: null, mailEnabled: true });

export function SiteInfoProvider({ value, children }: { value: SiteInfo; children: ReactNode }) {
  return <SiteInfoContext.Provider value={value}>{children}</SiteInfoContext.Provider>;
}

export const useSiteInfo = () => useContext(SiteInfoContext);
