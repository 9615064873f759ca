"use client";
import { useTranslations } from "next-intl";
import { useId } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { RadioCard } from "@/components/ui/RadioCard";
import { useWalletLabels } from "@/components/ui/labels";
import { LoadError } from "@/components/ui/LoadError";
import { SkeletonLines } from "@/components/ui/Skeleton";
import { useGateways, useWallet } from "@/lib/api/payments";
import { useMoney } from "@/lib/format/money";
import { useFieldMessage } from "@/lib/forms/use-field-message";

/** How a new campaign is paid: from the wallet (its balance shown) or through one of the configured gateways. */
export function PaymentChoice({
  chosen,
  error,
  registration,
}: {
  chosen: string;
  error: FieldError | undefined;
  registration: UseFormRegisterReturn<"gateway">;
}) {
  const t = useTranslations("campaigns.create");
  const fieldMessage = useFieldMessage();
  const labels = useWalletLabels();
  const money = useMoney();
  const wallet = useWallet();
  const gateways = useGateways();
  const paymentId = useId();
  if (gateways.isPending) return <SkeletonLines lines={2} />;
  if (gateways.isError)
    return <LoadError message={t("gatewaysError")} onRetry={() => void gateways.refetch()} retrying={gateways.isFetching} />;
  const describedBy = error ? `${paymentId}-error` : undefined;
  return (
    <fieldset className="grid gap-3">
      <legend className="sr-only">{t("paymentTitle")}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <RadioCard
          checked={chosen === "wallet"}
          title={t("payWallet")}
          body={wallet.data ? t("walletBalance", { balance: money(wallet.data.wallet_balance) }) : undefined}
          describedBy={describedBy}
          {...registration}
          value="wallet"
        />
        {(gateways.data ?? []).map((gateway) => (
          <RadioCard
            key={gateway.id}
            checked={chosen === gateway.id}
            title={labels.kind(gateway.kind)}
            body={labels.kindBody(gateway.kind)}
            describedBy={describedBy}
            {...registration}
            value={gateway.id}
          />
        ))}
      </div>
      {error ? (
        <p id={`${paymentId}-error`} role="alert" className="text-sm text-danger-600">
          {fieldMessage(error.message)}
        </p>
      ) : null}
    </fieldset>
  );
}
