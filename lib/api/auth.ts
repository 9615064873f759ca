"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { useApiClient } from "./use-api-client";
import {
  authEndpoints,
  type codeStepOutput,
  type loginOutput,
  type OtpStep,
  type SessionAnswer,
  type verifyOutput,
} from "@/lib/schemas/auth";
import type { EndpointAnswer } from "@/lib/schemas/common";
import type { CallOptions } from "./client";

/** A code step, and a signed-in answer (the web app's tokens are in httpOnly cookies; access_token is for API clients). */
export type { OtpStep, SessionAnswer };
export type LoginAnswer = z.infer<typeof loginOutput>;
export type VerifyAnswer = z.infer<typeof verifyOutput>;
type CodeStep = z.infer<typeof codeStepOutput>;

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
    queryFn: () => api.call(authEndpoints.otpStatus, { body: { token } }),
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
type AuthEndpoint = (typeof authEndpoints)[keyof typeof authEndpoints];
/** What a sign-in call is given: its endpoint's body (nothing for one without). */
type AuthBody<E extends AuthEndpoint> = E extends { body: infer S extends z.ZodType } ? z.input<S> : void;

function useAuthCall<E extends AuthEndpoint>(name: string, endpoint: E) {
  const api = useApiClient();
  return useMutation({
    mutationKey: authKeys.call(name),
    mutationFn: (body: AuthBody<E>): Promise<EndpointAnswer<E>> =>
      // The generic E hides that `body` is what the endpoint takes; AuthBody<E> says it.
      (api.call as (endpoint: E, options: CallOptions<E>) => Promise<EndpointAnswer<E>>)(endpoint, { body } as CallOptions<E>),
    gcTime: 0,
  });
}

export const useRegister = () => useAuthCall("register", authEndpoints.register);
export const useLogin = () => useAuthCall("login", authEndpoints.login);
export const useForgotPassword = () => useAuthCall("forgot-password", authEndpoints.forgotPassword);
export const useResetPassword = () => useAuthCall("reset-password", authEndpoints.resetPassword);
export const useVerifyOtp = () => useAuthCall("otp-verify", authEndpoints.verifyOtp);
export const useResendOtp = () => useAuthCall("otp-resend", authEndpoints.resendOtp);
export const useAddPhone = () => useAuthCall("add-phone", authEndpoints.addPhone);
export const useGoogleSignIn = () => useAuthCall("google", authEndpoints.google);
export const useAppleSignIn = () => useAuthCall("apple", authEndpoints.apple);
export const useLogout = () => useAuthCall("logout", authEndpoints.logout);
