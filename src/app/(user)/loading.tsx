import { PageSkeleton } from "@/components/shell/page-skeleton";

// Shown inside the user frame while a page of this area renders on the server.
export default function Loading() {
  return <PageSkeleton kind="cards" />;
}
