// The onboarding feature's front door: getting started, read across the other features (nothing imports it back).
export { checklistOf } from "@/server/onboarding/checklist";
