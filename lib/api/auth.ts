"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { useApiClient } from "./use-api-client";
import type {
  addPhoneInput,
  appleLoginInput,
  codeStepOutput,
  forgotPasswordInput,
  googleLoginInput,
  loginInput,
  loginOutput,
  messageOutput,
  otpResendInput,
  otpVerifyInput,
  OtpStep,
  registerInput,
  resetPasswordInput,
  SessionAnswer,
  verifyOutput,
} from "@/lib/schemas/auth";

/** A code step, and a signed-in answer (the web app's tokens are in httpOnly cookies; access_token is for API clients). */
export type { OtpStep, SessionAnswer };
export type LoginAnswer = z.infer<typeof loginOutput>;
export type VerifyAnswer = z.infer<typeof verifyOutput>;
type CodeStep = z.infer<typeof codeStepOutput>;
type Message = z.infer<typeof messageOutput>;

export function isOtpAnswer(answer: LoginAnswer): answer is CodeStep {
  return "otp" in answer;
}

/** The sign-in calls' mutation keys (nothing about signing in is cached as a query). */
export const authKeys = {
  all: ["auth"] as const,
  call: (name: string) => ["auth", name] as const,
  otpStatus: (token: string) => ["auth", "otp-status", token] as const,
};

/**
 * A code step as the server knows it (its phone and countdown: a reload must not reset them). Asked
 * once per token; an ended step answers 404, 409 or 422 and is not asked again.
 */
export function useOtpStatus(token: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: authKeys.otpStatus(token),
    queryFn: () => api.request<CodeStep>("auth/otp/status", { method: "POST", body: { token } }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/**
 * One sign-in call as a React Query mutation through the one client. The answer is kept by the auth
 * store, not a cache, and the mutation is forgotten as soon as nothing watches it (gcTime 0): what was
 * sent (a password, a code) does not stay in memory.
 */
function useAuthCall<Input, Answer>(name: string, path: string) {
  const api = useApiClient();
  return useMutation({
    mutationKey: authKeys.call(name),
    mutationFn: (body: Input) => api.request<Answer>(path, { method: "POST", body }),
    gcTime: 0,
  });
}

export const useRegister = () => useAuthCall<z.input<typeof registerInput>, CodeStep>("register", "auth/register");
export const useLogin = () => useAuthCall<z.input<typeof loginInput>, LoginAnswer>("login", "auth/login");
export const useForgotPassword = () =>
  useAuthCall<z.input<typeof forgotPasswordInput>, CodeStep>("forgot-password", "auth/forgot-password");
export const useResetPassword = () => useAuthCall<z.input<typeof resetPasswordInput>, Message>("reset-password", "auth/reset-password");
export const useVerifyOtp = () => useAuthCall<z.input<typeof otpVerifyInput>, VerifyAnswer>("otp-verify", "auth/otp/verify");
export const useResendOtp = () => useAuthCall<z.input<typeof otpResendInput>, CodeStep>("otp-resend", "auth/otp/resend");
export const useAddPhone = () => useAuthCall<z.input<typeof addPhoneInput>, CodeStep>("add-phone", "auth/phone");
export const useGoogleSignIn = () => useAuthCall<z.input<typeof googleLoginInput>, SessionAnswer>("google", "auth/google");
export const useAppleSignIn = () => useAuthCall<z.input<typeof appleLoginInput>, SessionAnswer>("apple", "auth/apple");
export const useLogout = () => useAuthCall<void, Message>("logout", "auth/logout");
