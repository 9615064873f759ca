import { sharedDatabase } from "@/server/db";
import { authenticate } from "@/server/auth/sessions";

/** For proxy.ts: whether an access token belongs to an open session of an admin. */
export async function isAdminToken(token: string | undefined): Promise<boolean> {
  if (!token) return false;
  try {
    const { db } = await sharedDatabase();
    const auth = await authenticate({ db }, { accessToken: token });
    return auth?.user.role === "admin";
  } catch {
    return false;
  }
}
