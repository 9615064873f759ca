import type { Locale } from "./locales";
import type faIR from "@/messages/fa-IR.json";

export type Messages = typeof faIR;

const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  "fa-IR": () => import("@/messages/fa-IR.json"),
  "en-US": () => import("@/messages/en-US.json"),
  "tr-TR": () => import("@/messages/tr-TR.json"),
  "ar-AE": () => import("@/messages/ar-AE.json"),
};

export async function loadMessages(locale: Locale): Promise<Messages> {
  return (await loaders[locale]()).default;
}
