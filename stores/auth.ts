"use client";
import { create } from "zustand";
import { persist } from "zustand/middleware";

/**
 * SPEC §3 authorization state. jwt and otp persist across sessions. The web app's real session
 * lives in httpOnly cookies (DESIGN §2); jwt here is only for API clients that hold a bearer token.
 */
export type OtpState = { token: string; route: string } | null;

type AuthState = {
  jwt: string | null;
  otp: OtpState;
  phone: string | null;
  isGoogleLogin: boolean;
  setJwt(jwt: string | null): void;
  setOtp(otp: OtpState): void;
  setPhone(phone: string | null): void;
  setGoogleLogin(value: boolean): void;
  /** SPEC §4 logout: clears jwt and otp and resets the Google-login flag. */
  clear(): void;
};

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      jwt: null,
      otp: null,
      phone: null,
      isGoogleLogin: false,
      setJwt: (jwt) => set({ jwt }),
      setOtp: (otp) => set({ otp }),
      setPhone: (phone) => set({ phone }),
      setGoogleLogin: (isGoogleLogin) => set({ isGoogleLogin }),
      clear: () => set({ jwt: null, otp: null, isGoogleLogin: false }),
    }),
    { name: "takapoo-auth", partialize: (state) => ({ jwt: state.jwt, otp: state.otp }) },
  ),
);
