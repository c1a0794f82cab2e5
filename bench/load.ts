/**
 * Load generation and process measurements for the benches. The load generator always runs in a
 * process of its own — wrk when it is installed, else autocannon's CLI in a child process — so it never
 * shares an event loop with the benchmark driver or the server under test.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface LoadResult {
  rps: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  requests: number;
  /** Responses outside 2xx/3xx plus socket errors. */
  failures: number;
}

export interface LoadOptions {
  /** Full URL of the first request; `paths` (wrk only) rotates through several paths on the same origin. */
  url: string;
  paths?: string[];
  headers?: Record<string, string>;
  /** Default GET; with `bodyFile`, every request sends that file's bytes as its body. */
  method?: 'GET' | 'POST';
  bodyFile?: string;
  /** wrk only: Lua defining `request()` (and optionally `setup`/`init`), e.g. a unique body per request. */
  requestScript?: string;
  connections: number;
  seconds: number;
}

function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version exits 1 after printing its banner; only a missing binary is ENOENT.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

export const loadGenerator: 'wrk' | 'autocannon' = process.env.BENCH_LOAD_GENERATOR === 'autocannon' || !hasWrk() ? 'autocannon' : 'wrk';

const scratch = mkdtempSync(path.join(tmpdir(), 'creator-api-bench-'));
let scriptCounter = 0;

/** A wrk Lua script: optional method and body, path rotation, and a JSON summary on stdout when the run is done. */
function wrkScript(paths: string[] | undefined, method: string | undefined, bodyFile: string | undefined, requestScript = ''): string {
  const file = path.join(scratch, `load-${(scriptCounter += 1)}.lua`);
  const request = `${method ? `wrk.method = ${JSON.stringify(method)}\n` : ''}${
    bodyFile ? `local body = io.open(${JSON.stringify(bodyFile)}, "rb")\nwrk.body = body:read("*a")\nbody:close()\n` : ''
  }`;
  const rotation = paths?.length
    ? `local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }
local counter = 0
request = function()
  counter = counter + 1
  return wrk.format(nil, paths[(counter % #paths) + 1])
end
`
    : '';
  writeFileSync(
    file,
    `${request}${rotation}${requestScript}
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nBENCH_JSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"failures":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.status + e.connect + e.read + e.write + e.timeout))
end
`,
  );
  return file;
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited with ${code}: ${err || out}`))));
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  if (loadGenerator === 'wrk') {
    const out = await run('wrk', [
      '-t2',
      `-c${options.connections}`,
      `-d${options.seconds}s`,
      '--timeout',
      '10s',
      '-s',
      wrkScript(options.paths, options.method, options.bodyFile, options.requestScript),
      ...headerArgs,
      options.url,
    ]);
    const line = out.split('\n').find((l) => l.startsWith('BENCH_JSON '));
    if (!line) throw new Error(`wrk printed no summary:\n${out}`);
    const r = JSON.parse(line.slice('BENCH_JSON '.length)) as { requests: number; duration_us: number; p50_us: number; p99_us: number; failures: number };
    return { rps: r.requests / (r.duration_us / 1e6), p50: r.p50_us / 1000, p99: r.p99_us / 1000, requests: r.requests, failures: r.failures };
  }
  if (options.requestScript) throw new Error('this bench needs wrk (a request script per request)');
  const bin = path.join('node_modules', 'autocannon', 'autocannon.js');
  const bodyArgs = options.bodyFile ? ['-m', options.method ?? 'POST', '-i', options.bodyFile] : options.method ? ['-m', options.method] : [];
  const out = await run(process.execPath, [bin, '--json', '-c', String(options.connections), '-d', String(options.seconds), ...bodyArgs, ...headerArgs, options.url]);
  const r = JSON.parse(out.slice(out.indexOf('{'))) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total, failures: r.non2xx + r.errors };
}

/** Resident memory (MB) of a process and all its descendants, from /proc (Linux). */
export function treeRssMb(rootPid: number): { mb: number; processes: string[] } {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …; comm may contain spaces, so split after the last ')'.
      const close = stat.lastIndexOf(')');
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, close));
      parents.set(Number(entry), Number(stat.slice(close + 2).split(' ')[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const tree = [rootPid];
  for (let i = 0; i < tree.length; i += 1) for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  let kb = 0;
  const processes: string[] = [];
  for (const pid of tree) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      kb += rss;
      processes.push(`${names.get(pid)}:${Math.round(rss / 1024)}`);
    } catch {
      // gone
    }
  }
  return { mb: kb / 1024, processes };
}
