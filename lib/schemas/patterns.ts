/**
 * What /api/openapi.json shows for strings whose rule is code, not a regular expression (a phone
 * number read by libphonenumber, a national ID's check digit, a link parsed by hand): a pattern of
 * the forms people type, so a client generator or a fuzzer knows the shape. Each admits no control
 * character (tests/api/security/control-characters.test.ts) and nothing the server refuses by its
 * shape (invisible direction marks and no-break spaces, which the server also drops, aside); the
 * server still checks the value itself (the check digit, the mod-97, the number's range).
 * A field takes one with `.meta({ pattern: X })`.
 */

import { UUID_SOURCE } from "@/lib/validation/uuid";

/** A digit as people type it: ASCII, Persian (۰-۹) or Arabic-Indic (٠-٩). */
const DIGIT = "[0-9۰-۹٠-٩]";

/** Letters of `word` in either case: `[Yy][Oo][Uu]`; dots escaped. */
const anyCase = (word: string) =>
  [...word].map((char) => (/[a-z]/.test(char) ? `[${char.toUpperCase()}${char}]` : char === "." ? "\\." : char)).join("");

/** Between the digits of a phone number: spaces, parentheses, dots, dashes. */
const SEPARATORS = "[ ().-]*";
const ZERO = "[0۰٠]";
const COUNTRY = "(\\+[9۹٩][8۸٨]|[0۰٠][0۰٠][9۹٩][8۸٨]|[9۹٩][8۸٨])";
/** An Iranian mobile: 09xxxxxxxxx, 9xxxxxxxxx, +989…, +98 09…, 00989… or 989…, separators anywhere between the digits. */
const MOBILE = `${SEPARATORS}${COUNTRY}?${SEPARATORS}${ZERO}?${SEPARATORS}[9۹٩](${SEPARATORS}${DIGIT}){9}${SEPARATORS}`;
export const IRANIAN_MOBILE_PATTERN = `^${MOBILE}$`;

/** An e-mail address, in either case (it is stored in lower case). */
const EMAIL = "[A-Za-z0-9_'+.-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}";

/** Login and forgotten password: a mobile number or an e-mail address. */
export const CREDENTIAL_PATTERN = `^ *(${MOBILE}|${EMAIL}) *$`;

/** The texted code: six digits. */
export const OTP_CODE_PATTERN = `^ *${DIGIT}{6} *$`;

/** A national ID: ten digits (the last one the check digit), spaces or dashes between them. */
export const NATIONAL_ID_PATTERN = `^[ -]*(${DIGIT}[ -]*){10}$`;

/** An Iranian IBAN: IR and 24 digits, spaces or dashes between them. */
export const IBAN_PATTERN = `^[ -]*[Ii][ -]*[Rr]([ -]*${DIGIT}){24}[ -]*$`;

/** A task's id: `<campaign id>.<metric>` (lib/activities/tasks.ts), in any case as the server reads it. */
export const TASK_ID_PATTERN = `^${UUID_SOURCE.replaceAll("a-f", "A-Fa-f")}\\.[A-Za-z_]{1,40}$`;

const SCHEME = `(${anyCase("http")}[Ss]?://)?`;
const PREFIX = `((${anyCase("www")}|[Mm])\\.)?`;
const VIDEO_ID = "[A-Za-z0-9_-]{11}";
const QUERY = "[A-Za-z0-9=&_.~%+,;:@/-]*";
const TAIL = `/?(\\?${QUERY})?(#${QUERY})?`;
const YOUTUBE =
  `${PREFIX}${anyCase("youtube.com")}/(@[A-Za-z0-9._-]{3,30}|channel/UC[A-Za-z0-9_-]{22}|shorts/${VIDEO_ID})${TAIL}` +
  `|${PREFIX}${anyCase("youtube.com")}/watch/?\\?(${QUERY}&)?v=${VIDEO_ID}(&${QUERY})?(#${QUERY})?` +
  `|${anyCase("youtu.be")}/${VIDEO_ID}${TAIL}`;
const INSTAGRAM = `${PREFIX}${anyCase("instagram.com")}/([A-Za-z0-9._]{1,30}|(p|reel)/[A-Za-z0-9_-]{5,40})${TAIL}`;

/** A campaign's link (lib/campaigns/links.ts): a YouTube handle, channel, video or short, or an Instagram profile, post or reel. */
export const CHANNEL_LINK_PATTERN = `^ *${SCHEME}(${YOUTUBE}|${INSTAGRAM}) *$`;
