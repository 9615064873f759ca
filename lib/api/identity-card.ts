"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { profileEndpoints } from "@/lib/schemas/profile";
import { meKeys } from "./me";
import { useApiClient } from "./use-api-client";

/** The types server/uploads accepts (its size and pixel limits are in lib/schemas/profile); it is the authority, these only spare a pointless upload. */
export const CARD_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export const identityCardKeys = { card: (version: string) => ["identity-card", version] as const };

/** POST me/identity-verification as multipart/form-data (field `card`). */
export function useRequestIdentityVerification() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: File) => {
      const body = new FormData();
      body.append("card", card);
      return api.call(profileEndpoints.requestVerification, { body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKeys.all }),
  });
}

/**
 * GET me/identity-card: the person's own card image as a blob: URL (null while loading or when there is
 * none). Fetched with the session, as an <img src> would carry no bearer token; once per version.
 */
export function useIdentityCardUrl(version: string): string | null {
  const api = useApiClient();
  const card = useQuery({
    queryKey: identityCardKeys.card(version),
    queryFn: ({ signal }) =>
      api.blob(profileEndpoints.identityCard, { signal, retry: false, accept: "image/jpeg,image/png,image/webp,*/*;q=0.5" }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  const blob = card.data ?? null;
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== "function") return;
    // A blob: URL is a resource of the document: made with the effect and revoked by its cleanup.
    const objectUrl = URL.createObjectURL(blob);
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [blob]);
  return url;
}
