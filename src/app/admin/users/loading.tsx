import { PageSkeleton } from "@/components/shell/page-skeleton";

// The users page is a filtered table: its outline, not the dashboard's cards.
export default function Loading() {
  return <PageSkeleton kind="table" />;
}
