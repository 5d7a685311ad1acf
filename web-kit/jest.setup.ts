import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// One generous, explicit wait for every findBy…/waitFor: a busy CI machine can take seconds to
// render an antd page, and a default of 1 s turned load into failures. A test that passes waits
// only as long as it must, so this costs nothing when the machine is idle.
configure({ asyncUtilTimeout: 15_000 });

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

/**
 * jsdom has no MessageChannel, and antd 6's Form (rc-component/form) posts one message through it
 * to batch its watchers. A timer does the same job here: the message arrives in a later macrotask.
 */
class TimerMessagePort {
  onmessage: ((event: MessageEvent) => void) | null = null;
  other: TimerMessagePort | null = null;

  postMessage(data: unknown): void {
    const target = this.other;
    setTimeout(() => target?.onmessage?.(new MessageEvent('message', { data })), 0);
  }

  close(): void {
    this.onmessage = null;
  }
}

class TimerMessageChannel {
  readonly port1 = new TimerMessagePort();
  readonly port2 = new TimerMessagePort();

  constructor() {
    this.port1.other = this.port2;
    this.port2.other = this.port1;
  }
}

function installMessageChannel(): void {
  if (typeof globalThis.MessageChannel === 'undefined') {
    Object.assign(globalThis, { MessageChannel: TimerMessageChannel });
  }
}

/** antd's Select and Avatar measure themselves with ResizeObserver; jsdom has no layout, so nothing to observe. */
class InertResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

/** Browser APIs jsdom lacks and antd 6 uses (Form, Select, popups). */
function installJsdomPolyfills(): void {
  installMessageChannel();
  if (typeof globalThis.ResizeObserver === 'undefined') {
    Object.assign(globalThis, { ResizeObserver: InertResizeObserver });
  }
}

installJsdomPolyfills();
