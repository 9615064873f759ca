"use client";
import { create } from "zustand";
import { persist } from "zustand/middleware";
import type { Locale } from "@/lib/i18n/locales";

/**
 * SPEC §3 global client state. Only userChoosenLang is persisted (the cookie is the server's copy).
 * SPEC's campaignSwitchButton, pageInfo and ipInfo are not kept: nothing read them.
 */
type UiState = {
  isMobileNavOpen: boolean;
  HomepageSwitchButton: 1 | 2;
  isLangModalOpen: boolean;
  userChoosenLang: Locale | null;
  setMobileNavOpen(open: boolean): void;
  setHomepageSwitchButton(value: 1 | 2): void;
  setLangModalOpen(open: boolean): void;
  setUserChoosenLang(locale: Locale): void;
};

export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      isMobileNavOpen: false,
      HomepageSwitchButton: 1,
      isLangModalOpen: false,
      userChoosenLang: null,
      setMobileNavOpen: (isMobileNavOpen) => set({ isMobileNavOpen }),
      setHomepageSwitchButton: (HomepageSwitchButton) => set({ HomepageSwitchButton }),
      setLangModalOpen: (isLangModalOpen) => set({ isLangModalOpen }),
      setUserChoosenLang: (userChoosenLang) => set({ userChoosenLang }),
    }),
    { name: "takapoo-ui", partialize: (state) => ({ userChoosenLang: state.userChoosenLang }) },
  ),
);
