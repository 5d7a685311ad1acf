import { create } from 'zustand';

interface NavigationProgressState {
  /** How many things are loading for the current navigation (a remote, the session user). */
  pending: number;
}

export const useNavigationProgressStore = create<NavigationProgressState>(() => ({ pending: 0 }));

/** Marks something as loading until the returned function is called (calling it twice is harmless). */
export function beginNavigationProgress(): () => void {
  useNavigationProgressStore.setState((state) => ({ pending: state.pending + 1 }));
  let done = false;
  return () => {
    if (done) return;
    done = true;
    useNavigationProgressStore.setState((state) => ({ pending: Math.max(0, state.pending - 1) }));
  };
}
