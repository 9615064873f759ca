import type { authEndpoints } from "@/lib/schemas/auth";
import type { profileEndpoints } from "@/lib/schemas/profile";
import type { statsEndpoints } from "@/lib/schemas/stats";
import type { systemEndpoints } from "@/lib/schemas/system";

/** An endpoint of the contract as its method and path only, typed as the contract's own (nothing of zod loaded). */
const declared = <E>(endpoint: { method: "get" | "post"; path: `/${string}` }) => endpoint as unknown as E;

/**
 * The endpoints the landing page and the app's shell call (the session's renewal, the signed-in name in the
 * header, the landing's figures, the build check), declared without their schemas: a page that loads nothing else loads no
 * zod. Importing the contract's tables here took the landing's first-load JavaScript from 152.6 KB to
 * 243.3 KB gzip. tests/unit/api/shell-endpoints.test.ts holds each to its table.
 */
export const shellEndpoints = {
  refresh: declared<typeof authEndpoints.refresh>({ method: "post", path: "/auth/refresh" }),
  me: declared<typeof profileEndpoints.me>({ method: "get", path: "/me" }),
  publicStats: declared<typeof statsEndpoints.public>({ method: "get", path: "/stats" }),
  build: declared<typeof systemEndpoints.build>({ method: "get", path: "/build" }),
};
