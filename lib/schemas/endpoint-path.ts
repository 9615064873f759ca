/**
 * The endpoint's path with its parameters filled in (each encoded), without a leading slash:
 * `campaigns/3f…/pause`. A parameter the path names but `params` lacks is a programming error.
 * In a file of its own, without zod, so that the browser's client (lib/api/client.ts) loads no schema.
 */
export function endpointPath(definition: { path: string }, params?: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return definition.path.slice(1).replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === "") throw new Error(`${definition.path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}
