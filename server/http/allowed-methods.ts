const ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** A Hono route path (`/api/me/sessions/:id`, `/api/*`) as a regular expression over request paths. */
function pathPattern(path: string): RegExp {
  const segments = path.split("/").map((segment) => {
    if (segment === "*") return ".*";
    if (segment.startsWith(":")) return "[^/]+";
    return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  });
  return new RegExp(`^${segments.join("/")}$`);
}

const isLiteral = (path: string) => !path.includes(":") && !path.includes("*");

/**
 * The methods of the routes written with exactly this path (`/api/campaigns/quote`), or null when no
 * route is: a path a route names literally belongs to that route, and a route with a parameter
 * (`/api/campaigns/:id`) answers no other method on it.
 */
export function literalMethods(routes: ReadonlyArray<{ method: string; path: string }>): (path: string) => string[] | null {
  let table: Map<string, string[]> | null = null;
  return (path) => {
    // Built on first use: every route is registered by then.
    if (!table) {
      table = new Map();
      for (const route of routes)
        if (route.method !== "ALL" && isLiteral(route.path))
          table.set(route.path, [...(table.get(route.path) ?? []), route.method.toUpperCase()]);
    }
    return table.get(path) ?? null;
  };
}

/**
 * The methods the app answers on a path, from its route table: HEAD wherever GET is, OPTIONS on
 * every known path, nothing for a path no route matches; on a path a route names literally, that
 * path's own routes only (literalMethods). A wrong method on a known path answers 405 with this
 * list as `Allow` (RFC 9110 §15.5.6) instead of 404.
 */
export function allowedMethods(routes: ReadonlyArray<{ method: string; path: string }>): (path: string) => string[] {
  let table: Array<{ method: string; pattern: RegExp }> | null = null;
  const literal = literalMethods(routes);
  return (path) => {
    // Built on first use: every route is registered by then.
    table ??= routes
      .filter((route) => route.method !== "ALL")
      .map((route) => ({ method: route.method.toUpperCase(), pattern: pathPattern(route.path) }));
    const methods = new Set(literal(path) ?? table.filter((route) => route.pattern.test(path)).map((route) => route.method));
    if (methods.size === 0) return [];
    if (methods.has("GET")) methods.add("HEAD");
    methods.add("OPTIONS");
    return [...ORDER.filter((method) => methods.has(method)), ...[...methods].filter((method) => !ORDER.includes(method))];
  };
}
