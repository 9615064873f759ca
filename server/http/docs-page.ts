import { directionOf, type Locale } from "@/lib/i18n/locales";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/**
 * A self-contained API reference: fetches /api/openapi.json and lists every operation with its
 * request and response schemas. No third-party script, so it works offline and under a strict CSP.
 * Each operation shows the path a client requests: the document's server URL ("/") and its path,
 * which already carries the /api mount.
 */
export function renderDocsPage({ locale, title, intro }: { locale: Locale; title: string; intro: string }): string {
  return `<!doctype html>
<html lang="${locale}" dir="${directionOf(locale)}">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:960px;padding:24px;color:#0f172a;background:#f8fafc}
h1{margin:0 0 8px}p{color:#475569}details{background:#fff;border:1px solid #e2e8f0;border-radius:12px;margin:12px 0;padding:12px 16px}
summary{cursor:pointer;font-weight:600}code,pre{font-family:ui-monospace,monospace;direction:ltr;text-align:left}
pre{background:#0f172a;color:#e2e8f0;padding:12px;border-radius:8px;overflow:auto;font-size:13px}
.m{display:inline-block;min-width:56px;text-transform:uppercase;font-size:12px;border-radius:6px;padding:2px 6px;margin-inline-end:8px;color:#fff;background:#1d59f1}
.m.post{background:#15803d}.m.put,.m.patch{background:#b45309}.m.delete{background:#b91c1c}
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)} <a href="/api/openapi.json"><code>/api/openapi.json</code></a></p>
<main id="ops"></main>
<script>
fetch('/api/openapi.json').then(r=>r.json()).then(doc=>{
  const main=document.getElementById('ops');
  const base=((doc.servers&&doc.servers[0]&&doc.servers[0].url)||'/').replace(/[/]+$/,'');
  for (const [p, ops] of Object.entries(doc.paths||{})) for (const [m, op] of Object.entries(ops)) {
    const d=document.createElement('details');
    const s=document.createElement('summary');
    const b=document.createElement('span'); b.className='m '+m; b.textContent=m;
    const c=document.createElement('code'); c.textContent=base+p;
    s.append(b,c,document.createTextNode(' — '+(op.summary||'')));
    const pre=document.createElement('pre');
    pre.textContent=JSON.stringify({request:op.requestBody||op.parameters||null,responses:op.responses},null,2);
    d.append(s,pre); main.append(d);
  }
});
</script>
</body>
</html>`;
}
