import { connectRealtime, createApiClient, useSessionStore } from '@syncdesk/web-kit';

interface DemoTokenResponse {
  data: { token: string };
}

// Its own client without an error handler: outside the embedded demo mode the demo-token route
// does not exist, and that is expected, not a failure to show the person as a red notification.
const quietApiClient = createApiClient();

/**
 * Connects the page to the realtime channel. Until sign-in exists, a page without a token asks
 * for a demo token, which only the embedded demo mode issues; anywhere else that call fails and
 * the page simply runs without live updates.
 */
export async function startRealtimeSession(): Promise<void> {
  let token = useSessionStore.getState().token;
  if (!token) {
    try {
      const response = await quietApiClient.post<DemoTokenResponse>('/auth/demo-token');
      token = response.data.token;
      useSessionStore.getState().setToken(token);
    } catch {
      return;
    }
  }
  connectRealtime(token);
}
