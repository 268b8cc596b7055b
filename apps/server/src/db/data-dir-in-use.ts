import { readdirSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * The ids of other processes that hold files open under `dir`, read from Linux's /proc; empty when
 * none do or when the system cannot tell (no /proc, another user's processes).
 *
 * PGlite keeps no lock of its own (its postmaster.pid always reads -42), so a second process opens a
 * data directory that the server is using without complaint and the two corrupt it. A running PGlite
 * keeps its relation files open, which is what this looks for.
 */
function processesUsing(dir: string): number[] {
  let root: string;
  let pids: string[];
  try {
    root = realpathSync(dir);
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  } catch {
    return [];
  }
  const inside = (target: string) => target === root || target.startsWith(root + path.sep);
  const users: number[] = [];
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (inside(target)) {
        users.push(Number(pid));
        break;
      }
    }
  }
  return users;
}

/** Why `dir` cannot be opened now, or null when no other process holds it. */
export function inUseMessage(dir: string): string | null {
  const pids = processesUsing(dir);
  if (pids.length === 0) return null;
  return `The embedded database in ${dir} is in use by process ${pids.join(', ')} (the server?). It allows one process at a time: stop it first.`;
}
