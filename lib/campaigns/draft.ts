/**
 * A campaign form kept across a trip to a payment gateway: the create form saves its values under a
 * draft id before charging the wallet, and remembers, for that charge's transaction, the form's path
 * with the draft id; the payment-result page offers the way back and the form restores its values.
 *
 * Everything lives in the tab's sessionStorage (same origin, this tab only, gone when it closes), and
 * the way back is only ever a path this module builds itself — the create form's own — so no address
 * from a query string or a gateway can turn it into an open redirect. Browser-only; safe to call on
 * the server (it does nothing there).
 */

const DRAFT_PREFIX = "takapoo:campaign-draft:";
const RETURN_PREFIX = "takapoo:return-after-payment:";
/** The only path a payment may return to. */
export const CAMPAIGN_FORM_PATH = "/dashboard/campaigns/create";
const DRAFT_ID = /^[0-9a-f-]{8,64}$/i;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function newId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(16)}-${Math.floor(Math.random() * 0xffffffff).toString(16)}`;
}

/** The create form's path that restores draft `id`. */
export function campaignFormPath(draftId: string): string {
  return `${CAMPAIGN_FORM_PATH}?draft=${encodeURIComponent(draftId)}`;
}

/** Saves the form's values; returns the draft's id (null when the browser keeps nothing). */
export function saveCampaignDraft(values: Record<string, unknown>): string | null {
  const store = storage();
  if (!store) return null;
  const id = newId();
  try {
    store.setItem(DRAFT_PREFIX + id, JSON.stringify(values));
    return id;
  } catch {
    return null;
  }
}

/** The values saved under `id`, or null (unknown id, malformed, nothing stored). */
export function loadCampaignDraft(id: string | null | undefined): Record<string, unknown> | null {
  const store = storage();
  if (!store || !id || !DRAFT_ID.test(id)) return null;
  try {
    const parsed: unknown = JSON.parse(store.getItem(DRAFT_PREFIX + id) ?? "null");
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function clearCampaignDraft(id: string): void {
  storage()?.removeItem(DRAFT_PREFIX + id);
}

/** After transaction `transactionId`, the payment-result page offers the way back to draft `draftId`. */
export function rememberReturnAfterPayment(transactionId: string, draftId: string): void {
  try {
    storage()?.setItem(RETURN_PREFIX + transactionId, draftId);
  } catch {
    // Nothing kept: the result page offers its usual ways on.
  }
}

/** The way back after `transactionId`: the create form's own path with a draft that still exists, else null. */
export function returnPathAfterPayment(transactionId: string | null): string | null {
  const store = storage();
  if (!store || !transactionId) return null;
  const draftId = store.getItem(RETURN_PREFIX + transactionId);
  if (!draftId || !loadCampaignDraft(draftId)) return null;
  return campaignFormPath(draftId);
}

/** The draft id in the current address (?draft=<id>) when that draft exists in this tab, else null. */
export function draftIdInLocation(): string | null {
  if (typeof window === "undefined") return null;
  const id = new URLSearchParams(window.location.search).get("draft");
  return id && loadCampaignDraft(id) ? id : null;
}

/** For useSyncExternalStore: sessionStorage and the address do not change under a mounted page. */
export const subscribeNothing = () => () => {};
