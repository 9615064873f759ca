/** The back office's side menu, in order. */
export const adminMenu = [
  {
    href: "/admin/identity",
    key: "identity",
    icon: "M4 6h16v12H4zM8 10a1.5 1.5 0 103 0 1.5 1.5 0 00-3 0M6.5 15a3 3 0 016 0M14 10h4M14 13h3",
  },
] as const;

/** Whether a menu entry is the current page or one of its children; /admin itself shows the first entry. */
export function isActiveAdminEntry(href: string, pathname: string): boolean {
  if (pathname === "/admin" && href === adminMenu[0].href) return true;
  return pathname === href || pathname.startsWith(`${href}/`);
}
