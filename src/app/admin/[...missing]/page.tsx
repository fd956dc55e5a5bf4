import { notFound } from "next/navigation";

// An address under /admin that no page answers. Next renders unknown URLs with the root not-found
// page, outside every area layout; this catch-all (static and dynamic routes win over it) turns
// them into a notFound() inside the admin segment, so the admin 404 keeps the admin layout.
export default function MissingAdminPage(): never {
  notFound();
}
