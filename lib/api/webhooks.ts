"use client";
import { useMutation, useQuery, useQueryClient, type Query } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { ListResult } from "@/lib/schemas/common";
import {
  webhookEndpoints,
  type CreateWebhookInput,
  type WebhookCreated,
  type WebhookDeliveryView,
  type WebhookView,
} from "@/lib/schemas/webhooks";
import { integrationKeys } from "./integrations";
import { useApiClient } from "./use-api-client";

export type { CreateWebhookInput, WebhookCreated, WebhookDeliveryView, WebhookView };

/** Deliveries on one page of an endpoint's log. */
export const WEBHOOK_DELIVERIES_PER_PAGE = 10;
/** How often a log with a delivery still waiting asks again, so a test's result shows without a reload. */
export const DELIVERY_POLL_MS = 5_000;

export const webhookKeys = {
  all: [...integrationKeys.all, "webhooks"] as const,
  list: () => [...webhookKeys.all, "list"] as const,
  /** Every page of one endpoint's log. */
  deliveries: (id: string) => [...webhookKeys.all, "deliveries", id] as const,
  deliveryPage: (id: string, page: number) => [...webhookKeys.deliveries(id), page] as const,
};

type DeliveryPage = ListResult<WebhookDeliveryView>;

/** Whether a page of a log holds a delivery still waiting for its (next) attempt. */
export const hasPending = (page: DeliveryPage | undefined) => Boolean(page?.data.some((delivery) => delivery.state === "pending"));

/** refetchInterval of a log's page: every DELIVERY_POLL_MS while a delivery on it is pending, else not at all. */
export const pollWhilePending = (query: Pick<Query<DeliveryPage>, "state">) => (hasPending(query.state.data) ? DELIVERY_POLL_MS : false);

/** GET /api/integrations/webhooks: the member's endpoints, newest first (never their secrets). */
export function useWebhooks() {
  const api = useApiClient();
  return useQuery({
    queryKey: webhookKeys.list(),
    queryFn: ({ signal }) => api.call(webhookEndpoints.list, { signal }),
  });
}

/** POST /api/integrations/webhooks: a new endpoint and its signing secret, the only time the secret is given; the list refreshes. */
export function useCreateWebhook() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookInput) => api.call(webhookEndpoints.create, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}

/** DELETE /api/integrations/webhooks/{id}: nothing more is delivered to it, its log goes with it; the list refreshes. */
export function useRemoveWebhook() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(webhookEndpoints.remove, { params: { id } }),
    onSuccess: (_answer, id) => queryClient.removeQueries({ queryKey: webhookKeys.deliveries(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}

/** POST /api/integrations/webhooks/{id}/enable: a disabled endpoint hears its events again; the list refreshes. */
export function useEnableWebhook() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(webhookEndpoints.enable, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}

/** POST /api/integrations/webhooks/{id}/ping: a test delivery is queued; the endpoint's log refreshes (and polls while it waits). */
export function usePingWebhook() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(webhookEndpoints.ping, { params: { id } }),
    onSuccess: (_delivery, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}

/**
 * GET /api/integrations/webhooks/{id}/deliveries: a page of an endpoint's log, newest first; none asked
 * while no endpoint is chosen. While a delivery on the page is pending it asks again every
 * DELIVERY_POLL_MS; when the last one settles, the endpoint list reads fresh (a failure marks the
 * endpoint failing, a success clears it). The page shown stays while the next of the same endpoint loads.
 */
export function useWebhookDeliveries(id: string | null, page: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: webhookKeys.deliveryPage(id ?? "", page),
    queryFn: ({ signal }) =>
      api.call(webhookEndpoints.deliveries, {
        params: { id: id ?? "" },
        query: { page, per_page: WEBHOOK_DELIVERIES_PER_PAGE },
        signal,
      }),
    enabled: Boolean(id),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === id ? previous : undefined),
    refetchInterval: pollWhilePending,
  });

  const pending = hasPending(query.data);
  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && !pending) void queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
    wasPending.current = pending;
  }, [pending, queryClient]);
  return query;
}

/** POST …/deliveries/{deliveryId}/resend: the delivery goes again now (same id and body, a new signature); its log refreshes. */
export function useResendDelivery() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      api.call(webhookEndpoints.resend, { params: { id, deliveryId } }),
    onSettled: (_delivery, _error, { id }) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
