/** Plausible values for the path parameters of /api/openapi.json's paths. */
const SAMPLE_PARAMS: Record<string, string> = {
  slug: "about",
  locale: "en-US",
  gateway: "sandbox",
  authority: "A000000000000000000000000000000000",
};
export const SAMPLE_ID = "0b6f3d4e-8f1a-4c2b-9d3e-5a6b7c8d9e0f";

/** An OpenAPI path (`/api/me/sessions/{id}`) with every parameter filled in: ids with a uuid. */
export function fillPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE_PARAMS[name] ?? SAMPLE_ID);
}

/** `GET /api/sentry-example-api` throws on purpose (it checks that server errors are reported): its 500 is its answer. */
export const answersErrorOnPurpose = (method: string, path: string) =>
  path === "/api/sentry-example-api" && (method === "GET" || method === "HEAD");
