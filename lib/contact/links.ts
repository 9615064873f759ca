/** SPEC §2 contact channels, built from configuration; a channel without a usable value is left out. */
export type ContactKind = "phone" | "email" | "whatsapp" | "telegram" | "instagram";
export type ContactLink = { kind: ContactKind; href: string; label: string };
export type ContactConfig = Partial<Record<ContactKind, string | undefined>>;

const handle = (value: string) => value.trim().replace(/^@/, "");
const isHandle = (value: string) => /^[A-Za-z0-9_.]{2,64}$/.test(value);

export function contactLinks(config: ContactConfig): ContactLink[] {
  const links: ContactLink[] = [];
  const phone = config.phone?.trim();
  if (phone && /^\+?[0-9 ()-]{5,20}$/.test(phone))
    links.push({ kind: "phone", href: `tel:${phone.replace(/[^0-9+]/g, "")}`, label: phone });
  const email = config.email?.trim();
  if (email && /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(email)) links.push({ kind: "email", href: `mailto:${email}`, label: email });
  const whatsapp = config.whatsapp?.replace(/[^0-9]/g, "");
  if (whatsapp && whatsapp.length >= 8) links.push({ kind: "whatsapp", href: `https://wa.me/${whatsapp}`, label: `+${whatsapp}` });
  const telegram = config.telegram && handle(config.telegram);
  if (telegram && isHandle(telegram)) links.push({ kind: "telegram", href: `https://t.me/${telegram}`, label: `@${telegram}` });
  const instagram = config.instagram && handle(config.instagram);
  if (instagram && isHandle(instagram))
    links.push({ kind: "instagram", href: `https://www.instagram.com/${instagram}/`, label: `@${instagram}` });
  return links;
}

type Env = Record<string, string | undefined>;

/** Contact channels from CONTACT_PHONE, CONTACT_EMAIL, CONTACT_WHATSAPP, CONTACT_TELEGRAM, CONTACT_INSTAGRAM. */
export function contactLinksFromEnv(env: Env = process.env): ContactLink[] {
  return contactLinks({
    phone: env.CONTACT_PHONE,
    email: env.CONTACT_EMAIL,
    whatsapp: env.CONTACT_WHATSAPP,
    telegram: env.CONTACT_TELEGRAM,
    instagram: env.CONTACT_INSTAGRAM,
  });
}

/**
 * What a demo shows when no CONTACT_* is set: values reserved for examples, so nobody real is ever
 * called or written to — a number in the 555-0100…0199 block North America keeps for fiction and an
 * address at example.com (RFC 2606). No messenger handle is reserved anywhere, so none is invented.
 */
export const EXAMPLE_CONTACT: ContactConfig = { phone: "+1 202 555 0123", email: "support@example.com" };

/**
 * An install is a demo when it seeds demo data (SEED_DEMO_DATA is not "false"): the same switch that
 * fills it with demo accounts and campaigns. A production install turns it off (docs/configuration.md), and NODE_ENV
 * cannot tell the two apart: `npm start` runs the demo as a production build too.
 */
export const isDemo = (env: Env = process.env): boolean => env.SEED_DEMO_DATA !== "false";

/**
 * The contact page's channels: those configured; when none is and the install is a demo, the example
 * ones, marked so the page says they are examples. Production shows only what it is given.
 */
export function contactChannels(env: Env = process.env): { links: ContactLink[]; examples: boolean } {
  const links = contactLinksFromEnv(env);
  if (links.length || !isDemo(env)) return { links, examples: false };
  return { links: contactLinks(EXAMPLE_CONTACT), examples: true };
}
