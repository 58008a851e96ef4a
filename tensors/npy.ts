// The .npy format (NumPy format versions 1.0, 2.0 and 3.0): parsing with errors naming the file and
// the cause, and writing version 1.0 files (C order, little-endian). bfloat16 has no NumPy dtype of its
// own: it is stored as descriptor '|V2' (two raw bytes per element, the bfloat16 bit pattern), which is
// what np.save writes for ml_dtypes' bfloat16 arrays; '|V2' (or '<V2') is read back as bfloat16.

import { DType, DTYPE_NAMES, dtypeByDescr } from './dtype';
import { HostTensor, numelOf } from './tensor';

export class NpyError extends Error {
  constructor(readonly file: string, readonly cause_: string) {
    super(`${file}: ${cause_}`);
  }
}

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY

interface Header {
  descr: string;
  fortran: boolean;
  shape: number[];
}

/** Parses the header dict literal: {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }. */
function parseHeader(text: string, file: string): Header {
  const fail = (why: string): never => {
    throw new NpyError(file, `malformed .npy header (${why}): ${JSON.stringify(text.trim())}`);
  };
  const body = text.trim();
  if (!body.startsWith('{') || !body.endsWith('}')) fail('not a dictionary');
  const descr = /'descr'\s*:\s*'([^']*)'/.exec(body)?.[1] ?? fail("no 'descr' key");
  const fo = /'fortran_order'\s*:\s*(True|False)/.exec(body)?.[1] ?? fail("no 'fortran_order' key");
  const shapeText = /'shape'\s*:\s*\(([^)]*)\)/.exec(body)?.[1] ?? fail("no 'shape' tuple");
  const parts = shapeText.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const shape = parts.map((p) => (/^\d+$/.test(p) ? Number(p) : fail(`shape entry '${p}' is not a non-negative integer`)));
  return { descr, fortran: fo === 'True', shape };
}

function dtypeOf(descr: string, file: string): DType {
  const dt = dtypeByDescr(descr);
  if (!dt) {
    throw new NpyError(file, `unsupported dtype '${descr}' (supported: ${DTYPE_NAMES.join(', ')}; bfloat16 as '|V2'; little-endian only)`);
  }
  return dt;
}

/** Converts a Fortran-order array's bytes to C order. */
function fortranToC(data: Uint8Array, shape: number[], size: number): Uint8Array {
  const n = numelOf(shape);
  const out = new Uint8Array(data.length);
  const idx = new Array<number>(shape.length).fill(0);
  for (let c = 0; c < n; c++) {
    let f = 0;
    for (let d = shape.length - 1; d >= 0; d--) f = f * shape[d] + idx[d];
    out.set(data.subarray(f * size, f * size + size), c * size);
    for (let d = shape.length - 1; d >= 0; d--) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
  return out;
}

export function readNpy(bytes: Uint8Array, file: string): HostTensor {
  if (bytes.length < 10 || MAGIC.some((b, k) => bytes[k] !== b)) throw new NpyError(file, 'not a .npy file (missing the \\x93NUMPY magic)');
  const major = bytes[6];
  if (major < 1 || major > 3) throw new NpyError(file, `unsupported .npy format version ${major}.${bytes[7]}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lenBytes = major === 1 ? 2 : 4;
  if (bytes.length < 8 + lenBytes) throw new NpyError(file, 'truncated header');
  const hlen = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const start = 8 + lenBytes;
  if (start + hlen > bytes.length) throw new NpyError(file, `truncated header (${hlen} header bytes announced, ${bytes.length - start} present)`);
  const text = new TextDecoder(major === 3 ? 'utf-8' : 'latin1').decode(bytes.subarray(start, start + hlen));
  const h = parseHeader(text, file);
  const dtype = dtypeOf(h.descr, file);
  const want = numelOf(h.shape) * dtype.size;
  const data = bytes.subarray(start + hlen);
  if (data.length < want) {
    throw new NpyError(file, `truncated data: shape (${h.shape.join(', ')}) of ${dtype.name} needs ${want} bytes, the file holds ${data.length}`);
  }
  if (data.length > want) throw new NpyError(file, `${data.length - want} bytes of trailing data after the array`);
  const copy = data.slice();
  return { dtype, shape: h.shape, data: h.fortran && h.shape.length > 1 ? fortranToC(copy, h.shape, dtype.size) : copy };
}

export function writeNpy(t: HostTensor): Uint8Array {
  const shape = t.shape.length === 1 ? `(${t.shape[0]},)` : `(${t.shape.join(', ')})`;
  let header = `{'descr': '${t.dtype.descr}', 'fortran_order': False, 'shape': ${shape}, }`;
  const total = 10 + header.length + 1;
  header += ' '.repeat((64 - (total % 64)) % 64) + '\n';
  const out = new Uint8Array(10 + header.length + t.data.length);
  out.set(MAGIC, 0);
  out[6] = 1;
  out[7] = 0;
  out[8] = header.length & 0xff;
  out[9] = header.length >>> 8;
  out.set(new TextEncoder().encode(header), 10);
  out.set(t.data, 10 + header.length);
  return out;
}
