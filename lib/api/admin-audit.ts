"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AuditEntry } from "@/lib/schemas/audit";
import type { ListResult } from "./client";
import { useApiClient } from "./use-api-client";

export type { AuditEntry };
export type AuditFilters = { action: string; target_type: string };

export const AUDIT_PER_PAGE = 25;

/** A page of the audit log, newest first, with the back office's filters. */
export function useAuditLog(filters: AuditFilters, page: number) {
  const api = useApiClient();
  return useQuery<ListResult<AuditEntry>>({
    queryKey: ["admin", "audit", filters, page],
    queryFn: ({ signal }) =>
      api.list<AuditEntry>("admin/audit", {
        query: {
          action: filters.action || undefined,
          target_type: filters.target_type || undefined,
          page,
          per_page: AUDIT_PER_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
