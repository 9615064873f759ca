"use client";
import type { OtpStep } from "@/lib/api/auth";
import { useRouter } from "@/lib/i18n/navigation";
import { useAuthStore } from "@/stores/auth";

/** Remembers a code step (token, route, masked phone) and opens the code screen, keeping ?redirect=. */
export function useCodeStep() {
  const router = useRouter();
  return (otp: OtpStep, options: { social?: boolean; navigate?: boolean } = {}) => {
    const store = useAuthStore.getState();
    store.setOtp({ token: otp.token, route: otp.route });
    store.setPhone(otp.phone);
    if (options.social !== undefined) store.setGoogleLogin(options.social);
    if (options.navigate !== false) router.push(`/auth/two_factor_authentication${window.location.search}`);
  };
}
