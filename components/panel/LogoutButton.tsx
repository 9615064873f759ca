"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useLogout } from "@/lib/api/auth";
import { getPathname, useRouter } from "@/lib/i18n/navigation";
import { useAuthStore } from "@/stores/auth";
import { PathIcon } from "@/components/ui/MenuLink";

export const LOGOUT_RELOAD_DELAY_MS = 500;

/** SPEC §4 logout: end the session on the server, clear the code step and the Google flag, go to /auth/login, reload after 500 ms. */
export function LogoutButton() {
  const t = useTranslations("panel.menu");
  const router = useRouter();
  const locale = useLocale();
  const logout = useLogout();
  const queryClient = useQueryClient();
  return (
    <button
      type="button"
      onClick={async () => {
        await logout.mutateAsync().catch(() => undefined);
        useAuthStore.getState().clear();
        queryClient.clear();
        router.push("/auth/login");
        // The reload loads the login page itself: reloading the current address raced the push (on a
        // slow machine the push had not landed after 500 ms, and the reload stayed on the panel page).
        const login = getPathname({ href: "/auth/login", locale });
        window.setTimeout(() => window.location.assign(login), LOGOUT_RELOAD_DELAY_MS);
      }}
      className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-start text-sm font-medium text-danger-600 hover:bg-red-50"
    >
      <PathIcon
        d="M15 4h3a2 2 0 012 2v12a2 2 0 01-2 2h-3M10 17l5-5-5-5M15 12H4"
        className="h-5 w-5 shrink-0 rtl:-scale-x-100"
        roundJoins={false}
      />
      {t("logout")}
    </button>
  );
}
