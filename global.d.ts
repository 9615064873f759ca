import type fa from "./messages/fa-IR.json";
import type { formats } from "./lib/format/formats";

/** next-intl checks message keys and format names against the Persian catalogue (the source) and lib/format/formats. */
declare module "next-intl" {
  interface AppConfig {
    Messages: typeof fa;
    Formats: typeof formats;
  }
}
