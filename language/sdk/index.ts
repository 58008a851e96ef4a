// The device SDK as a virtual include directory: `#include <torch/torch.h>` and friends resolve here.

import type { FileHost } from '../host';
import * as std from './headers/std-headers';
import * as c10 from './headers/c10-headers';
import * as acc from './headers/aten-accessor';
import * as tensor from './headers/aten-tensor';
import * as ops from './headers/aten-ops';
import * as torchneuron from './headers/torchneuron';

/** The virtual directory holding the SDK headers (searched after the user's include paths). */
export const SDK_INCLUDE_DIR = '/q7-sdk/include';

/** A header that only includes another (the same declarations under a second path). */
function forward(path: string): string {
  return `#pragma once\n#include <${path}>\n`;
}

const HEADERS: Record<string, string> = {
  'stddef.h': std.stddef,
  cstddef: std.stddef,
  'stdint.h': std.stdint,
  cstdint: std.stdint,
  'assert.h': std.assert,
  cassert: std.assert,
  'stdio.h': std.stdio,
  cstdio: std.stdio,
  'stdlib.h': std.stdlib,
  cstdlib: std.stdlib,
  'string.h': std.string,
  cstring: std.string,
  'math.h': std.math,
  cmath: std.cmath,
  algorithm: std.algorithm,
  initializer_list: std.initializerList,
  'neuron/runtime.h': c10.runtime,
  // the seed's paths hold the declarations; the shorter ones forward to them
  'neuron_torch_extension/Q7PtrType.h': c10.q7PtrType,
  'c10/Q7PtrType.h': forward('neuron_torch_extension/Q7PtrType.h'),
  'c10/ScalarType.h': c10.scalarType,
  'c10/ArrayRef.h': c10.arrayRef,
  'c10/NeuronTensorImpl.h': tensor.tensorImpl,
  'ATen/CoherencyEnforcer.h': acc.coherencyEnforcer,
  'ATen/core/TensorAccessor.h': acc.tensorAccessor,
  'ATen/TensorAccessor.h': forward('ATen/core/TensorAccessor.h'),
  'ATen/TensorStream.h': tensor.tensorStream,
  'ATen/TensorBase.h': tensor.tensorBase,
  'ATen/ops.h': ops.ops,
  'neuron/tcm.h': tensor.tcm,
  'neuron/neuron-utils.hpp': ops.neuronUtils,
  'torch/torch.h': ops.torch,
  'torch/extension.h': ops.torch,
  'torchneuron/register.h': torchneuron.register,
};

/** Relative path (e.g. `torch/torch.h`) → header text. */
export function sdkHeaders(): ReadonlyMap<string, string> {
  return new Map(Object.entries(HEADERS));
}

/** A host serving the SDK headers under SDK_INCLUDE_DIR. */
export const sdkHost: FileHost = {
  readFile(path: string): string | undefined {
    const prefix = `${SDK_INCLUDE_DIR}/`;
    return path.startsWith(prefix) ? HEADERS[path.slice(prefix.length)] : undefined;
  },
};

export function isSdkFile(path: string): boolean {
  return path.startsWith(`${SDK_INCLUDE_DIR}/`);
}
