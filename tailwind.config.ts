import type { Config } from "tailwindcss";

// Takapoo's design tokens. Loaded by app/globals.css with `@config`.
const config: Config = {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}", "./lib/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eef6ff",
          100: "#d9eaff",
          200: "#bcdaff",
          300: "#8ec2ff",
          400: "#599fff",
          500: "#3479fc",
          600: "#1d59f1",
          700: "#1645dd",
          800: "#1939b3",
          900: "#1a358d",
        },
        accent: { 500: "#f59e0b", 600: "#d97706", 700: "#b45309" },
        ink: { DEFAULT: "#0f172a", muted: "#475569", faint: "#64748b" },
        surface: { DEFAULT: "#ffffff", sunken: "#f8fafc", line: "#e2e8f0" },
        danger: { 500: "#dc2626", 600: "#b91c1c" },
        success: { 500: "#16a34a", 600: "#15803d" },
      },
      fontFamily: {
        sans: ["var(--font-vazirmatn, system-ui)", "system-ui", "-apple-system", "Segoe UI", "Roboto", "sans-serif"],
      },
      borderRadius: { card: "1rem" },
      boxShadow: { card: "0 1px 2px rgb(15 23 42 / 0.06), 0 4px 16px rgb(15 23 42 / 0.06)" },
      zIndex: { progress: "1100", modal: "1000", nav: "900" },
    },
  },
};

export default config;
