"use client";
import { useTranslations } from "next-intl";
import { useEffect, type ReactNode } from "react";
import { Tabs } from "@/components/ui/Tabs";
import { useUiStore } from "@/stores/ui";

/** The tabs' ids, also the anchors of the header's links (/#producers, /#boosters). */
const audiences = ["producers", "boosters"] as const;

/**
 * SPEC §2 switch between producers and boosters (HomepageSwitchButton: 1 producers, 2 boosters): tabs with arrow keys.
 * Each audience's title, lead and points come rendered from the server (AudiencePanel); this shows the chosen one.
 */
export function AudienceSwitch({ producers: producersPanel, boosters: boostersPanel }: { producers: ReactNode; boosters: ReactNode }) {
  const t = useTranslations("landing.switch");
  const selected = useUiStore((s) => s.HomepageSwitchButton);
  const select = useUiStore((s) => s.setHomepageSwitchButton);
  const producers = selected === 1;

  // The header's "For producers" / "For boosters" links (/#producers, /#boosters) pick the tab.
  useEffect(() => {
    const fromHash = () => {
      if (window.location.hash === "#producers") select(1);
      if (window.location.hash === "#boosters") select(2);
    };
    // Next's client navigation to a hash fires no hashchange: follow clicks on those links too.
    const onClick = (event: MouseEvent) => {
      const href = (event.target as Element | null)?.closest?.("a")?.getAttribute("href") ?? "";
      if (href.endsWith("#producers")) select(1);
      if (href.endsWith("#boosters")) select(2);
    };
    fromHash();
    window.addEventListener("hashchange", fromHash);
    document.addEventListener("click", onClick);
    return () => {
      window.removeEventListener("hashchange", fromHash);
      document.removeEventListener("click", onClick);
    };
  }, [select]);
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:py-20" aria-labelledby="audience-title">
      <div className="flex flex-col items-center text-center">
        <p id="audience-label" className="text-sm font-semibold text-ink-muted">
          {t("label")}
        </p>
        <Tabs
          id="audience"
          look="switch"
          values={audiences}
          value={producers ? "producers" : "boosters"}
          onChange={(next) => select(next === "producers" ? 1 : 2)}
          labelledBy="audience-label"
          name={(value) => t(value)}
          tabId={(value) => value}
          panelId={() => "audience-panel"}
        />
      </div>
      <div id="audience-panel" role="tabpanel" aria-labelledby={producers ? "producers" : "boosters"}>
        {producers ? producersPanel : boostersPanel}
      </div>
    </section>
  );
}
