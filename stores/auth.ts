"use client";
import { create } from "zustand";
import { persist } from "zustand/middleware";

/**
 * SPEC §3 authorization state. otp persists across sessions. The web app's session lives in httpOnly
 * cookies (DESIGN §2), so the browser holds no token; a jwt key an older version stored is ignored.
 */
export type OtpState = { token: string; route: string } | null;

type AuthState = {
  otp: OtpState;
  phone: string | null;
  isGoogleLogin: boolean;
  setOtp(otp: OtpState): void;
  setPhone(phone: string | null): void;
  setGoogleLogin(value: boolean): void;
  /** SPEC §4 logout: clears otp and resets the Google-login flag (the session cookies are the server's to end). */
  clear(): void;
};

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      otp: null,
      phone: null,
      isGoogleLogin: false,
      setOtp: (otp) => set({ otp }),
      setPhone: (phone) => set({ phone }),
      setGoogleLogin: (isGoogleLogin) => set({ isGoogleLogin }),
      clear: () => set({ otp: null, isGoogleLogin: false }),
    }),
    { name: "takapoo-auth", partialize: (state) => ({ otp: state.otp }) },
  ),
);
