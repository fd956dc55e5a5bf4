import { PageSkeleton } from "@/components/shell/page-skeleton";

// The settings page is one long form.
export default function Loading() {
  return <PageSkeleton kind="form" />;
}
