// SIMCALL semihosting, compatible with QEMU's Xtensa `-semihosting`: a2 = call number, arguments in
// a3..a5, result in a2 and errno in a3. Supported: 1 exit, 3 read, 4 write, 5 open, 6 close,
// 19 lseek, 29 select_one, 1000 argc, 1001 argv_sz, 1002 argv, 1004 memset; anything else returns
// -1 with errno ENOSYS (88). Guest buffers are accessed without faults or watchpoint hits.

import type { Cpu } from '../core/cpu';
import { ERRNO } from './host';

export const SYS = {
  exit: 1,
  read: 3,
  write: 4,
  open: 5,
  close: 6,
  lseek: 19,
  selectOne: 29,
  argc: 1000,
  argvSize: 1001,
  argv: 1002,
  memset: 1004,
} as const;

function result(c: Cpu, r: number): void {
  if (r < 0) {
    c.a[2] = -1;
    c.a[3] = -r;
  } else {
    c.a[2] = r;
    c.a[3] = 0;
  }
}

function readString(c: Cpu, addr: number): string | undefined {
  const bytes: number[] = [];
  for (let k = 0; k < 1024; k++) {
    const b = c.mem.peek((addr + k) >>> 0, 1);
    if (!b) return undefined;
    if (b[0] === 0) return new TextDecoder().decode(new Uint8Array(bytes));
    bytes.push(b[0]);
  }
  return undefined;
}

function argvBlock(c: Cpu): number {
  return c.host.argv.reduce((n, s) => n + new TextEncoder().encode(s).length + 1, (c.host.argv.length + 1) * 4);
}

function writeArgv(c: Cpu, base: number): void {
  const args = c.host.argv;
  let strAt = base + (args.length + 1) * 4;
  const word = (v: number) => new Uint8Array([v & 255, (v >>> 8) & 255, (v >>> 16) & 255, v >>> 24]);
  args.forEach((s, k) => {
    const bytes = new TextEncoder().encode(s);
    c.mem.poke(base + 4 * k, word(strAt >>> 0));
    c.mem.poke(strAt, bytes);
    c.mem.poke(strAt + bytes.length, new Uint8Array([0]));
    strAt += bytes.length + 1;
  });
  c.mem.poke(base + 4 * args.length, word(0));
}

/** Performs the SIMCALL in a2..a5; returns false when the program exits (Cpu.stop is set). */
export function simcall(c: Cpu): boolean {
  const a = c.a;
  const host = c.host;
  switch (a[2] >>> 0) {
    case SYS.exit:
      c.stop = { kind: 'exit', code: a[3] };
      return false;
    case SYS.write: {
      const data = c.mem.peek(a[4] >>> 0, a[5] >>> 0);
      result(c, data ? host.write(a[3], data) : -ERRNO.EINVAL);
      return true;
    }
    case SYS.read: {
      const fd = a[3];
      const addr = a[4] >>> 0;
      const len = a[5] >>> 0;
      if (!c.mem.peek(addr, Math.min(len, 1)) && len > 0) {
        result(c, -ERRNO.EINVAL);
        return true;
      }
      const got = host.read(fd, len);
      if (typeof got === 'number') result(c, got);
      else result(c, c.mem.poke(addr, got) ? got.length : -ERRNO.EINVAL);
      return true;
    }
    case SYS.open: {
      const path = readString(c, a[3] >>> 0);
      result(c, path === undefined ? -ERRNO.EINVAL : host.open(path, a[4], a[5]));
      return true;
    }
    case SYS.close:
      result(c, host.close(a[3]));
      return true;
    case SYS.lseek:
      result(c, host.lseek(a[3], a[4], a[5]));
      return true;
    case SYS.selectOne: {
      const fd = a[3];
      const rq = a[4];
      a[2] = (fd === 1 || fd === 2) && rq === 2 ? 1 : rq === 1 && host.readable(fd) ? 1 : 0;
      a[3] = 0;
      return true;
    }
    case SYS.argc:
      a[2] = host.argv.length;
      a[3] = 0;
      return true;
    case SYS.argvSize:
      a[2] = argvBlock(c);
      a[3] = 0;
      return true;
    case SYS.argv:
      writeArgv(c, a[3] >>> 0);
      a[3] = 0;
      return true;
    case SYS.memset: {
      const base = a[3] >>> 0;
      const size = a[5] >>> 0;
      c.mem.poke(base, new Uint8Array(size).fill(a[4] & 255));
      a[2] = base;
      a[3] = 0;
      return true;
    }
    default:
      if (host.deviceCall?.(c)) return c.stop === null;
      result(c, -ERRNO.ENOSYS);
      return true;
  }
}
