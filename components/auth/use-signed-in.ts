"use client";
import { useSearchParams } from "next/navigation";
import { safeRedirectPath } from "@/lib/auth/guard";
import type { SessionAnswer } from "@/lib/api/auth";
import { useRouter } from "@/lib/i18n/navigation";
import { useAuthStore } from "@/stores/auth";

/** After a sign-in: the phone step for a social account without one, else back where the guard sent us from. */
export function useSignedIn() {
  const router = useRouter();
  const params = useSearchParams();
  return (answer: SessionAnswer, options: { google?: boolean } = {}) => {
    const store = useAuthStore.getState();
    store.setOtp(null);
    if (options.google !== undefined) store.setGoogleLogin(options.google);
    if (answer.needs_phone) {
      router.replace("/auth/two_factor_authentication");
      return;
    }
    store.setGoogleLogin(false);
    router.replace(safeRedirectPath(params.get("redirect")) ?? "/dashboard");
  };
}
