import { useMemo, type ReactNode } from 'react';
import { ConfigProvider, Flex, Switch, Typography, theme, type ThemeConfig } from 'antd';

import { HOSTED_PAGE_HIDDEN_LOGO_HEIGHT_PX, type HostedPageStyles } from '@syncdesk/contracts';

/** The logo's height when shown (the hidden-logo placeholder is the spec's 30px). */
const LOGO_HEIGHT = 40;

/** `'12px'` → 12; anything unreadable falls back to the spec's 12. */
export function fontSizePixels(fontSize: string): number {
  const pixels = Number.parseInt(fontSize, 10);
  return Number.isFinite(pixels) && pixels > 0 ? pixels : 12;
}

/**
 * antd's theme for a hosted page: the seller's button and button-text colours on the buttons only
 * (derived hover and active shades included), their font size, light or dark.
 */
export function hostedTheme(styles: HostedPageStyles, dark: boolean): ThemeConfig {
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { fontSize: fontSizePixels(styles.fontSize) },
    components: {
      Button: { colorPrimary: styles.buttonColor, primaryColor: styles.buttonTextColor, algorithm: true },
    },
  };
}

export interface HostedLookProps {
  styles: HostedPageStyles;
  logoUrl: string | null;
  dark: boolean;
  onDarkChange(dark: boolean): void;
  /** The index page shows nothing where a hidden logo would be; other pages keep a 30px space. */
  index: boolean;
  /** Under the logo: the store the visitor connects to. */
  heading?: ReactNode;
  children: ReactNode;
  /** Fills the window (the visitor's page) or its box (the settings preview). */
  fullPage?: boolean;
}

/**
 * A hosted page's frame in the seller's look (platform-shell §1, §3, §9): their background (light
 * mode), logo or the placeholder, font size, button colours, and the dark-mode switch drawn in
 * their toggle colours. Shared by the visitor's pages and the settings screen's live preview.
 */
export function HostedLook(props: HostedLookProps) {
  const themeConfig = useMemo(() => hostedTheme(props.styles, props.dark), [props.styles, props.dark]);
  return (
    <ConfigProvider theme={themeConfig}>
      <HostedSurface {...props} />
    </ConfigProvider>
  );
}

function HostedSurface({
  styles,
  logoUrl,
  dark,
  onDarkChange,
  index,
  heading,
  children,
  fullPage = true,
}: HostedLookProps) {
  const { token } = theme.useToken();
  const logo = styles.isLogoHidden || !logoUrl ? null : logoUrl;
  return (
    <div
      data-testid="hosted-page"
      data-color-scheme={dark ? 'dark' : 'light'}
      style={{
        minHeight: fullPage ? '100vh' : '100%',
        background: dark ? token.colorBgLayout : styles.backgroundColor,
        color: token.colorText,
        fontSize: token.fontSize,
        padding: '24px 16px 48px',
      }}
    >
      <Flex vertical gap={16} style={{ maxWidth: 880, margin: '0 auto' }}>
        <Flex justify="space-between" align="center" gap={16}>
          {logo ? (
            <img src={logo} alt="Logo" style={{ height: LOGO_HEIGHT, maxWidth: 240, objectFit: 'contain' }} />
          ) : index ? (
            <span />
          ) : (
            <span
              aria-hidden="true"
              style={{ display: 'block', height: HOSTED_PAGE_HIDDEN_LOGO_HEIGHT_PX }}
            />
          )}
          <Flex align="center" gap={8}>
            <Typography.Text id="hosted-dark-mode-label" style={{ fontSize: token.fontSize }}>
              Dark mode
            </Typography.Text>
            <Switch
              aria-labelledby="hosted-dark-mode-label"
              checked={dark}
              onChange={onDarkChange}
              // The seller's toggle colours: one while light, the other while dark.
              style={{ backgroundColor: dark ? styles.toggleDarkColor : styles.toggleLightColor }}
            />
          </Flex>
        </Flex>
        {heading}
        {children}
      </Flex>
    </div>
  );
}
