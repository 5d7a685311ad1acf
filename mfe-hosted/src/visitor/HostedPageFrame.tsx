import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { Button, Flex, Result, Spin, Typography } from 'antd';
import { Outlet, useLocation, useParams } from 'react-router';

import { routes, type HostedPageStyles, type HostedPageUserDto } from '@syncdesk/contracts';

import { getHostedPageUser, recordHostedVisit } from '../api/hosted-visitor.api';
import { HostedLook } from '../look/HostedLook';
import { storeHostedDarkMode, storedHostedDarkMode } from './hosted-return';

export interface HostedPageContextValue {
  token: string;
  user: HostedPageUserDto;
}

const HostedPageContext = createContext<HostedPageContextValue | null>(null);

/** The page's token and its hosted page user, for the pages inside the frame. */
export function useHostedPage(): HostedPageContextValue {
  const value = useContext(HostedPageContext);
  if (!value) throw new Error('useHostedPage is used outside HostedPageFrame');
  return value;
}

/** Seller assets that never answer do not hold the page forever (they count as loaded: spec §4). */
const ASSET_WAIT_MS = 8000;

/**
 * The logo and the seller's stylesheets: the stylesheets are added to the document (and removed
 * with the page), and the promise settles once each has loaded or failed, or after ASSET_WAIT_MS.
 */
function loadAssets(logoUrl: string | null, styles: HostedPageStyles) {
  const added: HTMLLinkElement[] = [];
  const waits: Promise<void>[] = [];
  if (logoUrl && !styles.isLogoHidden) {
    waits.push(
      new Promise((resolve) => {
        const image = new Image();
        image.onload = () => resolve();
        image.onerror = () => resolve();
        image.src = logoUrl;
      }),
    );
  }
  if (styles.isCustomStylesheetsEnabled) {
    for (const sheet of styles.customStylesheets) {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = sheet.url;
      link.dataset.hostedStylesheet = sheet.id;
      waits.push(
        new Promise((resolve) => {
          link.onload = () => resolve();
          link.onerror = () => resolve();
        }),
      );
      document.head.appendChild(link);
      added.push(link);
    }
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settled = Promise.race([
    Promise.all(waits).then(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ASSET_WAIT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  return {
    settled: waits.length ? settled : Promise.resolve(),
    remove: () => {
      clearTimeout(timer);
      for (const link of added) link.remove();
    },
  };
}

type FrameState =
  { status: 'loading' } | { status: 'loaded'; user: HostedPageUserDto } | { status: 'failed' };

/**
 * `/hostedPages/{token}` and its pages (layout hostedPage, spec §2): fetches the hosted page user
 * with the token, loads the seller's logo and stylesheets, then shows the page in their look
 * (spec §4: loading, then loaded or failed; assets count as loaded either way). A dead token's
 * 401 takes the browser to /hostedPages/error ('Token expired'). Every page opened is recorded
 * (`POST activities`, the hosted variant).
 */
export function HostedPageFrame() {
  const { token = '' } = useParams();
  const { pathname } = useLocation();
  const [state, setState] = useState<FrameState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [darkChoice, setDarkChoice] = useState<boolean | null>(() => storedHostedDarkMode());

  useEffect(() => {
    let active = true;
    let assets: ReturnType<typeof loadAssets> | null = null;
    setState({ status: 'loading' });
    getHostedPageUser(token).then(
      (user) => {
        if (!active) return;
        assets = loadAssets(user.logo_url, user.styles);
        void assets.settled.then(() => active && setState({ status: 'loaded', user }));
      },
      () => active && setState({ status: 'failed' }),
    );
    return () => {
      active = false;
      assets?.remove();
    };
  }, [token, attempt]);

  const loaded = state.status === 'loaded';
  useEffect(() => {
    // A refused call's error handler acts (401 → the error page); a visit not recorded is no loss.
    if (loaded) recordHostedVisit(token, pathname).catch(() => undefined);
  }, [loaded, token, pathname]);

  const changeDark = useCallback((dark: boolean) => {
    storeHostedDarkMode(dark);
    setDarkChoice(dark);
  }, []);

  if (state.status === 'loading') {
    return (
      <Flex justify="center" align="center" style={{ minHeight: '100vh' }} role="status">
        <Spin size="large" aria-label="Loading" />
      </Flex>
    );
  }
  if (state.status === 'failed') {
    return (
      <Result
        status="error"
        title="This page could not be loaded."
        subTitle="Check your connection and try again."
        extra={
          <Button type="primary" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        }
      />
    );
  }

  const { user } = state;
  return (
    <HostedPageContext.Provider value={{ token, user }}>
      <HostedLook
        styles={user.styles}
        logoUrl={user.logo_url}
        dark={darkChoice ?? user.styles.isDarkMode}
        onDarkChange={changeDark}
        index={pathname.replace(/\/+$/, '') === routes.hostedPage(token)}
        heading={
          <Typography.Text type="secondary">
            Connecting to {user.store_name} · {user.company_name}
          </Typography.Text>
        }
      >
        <Outlet />
      </HostedLook>
    </HostedPageContext.Provider>
  );
}
