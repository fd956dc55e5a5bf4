// A staff account made directly (the operator CLI's `admin create`): active, email verified, with a
// role. With second_factor_required no admin page opens before TOTP or a passkey is enrolled, as for
// invited staff; the CLI's default (no --role) keeps today's full administrator without it.
import type { Ctx } from "../../context";
import { requireAdmin } from "../../context";
import { hashPassword } from "../../auth/password";
import { isUniqueViolation } from "../../db/pg-errors";
import { users } from "../../db/schema";
import { parseInput } from "../../validation";
import { emailTaken } from "../accounts/email-taken";
import { getPublicUser, type PublicUser } from "../accounts/queries";
import { recordAudit } from "../audit";
import { assertMayGrant, roleGrants } from "./guards";
import { CreateStaffInput } from "./inputs";

export async function createStaff(ctx: Ctx, raw: unknown): Promise<PublicUser> {
  requireAdmin(ctx, "staff.manage");
  const input = parseInput(CreateStaffInput, raw);
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      assertMayGrant(ctx, input.role, await roleGrants(tx, input.role));
      const [u] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          name: input.name || input.email.split("@")[0]!.slice(0, 50),
          role: "ADMIN",
          staffRole: input.role,
          secondFactorRequired: input.secondFactorRequired,
          status: "ACTIVE",
          emailVerifiedAt: ctx.now(),
        })
        .returning({ id: users.id });
      const metadata = { email: input.email, role: "ADMIN", status: "ACTIVE", staffRole: input.role, secondFactorRequired: input.secondFactorRequired };
      await recordAudit(ctx, { action: "admin.user.create", targetType: "user", targetId: u!.id, metadata }, tx);
      return u!.id;
    });
    return getPublicUser(ctx.db, id);
  } catch (err) {
    throw isUniqueViolation(err) ? emailTaken("email") : err;
  }
}
