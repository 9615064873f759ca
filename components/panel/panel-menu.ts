import type { UserRole } from "@/lib/schemas/enums";

/** SPEC §2 panel menu, in order, then the API keys (issue 36). Logout is a button, not a link. */
export const panelMenu = [
  { href: "/dashboard", key: "dashboard", icon: "M3 12l9-8 9 8M5 10v10h5v-6h4v6h5V10" },
  { href: "/dashboard/campaigns", key: "campaigns", icon: "M4 19V9m6 10V5m6 14v-7m4 7H2" },
  { href: "/dashboard/profile", key: "profile", icon: "M12 12a4 4 0 100-8 4 4 0 000 8zm-7 9a7 7 0 0114 0" },
  { href: "/dashboard/wallet", key: "wallet", icon: "M3 7h18v12H3zM3 7l2-3h12l2 3M16 13h2" },
  { href: "/dashboard/earn_money", key: "earnMoney", icon: "M12 3v18M17 7H9.5a2.5 2.5 0 000 5h5a2.5 2.5 0 010 5H6" },
  { href: "/dashboard/payouts", key: "payouts", icon: "M4 10h16M6 10v8m4-8v8m4-8v8m4-8v8M3 20h18M12 3l9 5H3z" },
  { href: "/dashboard/invitations", key: "invitations", icon: "M16 11a4 4 0 10-8 0M3 20a7 7 0 0118 0M19 8v6m3-3h-6" },
  { href: "/dashboard/integrations", key: "integrations", icon: "M12 15a4 4 0 11-8 0 4 4 0 018 0zM10.8 12.2L21 2m-3 3l3 3m-6 0l2 2" },
] as const;

/** The back office's entry, shown only to admins (the /admin pages answer 404 to anyone else). */
export const adminMenuEntry = { href: "/admin", key: "admin", icon: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4" } as const;

/** The entries a user sees: admins get the back office's as well. */
export function panelMenuFor(role: UserRole | null | undefined) {
  return role === "admin" ? [...panelMenu, adminMenuEntry] : [...panelMenu];
}

/** Whether a menu entry is the current page or one of its children (the dashboard only itself). */
export function isActiveMenuEntry(href: string, pathname: string): boolean {
  if (href === "/dashboard") return pathname === "/dashboard";
  return pathname === href || pathname.startsWith(`${href}/`);
}
