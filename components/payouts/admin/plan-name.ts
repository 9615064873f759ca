"use client";
import { useLocale } from "next-intl";
import { useCallback } from "react";
import { useAdminPlans, type AdminPlan } from "@/lib/api/admin-payouts";
import { defaultLocale } from "@/lib/i18n/locales";

/** A plan's name in the page's language, else in Persian (the source every language falls back to), else its code. */
export function planNameIn(plan: Pick<AdminPlan, "code" | "names">, locale: string): string {
  return plan.names[locale]?.trim() || plan.names[defaultLocale]?.trim() || plan.code;
}

/** A plan code (as a payout names it) as that plan's name in the page's language; the code itself while the plans are unknown. */
export function usePlanName() {
  const locale = useLocale();
  const plans = useAdminPlans();
  const list = plans.data;
  return useCallback(
    (code: string) => {
      const plan = list?.find((candidate) => candidate.code === code);
      return plan ? planNameIn(plan, locale) : code;
    },
    [list, locale],
  );
}
