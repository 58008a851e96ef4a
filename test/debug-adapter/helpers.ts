// Helpers for the debug adapter tests: kernels built once into .elf files in a temporary directory
// (so most launches skip the compiler), and a DebugClient talking to the real adapter process
// (out/debug-adapter/main.js) over stdio.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { writeElf } from '../../xtensa/elf/writer';
import { EXAMPLES, kernelImage, SANITIZE_DEFINES } from '../emulator/device/helpers';

export const ADAPTER = path.join(__dirname, '..', '..', 'debug-adapter', 'main.js');
export const RELU = path.join(EXAMPLES, 'relu.cpp');
export const RELU_MC = path.join(EXAMPLES, 'relu_multicore.cpp');
export const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-dap-'));

/** A kernel with a user function: stepping into and out of it. */
export const CALLS = `#include <torch/torch.h>
static float twice(float v) {
  float r = v * 2.0f;
  return r;
}
torch::Tensor scale(const torch::Tensor& t) {
  torch::Tensor out = torch::zeros({t.size(0)}, torch::kFloat);
  auto a = t.accessor<float, 1>();
  auto o = out.accessor<float, 1>();
  for (int64_t i = 0; i < t.size(0); i++) {
    float y = twice(a[i]);
    o[i] = y;
  }
  return out;
}
`;

/** Writes `source` as `name` in TMP, builds it and writes the image next to it; returns both paths. */
export async function buildKernel(name: string, source?: string, from?: string): Promise<{ cpp: string; elf: string }> {
  const cpp = from ?? path.join(TMP, name);
  if (!from) fs.writeFileSync(cpp, source!);
  const elf = path.join(TMP, name.replace(/\.cpp$/, '.elf'));
  if (!fs.existsSync(elf)) fs.writeFileSync(elf, writeElf(await kernelImage(fs.readFileSync(cpp, 'utf8'), cpp, SANITIZE_DEFINES)));
  return { cpp, elf };
}

export async function startClient(): Promise<DebugClient> {
  const dc = new DebugClient('node', ADAPTER, 'q7');
  dc.defaultTimeout = 60_000;
  await dc.start();
  if (process.env.Q7_DAP_TRACE) for (const ev of ['stopped', 'output', 'exited', 'terminated', 'breakpoint']) dc.on(ev, (e) => process.stderr.write(`[dap] ${ev} ${JSON.stringify(e.body)}\n`));
  return dc;
}

/** Sends a request and waits for the stopped event it causes (listening before the request goes out). */
export async function stopAfter(dc: DebugClient, send: () => Promise<unknown>): Promise<DebugProtocol.StoppedEvent> {
  const [, e] = await Promise.all([send(), dc.waitForEvent('stopped')]);
  return e as DebugProtocol.StoppedEvent;
}

/** initialize + launch (+ breakpoints set on `initialized`, configurationDone), to the first stop. */
export async function launchTo(dc: DebugClient, args: Record<string, unknown>, bps: Record<string, number[]> = {}): Promise<DebugProtocol.StoppedEvent> {
  const configured = dc.waitForEvent('initialized').then(async () => {
    for (const [file, lines] of Object.entries(bps)) await dc.setBreakpointsRequest({ source: { path: file }, breakpoints: lines.map((line) => ({ line })) });
    await dc.configurationDoneRequest();
  });
  const [, , e] = await Promise.all([configured, dc.launch(args as DebugProtocol.LaunchRequestArguments), dc.waitForEvent('stopped')]);
  return e as DebugProtocol.StoppedEvent;
}

export async function top(dc: DebugClient, threadId = 1): Promise<DebugProtocol.StackFrame[]> {
  return (await dc.stackTraceRequest({ threadId })).body.stackFrames;
}

/** Collects the output events' text. */
export function collectOutput(dc: DebugClient): { text: string } {
  const o = { text: '' };
  dc.on('output', (e: DebugProtocol.OutputEvent) => {
    o.text += e.body.output;
  });
  return o;
}
