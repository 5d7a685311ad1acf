import { maskEmail, maskPhone, maskText } from '../../http/personal-data';

/**
 * Personal data inside a record's request and response bodies, masked for a data-protection role
 * (issue 11: "personal data masked for data-protection roles"). Bodies are JSON from every provider
 * we talk to, so keys tell what a value is; text that is not JSON keeps its shape and only e-mail
 * addresses are found in it. Countries stay, as on the order screens (protectAddress).
 */

const EMAIL_KEYS = /^(e-?mail|.*_email|email_address|contact_email)$/i;
const PHONE_KEYS = /^(phone|.*_phone|phone_number|mobile|telephone|tel)$/i;
/** Keys that name a person or a place wherever they appear. */
const PERSONAL_KEYS =
  /^(first_?name|last_?name|full_?name|firstname|lastname|customer_name|contact_name|company_name|address|address_?[12]|street(_?[12])?|line_?[12]|city|zip|zip_?code|post_?code|postal_?code|province|region|county|latitude|longitude)$/i;
/** Objects whose `name` and `company` are a person's or a company's (customers and addresses). */
const PERSON_OBJECTS =
  /(customer|billing|shipping|address|contact|recipient|buyer|consignee|receiver|default_address)/i;
const NAME_IN_PERSON = /^(name|company)$/;

const EMAIL_IN_TEXT = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;

function maskValue(key: string, value: unknown, inPerson: boolean): unknown {
  if (typeof value !== 'string' || value === '') return value;
  if (EMAIL_KEYS.test(key)) return maskEmail(value);
  if (PHONE_KEYS.test(key)) return maskPhone(value);
  if (PERSONAL_KEYS.test(key) || (inPerson && NAME_IN_PERSON.test(key))) return maskText(value);
  return value.replace(EMAIL_IN_TEXT, (email) => maskEmail(email));
}

function maskJson(value: unknown, inPerson: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => maskJson(item, inPerson));
  if (typeof value !== 'object' || value === null) {
    return typeof value === 'string' ? value.replace(EMAIL_IN_TEXT, (email) => maskEmail(email)) : value;
  }
  const masked: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    masked[key] =
      typeof item === 'object' && item !== null
        ? maskJson(item, inPerson || PERSON_OBJECTS.test(key))
        : maskValue(key, item, inPerson);
  }
  return masked;
}

/** The body with its personal data masked; the same text when it holds none. */
export function maskPersonalDataInBody(body: string | null): string | null {
  if (body === null || body === '') return body;
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.stringify(maskJson(JSON.parse(body), false));
    } catch {
      // Cut or broken JSON (the transport cuts long bodies): fall back to the text rule.
    }
  }
  return body.replace(EMAIL_IN_TEXT, (email) => maskEmail(email));
}
