import type { InvitationView } from "@/lib/schemas/invitations";
import type { InvitationRow } from "./queries";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The invitation's page on this site, for the inviter to share (the SMS carries the same code). */
export function invitationLink(origin: string, code: string): string {
  return `${origin}/auth/invite/${code}`;
}

export function toInvitationOutput({ invitation, reward, friendVerified }: InvitationRow, origin: string): InvitationView {
  return {
    id: invitation.id,
    link: invitationLink(origin, invitation.code),
    phone: invitation.phone,
    name: invitation.name,
    status: invitation.status,
    invited_at: invitation.createdAt.toISOString(),
    texted: invitation.textOutcome === "sent",
    registered_at: iso(invitation.registeredAt),
    paid_at: iso(invitation.paidAt),
    reward_due_at: iso(invitation.rewardDueAt),
    joined_at: iso(invitation.joinedAt),
    reward: invitation.status === "joined" ? (reward ?? 0) : null,
    no_reward_reason: invitation.noRewardReason === "same_person" ? "same_person" : null,
    reward_waits_for_identity: invitation.status === "paid" && !invitation.noRewardReason && friendVerified === false,
  };
}
