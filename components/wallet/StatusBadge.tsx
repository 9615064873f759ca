"use client";
import { useTranslations } from "next-intl";
import type { TransactionStatus } from "@/lib/api/wallet";

const tones: Record<TransactionStatus, string> = {
  paid: "bg-green-50 text-success-600 ring-success-500/30",
  pending: "bg-amber-50 text-amber-800 ring-amber-500/30",
  failed: "bg-red-50 text-danger-600 ring-danger-500/30",
};

/** A transaction's status as a coloured label; the word carries the meaning, the colour only repeats it. */
export function StatusBadge({ status }: { status: TransactionStatus }) {
  const t = useTranslations("wallet.status");
  return (
    <span
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[status]}`}
    >
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-current" />
      {t(status)}
    </span>
  );
}
