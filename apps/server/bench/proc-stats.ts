/**
 * What `npm run bench:soak` reads about a process from Linux's /proc: resident memory (VmRSS), CPU time,
 * open sockets (its file descriptors that are sockets) and the open-files limit. Measured from outside,
 * so the server runs unchanged.
 */
import { readFileSync } from 'node:fs';
import { readdir, readFile, readlink } from 'node:fs/promises';

/** Clock ticks per second of /proc/PID/stat (`getconf CLK_TCK`: 100 on Linux x86 and arm). */
const CLOCK_TICKS = 100;

/** Resident set size in bytes, or null when the process is gone. */
export async function rssBytes(pid: number): Promise<number | null> {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** User + system CPU seconds the process has used so far, or null when it is gone. */
export async function cpuSeconds(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** How many of the process's file descriptors are sockets (TCP, Unix, ...), or null when it is gone. */
export async function socketCount(pid: number): Promise<number | null> {
  try {
    const fds = await readdir(`/proc/${pid}/fd`);
    let sockets = 0;
    // In slices, so 10,000 descriptors do not mean 10,000 reads at once.
    for (let i = 0; i < fds.length; i += 1000) {
      const links = await Promise.all(fds.slice(i, i + 1000).map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')));
      sockets += links.filter((link) => link.startsWith('socket:')).length;
    }
    return sockets;
  } catch {
    return null;
  }
}

/** The open-files limit (`ulimit -n`) of a process: soft (what applies) and hard (how far it may be raised). */
export function openFilesLimit(pid: number | 'self' = 'self'): { soft: number; hard: number } {
  const match = /^Max open files\s+(\S+)\s+(\S+)/m.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'));
  if (!match) throw new Error(`no "Max open files" in /proc/${pid}/limits`);
  const value = (raw: string) => (raw === 'unlimited' ? Infinity : Number(raw));
  return { soft: value(match[1]), hard: value(match[2]) };
}

export type ProcessSamples = { rss: number[]; sockets: number[]; cpuStart: number | null; cpuEnd: number | null; seconds: number };

/**
 * Samples named processes: RSS every `everyMs`, open sockets every `socketsEvery`th sample (reading
 * every descriptor costs more), CPU time at start and stop.
 */
export function startSampler(pids: Record<string, number>, everyMs = 1000, socketsEvery = 2) {
  const samples: Record<string, ProcessSamples> = Object.fromEntries(Object.keys(pids).map((name) => [name, { rss: [], sockets: [], cpuStart: null, cpuEnd: null, seconds: 0 }]));
  const startedAt = performance.now();
  let tick = 0;
  let busy: Promise<void> | null = null;
  const sample = async () => {
    const withSockets = tick++ % socketsEvery === 0;
    await Promise.all(
      Object.entries(pids).map(async ([name, pid]) => {
        const rss = await rssBytes(pid);
        if (rss !== null) samples[name].rss.push(rss);
        if (withSockets) {
          const sockets = await socketCount(pid);
          if (sockets !== null) samples[name].sockets.push(sockets);
        }
      }),
    );
  };
  const ready = Promise.all(
    Object.entries(pids).map(async ([name, pid]) => {
      samples[name].cpuStart = await cpuSeconds(pid);
    }),
  ).then(sample);
  const timer = setInterval(() => {
    // One sample at a time: a slow read skips a tick rather than piling up.
    if (!busy) busy = sample().finally(() => (busy = null));
  }, everyMs);
  return {
    ready,
    /** Stops, takes a last sample and the CPU time, and returns everything. */
    async stop(): Promise<Record<string, ProcessSamples>> {
      clearInterval(timer);
      await ready;
      await busy;
      tick = 0;
      await sample();
      const seconds = (performance.now() - startedAt) / 1000;
      await Promise.all(
        Object.entries(pids).map(async ([name, pid]) => {
          samples[name].cpuEnd = await cpuSeconds(pid);
          samples[name].seconds = seconds;
        }),
      );
      return samples;
    },
  };
}

export const mb = (bytes: number | undefined) => (bytes === undefined || !Number.isFinite(bytes) ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** Every process's CPU seconds so far, by pid, with its command name (what `ps` calls comm). */
export async function everyProcessCpu(): Promise<Map<number, { name: string; seconds: number }>> {
  const found = new Map<number, { name: string; seconds: number }>();
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  for (let i = 0; i < pids.length; i += 200) {
    await Promise.all(
      pids.slice(i, i + 200).map(async (entry) => {
        try {
          const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
          const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          found.set(Number(entry), { name, seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS });
        } catch {
          // Gone between the listing and the read.
        }
      }),
    );
  }
  return found;
}

/** The machine's CPU time so far, from /proc/stat: busy and idle (idle and waiting for I/O), in seconds of all CPUs. */
export async function machineCpu(): Promise<{ busy: number; idle: number }> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0];
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return { busy: (user + nice + system + irq + softirq + steal) / CLOCK_TICKS, idle: (idle + iowait) / CLOCK_TICKS };
}

type CpuSnapshot = { at: number; processes: Map<number, { name: string; seconds: number }>; machine: { busy: number; idle: number } };

/**
 * Where the machine's CPU went over a window: each named group's share of one core (a group is its
 * pids, or the processes whose command name it matches), everything else together, and the machine's
 * idle share. A process that started in the window counts from zero; one that ended in it is not seen.
 */
export function cpuWindow(groups: Record<string, number[] | ((name: string) => boolean)>) {
  const snapshot = async (): Promise<CpuSnapshot> => ({ at: performance.now(), processes: await everyProcessCpu(), machine: await machineCpu() });
  let first: Promise<CpuSnapshot> | null = null;
  return {
    start() {
      first = snapshot();
    },
    /** Shares of one core over the window, by group; `idle` is of all CPUs together. */
    async stop(): Promise<{ byGroup: Record<string, number>; idle: number }> {
      if (!first) throw new Error('cpuWindow: stop before start');
      const [a, b] = [await first, await snapshot()];
      const seconds = (b.at - a.at) / 1000;
      const byGroup: Record<string, number> = Object.fromEntries([...Object.keys(groups), 'everything else'].map((name) => [name, 0]));
      for (const [pid, now] of b.processes) {
        const used = now.seconds - (a.processes.get(pid)?.seconds ?? 0);
        const group = Object.entries(groups).find(([, match]) => (Array.isArray(match) ? match.includes(pid) : match(now.name)))?.[0] ?? 'everything else';
        byGroup[group] += used / seconds;
      }
      const idle = b.machine.idle - a.machine.idle;
      return { byGroup, idle: idle / (idle + b.machine.busy - a.machine.busy) };
    },
  };
}
