// "Confirm with your current password" for a signed-in account (change password, change email).
import { verifyPassword } from "../../auth/password";
import { DomainError } from "../../errors";
import { beginCurrentPasswordCheck } from "../../rate-limit/policies";

/**
 * Counted against the account before the check runs, so a stolen session is not an unlimited
 * password oracle (RATE_LIMITED after LIMITS.currentPasswordPerAccount wrong tries); a correct
 * password clears the count.
 */
export async function assertCurrentPassword(userId: string, passwordHash: string, currentPassword: string): Promise<void> {
  const passed = await beginCurrentPasswordCheck(userId);
  if (!(await verifyPassword(passwordHash, currentPassword, { userId }))) {
    throw new DomainError("UNAUTHENTICATED", "current_password_wrong", { fields: { currentPassword: "wrong" } });
  }
  await passed();
}
