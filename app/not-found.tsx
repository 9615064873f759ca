import { NotFoundPage, notFoundRequest } from "@/components/errors/not-found-page";
import { DocumentShell } from "@/components/layout/DocumentShell";

// A URL outside every locale segment: same page, with its own document.
export default async function RootNotFound() {
  const request = await notFoundRequest();
  return (
    <DocumentShell locale={request.locale}>
      <NotFoundPage {...request} />
    </DocumentShell>
  );
}
