import { conflict } from "../../errors";

/**
 * The one answer for an address that already has an account (409, reason email_taken), from
 * registration, admin create/edit and email change alike. `field` names the form field to mark.
 */
export const emailTaken = (field?: "email" | "newEmail") =>
  conflict("email_taken", field ? { fields: { [field]: "taken" } } : {});
