// Runs code-server (a real VS Code server and workbench) for one test: installs the extension's .vsix with
// its installer, then serves with fresh user-data, extensions and home directories under a run directory, a free port, no marketplace, telemetry or update checks, in its
// own process group so that stopping it also ends the extension host and the language server. Every
// Node process of the run loads network-guard.js: no connection leaves the machine, and any attempt is
// logged (networkLog) for the test to assert on.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';

const USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
  'chat.commandCenter.enabled': false,
  'window.commandCenter': false,
  'editor.hover.delay': 100,
  'editor.hover.above': false,
  'editor.minimap.enabled': false,
  'q7.debounceMs': 50,
  'debug.openDebug': 'openOnDebugBreak',
  'debug.showInStatusBar': 'never',
};

export interface CodeServer {
  url: string;
  log: () => string;
  stop(): Promise<void>;
}

/** What the network guard of a run wrote: the processes it was loaded into, and every refused attempt. */
export function networkLog(runDir: string): { guarded: string[]; attempts: string[] } {
  const file = path.join(runDir, 'network.log');
  const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  return { guarded: lines.filter((l) => l.endsWith(': loaded')), attempts: lines.filter((l) => !l.endsWith(': loaded')) };
}

/** The environment a process of the run started with (Linux: /proc/PID/environ). */
export function processEnvironment(pid: number): Map<string, string> {
  const pairs = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
  return new Map(pairs.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
}

/** The pid of the first guarded process whose arguments match `p` (from the network guard's log). */
export function guardedPid(runDir: string, p: RegExp): number | undefined {
  const line = networkLog(runDir).guarded.find((l) => p.test(l));
  return line === undefined ? undefined : Number(line.split(' ')[0]);
}

/** The environment that loads the network guard (compiled next to this file) into every Node process. */
function guardedEnv(env: NodeJS.ProcessEnv, runDir: string): NodeJS.ProcessEnv {
  const guard = path.join(__dirname, 'network-guard.js');
  return { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --require ${guard}`.trim(), Q7_E2E_NETLOG: path.join(runDir, 'network.log') };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitHealthy(url: string, child: ChildProcess, timeoutMs: number, log: () => string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`code-server exited with status ${child.exitCode}:\n${log()}`);
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`code-server did not answer ${url}/healthz within ${timeoutMs} ms:\n${log()}`);
}

/** The system's certificate bundle (Debian's), where it exists. */
const SYSTEM_CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

/**
 * The environment of a code-server process: its home and XDG folders under `home`, no gallery, and
 * NODE_EXTRA_CA_CERTS set (this environment's, else the system bundle where there is one), as on a
 * machine behind a proxy, so that the test sees the extension start the language server without it.
 */
function isolatedEnv(home: string): NodeJS.ProcessEnv {
  const caCerts = process.env.NODE_EXTRA_CA_CERTS ?? (fs.existsSync(SYSTEM_CA_BUNDLE) ? SYSTEM_CA_BUNDLE : undefined);
  return {
    ...process.env,
    ...(caCerts === undefined ? {} : { NODE_EXTRA_CA_CERTS: caCerts }),
    EXTENSIONS_GALLERY: '{}',
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
  };
}

/**
 * Installs a .vsix into `extensionsDir` with code-server's own installer (`--install-extension`), as a
 * user installs it, with no network; returns the installed extension's folder.
 */
export function installExtension(entry: string, vsix: string, extensionsDir: string, id: string): string {
  const scratch = fs.mkdtempSync(path.join(path.dirname(extensionsDir), 'install-'));
  try {
    const r = spawnSync(process.execPath, [entry, '--user-data-dir', path.join(scratch, 'user-data'), '--extensions-dir', extensionsDir, '--install-extension', vsix], {
      encoding: 'utf8', timeout: 120000, env: isolatedEnv(path.join(scratch, 'home')),
    });
    const out = `${r.stdout}${r.stderr}`;
    if (r.status !== 0) throw new Error(`code-server --install-extension ${vsix} failed (status ${r.status}):\n${out}`);
    const dir = fs.readdirSync(extensionsDir).find((d) => d.toLowerCase().startsWith(`${id.toLowerCase()}-`));
    if (!dir) throw new Error(`code-server installed no ${id} into ${extensionsDir}:\n${out}`);
    return path.join(extensionsDir, dir);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** Starts code-server with `extensionsDir` (extensions already installed in it) under `runDir`. */
export async function startCodeServer(entry: string, runDir: string, extensionsDir: string): Promise<CodeServer> {
  const dirs = { udd: path.join(runDir, 'user-data'), home: path.join(runDir, 'home'), cfg: path.join(runDir, 'config.yaml') };
  fs.mkdirSync(path.join(dirs.udd, 'User'), { recursive: true });
  fs.mkdirSync(dirs.home, { recursive: true });
  fs.writeFileSync(path.join(dirs.udd, 'User', 'settings.json'), JSON.stringify(USER_SETTINGS, null, 2));
  fs.writeFileSync(dirs.cfg, 'auth: none\ncert: false\n');
  const port = await freePort();
  const args = [
    entry, '--config', dirs.cfg, '--user-data-dir', dirs.udd, '--extensions-dir', extensionsDir,
    '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--disable-telemetry', '--disable-update-check',
    '--disable-workspace-trust', '--disable-getting-started-override',
  ];
  const child = spawn(process.execPath, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: guardedEnv(isolatedEnv(dirs.home), runDir) });
  const out: string[] = [];
  child.stdout!.on('data', (d: Buffer) => out.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => out.push(d.toString()));
  const log = () => out.join('').slice(-4000);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 3000);
    await exited;
    clearTimeout(timer);
    try {
      process.kill(-child.pid, 'SIGKILL'); // stragglers of the group (file watcher, language server)
    } catch {
      // none left
    }
  };
  try {
    await waitHealthy(url, child, 60000, log);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, log, stop };
}

/** The files named `name` under `dir`, at any depth. */
function findFiles(dir: string, name: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...findFiles(p, name));
    else if (e.name === name) out.push(p);
  }
  return out;
}

/**
 * The text of an extension's log output channel (`createOutputChannel(name, {log: true})`), which the
 * extension host writes to `<name>.log` under the run's user-data logs; waits until it holds `until`.
 */
export async function extensionLog(runDir: string, name: string, until: RegExp, timeoutMs = 60000): Promise<string> {
  const end = Date.now() + timeoutMs;
  let text = '';
  while (Date.now() < end) {
    text = findFiles(path.join(runDir, 'user-data'), `${name}.log`).map((f) => fs.readFileSync(f, 'utf8')).join('');
    if (until.test(text)) return text;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the log '${name}' under ${runDir} did not show ${until} within ${timeoutMs} ms; it holds:\n${text}`);
}
