/**
 * Ctrl+C or SIGTERM closes what a long-running script started, once, and exits 0 when it closed
 * cleanly or 1 when it did not (the simulators scripts).
 */
export function stopOnSignals(close: () => Promise<unknown>): void {
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
