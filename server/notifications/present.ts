import type { Notification } from "@/server/db/schema";
import type { NotificationView } from "@/lib/schemas/notifications";
import { notificationHref } from "@/lib/notifications/links";

export function toNotificationOutput(row: Notification): NotificationView {
  return {
    id: row.id,
    kind: row.kind,
    params: row.params,
    href: notificationHref(row.kind, row.params),
    created_at: row.createdAt.toISOString(),
    seen_at: row.seenAt?.toISOString() ?? null,
    read_at: row.readAt?.toISOString() ?? null,
  };
}
