import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string, name = 'syncdesk'): Logger {
  return pino({ name, level, timestamp: pino.stdTimeFunctions.isoTime });
}
