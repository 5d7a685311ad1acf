import pino, { type DestinationStream, type Logger } from 'pino';
import { redactUrl } from './http/redact-url';

export type { Logger };

/**
 * Every line's `url` is written redacted (a hosted page's token, `?token=`, an OAuth code), whoever
 * logs it: the request log and the error handler, and any other line naming an address.
 * `destination` is stdout unless given (tests read what was written).
 */
export function createLogger(level: string, name = 'syncdesk', destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      log: (line) => (typeof line.url === 'string' ? { ...line, url: redactUrl(line.url) } : line),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
