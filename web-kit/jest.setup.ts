import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom has no matchMedia; antd's responsive hooks (Grid, Table) call it on mount.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// rc-table measures scrollbars with getComputedStyle(el, '::-webkit-scrollbar'); jsdom logs
// "Not implemented: window.computedStyle(elt, pseudoElt)" for every table. Drop the pseudo element.
const originalGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => originalGetComputedStyle(element);

// jsdom lacks TextEncoder/TextDecoder; react-router 7 uses them when its module loads.
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextDecoder, TextEncoder });
