"use client";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useState, type ReactNode } from "react";
import { badgeStateOf } from "@/lib/profile/identity";
import { Alert } from "@/components/ui/Alert";
import { FormPageFrame } from "@/components/ui/FormPageFrame";
import { NumberField } from "@/components/ui/Field";
import { DoneAlert, FormCard, NextStep, SectionCard } from "@/components/ui/FormCard";
import { parseRials } from "@/lib/format/rials";
import { useMe, type Me } from "@/lib/api/me";
import { useMembership, useRequestPayout, type MembershipView } from "@/lib/api/payouts";
import { useWallet, type WalletBalances } from "@/lib/api/payments";
import { useMoney } from "@/lib/format/money";
import { useRequestForm } from "@/lib/forms/use-api-form";
import { useFieldMessage } from "@/lib/forms/use-field-message";
import { PAYOUT_MAX_RIALS, PAYOUT_MIN_RIALS, createPayoutInput } from "@/lib/schemas/payouts";
import { Iban, useBankName } from "@/components/ui/Iban";

/**
 * /dashboard/payouts/Create: the earnings that may be withdrawn, the withdrawals left, the IBAN the money goes to and
 * the amount. Someone who cannot request one (identity, IBAN, membership) is told why and where to fix it instead.
 */
export function CreatePayoutPage() {
  const t = useTranslations("payouts.create");
  const titles = useTranslations("titles");
  const me = useMe();
  const wallet = useWallet();
  const membership = useMembership();
  const queries = [me, wallet, membership];

  return (
    <FormPageFrame
      back={{ href: "/dashboard/payouts", label: t("back") }}
      title={titles("createPayout")}
      intro={t("intro")}
      signIn={me.data === null || wallet.data === null ? { body: t("signIn"), redirect: "/dashboard/payouts/Create" } : null}
      loading={queries.some((query) => query.isPending)}
      failure={
        queries.some((query) => query.isError)
          ? {
              message: t("loadError"),
              onRetry: () => queries.forEach((query) => query.isError && void query.refetch()),
              retrying: queries.some((query) => query.isFetching),
            }
          : null
      }
      width="max-w-3xl"
    >
      {() => <PayoutRequest me={me.data!} balances={wallet.data!} membership={membership.data ?? null} />}
    </FormPageFrame>
  );
}

/** Why no payout can be requested yet, and the one link that fixes it. */
function Blocked({ reason, href, action, testId }: { reason: string; href: string; action: string; testId: string }) {
  const t = useTranslations("payouts.create");
  return <NextStep title={{ id: "blocked", text: t("blockedTitle") }} body={reason} link={{ href, label: action }} testId={testId} />;
}

function PayoutRequest({ me, balances, membership }: { me: Me; balances: WalletBalances; membership: MembershipView | null }) {
  const t = useTranslations("payouts.create");
  // Kept here, not in the form: the request may use the period's last withdrawal, and the form then gives way.
  const [created, setCreated] = useState<string | null>(null);
  if (badgeStateOf(me.identity_status) !== "verified")
    return (
      <Blocked testId="payout-blocked-identity" reason={t("blocked.identity")} href="/dashboard/profile" action={t("blocked.toProfile")} />
    );
  if (!me.iban)
    return <Blocked testId="payout-blocked-iban" reason={t("blocked.iban")} href="/dashboard/profile" action={t("blocked.toProfile")} />;
  // The server answers the date only while it is ahead (iban_payouts_from).
  if (me.iban_payouts_from)
    return (
      <Blocked
        testId="payout-blocked-iban-wait"
        reason={t("blocked.ibanWait", { until: new Date(me.iban_payouts_from) })}
        href="/dashboard/payouts"
        action={t("blocked.toPayouts")}
      />
    );
  if (!membership)
    return (
      <Blocked
        testId="payout-blocked-membership"
        reason={t("blocked.membership")}
        href="/dashboard/payouts#plans"
        action={t("blocked.toPlans")}
      />
    );
  return (
    <>
      <Standing me={me} balances={balances} membership={membership} />
      {created ? <Created message={created} /> : null}
      {membership.withdrawals_left <= 0 ? (
        <Blocked
          testId="payout-blocked-withdrawals"
          reason={t("blocked.withdrawals")}
          href="/dashboard/payouts#plans"
          action={t("blocked.toPlans")}
        />
      ) : (
        <PayoutForm earnings={balances.earnings_balance} onCreated={setCreated} />
      )}
    </>
  );
}

