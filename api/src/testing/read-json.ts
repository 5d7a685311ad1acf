// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read whatever JSON came back
export type Json = any;
/** `response.json()` typed loosely, for assertions. */
export const readJson = (response: Response): Promise<Json> => response.json();

/** Asserts a 403 refusal with exactly this message (the words the user is shown). */
export async function expectForbidden(response: Response, message: string): Promise<void> {
  expect(response.status).toBe(403);
  expect((await readJson(response)).message).toBe(message);
}
