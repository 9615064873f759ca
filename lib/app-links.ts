/** App-store links for the footer (APP_STORE_URL, GOOGLE_PLAY_URL): https only, each hidden when unset. */
export type AppLinks = { appStore: string | null; googlePlay: string | null };

const httpsUrl = (value: string | undefined): string | null => {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
};

export function appLinksFromEnv(env: Record<string, string | undefined> = process.env): AppLinks {
  return { appStore: httpsUrl(env.APP_STORE_URL), googlePlay: httpsUrl(env.GOOGLE_PLAY_URL) };
}
