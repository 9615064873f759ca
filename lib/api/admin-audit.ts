"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { auditEndpoints, auditTargetTypes, type AuditEntry } from "@/lib/schemas/audit";
import { useApiClient } from "./use-api-client";

export type { AuditEntry };
export type AuditFilters = { action: string; target_type: string };

export const AUDIT_PER_PAGE = 25;

/** A page of the audit log, newest first, with the back office's filters (a target the contract does not know is no filter). */
export function useAuditLog(filters: AuditFilters, page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: ["admin", "audit", filters, page],
    queryFn: ({ signal }) =>
      api.call(auditEndpoints.list, {
        query: {
          action: filters.action || undefined,
          target_type: auditTargetTypes.find((type) => type === filters.target_type),
          page,
          per_page: AUDIT_PER_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