/** What the request draws on and where the money goes. */
function Standing({ me, balances, membership }: { me: Me; balances: WalletBalances; membership: MembershipView }) {
  const t = useTranslations("payouts.create");
  const money = useMoney();
  const bankName = useBankName();
  return (
    <SectionCard id="standing" title={t("standingTitle")}>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Figure label={t("earnings")} testId="payout-earnings">
          {money(balances.earnings_balance)}
        </Figure>
        <Figure label={t("held")}>{money(balances.held_balance)}</Figure>
        <Figure label={t("withdrawalsLeft")}>
          {t("leftOf", { left: membership.withdrawals_left, allowed: membership.withdrawals_allowed })}
        </Figure>
      </dl>
      <p className="text-xs leading-6 text-ink-muted">{t("earningsNote")}</p>
      <dl className="grid gap-2 rounded-lg bg-surface-sunken p-4 text-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <dt className="text-ink-muted">{t("iban")}</dt>
          <dd className="min-w-0 font-semibold text-ink" data-testid="payout-iban">
            <Iban iban={me.iban!} />
          </dd>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <dt className="text-ink-muted">{t("bank")}</dt>
          <dd className="font-semibold text-ink">{bankName(me.bank_name) ?? t("bankUnknown")}</dd>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <dt className="text-ink-muted">{t("owner")}</dt>
          <dd className="min-w-0 font-semibold text-ink" data-testid="payout-iban-owner">
            {me.iban_check.status === "matched"
              ? (me.iban_check.owner_name ?? t("ownerMatched"))
              : me.iban_check.status === "mismatch"
                ? t("ownerMismatch")
                : me.iban_check.status === "format_only"
                  ? t("ownerFormatOnly")
                  : t("ownerUnchecked")}
          </dd>
        </div>
        {me.iban_check.status === "matched" && me.iban_check.owner_name ? (
          <p className="text-xs text-ink-muted">{t("ownerConfirm")}</p>
        ) : null}
      </dl>
    </SectionCard>
  );
}

function Figure({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 rounded-lg bg-surface-sunken px-4 py-3">
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="text-lg font-bold tabular-nums text-ink" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

type Values = { amount: string };

/** The API's "payout request created", with the way to the list. */
function Created({ message }: { message: string }) {
  const t = useTranslations("payouts.create");
  return <DoneAlert message={message} testId="payout-created" link={{ href: "/dashboard/payouts", label: t("toList") }} />;
}

/** The amount (typed in any digits), checked by the contract's schema; the API's answer, translated, either way. */
function PayoutForm({ earnings, onCreated }: { earnings: number; onCreated: (message: string | null) => void }) {
  const t = useTranslations("payouts.create");
  const locale = useLocale();
  const money = useMoney();
  const fieldMessage = useFieldMessage();
  const request = useRequestPayout();

  const prepare = useCallback((values: Values) => ({ amount: parseRials(values.amount, locale) }), [locale]);
  const { form, errors, formError, onSubmit } = useRequestForm<typeof createPayoutInput, Values>(createPayoutInput, {
    prepare,
    defaultValues: { amount: "" },
    send: (input) => request.mutateAsync(input),
    onDone: onCreated,
  });
  const { register } = form;

  return (
    <FormCard
      id="payout-form"
      title={t("formTitle")}
      onSubmit={onSubmit}
      error={formError}
      submit={{ label: request.isPending ? t("submitting") : t("submit"), busy: request.isPending }}
    >
      {earnings < PAYOUT_MIN_RIALS ? <Alert tone="info">{t("lowEarnings", { min: money(PAYOUT_MIN_RIALS) })}</Alert> : null}
      <NumberField
        label={t("amountLabel")}
        spellCheck={false}
        error={fieldMessage(errors.amount?.message)}
        hint={t("amountHint", { min: money(PAYOUT_MIN_RIALS), max: money(PAYOUT_MAX_RIALS) })}
        {...register("amount")}
      />
    </FormCard>
  );
}
