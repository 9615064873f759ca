"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { ApiError } from "@/lib/api/client";
import { usePayCampaignPayment, type Campaign } from "@/lib/api/campaigns";
import type { Transaction } from "@/lib/api/payments";
import { useMoney } from "@/lib/format/money";
import { Link } from "@/lib/i18n/link";

/** A campaign still awaiting payment may be paid from the wallet in place of a gateway payment that did not go through. */
export function canPayFromWallet(campaign: Pick<Campaign, "status">, payment: Pick<Transaction, "status" | "intent">): boolean {
  return campaign.status === "awaiting_payment" && payment.intent === "campaign_creation" && payment.status !== "paid";
}

type Outcome = { tone: "success" | "error"; text: string; chargeWallet: boolean };

/** The state of paying one of a campaign's payments: which one is being confirmed, the call, and what came of it. */
export function usePayFromWallet(campaignId: string) {
  const t = useTranslations("campaigns.payments.pay");
  const mutation = usePayCampaignPayment(campaignId);
  const [target, setTarget] = useState<Transaction | null>(null);
  // The payment the dialog names: kept while the dialog closes, so its text does not change meanwhile.
  const [shown, setShown] = useState<Transaction | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return {
    target,
    shown,
    outcome,
    busy: mutation.isPending,
    /** The payment whose button shows the spinner. */
    payingId: mutation.isPending ? (mutation.variables ?? null) : null,
    ask: (payment: Transaction) => {
      setOutcome(null);
      setShown(payment);
      setTarget(payment);
    },
    cancel: () => {
      if (!mutation.isPending) setTarget(null);
    },
    async confirm() {
      if (!target || mutation.isPending) return;
      try {
        const result = await mutation.mutateAsync(target.id);
        setOutcome({ tone: "success", text: result.message, chargeWallet: false });
      } catch (error) {
        // The server's sentence is already in the page's language (SPEC §8: 401, 403, 404); a network failure gets ours.
        const known = error instanceof ApiError && error.status > 0 && error.message;
        setOutcome({
          tone: "error",
          text: known ? error.message : t("error"),
          chargeWallet: error instanceof ApiError && error.code === "insufficient_funds",
        });
      } finally {
        setTarget(null);
      }
    },
  };
}

export type PayFromWalletFlow = ReturnType<typeof usePayFromWallet>;

/** The row's button; it only asks — the dialog pays. */
export function PayFromWalletButton({ payment, flow }: { payment: Transaction; flow: PayFromWalletFlow }) {
  const t = useTranslations("campaigns.payments.pay");
  const money = useMoney();
  return (
    <Button
      type="button"
      className="px-3 py-1.5 text-xs"
      busy={flow.payingId === payment.id}
      disabled={flow.busy}
      onClick={() => flow.ask(payment)}
      data-testid="pay-from-wallet"
    >
      {t("button")}
      <span className="sr-only">: {money(payment.amount)}</span>
    </Button>
  );
}

/** What the payment came to: the server's sentence, and a way to charge the wallet when it was short. */
export function PayFromWalletOutcome({ flow }: { flow: PayFromWalletFlow }) {
  const t = useTranslations("campaigns.payments.pay");
  const box = useRef<HTMLDivElement>(null);
  // The button that was pressed may be gone (the campaign is paid): the reader is taken to the outcome.
  useEffect(() => {
    if (flow.outcome) box.current?.focus();
  }, [flow.outcome]);
  if (!flow.outcome) return null;
  return (
    <div ref={box} tabIndex={-1} className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-200">
      <Alert tone={flow.outcome.tone}>
        <span data-testid="pay-from-wallet-outcome">{flow.outcome.text}</span>
        {flow.outcome.chargeWallet ? (
          <>
            {" "}
            <Link href="/dashboard/wallet/charge_wallet" className="font-semibold underline">
              {t("chargeWallet")}
            </Link>
          </>
        ) : null}
      </Alert>
    </div>
  );
}

/** The confirmation: a modal dialog (focus kept inside, Escape cancels) naming the amount. */
export function PayFromWalletDialog({ flow }: { flow: PayFromWalletFlow }) {
  const t = useTranslations("campaigns.payments.pay");
  const money = useMoney();
  const dialog = useRef<HTMLDialogElement>(null);
  const open = flow.target !== null;
  const amount = money(flow.shown?.amount ?? 0);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      if (typeof element.showModal === "function") element.showModal();
      else element.setAttribute("open", "");
    }
    if (!open && element.open) {
      if (typeof element.close === "function") element.close();
      else element.removeAttribute("open");
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="pay-from-wallet-title"
      aria-describedby="pay-from-wallet-body"
      onCancel={(event) => {
        // Escape: not while the payment is on its way.
        event.preventDefault();
        flow.cancel();
      }}
      onClose={() => flow.cancel()}
      className="m-auto w-[min(92vw,28rem)] rounded-card bg-surface p-0 text-ink shadow-card backdrop:bg-ink/50"
    >
      <div className="grid gap-4 p-6">
        <h2 id="pay-from-wallet-title" className="text-lg font-bold">
          {t("title")}
        </h2>
        <p id="pay-from-wallet-body" className="text-sm leading-7 text-ink-muted">
          {t("body", { amount })}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          {/* First, so that it has the focus when the dialog opens: paying takes a deliberate step. */}
          <Button type="button" variant="secondary" disabled={flow.busy} onClick={() => flow.cancel()}>
            {t("cancel")}
          </Button>
          <Button type="button" busy={flow.busy} onClick={() => void flow.confirm()}>
            {t("confirm", { amount })}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
