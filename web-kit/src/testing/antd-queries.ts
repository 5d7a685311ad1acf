import { fireEvent, screen, within } from '@testing-library/react';

/*
 * Queries for antd pages in jsdom (test helpers, not exported from the package index). Role
 * queries compute every candidate's accessible name and visibility through getComputedStyle, which
 * costs seconds per query over an antd page on a busy machine; text and label queries cost
 * milliseconds. So page tests find buttons, dialogs and headings by what they show, and the
 * accessibility tree is checked where it is cheap and real: in Playwright.
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
