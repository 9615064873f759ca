"use client";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { useWalletLabels } from "@/components/ui/labels";
import type { Quote } from "@/lib/api/campaigns";
import type { Gateway } from "@/lib/api/payments";
import { useMoney } from "@/lib/format/money";
import { CHARGE_MAX_RIALS, CHARGE_MIN_RIALS } from "@/lib/schemas/wallet";

/**
 * The wallet does not cover the total (item 6 of issue 14): the two ways on, right above the confirm
 * button — charge exactly what is missing (at least the smallest charge) through a gateway and come
 * back to this form as it is, or pay the whole total through a gateway instead.
 */
export function ShortWallet({
  quote,
  gateways,
  busy,
  failed,
  onCharge,
  onPayByGateway,
}: {
  quote: Quote;
  gateways: readonly Gateway[];
  busy: boolean;
  failed: boolean;
  onCharge: (gateway: string, amount: number) => void;
  onPayByGateway: (gateway: string) => void;
}) {
  const t = useTranslations("campaigns.create.short");
  const money = useMoney();
  const labels = useWalletLabels();
  const missing = quote.remaining;
  const chargeAmount = Math.max(missing, CHARGE_MIN_RIALS);
  const canCharge = chargeAmount <= CHARGE_MAX_RIALS;
  return (
    <div className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm" data-testid="short-wallet" role="status">
      <p className="font-semibold text-ink">{t("title", { missing: money(missing) })}</p>
      <p className="leading-6 text-ink-muted">{t("body", { balance: money(quote.wallet_covers), total: money(quote.total) })}</p>
      {gateways.length === 0 ? <p className="leading-6 text-ink-muted">{t("noGateway")}</p> : null}
      {gateways.map((gateway) => (
        <div key={gateway.id} className="grid gap-2">
          {canCharge ? (
            <Button type="button" busy={busy} onClick={() => onCharge(gateway.id, chargeAmount)}>
              {t("charge", { amount: money(chargeAmount), gateway: labels.kind(gateway.kind) })}
            </Button>
          ) : null}
          <Button type="button" variant="secondary" disabled={busy} onClick={() => onPayByGateway(gateway.id)}>
            {t("payByGateway", { total: money(quote.total), gateway: labels.kind(gateway.kind) })}
          </Button>
        </div>
      ))}
      {canCharge && chargeAmount > missing ? (
        <p className="leading-6 text-ink-muted">{t("chargeMinimum", { min: money(CHARGE_MIN_RIALS) })}</p>
      ) : null}
      {failed ? <Alert tone="error">{t("chargeFailed")}</Alert> : null}
    </div>
  );
}
