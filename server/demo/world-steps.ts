import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { activities, users } from "@/server/db/schema";
import { tehranDay } from "@/lib/time/tehran";
import { DEMO_PASSWORD, type CastCampaign, type CastMember } from "./world-cast";
import type { Member, WorldCall } from "./world-client";

/** An Iranian IBAN with right check digits (Saman's bank code), the n-th of the demo's. */
export function demoIban(n: number): string {
  const bban = `056${String(1_000_000_000_000 + n).padStart(19, "0")}`;
  const check = 98 - Number(BigInt(`${bban}182700`) % 97n);
  return `IR${String(check).padStart(2, "0")}${bban}`;
}

/** A valid Iranian national ID (nine digits and the check digit), the n-th of the demo's. */
export function demoNationalId(n: number): string {
  const body = String(400_000_000 + n);
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(body[i]) * (10 - i);
  const r = sum % 11;
  return `${body}${r < 2 ? r : 11 - r}`;
}

let addresses = 0;

/**
 * The verbs of the world, each one request of the API as a person makes it in the browser: sign up (with
 * the code the world's SMS kept), charge a wallet at the sandbox bank, create a campaign, work a task.
 */
export function worldSteps(db: Db, call: WorldCall, codeFor: (phone: string) => string) {
  async function register(person: CastMember, options: { invitationCode?: string; iban?: number } = {}): Promise<Member> {
    const ip = `198.51.100.${(++addresses % 250) + 1}`;
    const started = await call<{ otp: { token: string } }>("auth/register", {
      ip,
      body: {
        first_name: person.firstName,
        last_name: person.lastName,
        phone: person.phone,
        email: `${person.key}@demo.takapoo.example`,
        password: DEMO_PASSWORD,
        password_confirmation: DEMO_PASSWORD,
        terms: true,
        ...(options.invitationCode ? { invitation_code: options.invitationCode } : {}),
      },
    });
    const e164 = `+98${person.phone.slice(1)}`;
    const signed = await call<{ access_token: string; user: { id: string } }>("auth/otp/verify", {
      ip,
      body: { token: started.otp.token, code: codeFor(e164) },
    });
    const member = { id: signed.user.id, token: signed.access_token, ip, phone: person.phone };
    await call("me", {
      as: member,
      method: "PATCH",
      body: {
        purpose: person.purpose,
        // A booster's profile is complete: national ID, birth date and the IBAN payouts go to.
        ...(options.iban !== undefined
          ? {
              iban: demoIban(options.iban),
              national_id: demoNationalId(options.iban),
              birth_date: `199${options.iban % 10}-0${(options.iban % 9) + 1}-15`,
            }
          : {}),
      },
    });
    return member;
  }

  /** The identity check an admin makes from the card's photo: the demo's people have no photo, so it is set as decided. */
  async function verifyIdentity(member: Member): Promise<void> {
    await db.update(users).set({ identityStatus: "identity_verified" }).where(eq(users.id, member.id));
  }

  /** A wallet charged at the sandbox bank: the charge, the bank's page pressed "pay", the return from the bank. */
  async function charge(member: Member, amount: number): Promise<void> {
    const started = await call<{ redirect_url: string }>("wallet/charge", { as: member, body: { amount, gateway: "sandbox" } });
    const authority = started.redirect_url.split("/").at(-1)!;
    const decided = await call<{ redirect_url: string }>(`payments/sandbox/${authority}/decision`, {
      as: member,
      body: { decision: "pay" },
    });
    const back = new URL(decided.redirect_url, "http://localhost");
    await call(`${back.pathname.replace(/^\/api\//, "")}${back.search}`, { as: member, method: "GET" });
  }

  let plans: { id: string; code: string }[] | null = null;
  async function buyPlan(member: Member, code: "bronze" | "silver" | "gold"): Promise<void> {
    plans ??= await call<{ id: string; code: string }[]>("memberships/plans");
    const plan = plans.find((candidate) => candidate.code === code)!;
    await call("memberships", { as: member, body: { plan_id: plan.id, pay_from: "wallet" } });
  }

  async function createCampaign(owner: Member, campaign: CastCampaign, gateway = "wallet"): Promise<string> {
    const created = await call<{ campaign: { id: string } }>("campaigns", {
      as: owner,
      body: {
        name: campaign.name,
        network: "youtube",
        strategy: "smart",
        link: campaign.link,
        follower_count: campaign.followers,
        amount: campaign.amount,
        gateway,
        accept_policies: true,
      },
    });
    return created.campaign.id;
  }

  /** A task taken and done: started, submitted with a link to the booster's own proof. */
  async function work(booster: Member, campaignId: string, metric: string, n: number): Promise<string> {
    const started = await call<{ id: string }>(`tasks/${campaignId}.${metric}/start`, { as: booster, body: {} });
    const video = `demo${String(n).padStart(7, "0")}`;
    await call(`activities/${started.id}/submit`, { as: booster, body: { post_link: `https://www.youtube.com/watch?v=${video}` } });
    return started.id;
  }

  /** Makes an approved reward one that the release job re-checks, as work checked through YouTube's API is. */
  async function markRechecked(activityId: string): Promise<void> {
    await db.update(activities).set({ checkMethod: "api" }).where(eq(activities.id, activityId));
  }

  async function invite(inviter: Member, friend: CastMember): Promise<string> {
    const created = await call<{ invitation: { link: string } }>("invitations", {
      as: inviter,
      body: { phone: friend.phone, name: `${friend.firstName} ${friend.lastName}` },
    });
    return created.invitation.link.split("/").at(-1)!;
  }

  return { register, verifyIdentity, charge, buyPlan, createCampaign, work, markRechecked, invite };
}
export type WorldSteps = ReturnType<typeof worldSteps>;

/** The Tehran day `days` after today, as the ends-at route takes it (YYYY-MM-DD). */
export function dayFromToday(days: number): string {
  return tehranDay(new Date(Date.now() + days * 86_400_000));
}

/** A small deterministic sequence (the world is the same on every installation). */
export function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Rows the world has made, counted (for the log line and the tests). */
export async function countOf(db: Db, table: "activities" | "campaigns" | "invitations" | "payouts"): Promise<number> {
  const result = await db.execute(sql.raw(`select count(*)::int as n from "${table}"`));
  return Number((result.rows[0] as { n: number }).n);
}
