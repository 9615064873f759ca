import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Tabs } from "@/components/ui/Tabs";
import { renderWithProviders } from "../render-with-providers";

const VALUES = ["one", "two", "three"] as const;

function Example() {
  const [value, setValue] = useState<(typeof VALUES)[number]>("one");
  return (
    <Tabs id="example" values={VALUES} value={value} onChange={setValue} label="Example" name={(v) => v}>
      <p>panel {value}</p>
    </Tabs>
  );
}

// One Tabs for every list: WAI-ARIA roles and ids, arrows in the reading direction, Home/End.
describe("Tabs", () => {
  it("ties each tab to the one panel and selects with the arrows, left to right in en-US", async () => {
    renderWithProviders(<Example />, "en-US");
    const one = screen.getByRole("tab", { name: "one" });
    expect(screen.getByRole("tablist", { name: "Example" })).toBeInTheDocument();
    expect(one).toHaveAttribute("aria-selected", "true");
    expect(one).toHaveAttribute("id", "example-tab-one");
    expect(one).toHaveAttribute("aria-controls", "example-panel");
    expect(screen.getByRole("tabpanel")).toHaveAttribute("aria-labelledby", "example-tab-one");
    one.focus();
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "two" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "two" })).toHaveFocus();
    expect(screen.getByRole("tabpanel")).toHaveTextContent("panel two");
    await userEvent.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "three" })).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "one" })).toHaveAttribute("aria-selected", "true");
  });

  it("mirrors the arrows in right-to-left fa-IR", async () => {
    renderWithProviders(<Example />, "fa-IR");
    screen.getByRole("tab", { name: "one" }).focus();
    await userEvent.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "two" })).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{Home}");
    expect(screen.getByRole("tab", { name: "one" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "two" })).toHaveAttribute("tabindex", "-1");
  });
});
