import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SentryExample } from "@/components/errors/SentryExample";
import { renderWithProviders } from "../render-with-providers";
import { answerWith, jsonResponse } from "../support/msw";

afterEach(() => vi.unstubAllGlobals());

// The example's API error is its point: one press is one request (the client's retry of a failed
// GET sent it twice, and reported two errors).
describe("Sentry example page", () => {
  it("one press of the API button sends one request and says it failed", async () => {
    const fetchMock = answerWith(() => jsonResponse(500, { error: { code: "internal", message: "x", request_id: "r" } }));
    renderWithProviders(<SentryExample enabled />);
    fireEvent.click(screen.getByRole("button", { name: /API/i }));
    await waitFor(() => expect(screen.getByRole("status")).not.toBeEmptyDOMElement());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
