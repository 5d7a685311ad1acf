import { useEffect, useState } from 'react';
import { theme } from 'antd';
import { NAVIGATION_PROGRESS } from '@syncdesk/contracts';
import { useNavigationProgressStore } from './navigationProgress.store';

/**
 * The thin bar at the top of the page while a navigation loads (spec §9): it appears only when
 * loading lasts longer than the throttle, so quick route changes never flicker, and it gives up
 * after the maximum duration, so a hung load does not leave it forever.
 */
export function NavigationProgress() {
  const { token } = theme.useToken();
  const loading = useNavigationProgressStore((state) => state.pending > 0);
  const [visible, setVisible] = useState(false);
  const [filled, setFilled] = useState(false);

  useEffect(() => {
    if (!loading) {
      setVisible(false);
      setFilled(false);
      return undefined;
    }
    const show = setTimeout(() => {
      setVisible(true);
      // Next frame, so the width transition starts from zero.
      requestAnimationFrame(() => setFilled(true));
    }, NAVIGATION_PROGRESS.throttleMs);
    const hide = setTimeout(() => setVisible(false), NAVIGATION_PROGRESS.durationMs);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, [loading]);

  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      data-testid="navigation-progress"
      style={{ position: 'fixed', insetInline: 0, top: 0, height: 3, zIndex: 2000, pointerEvents: 'none' }}
    >
      <div
        style={{
          height: '100%',
          width: filled ? '90%' : '0%',
          background: token.colorPrimary,
          transition: `width ${NAVIGATION_PROGRESS.durationMs - NAVIGATION_PROGRESS.throttleMs}ms ease-out`,
        }}
      />
    </div>
  );
}
