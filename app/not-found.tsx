import { NotFoundPage, notFoundRequest } from "@/components/errors/not-found-page";
import { setRequestLocale } from "next-intl/server";
import { DocumentShell } from "@/components/layout/DocumentShell";

// A URL outside every locale segment: same page, with its own document.
export default async function RootNotFound() {
  const request = await notFoundRequest();
  // Before anything renders, so server components without an explicit locale (the footer) follow it.
  setRequestLocale(request.locale);
  return (
    <DocumentShell locale={request.locale}>
      <NotFoundPage {...request} />
    </DocumentShell>
  );
}
