import { fireEvent, screen, within } from '@testing-library/react';

import { createRemotePageRenderer } from '@syncdesk/web-kit/src/testing/render-remote-page';
import { routes } from '../routes';

export const ALL_SCOPES = [
  'stores.create',
  'stores.read',
  'stores.update',
  'stores.delete',
  'channels.read',
  'logs.read',
];

/** This remote's pages for a signed-in user holding ALL_SCOPES (or the user given). */
export const { sessionUser, renderPage } = createRemotePageRenderer(routes, ALL_SCOPES);

/*
 * Queries for these pages. Role queries compute every candidate's accessible name and
 * visibility through jsdom's getComputedStyle, which antd's many injected styles make slow:
 * seconds per query over a page on a busy machine. Text and label queries cost milliseconds, so
 * the tests find buttons, dialogs and headings by what they show.
 */

/** The button showing `text` (its own text, or text inside it), optionally within `container`. */
export function buttonByText(text: string, container: HTMLElement = document.body): HTMLButtonElement {
  const button = within(container).getByText(text, { selector: 'button, button *' }).closest('button');
  if (!button) throw new Error(`No button shows "${text}"`);
  return button;
}

/** Like buttonByText, for a button that may be absent. */
export function queryButtonByText(text: string, container: HTMLElement = document.body): HTMLElement | null {
  return within(container).queryByText(text, { selector: 'button, button *' });
}

/** The popover (Popconfirm) titled `title`, once it has opened. */
export async function findPopover(title: string): Promise<HTMLElement> {
  return (await screen.findByText(title)).closest('.ant-popover') as HTMLElement;
}

/** The modal titled `title`, once it has opened. */
export async function findModal(title: string): Promise<HTMLElement> {
  return (await screen.findByText(title, { selector: '.ant-modal-title' })).closest(
    '.ant-modal',
  ) as HTMLElement;
}

/** A page's title (PageHeader renders an h2). */
export function findHeading(title: string): Promise<HTMLElement> {
  return screen.findByText(title, { selector: 'h2' });
}

/** Opens the antd Select labelled `label` and picks `option` (options carry their label as title). */
export async function choose(label: string, option: string, container: HTMLElement = document.body) {
  fireEvent.mouseDown(within(container).getByLabelText(label));
  fireEvent.click(await screen.findByTitle(option));
}
