import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/client";
import { applyServerErrors } from "@/lib/forms/server-errors";

describe("applyServerErrors", () => {
  it("puts a 422's messages on the fields it names, and says the form's line only when it adds something", () => {
    const setError = vi.fn();
    const sameWords = new ApiError(422, "otp_incorrect", "The code is incorrect.", { code: "The code is incorrect." });
    expect(applyServerErrors(sameWords, setError, ["code"], "Something went wrong.")).toBe("");
    expect(setError).toHaveBeenCalledWith("code", { type: "server", message: "The code is incorrect." });

    const summary = new ApiError(422, "validation_failed", "The information you entered is incorrect.", { email: "Enter a valid e-mail." });
    expect(applyServerErrors(summary, vi.fn(), ["email"], "Something went wrong.")).toBe("The information you entered is incorrect.");
    // A field the form does not have: the sentence stays the form's.
    expect(applyServerErrors(sameWords, vi.fn(), ["phone"], "Something went wrong.")).toBe("The code is incorrect.");
    expect(applyServerErrors(new ApiError(0, "network", ""), vi.fn(), [], "Something went wrong.")).toBe("Something went wrong.");
  });
});
