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

/** Contact channels from CONTACT_PHONE, CONTACT_EMAIL, CONTACT_WHATSAPP, CONTACT_TELEGRAM, CONTACT_INSTAGRAM. */
export function contactLinksFromEnv(env: Record<string, string | undefined> = process.env): ContactLink[] {
  return contactLinks({
    phone: env.CONTACT_PHONE,
    email: env.CONTACT_EMAIL,
    whatsapp: env.CONTACT_WHATSAPP,
    telegram: env.CONTACT_TELEGRAM,
    instagram: env.CONTACT_INSTAGRAM,
  });
}
