// The logs page's client components (and the task center's traffic refresh) render in both languages
// without a missing or malformed message: a server render with the real message files, where
// next-intl reports any such problem through console.error.
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { MantineProvider } from "@mantine/core";
import { NextIntlClientProvider } from "next-intl";
import { PERMISSIONS, type Permission } from "../../src/server/auth/permissions";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: () => {}, refresh: () => {} }), usePathname: () => "/admin/logs", useSearchParams: () => new URLSearchParams() }));
vi.mock("../../src/app/admin/logs/actions", () => ({ deleteAdminLogEntry: async () => ({ ok: true }), cleanupExpiredAdminLogs: async () => ({ ok: true }) }));
vi.mock("../../src/app/admin/tasks/actions", () => ({ refreshTrafficViewsAction: async () => ({ ok: true }), retryTasksAction: async () => ({ ok: true }) }));

/** The admin shell's permissions around a tree (issue 29): an owner's unless told. */
async function asStaff(child: ReturnType<typeof h>, permissions: readonly Permission[] = PERMISSIONS) {
  const { StaffPermissionsProvider } = await import("../../src/components/admin/staff-permissions");
  return h(StaffPermissionsProvider, { permissions, children: child });
}

async function messages(locale: string) {
  const base = (await import(`../../messages/${locale}.json`)).default;
  const parts = await Promise.all(["errors", "admin-logs", "nodes", "admin-risk-logs", "list-kit", "live", "labels"].map(async (a) => (await import(`../../messages/${locale}/${a}.json`)).default));
  return Object.assign({}, base, ...parts);
}

describe("log page components render", () => {
  it.each(["en", "zh-CN"] as const)("%s", async (locale) => {
    const { LogEntries } = await import("../../src/components/admin/logs/log-entries");
    const { LogFilters } = await import("../../src/components/admin/logs/log-filters");
    const { CleanupPanel } = await import("../../src/components/admin/logs/cleanup-panel");
    const { LogTabs } = await import("../../src/components/admin/logs/log-tabs");
    const { LogPager } = await import("../../src/components/admin/logs/log-pager");
    const { TrafficRefresh } = await import("../../src/components/admin/tasks/traffic-refresh");
    const msgs = await messages(locale);
    const errors: string[] = [];
    const orig = console.error;
    console.error = (...a: unknown[]) => errors.push(a.map(String).join(" "));
    try {
      const rows = [
        { id: "1", createdAt: new Date(), cells: { kind: "mail.send", status: "x", attempts: "1/3", lastError: "—" }, href: "/admin/tasks", kept: null },
        { id: "2", createdAt: new Date(), cells: { kind: "mail.send", status: "x", attempts: "1/3", lastError: "—" }, href: null, kept: "task_unfinished" as const },
      ];
      const tree = h(
        MantineProvider,
        null,
        await asStaff(h(NextIntlClientProvider, {
          locale,
          messages: msgs,
          timeZone: "Asia/Shanghai",
          children: [
          h(LogTabs, { key: 1, kind: "task" }),
          h(CleanupPanel, { key: 2, kind: "task", auto: { enabled: true, retentionDays: 30, lastRunAt: new Date().toISOString() } }),
          h(LogFilters, { key: 3, kind: "audit", filters: { q: "x" }, nodes: [], errors: {} }),
          h(LogFilters, { key: 4, kind: "nodeLatency", filters: {}, nodes: [{ id: "n", name: "N" }], errors: { nodeId: "bad" } }),
          h(LogFilters, { key: 5, kind: "traffic", filters: {}, nodes: [], errors: {} }),
          h(LogEntries, { key: 6, kind: "task", rows, filtered: false }),
          h(LogEntries, { key: 7, kind: "audit", rows: [], filtered: true }),
          h(LogPager, { key: 8, rowCount: 2, newestHref: null, newerHref: null, olderHref: "/x" }),
          h(TrafficRefresh, { key: 9 }),
          ],
        })),
      );
      const html = renderToString(tree);
      expect(html).toContain("log-row");
      expect(html).toContain("log-kept");
      expect(html).toContain("log-empty");
    } finally {
      console.error = orig;
    }
    expect(errors.filter((e) => /MISSING_MESSAGE|FORMATTING_ERROR|Error/.test(e))).toEqual([]);
  });
});

describe("delete buttons are named apart", () => {
  it("two rows that read the same (same second, actor, action, target) carry their numbers; others do not", async () => {
    const { LogEntries } = await import("../../src/components/admin/logs/log-entries");
    const msgs = await messages("en");
    const at = new Date("2026-11-29T14:25:49Z");
    const row = (id: string, target: string) => ({ id, createdAt: at, cells: { actor: "admin@e2e.test", action: "Edit node", target }, href: null, kept: null });
    const rows = [row("41", "node 1ccf"), row("42", "node 1ccf"), row("43", "node 9a0b")];
    const render = async (permissions?: readonly Permission[]) =>
      renderToString(h(MantineProvider, null, await asStaff(h(NextIntlClientProvider, { locale: "en", messages: msgs, timeZone: "Asia/Shanghai", children: h(LogEntries, { kind: "audit", rows, filtered: false }) }), permissions)));
    const html = await render();
    // A role that may read the logs but not delete from them (issue 29) gets the rows without the buttons.
    const readOnly = await render(["logs.read"]);
    expect(readOnly).toContain("log-row");
    expect(readOnly).not.toContain("log-delete");
    const labels = [...html.matchAll(/aria-label="([^"]*)"[^>]*data-testid="log-delete"/g)].map((m) => m[1]!);
    // Each row is drawn twice (table and phone card); per row its label is the same in both.
    const distinct = [...new Set(labels)];
    expect(distinct).toHaveLength(3);
    expect(distinct.filter((l) => l.endsWith("#41") || l.endsWith("#42"))).toHaveLength(2);
    expect(distinct.find((l) => l.includes("node 9a0b"))).not.toMatch(/#43/);
  });
});
