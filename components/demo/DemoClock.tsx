"use client";
import { useFormatter, useTranslations } from "next-intl";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { useAdvanceDemoClock, useDemoClock } from "@/lib/api/admin-demo";

/** The demo's clock (issue 34): on a demo installation only, a day or a week forward to watch money move. */
export function DemoClock() {
  const t = useTranslations("admin.demo");
  const format = useFormatter();
  const clock = useDemoClock();
  const advance = useAdvanceDemoClock();
  if (!clock.data) return null;
  const date = (iso: string) => format.dateTime(new Date(iso), "dateTime");
  return (
    <Card title={t("title")} intro={t("intro")} id="demo-clock">
      <div className="grid gap-3" data-testid="demo-clock">
        <p className="text-sm text-ink">{t("ahead", { days: clock.data.days_ahead, date: date(clock.data.now) })}</p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" busy={advance.isPending && advance.variables === 1} onClick={() => advance.mutate(1)}>
            {t("day")}
          </Button>
          <Button type="button" variant="secondary" busy={advance.isPending && advance.variables === 7} onClick={() => advance.mutate(7)}>
            {t("week")}
          </Button>
        </div>
        {advance.isSuccess ? <Alert tone="success">{t("moved", { date: date(advance.data.now) })}</Alert> : null}
        {advance.isError ? <Alert tone="error">{t("failed")}</Alert> : null}
      </div>
    </Card>
  );
}
