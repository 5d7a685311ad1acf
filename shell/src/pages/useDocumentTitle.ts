import { useEffect } from 'react';

export const PRODUCT_NAME = 'Syncdesk';

/** Sets the tab's title to `<page> · Syncdesk` while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}
