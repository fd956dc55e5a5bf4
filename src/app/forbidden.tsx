import { redirect } from "next/navigation";

/**
 * forbidden() is called only by admin pages, whose own boundary (app/admin/forbidden.tsx) draws the
 * "no access" page with status 403. This root file exists because, with authInterrupts on, Next
 * writes its default 403 page (inline styles included) into every page's payload, and any page of
 * ours here would be rendered there too: about 2 KB on the light subscription pages. Reached
 * anyway (a forbidden() outside the admin area), it leads home.
 */
export default function Forbidden() {
  redirect("/");
}
