import { describe, expect, it } from "vitest";
import { decideGuard, isGuardedPath, safeRedirectPath } from "@/lib/auth/guard";

describe("the auth-user guard (SPEC §2)", () => {
  it("guards exactly the routes SPEC marks", () => {
    for (const path of [
      "/dashboard",
      "/dashboard/campaigns/create",
      "/dashboard/invitations",
      "/dashboard/invitations/create",
      "/dashboard/integrations",
      "/dashboard/payouts",
      "/dashboard/payouts/Create",
      "/dashboard/profile",
      "/dashboard/wallet",
      "/dashboard/wallet/charge_wallet",
    ]) {
      expect(isGuardedPath(path), path).toBe(true);
    }
    for (const path of [
      "/",
      "/dashboard/campaigns",
      "/dashboard/campaigns/view/1",
      "/dashboard/earn_money",
      "/dashboard/notifications",
      "/dashboard/payment-result",
      "/auth/login",
      "/contact",
    ]) {
      expect(isGuardedPath(path), path).toBe(false);
    }
  });

  it("sends anonymous visitors to log in, in their locale, with the path to return to", () => {
    expect(decideGuard({ pathname: "/dashboard/wallet", search: "", locale: "fa-IR", hasSession: false })).toEqual({
      kind: "redirect",
      location: "/auth/login?redirect=%2Fdashboard%2Fwallet",
    });
    expect(decideGuard({ pathname: "/en-US/dashboard/profile", search: "?tab=bank", locale: "en-US", hasSession: false })).toEqual({
      kind: "redirect",
      location: "/en-US/auth/login?redirect=%2Fdashboard%2Fprofile%3Ftab%3Dbank",
    });
    expect(decideGuard({ pathname: "/dashboard/wallet", search: "", locale: "fa-IR", hasSession: true })).toEqual({ kind: "pass" });
  });

  it("sends logged-in users away from login and register, and leaves the admin area to the admin check", () => {
    expect(decideGuard({ pathname: "/tr-TR/auth/register", search: "", locale: "tr-TR", hasSession: true })).toEqual({
      kind: "redirect",
      location: "/tr-TR/dashboard",
    });
    expect(decideGuard({ pathname: "/auth/forgot_password", search: "", locale: "fa-IR", hasSession: true })).toEqual({ kind: "pass" });
    expect(decideGuard({ pathname: "/ar-AE/admin/identity", search: "", locale: "ar-AE", hasSession: false })).toEqual({
      kind: "admin",
      signIn: null,
    });
  });

  it("a browser an admin signed in on is asked to sign in again at the back office (without the renewal's marker)", () => {
    expect(
      decideGuard({
        pathname: "/en-US/admin/payouts",
        search: "?status=pending&renewed=1",
        locale: "en-US",
        hasSession: false,
        adminHint: true,
      }),
    ).toEqual({ kind: "admin", signIn: "/en-US/auth/login?redirect=%2Fadmin%2Fpayouts%3Fstatus%3Dpending" });
    expect(decideGuard({ pathname: "/admin", search: "?renewed=1", locale: "fa-IR", hasSession: true, adminHint: true })).toEqual({
      kind: "admin",
      signIn: "/auth/login?redirect=%2Fadmin",
    });
  });

  it("follows only redirects to paths on this site", () => {
    expect(safeRedirectPath("/dashboard/profile?x=1")).toBe("/dashboard/profile?x=1");
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null, "/a\u0000b"])
      expect(safeRedirectPath(bad)).toBeNull();
  });
});
