import { connectRealtime, createApiClient, useSessionStore } from '@syncdesk/web-kit';
import { startRealtimeSession } from '../session/startRealtimeSession';

// web-kit's real client and socket are tested in web-kit; here only the decisions are checked.
jest.mock('@syncdesk/web-kit', () => {
  const state = { token: null as string | null, setToken: jest.fn() };
  const client = { post: jest.fn() };
  return {
    createApiClient: jest.fn(() => client),
    connectRealtime: jest.fn(),
    useSessionStore: { getState: () => state },
  };
});

const session = useSessionStore.getState() as unknown as { token: string | null; setToken: jest.Mock };
// The client startRealtimeSession created when it was imported.
const client = jest.mocked(createApiClient).mock.results[0]?.value as { post: jest.Mock };

beforeEach(() => {
  jest.mocked(connectRealtime).mockClear();
  client.post.mockReset();
  session.setToken.mockClear();
  session.token = null;
});

it('creates its demo-token client without an error handler, so a missing route shows nothing', () => {
  expect(createApiClient).toHaveBeenCalledWith();
});

it('connects with the stored token without asking for a demo token', async () => {
  session.token = 'stored';
  await startRealtimeSession();
  expect(client.post).not.toHaveBeenCalled();
  expect(connectRealtime).toHaveBeenCalledWith('stored');
});

it('asks for a demo token when there is none, keeps it and connects', async () => {
  client.post.mockResolvedValue({ data: { token: 'demo' } });
  await startRealtimeSession();
  expect(client.post).toHaveBeenCalledWith('/auth/demo-token');
  expect(session.setToken).toHaveBeenCalledWith('demo');
  expect(connectRealtime).toHaveBeenCalledWith('demo');
});

it('carries on without realtime when the demo token is refused', async () => {
  client.post.mockRejectedValue(new Error('404'));
  await expect(startRealtimeSession()).resolves.toBeUndefined();
  expect(connectRealtime).not.toHaveBeenCalled();
});
