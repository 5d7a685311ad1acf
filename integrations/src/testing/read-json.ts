// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read whatever JSON came back
export type Json = any;
/** `response.json()` typed loosely, for assertions (integrations' tests may not import api's kit). */
export const readJson = (response: Response): Promise<Json> => response.json();
