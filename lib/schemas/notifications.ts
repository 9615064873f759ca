import { z } from "zod";
import { dateTime, endpoint, idParam, paging } from "./common";
import { notificationKinds } from "./enums";
import { notificationCategories } from "@/lib/notifications/categories";

/** The inbox's tabs (SPEC §2: all, new, read). */
export const notificationTabs = ["all", "new", "read"] as const;
export type NotificationTab = (typeof notificationTabs)[number];

export const notificationListQuery = z.object({ status: z.enum(notificationTabs, "invalid_value").default("all"), ...paging });

/** OpenAPI component Notification: the kind and its parameters; the page renders them in the reader's language. */
export const notificationOutput = z.object({
  id: z.string().uuid(),
  kind: z.enum(notificationKinds),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  href: z.string().meta({ description: "The page it is about, without the locale (e.g. /dashboard/payouts)" }),
  created_at: dateTime(),
  seen_at: dateTime().nullable(),
  read_at: dateTime().nullable(),
});
export type NotificationView = z.infer<typeof notificationOutput>;

/** The header's count: notifications not yet seen (the page shows 99+ above 99). */
export const notificationCountOutput = z.object({ unseen: z.number().int() });
export type NotificationCount = z.infer<typeof notificationCountOutput>;

export const readAllOutput = z.object({ read: z.number().int(), unseen: z.number().int() });

/** A category's channels as the profile shows them: whether each is on, and whether it may be switched off. */
export const notificationPreferenceOutput = z.object({
  category: z.enum(notificationCategories),
  in_app: z.boolean(),
  in_app_locked: z.boolean().meta({ description: "Money and account notices are always shown in the app" }),
  sms: z.boolean().nullable().meta({ description: "null: this category sends no SMS" }),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceOutput>;

/** PUT me/notification-preferences: the categories switched off, per channel (what may not be switched off is refused). */
export const notificationPreferencesInput = z.object({
  in_app_off: z.array(z.enum(notificationCategories, "invalid_value")).max(10, "invalid_value"),
  sms_off: z.array(z.enum(notificationCategories, "invalid_value")).max(10, "invalid_value"),
});
export type NotificationPreferencesInput = z.input<typeof notificationPreferencesInput>;

/* ---- Endpoints: the routes (server/notifications) and the browser (lib/api/notifications.ts) read these ---- */

export const notificationEndpoints = {
  list: endpoint({ method: "get", path: "/notifications", query: notificationListQuery, response: notificationOutput, list: true }),
  count: endpoint({ method: "get", path: "/notifications/count", response: notificationCountOutput }),
  seen: endpoint({ method: "post", path: "/notifications/seen", response: notificationCountOutput }),
  read: endpoint({ method: "post", path: "/notifications/{id}/read", params: idParam, response: notificationOutput }),
  readAll: endpoint({ method: "post", path: "/notifications/read-all", response: readAllOutput }),
  /** Server-sent events (an EventSource opens it): no JSON answer. */
  stream: endpoint({ method: "get", path: "/notifications/stream", status: 200 }),
  preferences: endpoint({ method: "get", path: "/me/notification-preferences", response: z.array(notificationPreferenceOutput) }),
  setPreferences: endpoint({
    method: "put",
    path: "/me/notification-preferences",
    body: notificationPreferencesInput,
    response: z.array(notificationPreferenceOutput),
  }),
};
