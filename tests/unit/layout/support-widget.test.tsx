import { render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SupportWidget } from "@/components/support/SupportWidget";
import { settingsScript, supportWidgetConfig } from "@/lib/support-widget";

describe("support widget configuration", () => {
  afterEach(() => {
    delete process.env.SUPPORT_WIDGET_SRC;
    delete process.env.SUPPORT_WIDGET_SETTINGS;
  });

  it("renders nothing at all when SUPPORT_WIDGET_SRC is unset", () => {
    const { container } = render(<SupportWidget />);
    expect(container.innerHTML).toBe("");
    expect(document.querySelectorAll("script")).toHaveLength(0);
  });

  it("accepts https, loopback http and same-origin paths, nothing else", () => {
    expect(supportWidgetConfig({ SUPPORT_WIDGET_SRC: "https://widget.example/loader.js" })?.src).toBe("https://widget.example/loader.js");
    expect(supportWidgetConfig({ SUPPORT_WIDGET_SRC: "http://127.0.0.1:9/w.js" })?.src).toBe("http://127.0.0.1:9/w.js");
    expect(supportWidgetConfig({ SUPPORT_WIDGET_SRC: "/chat.js" })?.src).toBe("/chat.js");
    expect(supportWidgetConfig({ SUPPORT_WIDGET_SRC: "http://widget.example/w.js" })).toBeNull();
    expect(supportWidgetConfig({ SUPPORT_WIDGET_SRC: "javascript:alert(1)" })).toBeNull();
    expect(supportWidgetConfig({ SUPPORT_WIDGET_SRC: "//evil.example/w.js" })).toBeNull();
    expect(supportWidgetConfig({})).toBeNull();
  });

  it("passes JSON settings through without letting them close the script", () => {
    const config = supportWidgetConfig({ SUPPORT_WIDGET_SRC: "/chat.js", SUPPORT_WIDGET_SETTINGS: '{"theme":"</script><script>x"}' });
    expect(settingsScript(config!.settings!)).toBe('window.SUPPORT_WIDGET_SETTINGS={"theme":"\\u003c/script>\\u003cscript>x"};');
    expect(supportWidgetConfig({ SUPPORT_WIDGET_SRC: "/chat.js", SUPPORT_WIDGET_SETTINGS: "not json" })?.settings).toBeNull();
  });
});
