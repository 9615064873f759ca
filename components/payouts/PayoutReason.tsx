"use client";
import { useTranslations } from "next-intl";
import type { PayoutReasonCode } from "@/lib/schemas/enums";

/**
 * Why a payout was denied, failed or returned, in the reader's language: the bank's outcomes by their
 * code (with the provider's own code as a left-to-right detail), an admin's reason in their words.
 * The booster's list, its history and the back office's card all say it this way.
 */
export function PayoutReason({
  code,
  text,
  labelled = false,
  className,
}: {
  code: PayoutReasonCode | null;
  text: string | null;
  /** Prefix an admin's words with "Reason:" (where nothing else says what they are). */
  labelled?: boolean;
  className?: string;
}) {
  const t = useTranslations("payouts.list");
  if (!code && !text) return null;
  if (!code)
    return (
      <span className={className}>
        <bdi>{labelled ? t("reason", { reason: text ?? "" }) : text}</bdi>
      </span>
    );
  return (
    <span className={className} data-reason-code={code}>
      {t(`reasons.${code}`)}
      {text ? (
        <>
          {" "}
          <span className="text-ink-muted">
            {t("reasonDetail")}{" "}
            <bdi dir="ltr" className="font-mono [overflow-wrap:anywhere]">
              {text}
            </bdi>
          </span>
        </>
      ) : null}
    </span>
  );
}
