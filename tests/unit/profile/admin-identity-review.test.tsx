import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../render-with-providers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IdentityQueue } from "@/components/profile/admin/IdentityQueue";
import { IdentityReview } from "@/components/profile/admin/IdentityReview";
import type { AdminUser } from "@/lib/api/admin";
import { answerWith } from "../support/msw";
import { adminUser } from "../support/people";

vi.mock("@/lib/i18n/navigation", async () => (await import("../support/navigation")).plainNavigation("/admin/identity"));

const user = adminUser;

type Call = { method: string; path: string; body: unknown };

/** A small stand-in for the admin API: answers the shapes server/admin/routes.ts does. */
function fakeAdminApi(initial: AdminUser[]) {
  const users = new Map(initial.map((u) => [u.id, { ...u }]));
  const calls: Call[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const error = (status: number, code: string, message: string, fields?: Record<string, string>) =>
    json(status, { error: { code, message, ...(fields ? { fields } : {}), request_id: "test" } });

  answerWith(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });

    if (method === "GET" && url.pathname === "/api/admin/identity-requests") {
      const page = Number(url.searchParams.get("page") ?? 1);
      const perPage = Number(url.searchParams.get("per_page") ?? 20);
      const pending = [...users.values()].filter((u) => u.identity_status === "identity_verification_pending");
      return json(200, {
        data: pending.slice((page - 1) * perPage, page * perPage),
        meta: { page, per_page: perPage, total: pending.length },
      });
    }
    const match = /^\/api\/admin\/users\/([^/]+)(\/identity\/(approve|reject))?$/.exec(url.pathname);
    const target = match ? users.get(decodeURIComponent(match[1] ?? "")) : undefined;
    if (!match || !target) return error(404, "not_found", "Not found.");
    if (method === "GET" && !match[2]) return json(200, { data: target });
    if (method === "POST" && match[3]) {
      if (target.identity_status !== "identity_verification_pending")
        return error(409, "identity_not_pending", "This request is not awaiting review.");
      if (match[3] === "approve") {
        target.identity_status = "identity_verified";
        return json(200, { data: { user: target, message: "The identity was approved." } });
      }
      const reason = String((body as { reason?: unknown } | undefined)?.reason ?? "").trim();
      if (reason.length < 3 || reason.length > 500)
        return error(422, "validation_failed", "Invalid.", { reason: "This field is required." });
      target.identity_status = "identity_verification_failed";
      target.identity_rejection_reason = reason;
      return json(200, { data: { user: target, message: "The identity was rejected." } });
    }
    return error(404, "not_found", "Not found.");
  });
  return { calls, users };
}

