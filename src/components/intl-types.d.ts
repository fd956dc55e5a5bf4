// Message keys are typed from the English file; messages/zh-CN.json must have the same keys.
import type en from "../../messages/en.json";

declare module "next-intl" {
  interface AppConfig {
    Messages: typeof en;
    Locale: "zh-CN" | "en";
  }
}
