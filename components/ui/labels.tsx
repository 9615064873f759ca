"use client";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { StatusPill } from "@/components/ui/StatusPill";
import type { Gateway, Transaction } from "@/lib/api/payments";
import type { Activity } from "@/lib/schemas/activities";
import type { ActivityCheckMethod } from "@/lib/schemas/enums";

/**
 * Words for the codes the API sends (a task's action and check method, a payment's intent, gateway and failure),
 * once: the booster's work, the producer's campaign, the plans and the back office all name them the same way.
 * A code this version does not know shows as it came.
 */

/** "Like", "Watch time" …: the action's name, or the raw value for one this version does not know. */
export function useActionName() {
  const t = useTranslations("campaigns.activities");
  return (activity: Pick<Activity, "action" | "type">) => ({
    action: t.has(`actions.${activity.action}` as never) ? t(`actions.${activity.action}` as never) : activity.action,
    type: t.has(`types.${activity.type}` as never) ? t(`types.${activity.type}` as never) : activity.type,
  });
}

/** How a piece of work is checked: auto-checked, watch session or reviewed (words, never a network's name or logo). */
export function CheckMethodLabel({ method }: { method: ActivityCheckMethod }) {
  const t = useTranslations("earn.check");
  return <StatusPill tone={method === "review" ? "neutral" : "info"}>{t(method)}</StatusPill>;
}

/** Names for what the API sends as codes: intents, gateways, failure reasons. Unknown codes fall back gracefully. */
export function useWalletLabels() {
  const t = useTranslations("wallet");
  const intent = useCallback(
    (code: string) => (t.has(`intents.${code}` as never) ? t(`intents.${code}` as never) : code.replaceAll("_", " ")),
    [t],
  );
  const gateway = useCallback(
    (id: string | null) => (id === null ? null : t.has(`gateways.names.${id}` as never) ? t(`gateways.names.${id}` as never) : id),
    [t],
  );
  const kind = useCallback((gatewayKind: Gateway["kind"]) => t(`gateways.kinds.${gatewayKind}`), [t]);
  const kindBody = useCallback((gatewayKind: Gateway["kind"]) => t(`gateways.kindBodies.${gatewayKind}`), [t]);
  const failure = useCallback(
    (transaction: Pick<Transaction, "status" | "failure_reason">) => {
      if (transaction.status !== "failed") return null;
      const reason = transaction.failure_reason ?? "";
      if (t.has(`failure.${reason}` as never)) return t(`failure.${reason}` as never);
      return t("failure.generic");
    },
    [t],
  );
  return { intent, gateway, kind, kindBody, failure };
}
