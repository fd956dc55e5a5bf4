import { PageSkeleton } from "@/components/shell/page-skeleton";

// Shown inside the admin frame while a page of this area renders on the server.
export default function Loading() {
  return <PageSkeleton kind="cards" />;
}
