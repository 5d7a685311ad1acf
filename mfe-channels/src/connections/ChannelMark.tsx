import { theme } from 'antd';

import { channelMarkOf } from '@syncdesk/contracts';

export interface ChannelMarkProps {
  /** The catalogue slug (`amazonsp`), which picks a brand colour. */
  type: string;
  /** The provider's name, whose letters make the monogram. */
  name: string;
  size?: number;
}

/**
 * A channel's monogram on its brand colour, drawn from the contracts' catalogue (nothing fetched).
 * Decorative: the name beside it is what assistive technology reads. A hairline in the theme's
 * border colour keeps near-black brands (BigCommerce, TikTok) visible on a dark background.
 */
export function ChannelMark({ type, name, size = 32 }: ChannelMarkProps) {
  const { token } = theme.useToken();
  const mark = channelMarkOf({ slug: type, name });
  return (
    <span
      aria-hidden="true"
      data-channel-mark={mark.monogram}
      style={{
        display: 'inline-flex',
        flex: 'none',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: token.borderRadiusSM,
        background: mark.background,
        color: mark.foreground,
        boxShadow: `0 0 0 1px ${token.colorBorderSecondary}`,
        fontSize: Math.round(size * 0.4),
        fontWeight: 600,
        lineHeight: 1,
        letterSpacing: 0.5,
      }}
    >
      {mark.monogram}
    </span>
  );
}
