/** The back office's side menu, in order. */
export const adminMenu = [
  {
    href: "/admin/identity",
    key: "identity",
    icon: "M4 6h16v12H4zM8 10a1.5 1.5 0 103 0 1.5 1.5 0 00-3 0M6.5 15a3 3 0 016 0M14 10h4M14 13h3",
  },
  {
    href: "/admin/campaigns",
    key: "campaigns",
    icon: "M4 5h16v14H4zM8 9h8M8 13h5M15 15l1.5 1.5L19 14",
  },
  {
    href: "/admin/activities",
    key: "activities",
    icon: "M5 4h14v16H5zM8 9l2 2 4-4M8 15h8",
  },
  {
    href: "/admin/payouts",
    key: "payouts",
    icon: "M3 7h18v10H3zM12 14.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5M6.5 12h.01M17.5 12h.01",
  },
  {
    href: "/admin/memberships",
    key: "memberships",
    icon: "M12 3l2.6 5.3 5.8.8-4.2 4.1 1 5.8L12 16.3 6.8 19l1-5.8-4.2-4.1 5.8-.8z",
  },
  {
    href: "/admin/pricing",
    key: "pricing",
    icon: "M12 3v18M16.5 7.5c0-1.7-2-3-4.5-3s-4.5 1.3-4.5 3 2 2.6 4.5 3 4.5 1.3 4.5 3-2 3-4.5 3-4.5-1.3-4.5-3",
  },
  {
    href: "/admin/youtube",
    key: "youtube",
    icon: "M3 7.5C3 6 4 5 5.5 5h13C20 5 21 6 21 7.5v9c0 1.5-1 2.5-2.5 2.5h-13C4 19 3 18 3 16.5zM10 9v6l5-3z",
  },
  {
    href: "/admin/users",
    key: "people",
    icon: "M9 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7M3 20a6 6 0 0112 0M16 4.5a3.5 3.5 0 010 6.5M21 20a6 6 0 00-4-5.6",
  },
  {
    href: "/admin/audit",
    key: "audit",
    icon: "M6 3h9l4 4v14H6zM9 11h7M9 15h7M9 7h3",
  },
  {
    href: "/admin/pages",
    key: "pages",
    icon: "M7 3h7l5 5v13H7zM14 3v5h5M10 12h6M10 16h6",
  },
] as const;

/** Whether a menu entry is the current page or one of its children; /admin itself shows the first entry. */
export function isActiveAdminEntry(href: string, pathname: string): boolean {
  if (pathname === "/admin" && href === adminMenu[0].href) return true;
  return pathname === href || pathname.startsWith(`${href}/`);
}
