import { PageSkeleton } from "@/components/shell/page-skeleton";

// The nodes list is a table.
export default function Loading() {
  return <PageSkeleton kind="table" />;
}
