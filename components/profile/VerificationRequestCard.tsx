"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { ApiError } from "@/lib/api/client";
import { meKeys, type Me } from "@/lib/api/me";
import { useFailureText } from "@/lib/forms/use-api-form";
import { badgeStateOf, canRequestVerification, missingForVerification } from "@/lib/profile/identity";
import { CARD_TYPES, useRequestIdentityVerification } from "@/lib/api/identity-card";
import { CARD_MAX_BYTES, CARD_MAX_PIXELS } from "@/lib/schemas/profile";
import { IdentityCardThumbnail } from "./IdentityCardThumbnail";

type Chosen = { file: File; url: string | null };

/** SPEC §5: a request needs every detail filled in and saved, and a photo of the national ID card. */
export function VerificationRequestCard({ me }: { me: Me }) {
  const t = useTranslations("profile.verification");
  const fields = useTranslations("profile.fields");
  const apiErrors = useTranslations("api.errors");
  const failureText = useFailureText();
  const format = useFormatter();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const request = useRequestIdentityVerification();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [status, setStatus] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const chosenUrl = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (chosenUrl.current) URL.revokeObjectURL(chosenUrl.current);
    },
    [],
  );

  const state = badgeStateOf(me.identity_status);
  const missing = missingForVerification(me);
  const open = canRequestVerification(me.identity_status);

  const choose = (file: File | null) => {
    if (chosenUrl.current) URL.revokeObjectURL(chosenUrl.current);
    chosenUrl.current = null;
    setStatus(null);
    setFileError(null);
    if (!file) {
      setChosen(null);
      return;
    }
    if (!(CARD_TYPES as readonly string[]).includes(file.type)) setFileError(apiErrors("upload_unsupported"));
    else if (file.size > CARD_MAX_BYTES) setFileError(apiErrors("upload_too_large"));
    const url =
      typeof URL.createObjectURL === "function" && (CARD_TYPES as readonly string[]).includes(file.type) ? URL.createObjectURL(file) : null;
    chosenUrl.current = url;
    setChosen({ file, url });
  };

  const clear = () => {
    choose(null);
    if (input.current) input.current.value = "";
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) {
      setFileError(apiErrors("upload_missing"));
      input.current?.focus();
      return;
    }
    if (fileError || missing.length > 0) return;
    setStatus(null);
    try {
      const result = await request.mutateAsync(chosen.file);
      clear();
      setStatus({ tone: "success", text: result.message });
    } catch (error) {
      // The server saw something missing that this page did not: load the profile again to list it.
      if (error instanceof ApiError && (error.code === "profile_incomplete" || error.status === 409))
        void queryClient.invalidateQueries({ queryKey: meKeys.all });
      setStatus({ tone: "error", text: failureText(error) });
    }
  };

  const describedBy = [`${inputId}-hint`, fileError ? `${inputId}-error` : null].filter(Boolean).join(" ");

  return (
    <Card title={t("title")} id="profile-verification">
      <p className="-mt-2 mb-4 text-sm leading-6 text-ink-muted">{t("description")}</p>

      {status?.tone === "success" ? (
        <Alert tone="success" className="mb-4">
          {status.text}
        </Alert>
      ) : null}

      {state === "verified" ? <Alert tone="success">{t("verifiedBody")}</Alert> : null}
      {state === "pending" ? (
        <Alert tone="info">
          <p>{t("pendingBody")}</p>
          {me.identity_requested_at ? (
            <p className="mt-1 text-xs">{t("requestedAt", { date: format.dateTime(new Date(me.identity_requested_at), "date") })}</p>
          ) : null}
        </Alert>
      ) : null}
      {state === "failed" ? (
        <Alert tone="error" className="mb-4">
          <p className="font-semibold">{t("failedTitle")}</p>
          {me.identity_rejection_reason ? <p>{t("failedReason", { reason: me.identity_rejection_reason })}</p> : null}
          <p>{t("failedBody")}</p>
        </Alert>
      ) : null}

      {me.has_identity_card && !open ? (
        <figure className="mt-4">
          <IdentityCardThumbnail alt={t("current")} version={me.identity_status} />
          <figcaption className="mt-1 text-xs text-ink-muted">{t("current")}</figcaption>
        </figure>
      ) : null}

      {open ? (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <ul className="grid gap-1.5 text-sm leading-6 text-ink-muted" aria-label={t("requirementsTitle")}>
            <li>• {t("requirementDetails")}</li>
            <li>• {t("requirementCard")}</li>
            <li>• {t("requirementPhone")}</li>
          </ul>

          {missing.length > 0 ? (
            <div
              className="rounded-lg border border-accent-500/40 bg-amber-50 p-3 text-sm text-accent-700"
              data-testid="verification-missing"
            >
              <p className="font-semibold">{t("missingTitle", { count: missing.length })}</p>
              <ul className="mt-1 list-inside list-disc">
                {missing.map((field) => (
                  <li key={field}>{fields(field)}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="text-sm text-success-600">{t("missingNone")}</p>
          )}

          <div>
            <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-ink">
              {t("cardLabel")}
            </label>
            <input
              ref={input}
              id={inputId}
              type="file"
              name="card"
              accept={CARD_TYPES.join(",")}
              disabled={missing.length > 0 || request.isPending}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
              className="block w-full text-sm text-ink-muted file:me-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2.5 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100 disabled:opacity-60"
            />
            <p id={`${inputId}-hint`} className="mt-1 text-xs text-ink-muted">
              {t("cardHint", { size: CARD_MAX_BYTES / (1024 * 1024), pixels: CARD_MAX_PIXELS })}
            </p>
            {fileError ? (
              <p id={`${inputId}-error`} className="mt-1 text-sm text-danger-600" role="alert">
                {fileError}
              </p>
            ) : null}
          </div>

          {chosen?.url && !fileError ? (
            <figure className="flex items-start gap-3">
              {/* A local blob: preview; next/image has nothing to optimise here. */}
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img
                src={chosen.url}
                alt={t("preview")}
                className="h-28 w-auto max-w-[70%] rounded-lg border border-surface-line object-contain"
                onLoad={(event) => {
                  const image = event.currentTarget;
                  if (image.naturalWidth > CARD_MAX_PIXELS || image.naturalHeight > CARD_MAX_PIXELS)
                    setFileError(apiErrors("upload_too_many_pixels"));
                }}
              />
              <Button type="button" variant="ghost" onClick={clear}>
                {t("remove")}
              </Button>
            </figure>
          ) : null}

          {status?.tone === "error" ? <Alert tone="error">{status.text}</Alert> : null}

          <div>
            <Button type="submit" busy={request.isPending} disabled={missing.length > 0 || Boolean(fileError)}>
              {t("submit")}
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}
