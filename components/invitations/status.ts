import type { StatusTone } from "@/components/ui/StatusPill";
import type { InvitationStatus } from "@/lib/schemas/enums";

/** The colour of each invitation status (the inviter's list, the back office's people view). */
export const invitationTones: Record<InvitationStatus, StatusTone> = {
  pending: "warning",
  registered: "info",
  paid: "info",
  joined: "success",
};
