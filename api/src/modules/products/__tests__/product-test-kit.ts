import type { Socket } from 'socket.io-client';
import type { Store } from '../../../db/models';
import type { CompanyFixture } from '../../../testing/identity-fixtures';
import { connected, type Json, type TestProcess } from '@syncdesk/server/testing';

/** Calls the api as a token holder; 204 answers carry no body. */
export function caller(server: TestProcess) {
  return async (method: string, path: string, token: string, body?: unknown) => {
    const response = await server.request(method, `/api${path}`, { token, body });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
  };
}

export const productsOf = (store: Pick<Store, 'id'>) => `/products/${store.id}`;

/** Every event of one name a socket receives, and a wait for the first that matches. */
export function collect<T>(socket: Socket, name: string) {
  const events: T[] = [];
  const waiting: { match: (event: T) => boolean; resolve: (event: T) => void }[] = [];
  socket.on(name, (event: T) => {
    events.push(event);
    for (const waiter of [...waiting]) {
      if (waiter.match(event)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  });
  return {
    events,
    /** The first event (already received or still to come) that matches; fails after a generous time. */
    until(match: (event: T) => boolean, timeoutMs = 15_000): Promise<T> {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching ${name} event`)), timeoutMs);
        waiting.push({
          match,
          resolve: (event) => {
            clearTimeout(timer);
            resolve(event);
          },
        });
      });
    },
  };
}

/** A socket of the company's owner, joined to the rooms of its stores. */
export async function ownerSocket(server: TestProcess, company: CompanyFixture): Promise<Socket> {
  const socket = server.connect(await company.tokenFor(company.owner));
  await connected(socket);
  return socket;
}
