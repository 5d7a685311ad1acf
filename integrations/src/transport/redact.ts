/**
 * Transaction records keep request and response bodies so a seller can see what was said, but never
 * a credential: known secret values are blanked wherever they appear, and so are the values of
 * fields whose names say they hold one (JSON `"access_token": "…"`, form `client_secret=…`).
 */
const SECRET_FIELD =
  /(access_token|refresh_token|client_secret|api_key|apikey|password|secret|token|signature|authorization)/i;
const MASK = '[redacted]';

const JSON_FIELD = /"([A-Za-z0-9_-]+)"\s*:\s*"((?:[^"\\]|\\.)*)"/g;
const FORM_FIELD = /([?&]|^)([A-Za-z0-9_.-]+)=([^&\s]*)/gm;

export function redactText(text: string, secrets: readonly string[]): string {
  let clean = text;
  for (const secret of secrets) {
    // Short values (a shop id, "1") would blank innocent text; real credentials are long.
    if (secret.length >= 8) clean = clean.split(secret).join(MASK);
  }
  clean = clean.replace(JSON_FIELD, (match, name: string) =>
    SECRET_FIELD.test(name) ? `"${name}":"${MASK}"` : match,
  );
  return clean.replace(FORM_FIELD, (match, lead: string, name: string) =>
    SECRET_FIELD.test(name) ? `${lead}${name}=${MASK}` : match,
  );
}
