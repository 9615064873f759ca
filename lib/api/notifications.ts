"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import {
  notificationEndpoints,
  type NotificationPreference,
  type NotificationPreferencesInput,
  type NotificationTab,
  type NotificationView,
} from "@/lib/schemas/notifications";
import { endpointUrl } from "./client";
import { meKeys } from "./me";
import { useApiClient } from "./use-api-client";

export type { NotificationPreference, NotificationTab, NotificationView };

export const notificationKeys = {
  all: ["notifications"] as const,
  count: ["notifications", "count"] as const,
  list: (tab: NotificationTab, page: number) => ["notifications", "list", tab, page] as const,
};

export const NOTIFICATIONS_PER_PAGE = 20;
/** Polling when the live stream is not connected (a lost event costs at most this delay). */
const POLL_MS = 60_000;
const RETRY_MS = 30_000;

/** Whether the live stream is connected: shared by the count (which polls only without it). */
let streamOpen = false;
const streamListeners = new Set<(open: boolean) => void>();
function setStreamOpen(open: boolean) {
  streamOpen = open;
  for (const listener of streamListeners) listener(open);
}

/** The header's count of notifications not yet seen; polled only while the live stream is down. */
export function useNotificationCount(enabled = true) {
  const api = useApiClient();
  const [live, setLive] = useState(streamOpen);
  useEffect(() => {
    streamListeners.add(setLive);
    return () => void streamListeners.delete(setLive);
  }, []);
  return useQuery({
    queryKey: notificationKeys.count,
    queryFn: () => api.call(notificationEndpoints.count),
    enabled,
    refetchInterval: live ? false : POLL_MS,
  });
}

/**
 * The live stream (server-sent events): each "re-read" refreshes the count and the inbox. When it
 * fails (offline, an expired session, a proxy that buffers) the browser's own reconnect is left to
 * run while the count polls; an event carries nothing, so a lost one only delays. When the server
 * ends it ("end": this person opened a newer one elsewhere, the session ended), reconnecting at once
 * would only end another, so the page waits until it is shown again.
 */
export function useNotificationStream(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const url = endpointUrl(notificationEndpoints.stream);
    const reread = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const onShown = () => {
      if (document.visibilityState !== "visible") return;
      document.removeEventListener("visibilitychange", onShown);
      open();
    };
    const open = () => {
      const next = new EventSource(url, { withCredentials: true });
      source = next;
      next.addEventListener("open", () => setStreamOpen(true));
      next.addEventListener("re-read", reread);
      next.addEventListener("end", () => {
        next.close();
        setStreamOpen(false);
        document.addEventListener("visibilitychange", onShown);
      });
      next.addEventListener("error", () => {
        setStreamOpen(false);
        // Refused (401 once the access token expired, 429, 5xx): the browser gives up, so try again
        // later, by when the polling count has renewed the session.
        if (next.readyState === EventSource.CLOSED) retry = setTimeout(open, RETRY_MS);
      });
    };
    open();
    return () => {
      clearTimeout(retry);
      document.removeEventListener("visibilitychange", onShown);
      source?.close();
      setStreamOpen(false);
    };
  }, [enabled, queryClient]);
}

/** A page of the caller's notifications for a tab, newest first. */
export function useNotifications(tab: NotificationTab, page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: notificationKeys.list(tab, page),
    queryFn: () => api.call(notificationEndpoints.list, { query: { status: tab, page, per_page: NOTIFICATIONS_PER_PAGE } }),
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      queryClient.invalidateQueries({ queryKey: meKeys.all }),
    ]);
}

/** The inbox was opened: its notifications are seen, the header's count goes to zero. */
export function useSeeNotifications() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(notificationEndpoints.seen),
    onSuccess: (count) => queryClient.setQueryData(notificationKeys.count, count),
  });
}

export function useReadNotification() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.call(notificationEndpoints.read, { params: { id } }),
    onSettled: () => refresh(),
  });
}

export function useReadAllNotifications() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.call(notificationEndpoints.readAll),
    onSettled: () => refresh(),
  });
}

const preferencesKey = ["notifications", "preferences"] as const;

/** What the caller is told, per category and channel. */
export function useNotificationPreferences() {
  const api = useApiClient();
  return useQuery({ queryKey: preferencesKey, queryFn: () => api.call(notificationEndpoints.preferences) });
}

export function useSaveNotificationPreferences() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesInput) => api.call(notificationEndpoints.setPreferences, { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey, saved),
  });
}
