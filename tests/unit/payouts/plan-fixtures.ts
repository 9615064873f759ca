import type { AdminPlan } from "@/lib/api/admin-payouts";

/** The gold plan as the back office edits it: 5,000,000 Rials for 30 days, 4 withdrawals and 10 invitations. */
export function goldPlan(overrides: Partial<AdminPlan> = {}): AdminPlan {
  return {
    id: "0190f0a0-0000-7000-8000-0000000000f1",
    code: "gold",
    names: { "fa-IR": "طلایی", "en-US": "Gold", "tr-TR": "Altın", "ar-AE": "ذهبي" },
    price: 5_000_000,
    period_days: 30,
    withdrawals_per_period: 4,
    invitations_per_period: 10,
    retention_days: null,
    daily_task_bonus: 5,
    active: false,
    sort_order: 3,
    ...overrides,
  };
}
