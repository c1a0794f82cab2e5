import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { isMcpPath } from '../mcp/paths';
import { API_PREFIX, OPENAPI_PATHS, type ApiHandler } from './api-handler';

/** True for the paths the API handler owns; everything else is the web app's (Next). */
export function isApiPath(pathname: string): boolean {
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`) || OPENAPI_PATHS.has(pathname) || isMcpPath(pathname);
}

export function toFetchRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // Required by undici for a streamed request body.
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

export async function writeFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    headers[key] = value;
  });
  const body = Buffer.from(await response.arrayBuffer());
  headers['content-length'] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body);
}

/**
 * node:http listener: API paths go straight to the fetch handler (no Next pipeline, ~10× the
 * throughput), the rest to `fallback` (Next's request handler in production).
 */
export function createNodeListener(
  handleApiRequest: ApiHandler,
  fallback: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>,
  origin = 'http://localhost',
) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const pathname = (req.url ?? '/').split('?', 1)[0]!;
    if (!isApiPath(pathname)) {
      void fallback(req, res);
      return;
    }
    handleApiRequest(toFetchRequest(req, origin))
      .then((response) => writeFetchResponse(res, response))
      .catch((error) => {
        res.statusCode = 500;
        res.end();
        console.error('failed to write API response', error);
      });
  };
}
