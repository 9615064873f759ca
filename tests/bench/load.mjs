// The load side of the API benches: autocannon, awaited, and requests each made as it is sent.
import autocannon from "autocannon";

/** Runs autocannon with `options`; answers its result. */
export const load = (options) =>
  new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));

/**
 * autocannon's options for POSTs to the API at `base` over `connections` connections, each request's path, headers
 * and body made by `next(n)` as it is sent, n counting the requests from 1.
 */
export function eachPost(base, connections, next) {
  let sent = 0;
  return { url: base, connections, requests: [{ method: "POST", setupRequest: (request) => ({ ...request, ...next(++sent) }) }] };
}
