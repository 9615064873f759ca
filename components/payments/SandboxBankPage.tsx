"use client";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { TextField } from "@/components/ui/Field";
import { ApiError } from "@/lib/api/client";
import { useApiClient } from "@/lib/api/use-api-client";
import { useFailureText } from "@/lib/forms/use-api-form";
import { sandboxPaymentApi, type SandboxPayment } from "@/lib/api/payments";
import { useMoney } from "@/lib/format/money";
import { Link } from "@/lib/i18n/link";
import { SkeletonLines } from "@/components/ui/Skeleton";

type Load =
  { state: "loading" } | { state: "ready"; payment: SandboxPayment } | { state: "missing" } | { state: "error"; network: boolean };

/**
 * The test gateway's simulated bank page (SPEC §9): plainly marked as a test, shows the amount,
 * takes any card details (never sent) and reports "pay" or "cancel" to the API, which sends the
 * browser back to our callback.
 */
export function SandboxBankPage({ authority }: { authority: string }) {
  const t = useTranslations("sandboxBank");
  const tf = useTranslations("forms");
  const tc = useTranslations("common");
  const api = useApiClient();
  const sandbox = useMemo(() => sandboxPaymentApi(api), [api]);
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    sandbox.load(authority, controller.signal).then(
      (payment) => setLoad({ state: "ready", payment }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 422))
          setLoad({ state: "missing" });
        else setLoad({ state: "error", network: error instanceof ApiError && error.status === 0 });
      },
    );
    return () => controller.abort();
  }, [authority, sandbox, attempt]);

  const retry = useCallback(() => {
    setLoad({ state: "loading" });
    setAttempt((n) => n + 1);
  }, []);

  return (
    <div className="mx-auto grid w-full max-w-lg gap-5 px-4 py-8 sm:py-12">
      <div
        role="note"
        aria-labelledby="sandbox-banner-title"
        className="rounded-card border-2 border-dashed border-amber-500 bg-amber-50 p-4 text-amber-900"
      >
        <p id="sandbox-banner-title" className="flex items-center gap-2 text-base font-black">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M10 3l8 14H2L10 3z" strokeLinejoin="round" />
            <path d="M10 8v4m0 2.5v.5" strokeLinecap="round" />
          </svg>
          {t("banner")}
        </p>
        <p className="mt-1 text-sm leading-6">{t("bannerBody")}</p>
      </div>

      <section aria-labelledby="page-title" className="grid gap-5 rounded-card bg-surface p-5 shadow-card sm:p-6">
        <h1 id="page-title" className="text-xl font-bold text-ink">
          {t("title")}
        </h1>
        {load.state === "loading" ? (
          <SkeletonLines lines={4} />
        ) : load.state === "missing" ? (
          <div className="grid gap-4">
            <Alert tone="error">{t("notFound")}</Alert>
            <BackLink />
          </div>
        ) : load.state === "error" ? (
          <div className="grid justify-items-start gap-3">
            <Alert tone="error" className="w-full">
              {load.network ? tf("networkError") : t("loadError")}
            </Alert>
            <Button type="button" variant="secondary" onClick={retry}>
              {tc("retry")}
            </Button>
          </div>
        ) : (
          <Payment payment={load.payment} decide={sandbox.decide} />
        )}
      </section>
    </div>
  );
}

function BackLink() {
  const tc = useTranslations("common");
  return (
    <Link href="/dashboard" className="text-sm font-semibold text-brand-700 hover:underline">
      {tc("backDashboard")}
    </Link>
  );
}

function Payment({ payment, decide }: { payment: SandboxPayment; decide: ReturnType<typeof sandboxPaymentApi>["decide"] }) {
  const t = useTranslations("sandboxBank");
  const failureText = useFailureText();
  const meta = useTranslations("meta");
  const money = useMoney();
  const [busy, setBusy] = useState<"pay" | "cancel" | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = payment.status === "pending";

  const send = async (decision: "pay" | "cancel") => {
    setBusy(decision);
    setError(null);
    try {
      const { redirect_url } = await decide(payment.authority, decision);
      setLeaving(true);
      window.location.href = redirect_url;
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 404) setError(t("alreadyDecided"));
      else setError(failureText(caught));
      setBusy(null);
    }
  };

  return (
    <div className="grid gap-5">
      <dl className="grid gap-2 rounded-lg bg-surface-sunken p-4 text-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <dt className="text-ink-muted">{t("merchant")}</dt>
          <dd className="font-semibold text-ink">{meta("brand")}</dd>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <dt className="text-ink-muted">{t("amount")}</dt>
          <dd className="grid justify-items-end text-end">
            <span className="text-lg font-bold tabular-nums text-ink" data-testid="sandbox-amount">
              {money(payment.amount)}
            </span>
            <span className="text-xs text-ink-muted">{money.words(payment.amount)}</span>
          </dd>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <dt className="text-ink-muted">{t("authority")}</dt>
          <dd dir="ltr" className="min-w-0 font-mono text-xs text-ink [overflow-wrap:anywhere]">
            {payment.authority}
          </dd>
        </div>
      </dl>

      {open ? (
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void send("pay");
          }}
        >
          <fieldset disabled={busy !== null || leaving} className="grid gap-4">
            <legend className="mb-1 text-sm font-semibold text-ink">{t("cardLegend")}</legend>
            {/* Fake fields: no name attribute and autocomplete off, so neither the browser nor the form sends or stores them. */}
            <TextField
              label={t("cardNumber")}
              inputMode="numeric"
              autoComplete="off"
              ltr
              maxLength={19}
              placeholder="6037 9900 0000 0000"
            />
            <div className="grid grid-cols-2 gap-3">
              <TextField label={t("expiry")} inputMode="numeric" autoComplete="off" ltr maxLength={5} placeholder="12/08" />
              <TextField label={t("cvv2")} inputMode="numeric" autoComplete="off" ltr maxLength={4} placeholder="123" />
            </div>
            <p className="text-xs leading-5 text-ink-muted">{t("cardHint")}</p>
          </fieldset>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" busy={busy === "pay"} disabled={busy !== null || leaving} className="sm:flex-1">
              {t("pay")}
            </Button>
            <Button
              type="button"
              variant="secondary"
              busy={busy === "cancel"}
              disabled={busy !== null || leaving}
              onClick={() => void send("cancel")}
              className="sm:flex-1"
            >
              {t("cancel")}
            </Button>
          </div>
          {leaving ? (
            <p className="text-center text-sm text-ink-muted" role="status">
              {t("returning")}
            </p>
          ) : null}
        </form>
      ) : (
        <div className="grid gap-4">
          <Alert tone="info">{t("settled")}</Alert>
          <BackLink />
        </div>
      )}
    </div>
  );
}
