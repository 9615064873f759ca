"use client";
import { useTranslations } from "next-intl";
import { StatusPill, type StatusTone } from "@/components/ui/StatusPill";
import type { TransactionStatus } from "@/lib/api/wallet";

const tones: Record<TransactionStatus, StatusTone> = { paid: "success", pending: "warning", failed: "danger" };

/** A transaction's status as a coloured label. */
export function StatusBadge({ status }: { status: TransactionStatus }) {
  const t = useTranslations("wallet.status");
  return <StatusPill tone={tones[status]}>{t(status)}</StatusPill>;
}
