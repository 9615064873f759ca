import { NotFoundPage, notFoundRequest } from "@/components/errors/not-found-page";

// notFound() anywhere under a locale, and every unmatched URL (SPEC §8, 404).
export default async function NotFound() {
  return <NotFoundPage {...await notFoundRequest()} />;
}
