import { redirect } from "next/navigation";

/**
 * unauthorized() is not used: signed-out visitors are sent to the login page by the page guards.
 * The file exists so Next's default 401 page (inline styles included) is not written into every
 * page's payload while authInterrupts is on; if it is ever reached, it leads to the login page.
 */
export default function Unauthorized() {
  redirect("/login");
}
