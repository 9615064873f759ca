"use client";

/**
 * The YouTube IFrame Player API (https://developers.google.com/youtube/iframe_api_reference), loaded
 * once per page from the URL the server gives (tests serve a stand-in), and the few calls the watch
 * page needs. The player replaces a node we create, never one React renders.
 */
export type Player = {
  getCurrentTime(): number;
  getPlayerState(): number;
  destroy(): void;
};
type PlayerConstructor = new (
  host: HTMLElement,
  options: { videoId: string; width?: string; height?: string; playerVars?: Record<string, number>; events?: { onReady?: () => void } },
) => Player;
type YtGlobal = { Player: PlayerConstructor };
type YtWindow = Window & { YT?: YtGlobal; onYouTubeIframeAPIReady?: () => void };

/** YT.PlayerState.PLAYING */
export const PLAYING = 1;

const loading = new Map<string, Promise<YtGlobal>>();

export function loadPlayerApi(url: string): Promise<YtGlobal> {
  const w = window as YtWindow;
  if (w.YT?.Player) return Promise.resolve(w.YT);
  let promise = loading.get(url);
  if (!promise) {
    promise = new Promise<YtGlobal>((resolve, reject) => {
      const previous = w.onYouTubeIframeAPIReady;
      w.onYouTubeIframeAPIReady = () => {
        previous?.();
        if (w.YT?.Player) resolve(w.YT);
        else reject(new Error("YouTube player API loaded without YT.Player"));
      };
      const script = document.createElement("script");
      script.src = url;
      script.async = true;
      script.onerror = () => {
        loading.delete(url);
        script.remove();
        reject(new Error("YouTube player API could not be loaded"));
      };
      document.head.appendChild(script);
    });
    loading.set(url, promise);
  }
  return promise;
}

/** A player for `videoId` inside `container` (in a node of its own); resolves once it is ready. */
export async function createPlayer(container: HTMLElement, url: string, videoId: string): Promise<Player> {
  const YT = await loadPlayerApi(url);
  const host = document.createElement("div");
  container.replaceChildren(host);
  return new Promise<Player>((resolve) => {
    const player: Player = new YT.Player(host, {
      videoId,
      width: "100%",
      height: "100%",
      playerVars: { playsinline: 1, rel: 0 },
      events: { onReady: () => resolve(player) },
    });
  });
}
