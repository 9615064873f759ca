import type { Ctx, TxCtx } from "@/server/core/context";

/**
 * What a higher feature does when someone buys a plan, in the purchase's transaction: invitations pays
 * the invitation that brought a friend to their first plan. Registered at the composition root
 * (server/root.ts), so payouts imports no feature above it.
 */
export type PlanBoughtHook = (ctx: TxCtx & Pick<Ctx, "now">, input: { buyerId: string }) => Promise<void>;

const hooks: PlanBoughtHook[] = [];

/** Adds a plan-bought hook (the same function twice counts once). */
export function onPlanBought(hook: PlanBoughtHook): void {
  if (!hooks.includes(hook)) hooks.push(hook);
}

/** Runs every plan-bought hook, in the order they were added. */
export async function planBought(ctx: TxCtx & Pick<Ctx, "now">, input: { buyerId: string }): Promise<void> {
  for (const hook of hooks) await hook(ctx, input);
}
