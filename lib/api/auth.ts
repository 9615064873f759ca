"use client";
import { useMemo } from "react";
import type { ApiClient } from "./client";
import { useApiClient } from "./use-api-client";

import type { OtpStep, SessionAnswer } from "@/lib/schemas/auth";
/** A code step, and a signed-in answer (the web app's tokens are in httpOnly cookies; access_token is for API clients). */
export type { OtpStep, SessionAnswer };

export type LoginAnswer = SessionAnswer | { otp: OtpStep };
export type VerifyAnswer = SessionAnswer | { reset: { token: string; route: string } };

export const authApi = {
  register: (api: ApiClient, body: unknown) => api.request<{ otp: OtpStep }>("auth/register", { method: "POST", body }),
  login: (api: ApiClient, body: unknown) => api.request<LoginAnswer>("auth/login", { method: "POST", body }),
  forgotPassword: (api: ApiClient, body: unknown) => api.request<{ otp: OtpStep }>("auth/forgot-password", { method: "POST", body }),
  resetPassword: (api: ApiClient, body: unknown) => api.request<{ message: string }>("auth/reset-password", { method: "POST", body }),
  verifyOtp: (api: ApiClient, body: { token: string; code: string; trust_device: boolean }) =>
    api.request<VerifyAnswer>("auth/otp/verify", { method: "POST", body }),
  resendOtp: (api: ApiClient, token: string) => api.request<{ otp: OtpStep }>("auth/otp/resend", { method: "POST", body: { token } }),
  otpStatus: (api: ApiClient, token: string) => api.request<{ otp: OtpStep }>("auth/otp/status", { method: "POST", body: { token } }),
  addPhone: (api: ApiClient, phone: string) => api.request<{ otp: OtpStep }>("auth/phone", { method: "POST", body: { phone } }),
  google: (api: ApiClient, body: { id_token?: string; code?: string; access_token?: string }) =>
    api.request<SessionAnswer>("auth/google", { method: "POST", body }),
  apple: (api: ApiClient, body: { id_token: string; nonce: string; first_name?: string; last_name?: string }) =>
    api.request<SessionAnswer>("auth/apple", { method: "POST", body }),
  logout: (api: ApiClient) => api.request<{ message: string }>("auth/logout", { method: "POST" }),
};

export function isOtpAnswer(answer: LoginAnswer): answer is { otp: OtpStep } {
  return "otp" in answer;
}

/**
 * The sign-in calls bound to the page's client. Plain calls, not React Query mutations: a sign-in answer is
 * kept by the auth store, not a cache.
 */
export function useAuthApi() {
  const api = useApiClient();
  return useMemo(
    () => ({
      register: (body: unknown) => authApi.register(api, body),
      login: (body: unknown) => authApi.login(api, body),
      forgotPassword: (body: unknown) => authApi.forgotPassword(api, body),
      resetPassword: (body: unknown) => authApi.resetPassword(api, body),
      verifyOtp: (body: { token: string; code: string; trust_device: boolean }) => authApi.verifyOtp(api, body),
      resendOtp: (token: string) => authApi.resendOtp(api, token),
      otpStatus: (token: string) => authApi.otpStatus(api, token),
      addPhone: (phone: string) => authApi.addPhone(api, phone),
      google: (body: { id_token?: string; code?: string; access_token?: string }) => authApi.google(api, body),
      apple: (body: { id_token: string; nonce: string; first_name?: string; last_name?: string }) => authApi.apple(api, body),
      logout: () => authApi.logout(api),
    }),
    [api],
  );
}
