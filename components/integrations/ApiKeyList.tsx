"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useId } from "react";
import { Alert } from "@/components/ui/Alert";
import { EmptyState } from "@/components/ui/EmptyState";
import { SectionCard } from "@/components/ui/FormCard";
import { QueryView } from "@/components/ui/QueryView";
import { StatusLabel } from "@/components/ui/StatusPill";
import { apiKeyTones } from "@/components/ui/status-badges";
import { useApiKeys, useRevokeApiKey, type ApiKeyView } from "@/lib/api/integrations";
import { useFailureText } from "@/lib/forms/use-api-form";
import { API_KEYS_MAX } from "@/lib/schemas/integrations";
import { ConfirmAction } from "./ConfirmAction";
import { Ltr } from "./Ltr";

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
  return (
    <div className="grid gap-2">
      <ConfirmAction
        label={t("button")}
        question={t("confirm", { name: apiKey.name })}
        yes={t("yes")}
        no={t("no")}
        busy={revoke.isPending}
        disabled={apiKey.state === "revoked"}
        describedBy={nameId}
        onOpen={() => revoke.reset()}
        onConfirm={(close) => revoke.mutate(apiKey.id, { onSettled: close })}
      />
      {revoke.isError ? <Alert tone="error">{failure(revoke.error)}</Alert> : null}
    </div>
  );
}
