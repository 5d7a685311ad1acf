import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * A secret from configuration, or for the embedded default one generated once and kept in the data
 * folder (mode 600), so tokens survive restarts without anyone having to set anything.
 */
export function loadOrCreateSecret(dataDir: string, name: string, configured?: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets', `${name}.key`);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    // Another process of this deployment wrote it first: use theirs.
    return fs.readFileSync(file, 'utf8').trim();
  }
}
