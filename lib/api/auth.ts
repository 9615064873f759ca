import type { ApiClient } from "./client";

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
