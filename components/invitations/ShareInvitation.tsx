"use client";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/Button";

const noSubscription = () => () => undefined;

/**
 * An invitation's link to pass on by hand: the link itself (left to right, selectable), copy, the
 * phone's share sheet where the browser has one, and a QR code to show on screen. The QR code's
 * encoder (uqr) is fetched only when it is asked for.
 */
export function ShareInvitation({ link, testId = "invitation-share" }: { link: string; testId?: string }) {
  const t = useTranslations("invitations.share");
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<"copied" | "copyFailed" | null>(null);
  const [qr, setQr] = useState(false);
  // False on the server's page (no navigator) and in hydration, so the two renders agree.
  const canShare = useSyncExternalStore(
    noSubscription,
    () => typeof navigator.share === "function",
    () => false,
  );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied("copied");
    } catch {
      // No clipboard (an older browser, or refused): the link selected, for the person to copy.
      input.current?.focus();
      input.current?.select();
      setCopied("copyFailed");
    }
  };
  const share = () =>
    navigator.share({ title: t("shareTitle"), text: t("shareText"), url: link }).catch(() => undefined /* closed by the person */);

  return (
    <div className="grid gap-3 rounded-lg border border-surface-line bg-surface-sunken p-4" data-testid={testId}>
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        {t("title")}
      </label>
      <input
        id={inputId}
        ref={input}
        readOnly
        dir="ltr"
        value={link}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full min-w-0 rounded-lg border border-surface-line bg-surface px-3 py-2 text-sm text-ink"
        data-testid="invitation-link"
      />
      <p className="text-xs leading-6 text-ink-muted">{t("hint")}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          {t("copy")}
        </Button>
        {canShare ? (
          <Button type="button" variant="secondary" onClick={() => void share()}>
            {t("share")}
          </Button>
        ) : null}
        <Button type="button" variant="ghost" aria-expanded={qr} onClick={() => setQr((shown) => !shown)}>
          {qr ? t("hideQr") : t("showQr")}
        </Button>
      </div>
      <p role="status" className="text-sm text-ink" data-testid="invitation-copied">
        {copied ? t(copied) : null}
      </p>
      {qr ? <QrCode text={link} label={t("qrLabel")} /> : null}
    </div>
  );
}

/** The QR code as SVG squares (no markup from a string), dark on white whatever the theme, so cameras read it. */
function QrCode({ text, label }: { text: string; label: string }) {
  const [code, setCode] = useState<{ size: number; path: string } | "failed" | null>(null);
  useEffect(() => {
    let live = true;
    // The standard's quiet zone is four modules on each side.
    import("uqr")
      .then(({ encode }) => {
        const { size, data } = encode(text, { ecc: "M", border: 4 });
        const squares: string[] = [];
        data.forEach((row, y) => row.forEach((dark, x) => dark && squares.push(`M${x} ${y}h1v1h-1z`)));
        if (live) setCode({ size, path: squares.join("") });
      })
      .catch(() => live && setCode("failed"));
    return () => {
      live = false;
    };
  }, [text]);
  // Its script did not load (offline): the link above is still there to copy.
  if (code === "failed") return null;
  if (!code) return <div className="h-48 w-48 animate-pulse rounded-lg bg-surface" aria-hidden="true" />;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${code.size} ${code.size}`}
      className="h-48 w-48 rounded-lg bg-white"
      shapeRendering="crispEdges"
      data-testid="invitation-qr"
    >
      <path d={code.path} fill="#000" />
    </svg>
  );
}
