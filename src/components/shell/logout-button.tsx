"use client";
import { Tooltip } from "@mantine/core";
import { IconLogout } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { signOut } from "../auth/next-auth-client";
import { ToolButton } from "../chrome/tool-button";

export function LogoutButton() {
  const t = useTranslations("chrome");
  const [busy, setBusy] = useState(false);
  const logout = async () => {
    setBusy(true);
    await signOut();
    // A full load drops every cached page of the signed-in user.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a client-side push would keep the signed-in user's cached pages
    window.location.href = "/login?notice=signed_out";
  };
  return (
    <Tooltip label={t("logout")}>
      <ToolButton icon={IconLogout} label={t("logout")} onClick={logout} loading={busy} data-testid="logout" />
    </Tooltip>
  );
}
