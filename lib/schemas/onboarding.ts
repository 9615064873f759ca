import { z } from "zod";
import { endpoint } from "./common";
import { purposes } from "./enums";

/** The purpose card's form: PATCH me with one field (the contract's own enum). */
export const purposeInput = z.object({ purpose: z.enum(purposes, "purpose_required") });

/** A producer's first steps (issue 34): charge the wallet → first campaign → its approval → first work delivered. */
export const producerSteps = ["charge", "campaign", "approval", "delivery"] as const;
/** A booster's: profile and IBAN → identity card → YouTube → first task → first release → a plan → first payout. */
export const boosterSteps = ["profile", "identity", "youtube", "task", "release", "plan", "payout"] as const;
/** done; waiting (sent, and someone or something else acts next); todo. */
export const stepStates = ["done", "waiting", "todo"] as const;
export type StepState = (typeof stepStates)[number];

const steps = <T extends readonly [string, ...string[]]>(names: T) => z.array(z.object({ step: z.enum(names), state: z.enum(stepStates) }));

/** GET me/checklist: where the caller stands on each side, and this installation's figures for the booster's way. */
export const checklistOutput = z.object({
  purpose: z.enum(purposes).nullable(),
  producer: steps(producerSteps),
  booster: steps(boosterSteps),
  figures: z.object({
    task_reward: z.number().int().meta({ description: "Rials a booster earns for one YouTube like at today's prices" }),
    tasks_per_day: z.number().int().meta({ description: "Tasks the caller may start a day now" }),
    retention_days: z.number().int().meta({ description: "Days an approved reward is held before release" }),
    payout_min: z.number().int().meta({ description: "The smallest payout, Rials" }),
    plan_price: z.number().int().nullable().meta({ description: "The cheapest plan on sale, Rials (null: none on sale)" }),
    first_payout_days: z.number().int().nullable().meta({
      description: "Days from the first task until the smallest payout is released, at the daily allowance (null: likes pay nothing)",
    }),
  }),
});
export type Checklist = z.infer<typeof checklistOutput>;

/* ---- Endpoints: the route (server/onboarding) and the dashboard (lib/api/onboarding.ts) read these ---- */

export const onboardingEndpoints = {
  checklist: endpoint({ method: "get", path: "/me/checklist", response: checklistOutput }),
};
