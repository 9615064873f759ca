"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { usePricing, useUpdatePricing } from "@/lib/api/admin";
import { useFailureText } from "@/lib/forms/use-api-form";
import { actionsByNetwork, networks, REFILL_DAYS_MAX } from "@/lib/campaigns/pricing";
import { rialsToToman } from "@/lib/format/money";
import { PRICE_MAX, pricingUpdateInput, type Price, type PricingUpdate } from "@/lib/schemas/campaigns";
import { AdminLoadError, AdminLoading } from "@/components/ui/back-office/AdminStates";
import { ScrollRegion } from "@/components/ui/ScrollRegion";

type Draft = { network: Price["network"]; action: string; price: string; share: string; refill: string };
type Figure = "price" | "share" | "refill";
type RowErrors = Partial<Record<Figure, boolean>>;

const keyOf = (row: { network: string; action: string }) => `${row.network}:${row.action}`;
const toPercent = (share: number) => String(Math.round(share * 10_000) / 100);

/** One row of the contract's PUT admin/pricing: its bounds are the ones checked here, never written again. */
const priceRow = pricingUpdateInput.shape.prices.element.shape;

/** Whole Rials within the contract's bounds: the parsed price or null. */
export function parsePrice(value: string): number | null {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return null;
  const price = Number(text);
  return priceRow.price.safeParse(price).success ? price : null;
}

/** A percentage (up to two decimals) as a share within the contract's bounds (0..1), or null. */
export function parsePercent(value: string): number | null {
  const text = value.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const share = Math.round(Number(text) * 100) / 10_000;
  return priceRow.booster_share.safeParse(share).success ? share : null;
}

/** Whole days of refill guarantee within the contract's bounds (0: none), or null. */
export function parseRefillDays(value: string): number | null {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return null;
  const days = Number(text);
  return priceRow.refill_days.safeParse(days).success ? days : null;
}

/** Prices per action (Rials), the booster's share (%) and the refill guarantee (days), one table per network; Save sends the whole list. */
export function PricingEditor() {
  const t = useTranslations("admin.pricing");
  const query = usePricing();
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{t("heading")}</h1>
        <p className="mt-1 text-sm leading-6 text-ink-muted">{t("intro")}</p>
      </div>
      {query.isPending ? (
        <Card>
          <AdminLoading />
        </Card>
      ) : query.isError ? (
        <Card>
          <AdminLoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </Card>
      ) : (
        <PricingForm prices={query.data} />
      )}
    </div>
  );
}

