/** The server's sentence after creating a campaign, carried to its page across the client-side navigation. */
const messages = new Map<string, string>();

export function setCampaignFlash(id: string, message: string) {
  messages.set(id, message);
}

/** The sentence for `id`, once. */
export function takeCampaignFlash(id: string): string | null {
  const message = messages.get(id) ?? null;
  messages.delete(id);
  return message;
}