describe("admin identity review", () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("lists pending requests with name, phone, national ID, date and a review link", async () => {
    const first = user();
    const second = user({ id: "0190f0a0-0000-7000-8000-000000000002", first_name: "Reza", last_name: "Karimi", phone: "+989351112233" });
    const { calls } = fakeAdminApi([
      first,
      second,
      user({ id: "0190f0a0-0000-7000-8000-000000000003", identity_status: "identity_verified" }),
    ]);
    renderWithProviders(<IdentityQueue />);

    expect(await screen.findByRole("rowheader", { name: "Sara Ahmadi" })).toBeInTheDocument();
    expect(screen.getByRole("rowheader", { name: "Reza Karimi" })).toBeInTheDocument();
    expect(screen.getByText("+989351112233")).toHaveAttribute("dir", "ltr");
    expect(screen.getAllByText("0499370899")).toHaveLength(2);
    expect(screen.getByText("2 requests waiting")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Review the request of Reza Karimi" })).toHaveAttribute("href", `/admin/identity/${second.id}`);
    // The request time, in Tehran time (UTC+3:30).
    expect(screen.getAllByText("Feb 1, 2025, 12:30 PM")).toHaveLength(2);
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
    expect(calls[0]).toMatchObject({ method: "GET", path: "/api/admin/identity-requests" });
  });

  it("shows the empty state when nothing is waiting", async () => {
    fakeAdminApi([]);
    renderWithProviders(<IdentityQueue />);
    expect(await screen.findByText("No requests are waiting.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("pages through the queue when there are more requests than fit on a page", async () => {
    fakeAdminApi([user(), user({ id: "0190f0a0-0000-7000-8000-000000000002", first_name: "Reza", last_name: "Karimi" })]);
    renderWithProviders(<IdentityQueue perPage={1} />);
    expect(await screen.findByRole("rowheader", { name: "Sara Ahmadi" })).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByRole("rowheader", { name: "Reza Karimi" })).toBeInTheDocument();
    expect(screen.getByText("Page 2 of 2")).toBeInTheDocument();
  });

  it("shows the profile with a grouped IBAN and the card image", async () => {
    const target = user();
    fakeAdminApi([target]);
    renderWithProviders(<IdentityReview id={target.id} />);
    expect(await screen.findByText("IR06 2960 0000 0010 0324 2000 01")).toHaveAttribute("dir", "ltr");
    expect(screen.getByRole("img", { name: "National ID card of Sara Ahmadi" })).toHaveAttribute(
      "src",
      `/api/admin/users/${target.id}/identity-card`,
    );
    expect(screen.getByRole("link", { name: "Open full size (new tab)" })).toHaveAttribute("target", "_blank");
  });

  it("refuses to reject without a reason and sends nothing", async () => {
    const target = user();
    const { calls } = fakeAdminApi([target]);
    renderWithProviders(<IdentityReview id={target.id} />);
    await screen.findByText("Sara");

    await userEvent.click(screen.getByRole("button", { name: "Reject" }));
    expect(await screen.findByText("Write a reason of 3 to 500 characters.")).toBeInTheDocument();
    expect(screen.getByLabelText("Reason for rejection (shown to the user)")).toHaveAttribute("aria-invalid", "true");

    await userEvent.type(screen.getByLabelText("Reason for rejection (shown to the user)"), "  a ");
    await userEvent.click(screen.getByRole("button", { name: "Reject" }));
    expect(await screen.findByText("Write a reason of 3 to 500 characters.")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("rejects with the reason and shows the server's message", async () => {
    const target = user();
    const { calls } = fakeAdminApi([target]);
    renderWithProviders(<IdentityReview id={target.id} />);
    await screen.findByText("Sara");

    await userEvent.type(screen.getByLabelText("Reason for rejection (shown to the user)"), "The card photo is blurred.");
    await userEvent.click(screen.getByRole("button", { name: "Reject" }));
    expect(await screen.findByText("The identity was rejected.")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      { method: "POST", path: `/api/admin/users/${target.id}/identity/reject`, body: { reason: "The card photo is blurred." } },
    ]);
  });

  it("approves with a POST to the user's approve route and links back to the queue", async () => {
    const target = user();
    const { calls } = fakeAdminApi([target]);
    renderWithProviders(<IdentityReview id={target.id} />);
    await screen.findByText("Sara");

    await userEvent.click(screen.getByRole("button", { name: "Approve identity" }));
    expect(await screen.findByText("The identity was approved.")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      { method: "POST", path: `/api/admin/users/${target.id}/identity/approve`, body: undefined },
    ]);
    for (const link of screen.getAllByRole("link", { name: "Back to the requests" }))
      expect(link).toHaveAttribute("href", "/admin/identity");
    expect(screen.getByText("Identity verified")).toBeInTheDocument();
  });

  it("shows the server's 409 message when someone else decided first", async () => {
    const target = user();
    const { users } = fakeAdminApi([target]);
    renderWithProviders(<IdentityReview id={target.id} />);
    await screen.findByText("Sara");
    users.get(target.id)!.identity_status = "identity_verified";

    await userEvent.click(screen.getByRole("button", { name: "Approve identity" }));
    expect(await screen.findByText("This request is not awaiting review.")).toBeInTheDocument();
    expect(await screen.findByText("This request is no longer awaiting review.")).toBeInTheDocument();
  });

  it("says the section is not available when the admin API answers 404", async () => {
    fakeAdminApi([]);
    renderWithProviders(<IdentityReview id="0190f0a0-0000-7000-8000-00000000dead" />);
    expect(await screen.findByText("Not available")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Approve identity" })).toBeNull());
  });
});
