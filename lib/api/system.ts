import { shellEndpoints } from "./shell-endpoints";
import { createApiClient } from "./client";

/**
 * GET /api/build: the build id the server runs now (null when it names none). Asked of this site's own
 * /api whatever NEXT_PUBLIC_CORE_API_URL says, as the deployment it checks is the one serving the page;
 * one attempt, never from the HTTP cache; throws ApiError when there is no answer.
 */
export async function currentBuildId(): Promise<string | null | undefined> {
  const api = createApiClient({ baseUrl: "/api" });
  // An answer without data (a server older than the route) reads as undefined, as before.
  const build: { build_id?: string | null } | undefined = await api.call(shellEndpoints.build, { cache: "no-store", retry: false });
  return build?.build_id;
}
