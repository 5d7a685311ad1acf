import { useEffect } from 'react';
import { beginNavigationProgress } from './navigationProgress.store';

/** While the calling component is mounted, navigation counts as in progress (Suspense fallbacks). */
export function useNavigationProgress(): void {
  useEffect(() => beginNavigationProgress(), []);
}
