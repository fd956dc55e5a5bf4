// A role's name in words: a built-in role in the reader's language (messages/<locale>/staff.json,
// adminStaff.roleNames), a custom role as its own name. The invitation mail and page use it.
import en from "../../../../messages/en/staff.json";
import zh from "../../../../messages/zh-CN/staff.json";
import { isBuiltInRole } from "../../auth/permissions";
import { catalogueTranslator, type TextLocale } from "../notifications/texts";

const translator = catalogueTranslator({ en, "zh-CN": zh }, "adminStaff.roleNames");

export const roleWord = (locale: TextLocale, role: string): string => (isBuiltInRole(role) ? translator(locale)(role) : role);
