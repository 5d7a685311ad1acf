import fs from 'node:fs';
import { z } from 'zod';
import { REMOTES, type RemoteManifestEntry } from '@syncdesk/contracts';

const manifestSchema = z.array(z.object({ name: z.string().min(1), entry: z.string().min(1) }));

export interface RemoteManifestSource {
  /** Inline JSON (`REMOTES_JSON`), parsed once at start. */
  json?: string;
  /** A file (`REMOTES_FILE`), read on every request so a deployment can repoint remotes live. */
  file?: string;
}

function parseManifest(text: string): RemoteManifestEntry[] {
  return manifestSchema.parse(JSON.parse(text));
}

/** The built-in list: every remote served by this process under its own folder. */
export function defaultRemoteManifest(): RemoteManifestEntry[] {
  return REMOTES.map((remote) => ({ name: remote.name, entry: `/${remote.folder}/mf-manifest.json` }));
}

/**
 * Returns a function answering `/remotes.json` for a request origin. Entries may be relative;
 * they are made absolute here because the federation runtime resolves a remote's chunks from
 * its manifest URL.
 */
export function createRemoteManifest(
  source: RemoteManifestSource,
): (origin: string) => RemoteManifestEntry[] {
  const inline = source.json !== undefined ? parseManifest(source.json) : undefined;
  return (origin) => {
    const entries = source.file
      ? parseManifest(fs.readFileSync(source.file, 'utf8'))
      : (inline ?? defaultRemoteManifest());
    return entries.map((entry) => ({
      name: entry.name,
      entry: new URL(entry.entry, `${origin}/`).toString(),
    }));
  };
}