function PricingForm({ prices }: { prices: Price[] }) {
  const t = useTranslations("admin.pricing");
  const tNetworks = useTranslations("campaigns.networks");
  const format = useFormatter();
  const update = useUpdatePricing();
  const failureText = useFailureText();
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    prices.map((p) => ({
      network: p.network,
      action: p.action,
      price: String(p.price),
      share: toPercent(p.booster_share),
      // An answer without the guarantee (a server from before it) leaves the field empty, and empty sends none: absent keeps it.
      refill: typeof p.refill_days === "number" ? String(p.refill_days) : "",
    })),
  );
  const [errors, setErrors] = useState<Record<string, RowErrors>>({});
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  const actionLabel = (action: string) =>
    t.has(`actions.${action}` as never) ? t(`actions.${action}` as never) : action.replaceAll("_", " ");
  const order = (network: string, action: string) => {
    const list = (actionsByNetwork as Record<string, readonly string[]>)[network] ?? [];
    const index = list.indexOf(action);
    return index === -1 ? list.length : index;
  };

  function change(key: string, field: Figure, value: string) {
    setDrafts((rows) => rows.map((row) => (keyOf(row) === key ? { ...row, [field]: value } : row)));
    setErrors((current) => (current[key]?.[field] ? { ...current, [key]: { ...current[key], [field]: false } } : current));
    setNotice(null);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const found: Record<string, RowErrors> = {};
    const body: PricingUpdate["prices"] = [];
    for (const row of drafts) {
      const price = parsePrice(row.price);
      const share = parsePercent(row.share);
      const keep = row.refill.trim() === "";
      const refill = keep ? undefined : parseRefillDays(row.refill);
      if (price === null || share === null || refill === null)
        found[keyOf(row)] = { price: price === null, share: share === null, refill: refill === null };
      else body.push({ network: row.network, action: row.action, price, booster_share: share, ...(keep ? {} : { refill_days: refill }) });
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setNotice({ tone: "error", text: t("invalid") });
      return;
    }
    try {
      await update.mutateAsync(body);
      setNotice({ tone: "success", text: t("saved") });
    } catch (error) {
      setNotice({ tone: "error", text: failureText(error) });
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate className="grid gap-6">
      {networks.map((network) => {
        const rows = drafts.filter((row) => row.network === network).sort((a, b) => order(network, a.action) - order(network, b.action));
        if (rows.length === 0) return null;
        return (
          <Card key={network} title={tNetworks(network)} id={`pricing-${network}`}>
            <ScrollRegion label={t("caption", { network: tNetworks(network) })}>
              <table className="w-full text-start text-sm sm:min-w-[44rem]">
                <caption className="sr-only">{t("caption", { network: tNetworks(network) })}</caption>
                <thead>
                  <tr className="border-b border-surface-line text-ink-muted">
                    {(["action", "price", "share", "refill"] as const).map((column) => (
                      <th key={column} scope="col" className="px-2 py-2 text-start font-medium sm:px-3">
                        {t(column)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => {
                    const key = keyOf(row);
                    const id = `price-${network}-${row.action}`;
                    const label = actionLabel(row.action);
                    const price = parsePrice(row.price);
                    const rowErrors = errors[key] ?? {};
                    return (
                      <tr key={key} className="border-b border-surface-line align-top last:border-b-0">
                        <th scope="row" className="px-2 py-3 text-start font-semibold text-ink sm:px-3">
                          {label}
                        </th>
                        <NumberCell
                          id={`${id}-rials`}
                          label={t("priceFor", { action: label })}
                          bounds={{ inputMode: "numeric", min: 1, max: PRICE_MAX, step: 1 }}
                          width="w-24 sm:w-full"
                          value={row.price}
                          onChange={(value) => change(key, "price", value)}
                          note={{
                            id: `${id}-toman`,
                            text: price !== null ? t("toman", { amount: format.number(rialsToToman(price)) }) : "\u00a0",
                          }}
                          error={rowErrors.price ? t("priceInvalid") : null}
                        />
                        <NumberCell
                          id={`${id}-share`}
                          label={t("shareFor", { action: label })}
                          bounds={{ inputMode: "decimal", min: 0, max: 100, step: "any" }}
                          width="w-16 sm:w-32"
                          value={row.share}
                          onChange={(value) => change(key, "share", value)}
                          error={rowErrors.share ? t("shareInvalid") : null}
                        />
                        <NumberCell
                          id={`${id}-refill`}
                          label={t("refillFor", { action: label })}
                          bounds={{ inputMode: "numeric", min: 0, max: REFILL_DAYS_MAX, step: 1 }}
                          width="w-16 sm:w-24"
                          value={row.refill}
                          onChange={(value) => change(key, "refill", value)}
                          note={{ id: `${id}-refill-note`, text: parseRefillDays(row.refill) === 0 ? t("refillNone") : "\u00a0" }}
                          error={rowErrors.refill ? t("refillInvalid", { max: format.number(REFILL_DAYS_MAX) }) : null}
                        />
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollRegion>
          </Card>
        );
      })}
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <div>
        <Button type="submit" busy={update.isPending} disabled={update.isPending}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}

/**
 * One figure of a price row: a number input labelled for its action, the note under it (the price in
 * Toman), and its error, each tied to the input for screen readers.
 */
function NumberCell({
  id,
  label,
  bounds,
  width,
  value,
  onChange,
  note,
  error,
}: {
  id: string;
  label: string;
  bounds: { inputMode: "numeric" | "decimal"; min: number; max: number; step: number | "any" };
  width: string;
  value: string;
  onChange: (value: string) => void;
  note?: { id: string; text: string };
  error: string | null;
}) {
  const errorId = `${id}-error`;
  return (
    <td className="px-2 py-3 sm:px-3">
      <input
        id={id}
        type="number"
        {...bounds}
        dir="ltr"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={[note?.id, error ? errorId : null].filter(Boolean).join(" ") || undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`block rounded-lg border bg-surface px-3 py-2 text-base tabular-nums text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 ${width} ${error ? "border-danger-500" : "border-surface-line"}`}
      />
      {note ? (
        <p id={note.id} className="mt-1 text-xs text-ink-muted">
          {note.text}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-danger-600">
          {error}
        </p>
      ) : null}
    </td>
  );
}
