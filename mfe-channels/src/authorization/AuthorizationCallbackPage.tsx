import { useEffect, useRef, useState } from 'react';
import { Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';

import { isSafeRedirectPath, ROUTE_PATTERNS } from '@syncdesk/contracts';
import { useSessionStore } from '@syncdesk/web-kit';

import {
  completeAuthorization,
  connectionDetailRoute,
  type AuthorizationResult,
  type ProviderAnswer,
} from './authorization.api';
import { authorizationFailureText, authorizationTexts } from './authorization-messages';

type Outcome =
  | { status: 'working' }
  | { status: 'connected'; result: AuthorizationResult }
  | { status: 'failed'; message: string };

/** The provider's answer as it came in the query; Amazon calls the code `spapi_oauth_code`. */
function answerFrom(query: URLSearchParams): ProviderAnswer {
  const state = query.get('state') ?? '';
  const error = query.get('error');
  if (error) {
    const description = query.get('error_description');
    return { error, state, ...(description ? { error_description: description } : {}) };
  }
  return { code: query.get('code') ?? query.get('spapi_oauth_code') ?? '', state };
}

/**
 * `/authorization/{slug}` and `/authorization/plugin/{slug}`: where the provider sends the browser
 * back. It hands the provider's answer to the api once and says how it went. The shell serves it
 * without a login: a guest link ends here for someone who has no account.
 */
export function AuthorizationCallbackPage({ plugin }: { plugin: boolean }) {
  const { slug = '' } = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  // The user object is only fetched behind the login guard; a stored token is what tells us here.
  const signedIn = useSessionStore((state) => state.token !== null);
  const texts = authorizationTexts(plugin);
  const [outcome, setOutcome] = useState<Outcome>({ status: 'working' });
  const submitted = useRef(false);

  useEffect(() => {
    // A code can be redeemed once: StrictMode's second effect run (and any re-render) must not
    // post it again, or the second answer would overwrite the first with "invalid link".
    if (submitted.current) return;
    submitted.current = true;
    completeAuthorization(slug, plugin, answerFrom(query)).then(
      (result) => {
        // Started from a hosted page: its redirecting page takes the visitor back to their link.
        if (result.return_to && isSafeRedirectPath(result.return_to)) {
          void navigate(result.return_to, { replace: true });
          return;
        }
        setOutcome({ status: 'connected', result });
      },
      (error: unknown) => setOutcome({ status: 'failed', message: authorizationFailureText(error, plugin) }),
    );
  }, [slug, plugin, query, navigate]);

  let content;
  if (outcome.status === 'working') {
    content = (
      <Flex vertical align="center" gap={16} style={{ padding: 32 }} role="status">
        <Spin size="large" />
        <Typography.Text>Finishing the connection of your {texts.noun}…</Typography.Text>
      </Flex>
    );
  } else if (outcome.status === 'connected') {
    const { result } = outcome;
    content = (
      <Result
        status="success"
        title={texts.connected}
        subTitle={
          signedIn
            ? `${result.name} can now sync. Review its settings to choose what it does.`
            : `${result.name} is connected. You can close this window.`
        }
        extra={
          signedIn ? (
            <Button type="primary" onClick={() => void navigate(connectionDetailRoute(result))}>
              Open {texts.noun} settings
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    content = (
      <Result
        status="error"
        title={outcome.message}
        subTitle={
          signedIn
            ? `Start the connection again from the ${texts.noun}'s settings.`
            : 'Ask the person who sent you the link for a new one.'
        }
        extra={
          signedIn ? (
            <Button onClick={() => void navigate(ROUTE_PATTERNS.channels)}>Back to channels</Button>
          ) : undefined
        }
      />
    );
  }
  return <Card style={{ width: '100%', maxWidth: 640, margin: '0 auto' }}>{content}</Card>;
}
