"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { EmptyState } from "@/components/ui/EmptyState";
import { SectionCard } from "@/components/ui/FormCard";
import { QueryView } from "@/components/ui/QueryView";
import { StatusLabel } from "@/components/ui/StatusPill";
import { apiKeyTones } from "@/components/ui/status-badges";
import { useApiKeys, useRevokeApiKey, type ApiKeyView } from "@/lib/api/integrations";
import { useFailureText } from "@/lib/forms/use-api-form";
import { API_KEYS_MAX } from "@/lib/schemas/integrations";

/** The member's keys, each with its use and a way to revoke it; how many count against the limit beside the title. */
export function ApiKeyList() {
  const t = useTranslations("integrations.list");
  const keys = useApiKeys();
  const rows = keys.data ?? [];
  const held = rows.filter((key) => key.state !== "revoked").length;
  return (
    <SectionCard
      id="api-keys"
      title={t("title")}
      aside={
        keys.data ? (
          <span className="text-sm text-ink-muted" data-testid="api-keys-count">
            {t("count", { count: held, max: API_KEYS_MAX })}
          </span>
        ) : undefined
      }
    >
      <QueryView
        query={keys}
        loadError={t("loadError")}
        empty={rows.length === 0 ? <EmptyState testId="api-keys-empty">{t("empty")}</EmptyState> : null}
      >
        <ul className="grid gap-3" data-testid="api-key-list">
          {rows.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} />
          ))}
        </ul>
      </QueryView>
    </SectionCard>
  );
}

/** Text that reads left to right inside a right-to-left page and breaks anywhere rather than widen a phone's page. */
function Ltr({ children }: { children: ReactNode }) {
  return (
    <span dir="ltr" className="font-mono [overflow-wrap:anywhere] [unicode-bidi:isolate]">
      {children}
    </span>
  );
}

/** One key: its name and state, its first characters, what it may do, its dates, its last use and its allow-list. */
function ApiKeyRow({ apiKey }: { apiKey: ApiKeyView }) {
  const t = useTranslations("integrations.list");
  const scopes = useTranslations("integrations.scopes");
  const format = useFormatter();
  const nameId = useId();
  const date = (iso: string, style: "date" | "dateTime" = "date") => <time dateTime={iso}>{format.dateTime(new Date(iso), style)}</time>;
  return (
    <li
      className="grid min-w-0 gap-2 rounded-lg border border-surface-line p-4"
      data-testid="api-key"
      data-state={apiKey.state}
      aria-labelledby={nameId}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <bdi id={nameId} className="min-w-0 font-semibold text-ink [overflow-wrap:anywhere]">
          {apiKey.name}
        </bdi>
        <StatusLabel status={apiKey.state} tones={apiKeyTones} messages="integrations.state" />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-muted">{t("prefix")}</dt>
        <dd className="text-ink">
          <Ltr>{`${apiKey.prefix}…`}</Ltr>
        </dd>
        <dt className="text-ink-muted">{t("scopes")}</dt>
        <dd className="text-ink">{format.list(apiKey.scopes.map((scope) => (scopes.has(scope) ? scopes(scope) : scope)))}</dd>
        <dt className="text-ink-muted">{t("created")}</dt>
        <dd className="text-ink">{date(apiKey.created_at)}</dd>
        <dt className="text-ink-muted">{t("expires")}</dt>
        <dd className="text-ink">{apiKey.expires_at ? date(apiKey.expires_at) : t("noExpiry")}</dd>
        {apiKey.revoked_at ? (
          <>
            <dt className="text-ink-muted">{t("revokedAt")}</dt>
            <dd className="text-ink">{date(apiKey.revoked_at)}</dd>
          </>
        ) : null}
        <dt className="text-ink-muted">{t("lastUsed")}</dt>
        <dd className="text-ink" data-testid="api-key-last-used">
          {apiKey.last_used_at
            ? apiKey.last_used_ip
              ? t.rich("lastUsedFrom", {
                  date: format.dateTime(new Date(apiKey.last_used_at), "dateTime"),
                  address: apiKey.last_used_ip,
                  ltr: (chunks) => <Ltr>{chunks}</Ltr>,
                })
              : date(apiKey.last_used_at, "dateTime")
            : t("neverUsed")}
        </dd>
        <dt className="text-ink-muted">{t("addresses")}</dt>
        <dd className="text-ink">
          {apiKey.ip_allow.length > 0 ? (
            <ul className="grid">
              {apiKey.ip_allow.map((address) => (
                <li key={address}>
                  <Ltr>{address}</Ltr>
                </li>
              ))}
            </ul>
          ) : (
            t("anyAddress")
          )}
        </dd>
      </dl>
      <RevokeKey apiKey={apiKey} nameId={nameId} />
    </li>
  );
}

/** Revoking asks once more, naming the key; a revoked key's button stays, disabled. */
function RevokeKey({ apiKey, nameId }: { apiKey: ApiKeyView; nameId: string }) {
  const t = useTranslations("integrations.revoke");
  const revoke = useRevokeApiKey();
  const failure = useFailureText();
  const [confirming, setConfirming] = useState(false);
  const question = useRef<HTMLDivElement>(null);
  const revoked = apiKey.state === "revoked";

  // The safe answer takes the focus when the question appears.
  useEffect(() => {
    if (confirming) question.current?.querySelector<HTMLButtonElement>("[data-keep]")?.focus();
  }, [confirming]);

  return (
    <div className="grid gap-2">
      {confirming && !revoked ? (
        <div
          ref={question}
          className="grid gap-3 rounded-lg border border-surface-line p-3"
          role="group"
          aria-labelledby={`${nameId}-confirm`}
        >
          <p id={`${nameId}-confirm`} className="text-sm text-ink [overflow-wrap:anywhere]">
            {t("confirm", { name: apiKey.name })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="danger"
              busy={revoke.isPending}
              onClick={() => revoke.mutate(apiKey.id, { onSettled: () => setConfirming(false) })}
            >
              {t("yes")}
            </Button>
            <Button data-keep type="button" variant="secondary" disabled={revoke.isPending} onClick={() => setConfirming(false)}>
              {t("no")}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button
            type="button"
            variant="secondary"
            disabled={revoked}
            aria-describedby={nameId}
            onClick={() => {
              revoke.reset();
              setConfirming(true);
            }}
          >
            {t("button")}
          </Button>
        </div>
      )}
      {revoke.isError ? <Alert tone="error">{failure(revoke.error)}</Alert> : null}
    </div>
  );
}
