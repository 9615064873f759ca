/** Names of the session cookies (httpOnly; set by the core API). proxy.ts reads only whether they exist. */
export const ACCESS_COOKIE = "tk_access";
export const REFRESH_COOKIE = "tk_refresh";
export const DEVICE_COOKIE = "tk_device";
