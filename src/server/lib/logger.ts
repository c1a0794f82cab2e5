import type { AppConfig } from '../config';

type Level = Exclude<AppConfig['logLevel'], 'silent'>;
const ORDER: Record<AppConfig['logLevel'], number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** One JSON line per event on stderr, so logs stay machine-readable and never mix with CLI output. */
export function createLogger(level: AppConfig['logLevel']): Logger {
  const threshold = ORDER[level];
  const write = (at: Level, message: string, fields?: Record<string, unknown>) => {
    if (ORDER[at] < threshold) return;
    process.stderr.write(`${JSON.stringify({ level: at, time: new Date().toISOString(), message, ...fields })}\n`);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}
