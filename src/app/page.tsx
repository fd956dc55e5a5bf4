import { redirect } from "next/navigation";
import { getSessionUser } from "@/server/auth/session";

/** Visitors go to login, users to their dashboard, admins to the admin dashboard. */
export default async function Root() {
  const u = await getSessionUser();
  redirect(!u ? "/login" : u.role === "ADMIN" ? "/admin" : "/dashboard");
}
