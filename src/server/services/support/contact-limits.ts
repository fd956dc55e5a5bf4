// The contact form's length limits: plain constants, so the browser form shows the same bounds.
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_BODY_MAX = 5000;
