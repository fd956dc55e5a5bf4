import { PageSkeleton } from "@/components/shell/page-skeleton";

// The account page is a column of forms.
export default function Loading() {
  return <PageSkeleton kind="form" />;
}
