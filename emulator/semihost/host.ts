// The host side of semihosting, injected into the machine (the emulator itself does no I/O; the
// interface, SemihostHost, is declared with the core's state in core/cpu.ts), and a ready-made host
// that keeps stdout/stderr in memory, serves stdin from a buffer and keeps files in memory behind
// optional read/write callbacks.

import type { SemihostHost } from '../core/cpu';

export type { SemihostHost } from '../core/cpu';

/** errno values of QEMU's Xtensa semihosting (target numbering). */
export const ERRNO = { ENOENT: 2, EBADF: 9, EAGAIN: 11, EACCES: 13, EINVAL: 22, EMFILE: 24, ESPIPE: 29, ENOSYS: 88 } as const;

export interface HostOptions {
  /** Receives every write to descriptors 1 and 2 as it happens. */
  onOutput?: (fd: 1 | 2, data: Uint8Array) => void;
  /** Keep fd 1/2 output for output()/text() (default true; streaming hosts turn it off). */
  capture?: boolean;
  stdin?: Uint8Array;
  argv?: readonly string[];
  /** File access for SIMCALL open: read a whole file (undefined if missing), write a whole file. */
  readFile?: (path: string) => Uint8Array | undefined;
  writeFile?: (path: string, data: Uint8Array) => void;
}

interface OpenFile {
  path: string;
  data: Uint8Array;
  size: number;
  pos: number;
  writable: boolean;
  dirty: boolean;
}

/** A host that captures output and keeps open files in memory (written back on close). */
export class MemoryHost implements SemihostHost {
  private readonly out: Uint8Array[][] = [[], [], []];
  private stdinPos = 0;
  private readonly files = new Map<number, OpenFile>();
  readonly argv: readonly string[];

  constructor(private readonly opts: HostOptions = {}) {
    this.argv = opts.argv ?? [];
  }

  /** Everything written to fd 1 (or 2) so far. */
  output(fd: 1 | 2 = 1): Uint8Array {
    const parts = this.out[fd];
    const total = parts.reduce((n, p) => n + p.length, 0);
    const all = new Uint8Array(total);
    let o = 0;
    for (const p of parts) {
      all.set(p, o);
      o += p.length;
    }
    return all;
  }

  text(fd: 1 | 2 = 1): string {
    return new TextDecoder().decode(this.output(fd));
  }

  write(fd: number, data: Uint8Array): number {
    if (fd === 1 || fd === 2) {
      const copy = data.slice();
      if (this.opts.capture ?? true) this.out[fd].push(copy);
      this.opts.onOutput?.(fd, copy);
      return data.length;
    }
    const f = this.files.get(fd);
    if (!f || !f.writable) return -ERRNO.EBADF;
    if (f.pos + data.length > f.data.length) {
      const grown = new Uint8Array(Math.max(f.pos + data.length, f.data.length * 2));
      grown.set(f.data.subarray(0, f.size));
      f.data = grown;
    }
    f.data.set(data, f.pos);
    f.pos += data.length;
    f.size = Math.max(f.size, f.pos);
    f.dirty = true;
    return data.length;
  }

  read(fd: number, max: number): Uint8Array | number {
    if (fd === 0) {
      const src = this.opts.stdin ?? new Uint8Array(0);
      const chunk = src.subarray(this.stdinPos, this.stdinPos + max);
      this.stdinPos += chunk.length;
      return chunk.slice();
    }
    const f = this.files.get(fd);
    if (!f) return -ERRNO.EBADF;
    const chunk = f.data.subarray(f.pos, Math.min(f.size, f.pos + max));
    f.pos += chunk.length;
    return chunk.slice();
  }

  readable(fd: number): boolean {
    if (fd === 0) return this.stdinPos < (this.opts.stdin?.length ?? 0);
    return this.files.has(fd);
  }

  /** flags & 3: 0 read-only, 1 write-only, 2 read-write; writable files start empty (create/truncate). */
  open(path: string, flags: number, _mode: number): number {
    const access = flags & 3;
    let data: Uint8Array;
    if (access === 0) {
      const content = this.opts.readFile?.(path);
      if (!content) return -ERRNO.ENOENT;
      data = content.slice();
    } else {
      if (!this.opts.writeFile) return -ERRNO.EACCES;
      data = new Uint8Array(0);
    }
    let fd = 3;
    while (this.files.has(fd)) fd++;
    if (fd > 1023) return -ERRNO.EMFILE;
    this.files.set(fd, { path, data, size: data.length, pos: 0, writable: access !== 0, dirty: access !== 0 });
    return fd;
  }

  close(fd: number): number {
    if (fd < 3) return 0;
    const f = this.files.get(fd);
    if (!f) return -ERRNO.EBADF;
    this.files.delete(fd);
    if (f.dirty) this.opts.writeFile?.(f.path, f.data.slice(0, f.size));
    return 0;
  }

  lseek(fd: number, offset: number, whence: number): number {
    if (fd < 3) return -ERRNO.ESPIPE;
    const f = this.files.get(fd);
    if (!f) return -ERRNO.EBADF;
    const base = whence === 0 ? 0 : whence === 1 ? f.pos : whence === 2 ? f.size : NaN;
    const pos = base + offset;
    if (!(pos >= 0)) return -ERRNO.EINVAL;
    f.pos = pos;
    return pos;
  }
}
