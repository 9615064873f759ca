"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { integrationEndpoints, type ApiKeyCreated, type ApiKeyView, type CreateApiKeyInput } from "@/lib/schemas/integrations";
import { useApiClient } from "./use-api-client";

export type { ApiKeyCreated, ApiKeyView, CreateApiKeyInput };

export const integrationKeys = {
  all: ["integrations"] as const,
  keys: ["integrations", "keys"] as const,
};

/** GET /api/integrations/keys: the member's API keys, newest first (never their secrets). */
export function useApiKeys() {
  const api = useApiClient();
  return useQuery({
    queryKey: integrationKeys.keys,
    queryFn: ({ signal }) => api.call(integrationEndpoints.keys, { signal }),
  });
}

/** POST /api/integrations/keys: a new key and its secret, the only time the secret is given; the list refreshes. */
export function useCreateApiKey() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => api.call(integrationEndpoints.createKey, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.keys }),
  });
}

/** DELETE /api/integrations/keys/{id}: the key stops working at once; the list refreshes. */
export function useRevokeApiKey() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(integrationEndpoints.revokeKey, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.keys }),
  });
}
