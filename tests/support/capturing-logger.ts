import type { Logger } from '../../src/server/lib/logger';

export interface LoggedLine {
  level: string;
  message: string;
  fields?: Record<string, unknown>;
}

/**
 * A logger that keeps every line in memory, for tests that assert what the service logs in process
 * (the real logger writes to file descriptor 2 synchronously, past process.stderr.write).
 */
export function capturingLogger(): Logger & { lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) => void lines.push({ level, message, fields });
  const logger: Logger & { lines: LoggedLine[] } = { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), child: () => logger, isEnabled: () => true };
  return logger;
}
