"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApiClient } from "./use-api-client";

import {
  CHANNEL_QUERY_MAX,
  CHANNEL_QUERY_MIN,
  youtubeEndpoints,
  type ChannelHit,
  type YoutubeConnection,
  type YoutubeQuota,
  type YoutubeReturnTo,
  type YoutubeStatus,
} from "@/lib/schemas/youtube";
/** One channel of GET /api/youtube/channels (lib/schemas/youtube.ts). */
export type { ChannelHit, YoutubeConnection, YoutubeQuota, YoutubeStatus };

/** The server's limits for q (trimmed), from the contract. */
export { CHANNEL_QUERY_MAX, CHANNEL_QUERY_MIN };

export const youtubeKeys = {
  all: ["youtube"] as const,
  status: () => [...youtubeKeys.all, "status"] as const,
  channels: (q: string) => [...youtubeKeys.all, "channels", q] as const,
  connection: () => [...youtubeKeys.all, "connection"] as const,
  quota: () => [...youtubeKeys.all, "quota"] as const,
};

/** Whether channel search is on here (the server has a YouTube API key); it does not change while the page is open. */
export function useYoutubeStatus() {
  const api = useApiClient();
  return useQuery({
    queryKey: youtubeKeys.status(),
    queryFn: ({ signal }) => api.call(youtubeEndpoints.status, { signal }),
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * Channels matching `q` (trimmed), asked only for 2–100 characters. Not retried beyond the client's one retry:
 * every search spends YouTube quota. Debouncing is the caller's business.
 */
export function useChannelSearch(q: string) {
  const api = useApiClient();
  const query = q.trim();
  return useQuery({
    queryKey: youtubeKeys.channels(query),
    queryFn: ({ signal }) => api.call(youtubeEndpoints.channels, { query: { q: query }, signal }),
    enabled: query.length >= CHANNEL_QUERY_MIN && query.length <= CHANNEL_QUERY_MAX,
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/** The booster's connected channel, and whether connecting is possible here. */
export function useYoutubeConnection() {
  const api = useApiClient();
  return useQuery({ queryKey: youtubeKeys.connection(), queryFn: () => api.call(youtubeEndpoints.connection) });
}

/** Starts connecting: the browser goes to Google's consent page and comes back to `returnTo` with ?youtube=<outcome>. */
export function useConnectYoutube() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (input: { likes?: boolean; returnTo: YoutubeReturnTo }) =>
      api.call(youtubeEndpoints.connect, { body: { likes: input.likes ?? false, return_to: input.returnTo } }),
    onSuccess: ({ authorize_url }) => window.location.assign(authorize_url),
  });
}

/** Disconnects: deleted here and revoked at Google (`revoked: false` when Google could not be reached). */
export function useDisconnectYoutube() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(youtubeEndpoints.disconnect),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: youtubeKeys.connection() }),
  });
}

/** The day's YouTube quota and the days before (admins); refreshed every minute while the page is open. */
export function useYoutubeQuota() {
  const api = useApiClient();
  return useQuery({ queryKey: youtubeKeys.quota(), queryFn: () => api.call(youtubeEndpoints.quota), refetchInterval: 60_000 });
}
