import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';
import type { AppConfig } from '../config';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** A logger whose every line also carries `bindings` (a request's `request_id`, a job's `job_id`). */
  child(bindings: Record<string, unknown>): Logger;
  /** Lines at `level` are written (LOG_LEVEL): a caller skips building a line nobody reads. */
  isEnabled(level: 'debug' | 'info' | 'warn' | 'error'): boolean;
}

/**
 * Paths pino replaces with "[Redacted]" wherever a caller puts them: credentials in request headers,
 * and any field named like a secret at the top level or one level down. A logged object never
 * carries a key, cookie, password or token in plain text.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-inngest-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...['authorization', 'cookie', 'password', 'secret', 'token', 'api_key', 'apiKey', 'key', 'signing_key', 'signingKey', 'app_secret', 'smtp_url', 'database_url'].flatMap((name) => [name, `*.${name}`]),
];

export interface LoggerOptions {
  /** Where lines go; stderr by default, so logs never mix with CLI output on stdout. */
  destination?: DestinationStream;
  /** Human-readable lines (pino-pretty) instead of JSON: `npm run dev` only, when it is installed. */
  pretty?: boolean;
}

function prettyStream(): DestinationStream | null {
  try {
    // A dev dependency: absent from the production image, where lines stay JSON.
    const require = createRequire(import.meta.url);
    const pretty = require('pino-pretty') as (options: Record<string, unknown>) => DestinationStream;
    return pretty({ destination: 2, sync: true, messageKey: 'message', translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  } catch {
    return null;
  }
}

function wrap(logger: PinoLogger): Logger {
  return {
    debug: (message, fields) => (fields ? logger.debug(fields, message) : logger.debug(message)),
    info: (message, fields) => (fields ? logger.info(fields, message) : logger.info(message)),
    warn: (message, fields) => (fields ? logger.warn(fields, message) : logger.warn(message)),
    error: (message, fields) => (fields ? logger.error(fields, message) : logger.error(message)),
    child: (bindings) => wrap(logger.child(bindings)),
    isEnabled: (level) => logger.isLevelEnabled(level),
  };
}

/**
 * One JSON line per event (pino): `level` as a word, `time` in ISO 8601, `message`, then the fields.
 * Written synchronously, so the line explaining a crash is out before the process exits.
 */
export function createLogger(level: AppConfig['logLevel'], options: LoggerOptions = {}): Logger {
  const destination = options.destination ?? (options.pretty ? prettyStream() : null) ?? pino.destination({ fd: 2, sync: true });
  return wrap(
    pino(
      {
        level,
        messageKey: 'message',
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        base: { service: 'creator-api', pid: process.pid },
        redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
      },
      destination,
    ),
  );
}
