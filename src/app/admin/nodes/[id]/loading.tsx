import { PageSkeleton } from "@/components/shell/page-skeleton";

// A node's page is cards (info, panel, inbounds, latency), not the list's table.
export default function Loading() {
  return <PageSkeleton kind="cards" />;
}
