// A new password equal to the current one is refused: the person meant to change it (after a leak,
// say) and would otherwise believe they had.
import { validationError } from "../../errors";

export const passwordUnchanged = (field: "newPassword" | "password") =>
  validationError("password_unchanged", { fields: { [field]: "unchanged" } });
