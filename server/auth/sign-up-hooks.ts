import type { Ctx, TxCtx } from "@/server/core/context";

/**
 * What a higher feature does when someone registers, in the transaction that creates (or completes)
 * the account: invitations marks the invitation that brought them. Registered at the composition root
 * (server/root.ts), so auth imports no feature above it.
 */
export type SignUpHook = (
  ctx: TxCtx & Pick<Ctx, "now">,
  input: { user: { id: string; phone: string | null }; code?: string },
) => Promise<void>;

const hooks: SignUpHook[] = [];

/** Adds a sign-up hook (the same function twice counts once). */
export function onSignUp(hook: SignUpHook): void {
  if (!hooks.includes(hook)) hooks.push(hook);
}

/** Runs every sign-up hook, in the order they were added. */
export async function signedUp(ctx: TxCtx & Pick<Ctx, "now">, input: { user: { id: string; phone: string | null }; code?: string }) {
  for (const hook of hooks) await hook(ctx, input);
}
