"use client";
import { create } from "zustand";
import { persist } from "zustand/middleware";
import type { Locale } from "@/lib/i18n/locales";

/** SPEC §3 global client state. Only userChoosenLang is persisted (the cookie is the server's copy). */
export type PageInfo = { meta_title: string; meta_description: string; og_image: string | null } | null;
export type IpInfo = { country_code: string | null } | null;

type UiState = {
  isMobileNavOpen: boolean;
  HomepageSwitchButton: 1 | 2;
  campaignSwitchButton: 1 | 2;
  pageInfo: PageInfo;
  ipInfo: IpInfo;
  isLangModalOpen: boolean;
  userChoosenLang: Locale | null;
  setMobileNavOpen(open: boolean): void;
  setHomepageSwitchButton(value: 1 | 2): void;
  setCampaignSwitchButton(value: 1 | 2): void;
  setPageInfo(info: PageInfo): void;
  setIpInfo(info: IpInfo): void;
  setLangModalOpen(open: boolean): void;
  setUserChoosenLang(locale: Locale): void;
};

export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      isMobileNavOpen: false,
      HomepageSwitchButton: 1,
      campaignSwitchButton: 1,
      pageInfo: null,
      ipInfo: null,
      isLangModalOpen: false,
      userChoosenLang: null,
      setMobileNavOpen: (isMobileNavOpen) => set({ isMobileNavOpen }),
      setHomepageSwitchButton: (HomepageSwitchButton) => set({ HomepageSwitchButton }),
      setCampaignSwitchButton: (campaignSwitchButton) => set({ campaignSwitchButton }),
      setPageInfo: (pageInfo) => set({ pageInfo }),
      setIpInfo: (ipInfo) => set({ ipInfo }),
      setLangModalOpen: (isLangModalOpen) => set({ isLangModalOpen }),
      setUserChoosenLang: (userChoosenLang) => set({ userChoosenLang }),
    }),
    { name: "takapoo-ui", partialize: (state) => ({ userChoosenLang: state.userChoosenLang }) },
  ),
);
