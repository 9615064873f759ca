"use client";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { GatewayInfo, Transaction } from "@/lib/api/wallet";

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
  const kind = useCallback((gatewayKind: GatewayInfo["kind"]) => t(`gateways.kinds.${gatewayKind}`), [t]);
  const kindBody = useCallback((gatewayKind: GatewayInfo["kind"]) => t(`gateways.kindBodies.${gatewayKind}`), [t]);
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
