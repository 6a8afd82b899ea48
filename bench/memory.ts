// The server's memory over the whole bench: every server process the bench starts is sampled
// from its start to its exit, and the highest resident set size of any is kept.
import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';

/** A process's resident set size now, in MB (0 once it has exited). */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

let peak = { mb: 0, server: '' };

/** Samples the server every 100 ms until it exits. */
export function watchPeakRss(child: ChildProcess, server: string): void {
  const sampler = setInterval(() => {
    const mb = rssMb(child.pid!);
    if (mb > peak.mb) peak = { mb, server };
  }, 100);
  child.once('exit', () => clearInterval(sampler));
}

/** The highest resident set size of any server so far, and which server it was. */
export function peakServerRss(): { mb: number; server: string } {
  return peak;
}
