/** What the figures were measured on, and CPU accounting from /proc (Linux; empty elsewhere). */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryTotalGiB: number;
  os: string;
  node: string;
  loadAverage: number[];
}

export function machineInfo(): MachineInfo {
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryTotalGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
  };
}

let clockTicks: number | undefined;
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime, in clock ticks. */
  ticks: number;
}

function readProcStats(): ProcStat[] {
  const stats: ProcStat[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return stats;
  }
  for (const name of entries) {
    try {
      stats.push(readProcStat(Number(name)));
    } catch {
      /* gone meanwhile */
    }
  }
  return stats;
}

/** One process's /proc/<pid>/stat; throws when it is gone (or this is not Linux). */
function readProcStat(pid: number): ProcStat {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  // After "pid (comm) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
  return {
    pid,
    comm: text.slice(open + 1, close),
    ppid: Number(fields[1]),
    ticks: Number(fields[11]) + Number(fields[12]),
  };
}

/** CPU seconds used so far by the descendants of `root` (not `root` itself), by command name. */
export function descendantsCpu(root = process.pid): Map<string, number> {
  const stats = readProcStats();
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) {
    const list = children.get(stat.ppid) ?? [];
    list.push(stat);
    children.set(stat.ppid, list);
  }
  const byComm = new Map<string, number>();
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const stat = queue.shift()!;
    byComm.set(stat.comm, (byComm.get(stat.comm) ?? 0) + stat.ticks / ticksPerSecond());
    queue.push(...(children.get(stat.pid) ?? []));
  }
  return byComm;
}

/** Whole-machine CPU counters from /proc/stat (busy and total jiffies). */
export function systemCpu(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal guest guest_nice (guest time is already in user)
    const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
    const idle = values[3]! + (values[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/** CPU seconds used so far by process `pid` itself (not its children); throws when it is gone or not on Linux. */
export function cpuSecondsOf(pid: number): number {
  return readProcStat(pid).ticks / ticksPerSecond();
}

/** The load average now, rounded: taken before a bench starts, and again in its report. */
export function loadNow(): number[] {
  return os.loadavg().map((value) => Math.round(value * 100) / 100);
}

/**
 * Prints a bench's report as JSON with the load before and after and the machine, and fails the process when the
 * report says its target was missed.
 */
export function printReport(report: { targetMet: boolean }, loadBefore: number[]): void {
  console.log(
    JSON.stringify({ ...report, loadBefore, loadAfter: loadNow(), machine: machineInfo() }, null, 2),
  );
  if (!report.targetMet) process.exitCode = 1;
}
