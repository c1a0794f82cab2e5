/**
 * Running a server under valgrind's callgrind for the instruction benches (`bench:instructions`,
 * `bench:pages:instructions`): instructions are counted, not timed, so other work on this shared
 * machine does not move them. The server starts with instrumentation off (fast enough to boot and
 * warm up), and `countInstructions` switches it on around the measured requests only.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** valgrind's arguments before the node binary: dumps go to `<dir>/cg.<pid>.<n>-<thread>`, one file per thread. */
export function callgrindArgs(dir: string): string[] {
  return ['--tool=callgrind', '--instr-atstart=no', '--separate-threads=yes', '--smc-check=all', `--callgrind-out-file=${path.join(dir, 'cg')}.%p`];
}

/**
 * `callgrind_control` on `pid`. vgdb finds the process by a pipe named after $USER and $HOST, and the
 * service's environment sets HOST (the address it listens on: 127.0.0.1), so the same value is given
 * here; callgrind_control exits 0 when it finds no such process too, so its answer is checked.
 */
async function control(pid: number, ...args: string[]): Promise<void> {
  const { stdout, stderr } = await run('callgrind_control', [...args, String(pid)], { env: { ...process.env, HOST: '127.0.0.1' } });
  if (!/OK\./.test(stdout)) throw new Error(`callgrind_control ${args.join(' ')} ${pid}: ${stdout}${stderr}`);
}

export interface InstructionCount {
  /** Instructions on the main thread (the event loop, what bounds req/s). */
  main: number;
  /** On every thread (the collector's and the compiler's too). */
  all: number;
}

/**
 * Instructions the server `pid` (started with `callgrindArgs(dir)`) spends while `work()` runs,
 * divided by the `count` requests it makes: instrumentation on and counters zeroed, the work, a
 * dump, instrumentation off.
 */
export async function countInstructions(pid: number, dir: string, count: number, work: () => Promise<void>): Promise<InstructionCount> {
  await control(pid, '-i', 'on');
  await control(pid, '-z');
  const before = new Set(readdirSync(dir));
  await work();
  await control(pid, '-d');
  await control(pid, '-i', 'off');
  let main = 0;
  let all = 0;
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(`cg.${pid}.`) || before.has(name)) continue;
    const text = readFileSync(path.join(dir, name), 'utf8');
    const total = Number(/^(?:summary|totals): (\d+)/m.exec(text)?.[1] ?? 0);
    all += total;
    if (/^thread: 1$/m.test(text)) main += total;
  }
  if (main === 0) throw new Error(`no instructions counted for ${pid} (dumps in ${dir})`);
  return { main: main / count, all: all / count };
}
