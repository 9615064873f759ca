"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Locale } from "@/lib/i18n/locales";
import { localizedPath } from "@/lib/i18n/negotiate";
import { pageEndpoints, type PageContentInput, type PageVersions } from "@/lib/schemas/pages";
import { adminKeys } from "./admin";
import { useApiClient } from "./use-api-client";

export const adminPageKeys = {
  lists: () => [...adminKeys.all, "pages"] as const,
  page: (slug: string) => [...adminKeys.all, "page", slug] as const,
};

/** Where visitors read a page in a locale: /pages/<slug> for fa-IR, /<locale>/pages/<slug> for the others. */
export function publicPagePath(locale: Locale, slug: string): string {
  return localizedPath(locale, `/pages/${encodeURIComponent(slug)}`);
}

/** GET /api/admin/pages. */
export function useAdminPages() {
  const api = useApiClient();
  return useQuery({
    queryKey: adminPageKeys.lists(),
    queryFn: ({ signal }) => api.call(pageEndpoints.list, { signal }),
  });
}

/** GET /api/admin/pages/{slug}; a slug without any version answers 404 page_not_found. */
export function useAdminPage(slug: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: adminPageKeys.page(slug),
    queryFn: ({ signal }) => api.call(pageEndpoints.versions, { params: { slug }, signal }),
  });
}

/** PUT /api/admin/pages/{slug}/{locale}: puts the saved version in the page's cache and refreshes the list. */
export function useSavePage(slug: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ locale, content }: { locale: Locale; content: PageContentInput }) =>
      api.call(pageEndpoints.save, { params: { slug, locale }, body: content }),
    onSuccess: ({ page }) => {
      queryClient.setQueryData<PageVersions>(adminPageKeys.page(slug), (current) => ({
        slug,
        versions: [...(current?.versions ?? []).filter((v) => v.locale !== page.locale), page],
      }));
      void queryClient.invalidateQueries({ queryKey: adminPageKeys.lists() });
    },
  });
}
