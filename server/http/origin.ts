import { env } from "@/server/core/env";
/** The site's public origin, where gateways send payers back: SITE_URL, else the request's own. */
export function publicOrigin(requestUrl: string): string {
  return env.SITE_URL || new URL(requestUrl).origin;
}
