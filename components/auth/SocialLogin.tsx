"use client";
import { GoogleOAuthProvider, useGoogleLogin, useGoogleOneTapLogin } from "@react-oauth/google";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useAppleSignIn, useGoogleSignIn, type SessionAnswer } from "@/lib/api/auth";
import { ApiError } from "@/lib/api/client";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { useSignedIn } from "./use-signed-in";

const GOOGLE_CLIENT_ID = process.env.NEXT_PUBLIC_GOOGLE_CLIENT_ID ?? "";
/** "auth-code" (popup, the default) or "implicit" (the token flow). */
const GOOGLE_FLOW = process.env.NEXT_PUBLIC_GOOGLE_LOGIN_FLOW === "implicit" ? "implicit" : "auth-code";
const APPLE_CLIENT_ID = process.env.NEXT_PUBLIC_APPLE_CLIENT_ID ?? "";
const APPLE_JS_URL =
  process.env.NEXT_PUBLIC_APPLE_JS_URL || "https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js";

type ErrorSink = (message: string | null) => void;

function useSocialResult(onError: ErrorSink) {
  const t = useTranslations("auth.social");
  const signedIn = useSignedIn();
  return {
    async finish(call: () => Promise<SessionAnswer>) {
      onError(null);
      try {
        signedIn(await call(), { google: true });
      } catch (error) {
        onError(error instanceof ApiError && error.status !== 0 ? error.message : t("failed"));
      }
    },
    failed: () => onError(t("failed")),
  };
}

const GoogleIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 48 48" className="h-5 w-5">
    <path
      fill="#FFC107"
      d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
    />
    <path
      fill="#FF3D00"
      d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
    />
    <path
      fill="#4CAF50"
      d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
    />
    <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
  </svg>
);

type GoogleAnswer = Parameters<ReturnType<typeof useGoogleSignIn>["mutateAsync"]>[0];

/** The popup's code flow (the default): Google answers a code the API exchanges. */
const useCodeFlow = (sign: (answer: GoogleAnswer) => void, failed: () => void) =>
  useGoogleLogin({
    flow: "auth-code",
    ux_mode: "popup",
    scope: "openid email profile",
    onSuccess: ({ code }) => sign({ code }),
    onError: failed,
    onNonOAuthError: (error) => (error.type === "popup_closed" ? undefined : failed()),
  });

/** The token flow: Google answers an access token the API checks. */
const useTokenFlow = (sign: (answer: GoogleAnswer) => void, failed: () => void) =>
  useGoogleLogin({
    flow: "implicit",
    scope: "openid email profile",
    onSuccess: ({ access_token }) => sign({ access_token }),
    onError: failed,
  });

const useGoogleFlow = GOOGLE_FLOW === "implicit" ? useTokenFlow : useCodeFlow;

/** Google's button in the configured flow, and One Tap beside it. */
function GoogleButton({ onError }: { onError: ErrorSink }) {
  const t = useTranslations("auth.social");
  const google = useGoogleSignIn();
  const result = useSocialResult(onError);
  const sign = (answer: GoogleAnswer) => void result.finish(() => google.mutateAsync(answer));
  const login = useGoogleFlow(sign, result.failed);
  useGoogleOneTapLogin({ onSuccess: ({ credential }) => credential && sign({ id_token: credential }) });
  return (
    <Button type="button" variant="secondary" className="w-full" onClick={() => login()}>
      <GoogleIcon />
      {t("google")}
    </Button>
  );
}

type AppleAuth = {
  auth: {
    init(config: Record<string, unknown>): void;
    signIn(): Promise<{ authorization: { id_token: string }; user?: { name?: { firstName?: string; lastName?: string } } }>;
  };
};

let appleScript: Promise<AppleAuth> | null = null;
function loadAppleScript(): Promise<AppleAuth> {
  appleScript ??= new Promise<AppleAuth>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = APPLE_JS_URL;
    script.async = true;
    script.onload = () => {
      const apple = (window as unknown as { AppleID?: AppleAuth }).AppleID;
      if (apple) resolve(apple);
      else reject(new Error("AppleID missing"));
    };
    script.onerror = () => reject(new Error("script failed"));
    document.head.append(script);
  }).catch((error: unknown) => {
    appleScript = null;
    throw error;
  });
  return appleScript;
}

function AppleButton({ onError }: { onError: ErrorSink }) {
  const t = useTranslations("auth.social");
  const appleSignIn = useAppleSignIn();
  const result = useSocialResult(onError);
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="button"
      variant="secondary"
      className="w-full"
      busy={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const apple = await loadAppleScript().catch(() => null);
          if (!apple) {
            onError(t("appleScriptError"));
            return;
          }
          const nonce = crypto.randomUUID();
          apple.auth.init({
            clientId: APPLE_CLIENT_ID,
            scope: "name email",
            redirectURI: window.location.origin + window.location.pathname,
            usePopup: true,
            nonce,
          });
          const answer = await apple.auth.signIn().catch(() => null);
          if (!answer) return;
          const name = answer.user?.name;
          await result.finish(() =>
            appleSignIn.mutateAsync({
              id_token: answer.authorization.id_token,
              nonce,
              ...(name?.firstName ? { first_name: name.firstName } : {}),
              ...(name?.lastName ? { last_name: name.lastName } : {}),
            }),
          );
        } finally {
          setBusy(false);
        }
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
        <path d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.3-.9-1.7 0-3.3 1-4.2 2.5-1.8 3.1-.5 7.7 1.3 10.2.8 1.2 1.8 2.6 3.1 2.6 1.2 0 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8-.1 0-2.6-1-2.6-4.2zM13.9 4.9c.7-.8 1.1-1.9 1-3-1 0-2.1.6-2.8 1.4-.6.7-1.2 1.8-1 2.9 1 .1 2.1-.5 2.8-1.3z" />
      </svg>
      {t("apple")}
    </Button>
  );
}

/** Google and Apple sign-in, each shown only when its client id is configured. */
export function SocialLogin({ onError }: { onError: ErrorSink }) {
  const t = useTranslations("auth.social");
  const [googleScriptFailed, setGoogleScriptFailed] = useState(false);
  if (!GOOGLE_CLIENT_ID && !APPLE_CLIENT_ID) return null;
  return (
    <div className="mt-6">
      <p className="relative mb-4 text-center text-xs text-ink-faint before:absolute before:inset-x-0 before:top-1/2 before:-z-0 before:border-t before:border-surface-line">
        <span className="relative bg-surface px-2">{t("or")}</span>
      </p>
      <div className="grid gap-3">
        {googleScriptFailed ? <Alert tone="error">{t("googleScriptError")}</Alert> : null}
        {GOOGLE_CLIENT_ID && !googleScriptFailed ? (
          <GoogleOAuthProvider clientId={GOOGLE_CLIENT_ID} onScriptLoadError={() => setGoogleScriptFailed(true)}>
            <GoogleButton onError={onError} />
          </GoogleOAuthProvider>
        ) : null}
        {APPLE_CLIENT_ID ? <AppleButton onError={onError} /> : null}
      </div>
    </div>
  );
}
